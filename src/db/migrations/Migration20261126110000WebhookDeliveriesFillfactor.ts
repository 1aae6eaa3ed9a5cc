import { Migration } from '@mikro-orm/migrations';

/**
 * Room on each page of `webhook_deliveries` for a row's next version: a lane's claim only sets
 * `lease_until` (in no index), which PostgreSQL can then write as a heap-only update, next to
 * the row and without an entry in each of the table's five indexes. Full pages (the default
 * fill factor, 100) forced every claim to write a new version elsewhere and index it again.
 */
export class Migration20261126110000WebhookDeliveriesFillfactor extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries" set (fillfactor = 70);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries" reset (fillfactor);`);
  }

}
