import { Migration } from '@mikro-orm/migrations';

/**
 * Receivables gain two states (docs/receivables.md): `suspended` (a dispute holds it: still in
 * the wallet's pending bucket, not released by the release runs until restored) and
 * `anticipated` (its money moved to `available` early by an anticipation, which it names).
 */
export class Migration20261203200000ReceivableStates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "receivables" drop constraint "receivables_status_check";`);
    this.addSql(`alter table "receivables" add constraint "receivables_status_check" check ("status" in ('pending', 'released', 'anticipated', 'suspended'));`);
    this.addSql(`alter table "receivables" add column "anticipation_id" varchar(40) null, add column "suspended_at" timestamptz null;`);
    this.addSql(`create index "receivables_recipient_idx" on "receivables" ("company_id", "recipient_id", "available_on", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "receivables_recipient_idx";`);
    this.addSql(`alter table "receivables" drop column "anticipation_id", drop column "suspended_at";`);
    this.addSql(`update "receivables" set "status" = 'pending' where "status" in ('anticipated', 'suspended');`);
    this.addSql(`alter table "receivables" drop constraint "receivables_status_check";`);
    this.addSql(`alter table "receivables" add constraint "receivables_status_check" check ("status" in ('pending', 'released'));`);
  }
}
