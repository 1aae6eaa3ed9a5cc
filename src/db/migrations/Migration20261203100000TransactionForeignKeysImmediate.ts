import { Migration } from '@mikro-orm/migrations';

/**
 * A transaction's payments and split items reference it with foreign keys checked at their
 * insert, not at COMMIT. Every writer inserts a transaction, its payments and split items in
 * one statement (`insertTransactions`), whose checks run at its end whatever the order of its
 * parts; a deferred check ran as a statement of its own at every creation's COMMIT (two per
 * sale, issue #42).
 */
export class Migration20261203100000TransactionForeignKeysImmediate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payments" alter constraint "payments_transaction_id_fkey" not deferrable;`);
    this.addSql(`alter table "transaction_splits" alter constraint "transaction_splits_transaction_id_fkey" not deferrable;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payments" alter constraint "payments_transaction_id_fkey" deferrable initially deferred;`);
    this.addSql(`alter table "transaction_splits" alter constraint "transaction_splits_transaction_id_fkey" deferrable initially deferred;`);
  }
}
