import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons and their discounts (docs/billing.md "Coupons"): the coupon keeps its redemption
 * counter (`times_redeemed`, taken by one conditional update, so two redemptions racing for the
 * last slot get one), a discount ties a coupon to a subscription's cycles or to one invoice.
 * Invoices show what was taken off (`discount_amount`, and a `discount` line).
 */
export class Migration20261203500000Coupons extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "billing_coupons" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "code" varchar(64) null,
      "percent_off" numeric(5,2) null check ("percent_off" > 0 and "percent_off" <= 100),
      "amount_off" bigint null check ("amount_off" > 0),
      "currency" varchar(3) null,
      "duration" varchar(16) not null check ("duration" in ('once', 'repeating', 'forever')),
      "duration_in_cycles" int null check ("duration_in_cycles" > 0),
      "max_redemptions" int null check ("max_redemptions" > 0),
      "times_redeemed" int not null default 0,
      "redeem_by" timestamptz null,
      "metadata" jsonb not null default '{}',
      "active" boolean not null default true,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      constraint "billing_coupons_one_kind" check (("percent_off" is null) <> ("amount_off" is null) and ("amount_off" is null) = ("currency" is null)),
      constraint "billing_coupons_cycles" check (("duration" = 'repeating') = ("duration_in_cycles" is not null)),
      constraint "billing_coupons_redemptions" check ("max_redemptions" is null or "times_redeemed" <= "max_redemptions")
    );`);
    this.addSql(`create unique index "billing_coupons_code_unique" on "billing_coupons" ("company_id", "code") where "code" is not null;`);
    this.addSql(`create index "billing_coupons_company_idx" on "billing_coupons" ("company_id", "created_at", "id");`);
    this.addSql(`create table "billing_discounts" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "coupon_id" varchar(40) not null references "billing_coupons" ("id"),
      "subscription_id" varchar(40) null,
      "invoice_id" varchar(40) null,
      "first_cycle" int not null,
      "last_cycle" int null,
      "ended_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      constraint "billing_discounts_target" check (("subscription_id" is null) <> ("invoice_id" is null))
    );`);
    this.addSql(`create unique index "billing_discounts_subscription_live" on "billing_discounts" ("subscription_id") where "subscription_id" is not null and "ended_at" is null;`);
    this.addSql(`create unique index "billing_discounts_invoice_unique" on "billing_discounts" ("invoice_id") where "invoice_id" is not null;`);
    this.addSql(`alter table "billing_invoices" add column "discount_amount" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "billing_invoices" drop column "discount_amount";`);
    this.addSql(`drop table "billing_discounts";`);
    this.addSql(`drop table "billing_coupons";`);
  }
}
