import { Migration } from '@mikro-orm/migrations';

/**
 * Each company's dunning retry schedule (docs/billing.md "Dunning"): the days after an invoice's
 * due date on which a failed collection is retried. A company without a row has the default.
 */
export class Migration20261204100000DunningSettings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "billing_dunning_settings" (
      "company_id" varchar(40) not null primary key,
      "retry_days" jsonb not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "billing_dunning_settings";`);
  }
}
