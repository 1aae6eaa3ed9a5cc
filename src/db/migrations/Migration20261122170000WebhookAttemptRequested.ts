import { Migration } from '@mikro-orm/migrations';

/**
 * A webhook's lane reads what to send from the database instead of receiving one signal per
 * delivery (docs/webhooks.md, "Lanes"): `attempt_requested_at` marks a delivery waiting for an
 * attempt (set when it is created, when its retry timer fires, on a manual retry; cleared when
 * the attempt is recorded). The partial index serves the lane's query, "this webhook's
 * requested deliveries in event order", and stays as small as the backlog.
 * No backfill: deliveries created before this run on the workflows they started with.
 */
export class Migration20261122170000WebhookAttemptRequested extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries" add column "attempt_requested_at" timestamptz null;`);
    this.addSql(`create index "webhook_deliveries_requested_idx" on "webhook_deliveries" ("webhook_id", "event_id", "id") where "attempt_requested_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "webhook_deliveries_requested_idx";`);
    this.addSql(`alter table "webhook_deliveries" drop column "attempt_requested_at";`);
  }

}
