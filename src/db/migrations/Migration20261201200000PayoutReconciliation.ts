import { Migration } from '@mikro-orm/migrations';

/**
 * What the payout reconciliation watches every 10 minutes, each found through a small partial
 * index instead of a scan of every withdrawal and refund ever made: withdrawals in flight and
 * withdrawals paid (by `paid_at`), boleto refund transfers in flight and boleto refunds refunded
 * (by `refunded_at`). src/processors/payouts/payout-reconciliation.service.ts.
 */
export class Migration20261201200000PayoutReconciliation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "withdrawals_payout_in_flight" on "withdrawals" ("updated_at") where "status" = 'processing' and "payout_connection_id" is not null;`);
    this.addSql(`create index "withdrawals_paid_at" on "withdrawals" ("paid_at") where "paid_at" is not null and "payout_connection_id" is not null;`);
    this.addSql(`create index "refunds_transfer_in_flight" on "refunds" ("updated_at") where "status" = 'ted_processing';`);
    this.addSql(`create index "refunds_boleto_refunded_at" on "refunds" ("refunded_at") where "status" = 'refunded' and "payment_method" = 'boleto';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "refunds_boleto_refunded_at";`);
    this.addSql(`drop index "refunds_transfer_in_flight";`);
    this.addSql(`drop index "withdrawals_paid_at";`);
    this.addSql(`drop index "withdrawals_payout_in_flight";`);
  }
}
