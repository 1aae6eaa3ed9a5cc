import { Migration } from '@mikro-orm/migrations';

/** Transactions, their payments and split items, and the sandbox processor's charges (issue 5). */
export class Migration20261122090000Payments extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "transactions" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "reference_code" varchar(255) not null, "customer_id" varchar(40) null, "status" varchar(24) not null, "amount" bigint not null, "currency" varchar(3) not null, "items" jsonb not null, "metadata" jsonb not null, "status_reason" varchar(64) null, "paid_at" timestamptz null, "canceled_at" timestamptz null, constraint "transactions_pkey" primary key ("id"), constraint "transactions_amount_check" check ("amount" > 0));`);
    this.addSql(`create index "transactions_company_id_created_at_index" on "transactions" ("company_id", "created_at");`);
    // referenceCode is the merchant's own key: two concurrent creations with it, exactly one wins.
    this.addSql(`alter table "transactions" add constraint "transactions_company_id_reference_code_unique" unique ("company_id", "reference_code");`);

    this.addSql(`create table "payments" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "transaction_id" varchar(40) not null references "transactions" ("id") deferrable initially deferred, "method" varchar(16) not null, "status" varchar(24) not null, "amount" bigint not null, "currency" varchar(3) not null, "installments" int not null, "capture" boolean not null, "card" jsonb null, "pix" jsonb null, "boleto" jsonb null, "expires_at" timestamptz null, "gateway" varchar(32) null, "gateway_reference" varchar(64) null, "authorization_code" varchar(32) null, "status_reason" varchar(64) null, "paid_at" timestamptz null, constraint "payments_pkey" primary key ("id"), constraint "payments_amount_check" check ("amount" > 0), constraint "payments_installments_check" check ("installments" between 1 and 12));`);
    this.addSql(`create index "payments_transaction_id_index" on "payments" ("transaction_id");`);
    this.addSql(`create index "payments_company_id_created_at_index" on "payments" ("company_id", "created_at");`);

    this.addSql(`create table "transaction_splits" ("id" varchar(40) not null, "transaction_id" varchar(40) not null references "transactions" ("id") deferrable initially deferred, "recipient_id" varchar(40) not null, "type" varchar(16) not null, "amount" bigint null, "percentage" double precision null, "liable" boolean not null, "charge_processing_fee" boolean not null, "created_at" timestamptz not null, constraint "transaction_splits_pkey" primary key ("id"), constraint "transaction_splits_share_check" check (("amount" is null) <> ("percentage" is null)));`);
    this.addSql(`create index "transaction_splits_transaction_id_index" on "transaction_splits" ("transaction_id");`);

    // The sandbox processor's own books: one charge per idempotency key, whoever retries.
    this.addSql(`create table "sandbox_gateway_charges" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "amount" bigint not null, "installments" int not null, "status" varchar(16) not null, "code" varchar(64) null, "reference" varchar(64) not null, "authorization_code" varchar(32) null, "voided_at" timestamptz null, constraint "sandbox_gateway_charges_pkey" primary key ("idempotency_key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_gateway_charges" cascade;`);
    this.addSql(`drop table if exists "transaction_splits" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "transactions" cascade;`);
  }

}
