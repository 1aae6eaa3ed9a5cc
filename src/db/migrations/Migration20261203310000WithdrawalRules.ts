import { Migration } from '@mikro-orm/migrations';

/**
 * Instant payouts (docs/withdrawals.md): a company's withdrawal rules, and which withdrawals were
 * approved automatically (the daily limit sums them per recipient and São Paulo day; the partial
 * index keeps that sum a short range read under the wallet lock).
 */
export class Migration20261203310000WithdrawalRules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "withdrawal_rules" (
      "company_id" varchar(40) not null primary key,
      "auto_approve" boolean not null,
      "per_withdrawal_limit" bigint not null check ("per_withdrawal_limit" >= 0),
      "daily_limit" bigint not null check ("daily_limit" >= 0),
      "minimum_kyc_days" int not null check ("minimum_kyc_days" >= 0),
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`alter table "withdrawals" add column "auto_approved" boolean not null default false;`);
    this.addSql(`create index "withdrawals_auto_approved_idx" on "withdrawals" ("company_id", "recipient_id", "created_at") where "auto_approved";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "withdrawals_auto_approved_idx";`);
    this.addSql(`alter table "withdrawals" drop column "auto_approved";`);
    this.addSql(`drop table "withdrawal_rules";`);
  }
}
