import { Migration } from '@mikro-orm/migrations';

/**
 * Transfers between two recipients of one company (docs/transfers.md). The ledger posting is the
 * money; this row names it for the API. One posting per transfer (its key is the trf_ id), so
 * `posting_id` is unique.
 */
export class Migration20261203300000Transfers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "transfers" (
      "id" varchar(40) not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null,
      "company_id" varchar(40) not null,
      "from_recipient_id" varchar(40) not null,
      "to_recipient_id" varchar(40) not null,
      "amount" bigint not null check ("amount" > 0),
      "currency" char(3) not null,
      "description" varchar(500) null,
      "metadata" jsonb not null default '{}',
      "posting_id" varchar(40) not null unique,
      constraint "transfers_two_recipients" check ("from_recipient_id" <> "to_recipient_id")
    );`);
    this.addSql(`create index "transfers_company_created_idx" on "transfers" ("company_id", "created_at");`);
    this.addSql(`create index "transfers_company_from_idx" on "transfers" ("company_id", "from_recipient_id");`);
    this.addSql(`create index "transfers_company_to_idx" on "transfers" ("company_id", "to_recipient_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "transfers";`);
  }
}
