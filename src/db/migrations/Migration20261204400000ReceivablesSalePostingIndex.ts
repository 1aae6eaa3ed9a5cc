import { Migration } from '@mikro-orm/migrations';

/**
 * The statement reads each sale entry's release status from its receivable (docs/ledger.md
 * "Statement"): one probe per entry by (sale posting, recipient, date).
 */
export class Migration20261204400000ReceivablesSalePostingIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "receivables_sale_posting_idx" on "receivables" ("sale_posting_id", "recipient_id", "release_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "receivables_sale_posting_idx";`);
  }
}
