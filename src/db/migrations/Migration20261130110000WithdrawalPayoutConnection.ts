import { Migration } from '@mikro-orm/migrations';

/**
 * The payout connection a withdrawal was sent through (`pcn_…` or `default`): written before the
 * first send, so a retry after a crash asks the same provider account for the transfer by its id,
 * and a provider's callback is matched to the withdrawals it may change.
 */
export class Migration20261130110000WithdrawalPayoutConnection extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "withdrawals" add column "payout_connection_id" varchar(40) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "withdrawals" drop column "payout_connection_id";`);
  }
}
