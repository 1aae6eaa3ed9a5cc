import { Migration } from '@mikro-orm/migrations';

/**
 * Anticipations (docs/receivables.md): a recipient's request to receive waiting receivables now.
 * A receivable an anticipation waits on (an operator's approval) is `reserved` (still pending
 * money, released by no run and claimed by no other anticipation); it keeps its anticipation
 * fee. One live anticipation per fingerprint (what the simulation showed): a retried request
 * finds it. Automatic anticipation settings per recipient.
 */
export class Migration20261203210000Anticipations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "receivables" drop constraint "receivables_status_check";`);
    this.addSql(`alter table "receivables" add constraint "receivables_status_check" check ("status" in ('pending', 'released', 'anticipated', 'suspended', 'reserved'));`);
    this.addSql(`alter table "receivables" add column "anticipation_fee" bigint null;`);
    this.addSql(`create index "receivables_anticipation_idx" on "receivables" ("anticipation_id") where "anticipation_id" is not null;`);
    this.addSql(`create table "anticipations" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "recipient_id" varchar(40) not null,
      "currency" varchar(3) not null,
      "status" varchar(16) not null check ("status" in ('pending_approval', 'completed', 'rejected')),
      "amount" bigint not null check ("amount" > 0),
      "fee" bigint not null check ("fee" >= 0),
      "net_amount" bigint not null,
      "receivables_count" int not null,
      "fingerprint" varchar(64) not null,
      "automatic" boolean not null default false,
      "posting_id" varchar(40) null,
      "reason" text null,
      "decided_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "anticipations_fingerprint_live" on "anticipations" ("company_id", "fingerprint") where "status" <> 'rejected';`);
    this.addSql(`create index "anticipations_company_idx" on "anticipations" ("company_id", "created_at", "id");`);
    this.addSql(`create table "anticipation_settings" (
      "company_id" varchar(40) not null,
      "recipient_id" varchar(40) not null,
      "enabled" boolean not null,
      "percentage" int not null check ("percentage" between 1 and 100),
      "updated_at" timestamptz not null default now(),
      primary key ("company_id", "recipient_id")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "anticipation_settings";`);
    this.addSql(`drop table "anticipations";`);
    this.addSql(`drop index "receivables_anticipation_idx";`);
    this.addSql(`alter table "receivables" drop column "anticipation_fee";`);
    this.addSql(`update "receivables" set "status" = 'pending' where "status" = 'reserved';`);
    this.addSql(`alter table "receivables" drop constraint "receivables_status_check";`);
    this.addSql(`alter table "receivables" add constraint "receivables_status_check" check ("status" in ('pending', 'released', 'anticipated', 'suspended'));`);
  }
}
