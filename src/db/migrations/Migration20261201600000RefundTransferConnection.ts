import { Migration } from '@mikro-orm/migrations';

/**
 * A boleto refund's transfer names the payout connection it is sent through, as a withdrawal does:
 * fixed before its first send, so a retry, the provider's callback and the payout reconciliation
 * all ask the same provider account, even after the company moved its payouts to another one.
 */
export class Migration20261201600000RefundTransferConnection extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "refunds" add column "transfer_connection_id" varchar(40) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "refunds" drop column "transfer_connection_id";`);
  }
}
