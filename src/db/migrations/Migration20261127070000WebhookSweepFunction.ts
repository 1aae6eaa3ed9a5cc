import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery lanes' sweep as a function (src/webhooks/delivery-lanes.ts calls it every second):
 * the webhooks that have requested deliveries, by a recursive skip scan of
 * `webhook_deliveries_requested_idx`, one probe per webhook. Written as a statement ordered by
 * `webhook_id` alone, it was planned on `webhook_id_created_at`, which gives the same order over
 * every delivery ever made: each sweep read the whole history of the webhooks it stepped over,
 * more with every delivery. Ordered by the partial index's whole key, only that index gives the
 * order; the settings (as in `claim_webhook_deliveries`) keep the plan from a bitmap scan and sort.
 */
export class Migration20261127070000WebhookSweepFunction extends Migration {

  override async up(): Promise<void> {
    this.addSql(`
create function webhooks_with_requested_deliveries()
returns setof text
language sql
stable
set enable_bitmapscan = off
set enable_sort = off
as $$
  with recursive hooks(webhook_id) as (
    (select d.webhook_id::text from webhook_deliveries d where d.attempt_requested_at is not null
      order by d.webhook_id, d.event_id, d.id limit 1)
    union all
    select (select d.webhook_id::text from webhook_deliveries d where d.attempt_requested_at is not null and d.webhook_id > h.webhook_id
             order by d.webhook_id, d.event_id, d.id limit 1)
      from hooks h where h.webhook_id is not null)
  select webhook_id from hooks where webhook_id is not null;
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists webhooks_with_requested_deliveries();`);
  }

}
