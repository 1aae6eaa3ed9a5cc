import { Migration } from '@mikro-orm/migrations';

/** Checkout sessions (issue 9): link visits and ad-hoc charges, cs_. */
export class Migration20261122103319CheckoutSessions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "checkout_sessions" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "tenant_id" varchar(40) not null, "link_id" varchar(40) null, "link_version" int null, "status" varchar(16) not null, "mode" varchar(16) not null, "currency" char(3) not null, "locale" varchar(8) not null, "items" jsonb not null, "amount" bigint not null, "payment_methods" jsonb not null, "splits" jsonb not null, "branding" jsonb null, "required_fields" jsonb not null, "custom_fields" jsonb not null, "success_url" varchar(2000) null, "cancel_url" varchar(2000) null, "metadata" jsonb not null, "expiration_minutes" int not null, "customer" jsonb null, "custom_field_values" jsonb not null, "attempts" jsonb not null, "expires_at" timestamptz not null, "opened_at" timestamptz null, "paid_at" timestamptz null, "canceled_at" timestamptz null, "expired_at" timestamptz null, constraint "checkout_sessions_pkey" primary key ("id"),
      constraint "checkout_sessions_status_check" check ("status" in ('created', 'opened', 'paying', 'partially_paid', 'paid', 'failed', 'expired', 'canceled')),
      constraint "checkout_sessions_amount_check" check ("amount" >= 1));`);
    // Lists: charges (link_id is null) and a link's sessions, newest first, optionally by status.
    this.addSql(`create index "checkout_sessions_company_id_created_at_index" on "checkout_sessions" ("company_id", "created_at");`);
    this.addSql(`create index "checkout_sessions_link_id_created_at_index" on "checkout_sessions" ("link_id", "created_at") where "link_id" is not null;`);
    // search= over the customer's name, email and document (ILIKE '%term%').
    this.addSql(`create index "checkout_sessions_customer_trgm" on "checkout_sessions" using gin ("company_id", (coalesce("customer"->>'name', '') || ' ' || coalesce("customer"->>'email', '') || ' ' || coalesce("customer"->>'document', '')) gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "checkout_sessions" cascade;`);
  }

}
