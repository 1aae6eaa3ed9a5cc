import { Migration } from '@mikro-orm/migrations';

/**
 * Payout schedules (docs/withdrawals.md): one per company link. A scheduled withdrawal carries
 * the São Paulo date of its run; the unique index is what makes it once per company, recipient
 * and date, however many runs, retries or overlapping schedule actions reach it.
 */
export class Migration20261203320000PayoutSchedules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "payout_schedules" (
      "company_id" varchar(40) not null,
      "recipient_id" varchar(40) not null,
      "interval" varchar(16) not null check ("interval" in ('daily', 'weekly', 'monthly')),
      "weekday" varchar(16) null,
      "day" int null check ("day" between 1 and 31),
      "currency" char(3) not null,
      "minimum_amount" bigint not null check ("minimum_amount" >= 0),
      "enabled" boolean not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      primary key ("company_id", "recipient_id"),
      constraint "payout_schedules_calendar" check (("interval" = 'weekly') = ("weekday" is not null) and ("interval" = 'monthly') = ("day" is not null))
    );`);
    this.addSql(`create index "payout_schedules_enabled_idx" on "payout_schedules" ("company_id", "recipient_id") where "enabled";`);
    this.addSql(`alter table "withdrawals" add column "scheduled_for" date null;`);
    this.addSql(`create unique index "withdrawals_scheduled_unique" on "withdrawals" ("company_id", "recipient_id", "scheduled_for") where "scheduled_for" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "withdrawals_scheduled_unique";`);
    this.addSql(`alter table "withdrawals" drop column "scheduled_for";`);
    this.addSql(`drop table "payout_schedules";`);
  }
}
