import { Migration } from '@mikro-orm/migrations';

/** Billing catalog (issue 8): plans, components, price versions. */
export class Migration20261122100000Billing extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "billing_plans" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "code" varchar(100) not null, "name" varchar(255) not null, "description" varchar(1000) null, "status" varchar(16) not null, "metadata" jsonb not null, constraint "billing_plans_pkey" primary key ("id"),
      constraint "billing_plans_status_check" check ("status" in ('draft', 'active', 'inactive', 'archived')));`);
    // The code is unique per company: concurrent creations lose on this index (409 plan_code_taken).
    this.addSql(`create unique index "billing_plans_company_id_code_unique" on "billing_plans" ("company_id", "code");`);
    this.addSql(`create index "billing_plans_company_id_created_at_index" on "billing_plans" ("company_id", "created_at");`);

    this.addSql(`create table "billing_plan_items" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "plan_id" varchar(40) not null references "billing_plans" ("id"), "key" varchar(100) not null, "name" varchar(255) not null, "kind" varchar(16) not null, "quantity_default" int not null, "quantity_included" int not null, "optional" boolean not null, "display_order" int not null, "description" varchar(1000) null, "metadata" jsonb not null, "is_default" boolean not null, constraint "billing_plan_items_pkey" primary key ("id"),
      constraint "billing_plan_items_kind_check" check ("kind" in ('recurring', 'activation')),
      constraint "billing_plan_items_quantities_check" check ("quantity_default" >= 1 and "quantity_included" >= 0 and "display_order" >= 0));`);
    this.addSql(`create unique index "billing_plan_items_plan_id_key_unique" on "billing_plan_items" ("plan_id", "key");`);
    // At most one default (legacy) component per plan.
    this.addSql(`create unique index "billing_plan_items_plan_id_default_unique" on "billing_plan_items" ("plan_id") where "is_default";`);

    this.addSql(`create table "billing_prices" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "plan_id" varchar(40) not null references "billing_plans" ("id"), "plan_item_id" varchar(40) not null references "billing_plan_items" ("id"), "billing_scheme" varchar(16) not null, "amount" bigint not null, "currency" char(3) not null, "recurrence" jsonb not null, "tiers" jsonb null, "package_size" int null, "meter_id" varchar(100) null, "trial_spec" jsonb null, "version_key" varchar(200) not null, "is_current" boolean not null, "published_at" timestamptz not null, "archived_at" timestamptz null, constraint "billing_prices_pkey" primary key ("id"),
      constraint "billing_prices_amount_check" check ("amount" >= 0),
      constraint "billing_prices_current_check" check (not ("is_current" and "archived_at" is not null)));`);
    // Versioning enforced by the database too: one current version per component, currency and cadence.
    this.addSql(`create unique index "billing_prices_current_unique" on "billing_prices" ("version_key") where "is_current";`);
    this.addSql(`create index "billing_prices_plan_id_index" on "billing_prices" ("plan_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "billing_prices" cascade;`);
    this.addSql(`drop table if exists "billing_plan_items" cascade;`);
    this.addSql(`drop table if exists "billing_plans" cascade;`);
  }

}
