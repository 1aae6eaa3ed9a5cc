import { Migration } from '@mikro-orm/migrations';

/**
 * Bolepix invoices (docs/billing.md "send_invoice"): the late fees a plan or a subscription sets
 * for its invoices' boletos, the bolepix an invoice carries (its boleto and Pix QR, shown on the
 * invoice), and the payments that came after the invoice was already paid (overpayments).
 */
export class Migration20261203700000InvoiceBolepix extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "billing_plans" add column "late_fees" jsonb null;`);
    this.addSql(`alter table "billing_subscriptions" add column "late_fees" jsonb null;`);
    this.addSql(`alter table "billing_invoices" add column "bolepix" jsonb null, add column "overpayments" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "billing_invoices" drop column "bolepix", drop column "overpayments";`);
    this.addSql(`alter table "billing_subscriptions" drop column "late_fees";`);
    this.addSql(`alter table "billing_plans" drop column "late_fees";`);
  }
}
