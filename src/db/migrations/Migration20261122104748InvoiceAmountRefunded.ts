import { Migration } from '@mikro-orm/migrations';

/**
 * `billing_invoices.amount_refunded`: cents refunded of an invoice's paid transaction. The spec
 * names no refunded invoice state, so a refunded invoice stays `paid` and shows this amount.
 */
export class Migration20261122104748InvoiceAmountRefunded extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "billing_invoices" add column "amount_refunded" bigint not null default 0,
      add constraint "billing_invoices_amount_refunded_check" check ("amount_refunded" >= 0 and "amount_refunded" <= "total");`);
    this.addSql(`create index "billing_invoices_last_transaction_id_index" on "billing_invoices" ("last_transaction_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "billing_invoices" drop column "amount_refunded";`);
  }
}
