import { Migration } from '@mikro-orm/migrations';

/**
 * Chargebacks and two crash-safety fixes on transactions (docs/payments.md):
 * - `payments.charged_back_amount`: cents charged back so far (a payment can take several
 *   partial chargebacks, never more than it was paid), and `payments.chargebacks`, each one
 *   handled (its id makes a repeated signal a no-op, with what it blocked and what was short);
 * - `transactions.workflow_started_at`: set once the API started the workflow, so the
 *   `transaction.created` subscriber starts it only after a crash in between;
 * - `transactions.idempotency_key`: the Idempotency-Key that created the row, written in the
 *   creation's database transaction, so a retry after a crash finds its transaction (looked
 *   up by the unique referenceCode, so it needs no index of its own).
 */
export class Migration20261122103309PaymentsChargebacks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "payments" add column "charged_back_amount" bigint not null default 0, add column "chargebacks" jsonb not null default '[]',
      add constraint "payments_charged_back_amount_check" check ("charged_back_amount" between 0 and "amount");`);
    this.addSql(`alter table "transactions" add column "workflow_started_at" timestamptz null, add column "idempotency_key" varchar(255) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "transactions" drop column "workflow_started_at", drop column "idempotency_key";`);
    this.addSql(`alter table "payments" drop constraint "payments_charged_back_amount_check", drop column "charged_back_amount", drop column "chargebacks";`);
  }
}
