import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds (issue 7, docs/refunds.md): the refunds table, and the sandbox's own books for card
 * and Pix refunds at the acquirer and for boleto refund TEDs (one row per idempotency key, so
 * a retried activity never refunds twice).
 */
export class Migration20261122104130Refunds extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "refunds" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null,
      "company_id" varchar(40) not null, "transaction_id" varchar(40) not null, "payment_id" varchar(40) not null, "amount" bigint not null, "currency" char(3) not null,
      "status" varchar(32) not null, "reason" text not null, "requested_by" varchar(255) not null, "requested_by_type" varchar(16) not null, "payment_method" varchar(16) null,
      "failure_reason" varchar(255) null, "reviewed_by" varchar(255) null, "reviewed_at" timestamptz null, "review_note" text null, "refunded_at" timestamptz null,
      "holds" jsonb not null, "gateway_reference" varchar(64) null,
      "bank_details_token" varchar(64) null, "bank_details_requested_at" timestamptz null, "bank_details_deadline" timestamptz null, "bank_details_requests" int not null default 0,
      "bank_details_reminders" int not null default 0, "bank_details" jsonb null,
      constraint "refunds_pkey" primary key ("id"),
      constraint "refunds_amount_check" check ("amount" > 0),
      constraint "refunds_status_check" check ("status" in ('pending', 'approved', 'processing', 'awaiting_bank_details', 'bank_details_received', 'ted_processing', 'invalid_bank_details', 'refunded', 'refused', 'failed')),
      constraint "refunds_refunded_check" check (("status" = 'refunded') = ("refunded_at" is not null)));`);
    this.addSql(`create index "refunds_company_id_transaction_id_created_at_index" on "refunds" ("company_id", "transaction_id", "created_at");`);
    this.addSql(`create index "refunds_company_id_payment_id_created_at_index" on "refunds" ("company_id", "payment_id", "created_at");`);
    this.addSql(`create unique index "refunds_bank_details_token_unique" on "refunds" ("bank_details_token");`);

    this.addSql(`create table "sandbox_gateway_refunds" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "charge_reference" varchar(64) null, "amount" bigint not null, "status" varchar(16) not null, "code" varchar(64) null, "reference" varchar(64) not null, constraint "sandbox_gateway_refunds_pkey" primary key ("idempotency_key"));`);
    this.addSql(`create table "sandbox_refund_teds" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "amount" bigint not null, "bank_code" varchar(3) not null, "account" varchar(20) not null, "status" varchar(16) not null, "code" varchar(64) null, "transfer_id" varchar(64) not null, constraint "sandbox_refund_teds_pkey" primary key ("idempotency_key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_refund_teds" cascade;`);
    this.addSql(`drop table if exists "sandbox_gateway_refunds" cascade;`);
    this.addSql(`drop table if exists "refunds" cascade;`);
  }

}
