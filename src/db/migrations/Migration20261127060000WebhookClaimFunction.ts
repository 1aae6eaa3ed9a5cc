import { Migration } from '@mikro-orm/migrations';

/**
 * A delivery lane's claim as a function (src/webhooks/delivery-lanes.ts calls it), for the plan it
 * pins: a plain index scan of `webhook_deliveries_requested_idx` in (event_id, id) order that stops
 * at the limit. Planned as a statement, the claim got a bitmap scan (of that index, or of all the
 * webhook's deliveries by `webhook_id_created_at`) and a sort: a bitmap scan reads every entry in
 * range, and the entries of rows delivered since the last vacuum are never marked dead by it, so
 * every claim read them all again. A plain index scan marks them dead as it passes (later claims
 * step over them) and reads no further than the rows it takes. `enable_sort` off leaves the
 * ordered index the only cheap way to the first rows; the function's settings apply to its own
 * statements only. Its plans are cached per connection, so a claim is not planned again. The rows
 * are updated by the array of their ids, not joined to the selected rows: such a join, estimated at
 * the limit, was planned as a sequential scan once the table had a few thousand rows.
 */
export class Migration20261127060000WebhookClaimFunction extends Migration {

  override async up(): Promise<void> {
    this.addSql(`
create function claim_webhook_deliveries(p_webhook_id text, p_after_event_id text, p_after_id text, p_limit int, p_lease_seconds double precision)
returns table (id text, webhook_id text, event_id text, entity_type text, entity_id text, payload jsonb, attempt_count int, status text,
               url text, secret text, previous_secret text, previous_secret_expires_at timestamptz, is_active boolean, deleted_at timestamptz)
language plpgsql
set enable_bitmapscan = off
set enable_sort = off
as $$
declare
  due text[];
begin
  -- From the start of the lane's rows, or after (event, id): claims go in event order.
  if p_after_event_id is null then
    due := array(
      select d.id from webhook_deliveries d
       where d.webhook_id = p_webhook_id and d.attempt_requested_at is not null and (d.lease_until is null or d.lease_until < now())
       order by d.event_id, d.id limit p_limit for update skip locked);
  else
    due := array(
      select d.id from webhook_deliveries d
       where d.webhook_id = p_webhook_id and d.attempt_requested_at is not null and (d.lease_until is null or d.lease_until < now())
         and (d.event_id, d.id) > (p_after_event_id, p_after_id)
       order by d.event_id, d.id limit p_limit for update skip locked);
  end if;
  return query
    with claimed as (
      update webhook_deliveries d set lease_until = now() + make_interval(secs => p_lease_seconds) where d.id = any(due)
      returning d.id, d.webhook_id, d.event_id, d.entity_type, d.entity_id, d.payload, d.attempt_count, d.status)
    select c.id::text, c.webhook_id::text, c.event_id::text, c.entity_type::text, c.entity_id::text, c.payload, c.attempt_count, c.status::text,
           w.url::text, w.secret::text, w.previous_secret::text, w.previous_secret_expires_at, w.is_active, w.deleted_at
      from claimed c join webhooks w on w.id = c.webhook_id
     order by c.event_id, c.id;
end;
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists claim_webhook_deliveries(text, text, text, int, double precision);`);
  }

}
