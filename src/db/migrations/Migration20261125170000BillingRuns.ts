import { Migration } from '@mikro-orm/migrations';

/**
 * Billing runs (docs/billing.md): a subscription with nothing to do until its next cycle has no
 * workflow; its row is **parked** (`parked_at`) with the instant it is next due (`wake_at`) and
 * where its schedule stands (`schedule_start`, `schedule_base_cycle`, `next_cycle`), and the
 * billing run claims it when due (`renewal_claim` = the claiming run's id, consumed by the
 * workflow that run starts). The partial index serves the run's page query.
 */
export class Migration20261125170000BillingRuns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "billing_subscriptions"
      add column "schedule_start" timestamptz null,
      add column "schedule_base_cycle" int not null default 0,
      add column "next_cycle" int not null default 0,
      add column "parked_at" timestamptz null,
      add column "wake_at" timestamptz null,
      add column "renewal_claim" varchar(64) null;`);
    this.addSql(`create index "billing_subscriptions_parked_wake_index" on "billing_subscriptions" ("wake_at", "id") where "parked_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "billing_subscriptions_parked_wake_index";`);
    this.addSql(`alter table "billing_subscriptions" drop column "schedule_start", drop column "schedule_base_cycle", drop column "next_cycle", drop column "parked_at", drop column "wake_at", drop column "renewal_claim";`);
  }
}
