import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook deliveries drained by the worker's delivery lanes (docs/webhooks.md, "How it works"):
 * - `lease_until` on a delivery: a lane that claimed it owns it until then; a worker that died
 *   holding it loses it at that time and any lane claims it again (the partial index
 *   `webhook_deliveries_requested_idx` on (webhook_id, event_id, id) where requested serves both).
 * - `failing_since` on a webhook: its endpoint keeps failing, so its lane only probes it;
 *   cleared when it answers 2xx again (shown as `deliveryState` on the webhook).
 */
export class Migration20261125160000WebhookLanes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries" add column "lease_until" timestamptz null;`);
    this.addSql(`alter table "webhooks" add column "failing_since" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhooks" drop column "failing_since";`);
    this.addSql(`alter table "webhook_deliveries" drop column "lease_until";`);
  }

}
