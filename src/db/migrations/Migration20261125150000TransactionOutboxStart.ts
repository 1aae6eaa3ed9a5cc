import { Migration } from '@mikro-orm/migrations';

/**
 * A transaction's workflow is started by its transaction.created event alone (the outbox), so
 * nothing reads `transactions.workflow_started_at` any more.
 */
export class Migration20261125150000TransactionOutboxStart extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "transactions" drop column "workflow_started_at";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "transactions" add column "workflow_started_at" timestamptz null;`);
  }
}
