import { Migration } from '@mikro-orm/migrations';

/** Billing (issue 8): subscriptions, their items, invoices and line items, usage, saved cards. */
export class Migration20261122100500BillingSubscriptions extends Migration {

  override async up(): Promise<void> {
    // Foreign keys are checked at commit (deferred): one unit of work inserts a subscription with
    // its items and invoices, and the ORM does not order inserts across entities without relations.
    const base = `"id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null`;
    this.addSql(`create table "billing_subscriptions" (${base}, "company_id" varchar(40) not null, "customer_id" varchar(40) not null, "plan_id" varchar(40) null, "status" varchar(16) not null, "currency" char(3) not null, "collection_method" varchar(24) not null, "default_payment_method_ref" varchar(40) null, "invoice_generation_mode" varchar(16) not null, "max_cycles" int null, "recurrence" jsonb not null, "started_at" timestamptz not null, "trial_ends_at" timestamptz null, "cycles_completed" int not null, "current_period_start" timestamptz null, "current_period_end" timestamptz null, "next_invoice_at" timestamptz null, "cancel_at_period_end" boolean not null, "canceled_at" timestamptz null, "cancellation_reason" varchar(40) null, "paused_at" timestamptz null, "ended_at" timestamptz null, "metadata" jsonb not null, constraint "billing_subscriptions_pkey" primary key ("id"),
      constraint "billing_subscriptions_status_check" check ("status" in ('incomplete', 'trialing', 'active', 'past_due', 'paused', 'canceled', 'ended')),
      constraint "billing_subscriptions_upfront_check" check ("invoice_generation_mode" <> 'upfront' or "max_cycles" is not null));`);
    this.addSql(`create index "billing_subscriptions_company_id_created_at_index" on "billing_subscriptions" ("company_id", "created_at");`);
    this.addSql(`create index "billing_subscriptions_company_id_customer_id_index" on "billing_subscriptions" ("company_id", "customer_id");`);
    this.addSql(`create index "billing_subscriptions_company_id_plan_id_index" on "billing_subscriptions" ("company_id", "plan_id");`);

    this.addSql(`create table "billing_subscription_items" (${base}, "company_id" varchar(40) not null, "subscription_id" varchar(40) not null references "billing_subscriptions" ("id") deferrable initially deferred, "plan_item_id" varchar(40) null, "price_id" varchar(40) null, "kind" varchar(16) not null, "description" varchar(255) not null, "quantity" int not null, "quantity_included" int not null, "billing_scheme" varchar(16) not null, "amount" bigint not null, "tiers" jsonb null, "package_size" int null, "meter_id" varchar(100) null, constraint "billing_subscription_items_pkey" primary key ("id"));`);
    this.addSql(`create index "billing_subscription_items_subscription_id_index" on "billing_subscription_items" ("subscription_id");`);

    this.addSql(`create table "billing_invoices" (${base}, "company_id" varchar(40) not null, "subscription_id" varchar(40) not null references "billing_subscriptions" ("id") deferrable initially deferred, "customer_id" varchar(40) not null, "cycle" int not null, "status" varchar(16) not null, "currency" char(3) not null, "total" bigint not null, "collection_method" varchar(24) not null, "period_start" timestamptz not null, "period_end" timestamptz not null, "issued_at" timestamptz not null, "due_at" timestamptz not null, "paid_at" timestamptz null, "voided_at" timestamptz null, "attempt_count" int not null, "next_attempt_at" timestamptz null, "last_transaction_id" varchar(40) null, "last_failure_code" varchar(64) null, constraint "billing_invoices_pkey" primary key ("id"),
      constraint "billing_invoices_status_check" check ("status" in ('open', 'paid', 'past_due', 'void', 'uncollectible')),
      constraint "billing_invoices_total_check" check ("total" >= 0));`);
    // One invoice per cycle: a retried issue activity finds the one it made.
    this.addSql(`create unique index "billing_invoices_subscription_id_cycle_unique" on "billing_invoices" ("subscription_id", "cycle");`);
    this.addSql(`create index "billing_invoices_company_id_created_at_index" on "billing_invoices" ("company_id", "created_at");`);

    this.addSql(`create table "billing_invoice_line_items" (${base}, "invoice_id" varchar(40) not null references "billing_invoices" ("id") deferrable initially deferred, "subscription_item_id" varchar(40) null, "kind" varchar(16) not null, "description" varchar(255) not null, "quantity" int not null, "amount" bigint not null, "period_start" timestamptz not null, "period_end" timestamptz not null, constraint "billing_invoice_line_items_pkey" primary key ("id"));`);
    this.addSql(`create index "billing_invoice_line_items_invoice_id_index" on "billing_invoice_line_items" ("invoice_id");`);

    this.addSql(`create table "billing_usage_records" (${base}, "company_id" varchar(40) not null, "subscription_id" varchar(40) not null references "billing_subscriptions" ("id") deferrable initially deferred, "meter_id" varchar(100) not null, "quantity" int not null, "timestamp" timestamptz not null, constraint "billing_usage_records_pkey" primary key ("id"), constraint "billing_usage_records_quantity_check" check ("quantity" >= 0));`);
    this.addSql(`create index "billing_usage_records_subscription_id_meter_id_timestamp_index" on "billing_usage_records" ("subscription_id", "meter_id", "timestamp");`);

    this.addSql(`create table "billing_saved_cards" (${base}, "company_id" varchar(40) not null, "customer_id" varchar(40) not null, "vault_binding" varchar(40) not null, "brand" varchar(16) not null, "last4" varchar(4) not null, "exp_month" smallint not null, "exp_year" smallint not null, constraint "billing_saved_cards_pkey" primary key ("id"));`);
    this.addSql(`create index "billing_saved_cards_company_id_customer_id_index" on "billing_saved_cards" ("company_id", "customer_id");`);
  }

  override async down(): Promise<void> {
    for (const t of ['billing_saved_cards', 'billing_usage_records', 'billing_invoice_line_items', 'billing_invoices', 'billing_subscription_items', 'billing_subscriptions']) {
      this.addSql(`drop table if exists "${t}" cascade;`);
    }
  }

}
