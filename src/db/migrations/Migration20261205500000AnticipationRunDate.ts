import { Migration } from '@mikro-orm/migrations';

/**
 * An automatic anticipation carries the release run's date (`run_on`), unique per company,
 * recipient, currency and date: a retried run activity (or a company run started again for the
 * date) finds the recipient anticipated that day and anticipates nothing more, whatever its
 * percentage (docs/receivables.md "Automatic anticipation"). A request's anticipation has none.
 */
export class Migration20261205500000AnticipationRunDate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "anticipations" add column "run_on" date null;`);
    this.addSql(`create unique index "anticipations_automatic_once" on "anticipations" ("company_id", "recipient_id", "currency", "run_on") where "run_on" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "anticipations_automatic_once";`);
    this.addSql(`alter table "anticipations" drop column "run_on";`);
  }
}
