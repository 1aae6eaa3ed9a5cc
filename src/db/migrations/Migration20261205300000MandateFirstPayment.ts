import { Migration } from '@mikro-orm/migrations';

/**
 * Pix Automático's journey 3 (docs/billing.md "Pix Automático"): a mandate started with the
 * subscription's open invoice paid by the same QR names that invoice and its Pix transaction.
 */
export class Migration20261205300000MandateFirstPayment extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "billing_mandates" add column "invoice_id" varchar(40) null, add column "first_transaction_id" varchar(40) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "billing_mandates" drop column "invoice_id", drop column "first_transaction_id";`);
  }
}
