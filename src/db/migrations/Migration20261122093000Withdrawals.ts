import { Migration } from '@mikro-orm/migrations';

/** Withdrawals and the sandbox PSP's payout transfers (issue 6). */
export class Migration20261122093000Withdrawals extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "withdrawals" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "recipient_id" varchar(40) not null, "wallet_id" varchar(40) not null, "bank_account_id" varchar(40) not null, "amount" bigint not null, "currency" char(3) not null, "fee" bigint not null, "net_amount" bigint not null, "status" varchar(16) not null, "status_history" jsonb not null, "reservation_posting_id" varchar(40) not null, "paid_at" timestamptz null, "psp_transfer_id" varchar(64) null, constraint "withdrawals_pkey" primary key ("id"),
      constraint "withdrawals_amounts_check" check ("amount" > 0 and "fee" >= 0 and "net_amount" > 0 and "net_amount" = "amount" - "fee"),
      constraint "withdrawals_status_check" check ("status" in ('requested', 'approved', 'processing', 'paid', 'rejected', 'cancelled', 'failed')),
      constraint "withdrawals_paid_check" check (("status" = 'paid') = ("paid_at" is not null)));`);
    this.addSql(`create index "withdrawals_company_id_status_created_at_index" on "withdrawals" ("company_id", "status", "created_at");`);
    this.addSql(`create index "withdrawals_company_id_created_at_index" on "withdrawals" ("company_id", "created_at");`);
    this.addSql(`create index "withdrawals_recipient_id_index" on "withdrawals" ("recipient_id");`);

    // The sandbox PSP's own books: one transfer per idempotency key, whoever retries.
    this.addSql(`create table "sandbox_payout_transfers" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "transfer_id" varchar(64) not null, "amount" bigint not null, "currency" char(3) not null, "bank_account_id" varchar(40) not null, "status" varchar(16) not null, "code" varchar(64) null, constraint "sandbox_payout_transfers_pkey" primary key ("idempotency_key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_payout_transfers" cascade;`);
    this.addSql(`drop table if exists "withdrawals" cascade;`);
  }

}
