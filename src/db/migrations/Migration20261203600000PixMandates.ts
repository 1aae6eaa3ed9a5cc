import { Migration } from '@mikro-orm/migrations';

/**
 * Pix Automático mandates (docs/billing.md "Pix Automático"): a subscription's payer authorization
 * at the company's Pix PSP. One live mandate (pending or active) per subscription; the PSP's id is
 * unique per connection, which is how its callbacks find the row.
 */
export class Migration20261203600000PixMandates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "billing_mandates" (
      "id" varchar(40) not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null,
      "company_id" varchar(40) not null,
      "subscription_id" varchar(40) not null,
      "customer_id" varchar(40) not null,
      "connection_id" varchar(40) not null,
      "psp_mandate_id" varchar(35) not null,
      "status" varchar(16) not null,
      "journey" varchar(24) not null,
      "qr_code" text null,
      "location" varchar(100) null,
      "closing_code" varchar(8) null,
      "closing_reason" varchar(400) null,
      "closed_by" varchar(24) null,
      "approved_at" timestamptz null,
      "ended_at" timestamptz null
    );`);
    this.addSql(`create unique index "billing_mandates_psp_uniq" on "billing_mandates" ("connection_id", "psp_mandate_id");`);
    this.addSql(`create unique index "billing_mandates_live_uniq" on "billing_mandates" ("subscription_id") where "status" in ('pending', 'active');`);
    this.addSql(`create index "billing_mandates_company_idx" on "billing_mandates" ("company_id", "subscription_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "billing_mandates";`);
  }
}
