import { Migration } from '@mikro-orm/migrations';

/**
 * The payout connection a withdrawal was sent through (`pcn_…` or `default`): written before the
 * first send, so a retry after a crash asks the same provider account for the transfer by its id,
 * and a provider's callback is matched to the withdrawals it may change. A paid withdrawal the
 * receiving bank returns becomes `failed` and keeps its `paid_at` (it was paid): the check allows it.
 */
export class Migration20261130110000WithdrawalPayoutConnection extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "withdrawals" add column "payout_connection_id" varchar(40) null;`);
    this.addSql(`alter table "withdrawals" drop constraint "withdrawals_paid_check";`);
    this.addSql(`alter table "withdrawals" add constraint "withdrawals_paid_check" check (case "status" when 'paid' then "paid_at" is not null when 'failed' then true else "paid_at" is null end);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "withdrawals" drop constraint "withdrawals_paid_check";`);
    this.addSql(`alter table "withdrawals" add constraint "withdrawals_paid_check" check (("status" = 'paid') = ("paid_at" is not null));`);
    this.addSql(`alter table "withdrawals" drop column "payout_connection_id";`);
  }
}
