import { Migration } from '@mikro-orm/migrations';

/**
 * Plan changes (docs/billing.md "Plan changes"): a change of a subscription's plan, prices or
 * quantities (`sch_`), applied now or pending until its cycle's invoice is issued (one pending
 * per subscription: a unique index settles racing changes), and the proration lines it left for
 * the next invoice (`ii_`), which the issue of that invoice takes (`invoice_id`).
 */
export class Migration20261204200000PlanChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "billing_plan_changes" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "subscription_id" varchar(40) not null,
      "status" varchar(16) not null check ("status" in ('pending', 'applied', 'canceled')),
      "effective" varchar(16) not null check ("effective" in ('now', 'cycle_end')),
      "proration_behavior" varchar(24) not null,
      "from_cycle" int null,
      "plan_id" varchar(40) null,
      "items" jsonb not null,
      "previous" jsonb not null,
      "proration_lines" jsonb not null default '[]',
      "applied_at" timestamptz null,
      "canceled_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null
    );`);
    this.addSql(`create unique index "billing_plan_changes_one_pending" on "billing_plan_changes" ("subscription_id") where "status" = 'pending';`);
    this.addSql(`create index "billing_plan_changes_subscription_idx" on "billing_plan_changes" ("subscription_id", "created_at");`);
    this.addSql(`create table "billing_invoice_items" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "subscription_id" varchar(40) not null,
      "plan_change_id" varchar(40) null,
      "kind" varchar(16) not null,
      "description" varchar(255) not null,
      "amount" bigint not null,
      "period_start" timestamptz not null,
      "period_end" timestamptz not null,
      "invoice_id" varchar(40) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null
    );`);
    this.addSql(`create index "billing_invoice_items_pending" on "billing_invoice_items" ("subscription_id") where "invoice_id" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "billing_invoice_items";`);
    this.addSql(`drop table "billing_plan_changes";`);
  }
}
