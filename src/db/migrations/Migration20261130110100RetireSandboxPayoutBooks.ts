import { Migration } from '@mikro-orm/migrations';

/**
 * Withdrawals and boleto refund transfers go through the company's payout provider (src/processors/payouts):
 * the sandbox payout and TED books, the sandbox PSP's side of those transfers, are gone.
 */
export class Migration20261130110100RetireSandboxPayoutBooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_payout_transfers" cascade;`);
    this.addSql(`drop table if exists "sandbox_refund_teds" cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create table "sandbox_payout_transfers" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "transfer_id" varchar(64) not null, "amount" bigint not null, "currency" char(3) not null, "bank_account_id" varchar(40) not null, "status" varchar(16) not null, "code" varchar(64) null, constraint "sandbox_payout_transfers_pkey" primary key ("idempotency_key"));`);
    this.addSql(`create table "sandbox_refund_teds" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "amount" bigint not null, "bank_code" varchar(3) not null, "account" varchar(20) not null, "status" varchar(16) not null, "code" varchar(64) null, "transfer_id" varchar(64) not null, constraint "sandbox_refund_teds_pkey" primary key ("idempotency_key"));`);
  }
}
