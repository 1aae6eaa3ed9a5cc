import { Migration } from '@mikro-orm/migrations';

const BEFORE = `'pending', 'approved', 'processing', 'awaiting_bank_details', 'bank_details_received', 'ted_processing', 'invalid_bank_details', 'refunded', 'refused', 'failed'`;

/**
 * Boleto refunds are paid only to the buyer (docs/refunds.md "Refunds to the buyer only"): a
 * refund whose sale recorded no buyer document waits in `awaiting_confirmation` for the
 * merchant. And no bearer token in stored events: refund events no longer carry the
 * bank-details link, so the links recorded before are taken out of their payloads (their
 * tokens may still open a page; the merchant reads the link with GET /refunds/:id).
 */
export class Migration20261128163000RefundBuyerOnly extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "refunds" drop constraint "refunds_status_check";`);
    this.addSql(`alter table "refunds" add constraint "refunds_status_check" check ("status" in (${BEFORE}, 'awaiting_confirmation'));`);
    this.addSql(`update "events" set "payload" = "payload" #- '{data,bankDetailsUrl}' where "entity_type" = 'refund' and "payload"->'data'->'bankDetailsUrl' is not null;`);
  }

  override async down(): Promise<void> {
    // A refund waiting for the merchant's confirmation goes back to waiting for the buyer's details.
    this.addSql(`update "refunds" set "status" = 'awaiting_bank_details', "bank_details" = null where "status" = 'awaiting_confirmation';`);
    this.addSql(`alter table "refunds" drop constraint "refunds_status_check";`);
    this.addSql(`alter table "refunds" add constraint "refunds_status_check" check ("status" in (${BEFORE}));`);
  }
}
