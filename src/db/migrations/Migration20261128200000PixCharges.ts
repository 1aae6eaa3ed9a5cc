import { Migration } from '@mikro-orm/migrations';

/**
 * Pix through a PSP: a Pix payment names the processor connection its charge was opened on (its
 * callbacks must come through that connection), and the end-to-end id of the Pix that paid it
 * (`gateway_reference`) names one payment only, so a duplicate callback or a reconciliation run
 * racing a callback can never settle a second payment with the same Pix.
 */
export class Migration20261128200000PixCharges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payments" add column "processor_connection_id" varchar(40) null;`);
    this.addSql(`create unique index "payments_pix_end_to_end_id_unique" on "payments" ("gateway_reference") where "method" = 'pix' and "gateway_reference" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "payments_pix_end_to_end_id_unique";`);
    this.addSql(`alter table "payments" drop column if exists "processor_connection_id";`);
  }
}
