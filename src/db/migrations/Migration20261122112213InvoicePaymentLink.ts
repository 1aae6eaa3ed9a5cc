import { Migration } from '@mikro-orm/migrations';

/**
 * The payment link of a send_invoice invoice: the checkout charge (`cs_`) made for it and its
 * page address. Paying that session pays the invoice.
 */
export class Migration20261122112213InvoicePaymentLink extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "billing_invoices" add column "checkout_session_id" varchar(40) null, add column "payment_url" varchar(2048) null;`);
    this.addSql(`create unique index "billing_invoices_checkout_session_id_unique" on "billing_invoices" ("checkout_session_id") where "checkout_session_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "billing_invoices" drop column "checkout_session_id", drop column "payment_url";`);
  }
}
