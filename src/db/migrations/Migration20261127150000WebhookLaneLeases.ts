import { Migration } from '@mikro-orm/migrations';

/**
 * One lane per webhook across every worker process (docs/webhooks.md, "How it works"): a lane sends
 * an endpoint's deliveries only while it holds the webhook's lease in `webhook_lanes`, so the
 * per-endpoint cap and the per-entity order hold for the whole deployment, not per process. A worker
 * that dies loses its leases when they end, and another worker's lane takes the webhook over.
 *
 * The claim only reads: the lane that holds the lease is the only reader of its webhook's rows, and
 * passes the ids it already holds (read, not yet recorded) so that they are not read again. A row no
 * longer carries a lease of its own (`lease_until` is dropped): leasing every claimed row was an
 * update per delivery, about half of PostgreSQL's time in the claims.
 *
 * The table keeps its fillfactor of 70 (Migration20261126110000WebhookDeliveriesFillfactor): it
 * was room for the row leases' heap-only updates, and it is now room for an outcome's new row
 * version on the row's own page (one page written, not two). All the figures in
 * docs/performance.md were measured with it; a run without it did no better.
 *
 * `claim_webhook_deliveries` keeps its pinned plan (an ordered scan of
 * `webhook_deliveries_requested_idx`, see Migration20261127060000WebhookClaimFunction) and returns
 * nothing unless the caller holds the webhook's lease.
 */
export class Migration20261127150000WebhookLaneLeases extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhook_lanes" ("webhook_id" varchar(40) not null, "owner" text not null, "lease_until" timestamptz not null, constraint "webhook_lanes_pkey" primary key ("webhook_id"));`);
    this.addSql(`drop function if exists claim_webhook_deliveries(text, text, text, int, double precision);`);
    this.addSql(`alter table "webhook_deliveries" drop column "lease_until";`);
    this.addSql(`
create function claim_webhook_deliveries(p_webhook_id text, p_owner text, p_after_event_id text, p_after_id text, p_limit int, p_held text[])
returns table (id text, webhook_id text, event_id text, entity_type text, entity_id text, payload jsonb, attempt_count int, status text,
               url text, secret text, previous_secret text, previous_secret_expires_at timestamptz, is_active boolean, deleted_at timestamptz)
language plpgsql
stable
set enable_bitmapscan = off
set enable_sort = off
as $$
begin
  if not exists (select 1 from webhook_lanes l where l.webhook_id = p_webhook_id and l.owner = p_owner and l.lease_until > now()) then
    return;
  end if;
  -- From the start of the lane's rows, or after (event, id): claims go in event order.
  if p_after_event_id is null then
    return query
      select d.id::text, d.webhook_id::text, d.event_id::text, d.entity_type::text, d.entity_id::text, d.payload, d.attempt_count, d.status::text,
             w.url::text, w.secret::text, w.previous_secret::text, w.previous_secret_expires_at, w.is_active, w.deleted_at
        from webhook_deliveries d join webhooks w on w.id = d.webhook_id
       where d.webhook_id = p_webhook_id and d.attempt_requested_at is not null and not (d.id = any(p_held))
       order by d.event_id, d.id limit p_limit;
  else
    return query
      select d.id::text, d.webhook_id::text, d.event_id::text, d.entity_type::text, d.entity_id::text, d.payload, d.attempt_count, d.status::text,
             w.url::text, w.secret::text, w.previous_secret::text, w.previous_secret_expires_at, w.is_active, w.deleted_at
        from webhook_deliveries d join webhooks w on w.id = d.webhook_id
       where d.webhook_id = p_webhook_id and d.attempt_requested_at is not null and not (d.id = any(p_held))
         and (d.event_id, d.id) > (p_after_event_id, p_after_id)
       order by d.event_id, d.id limit p_limit;
  end if;
end;
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists claim_webhook_deliveries(text, text, text, text, int, text[]);`);
    this.addSql(`alter table "webhook_deliveries" add column "lease_until" timestamptz null;`);
    this.addSql(`drop table if exists "webhook_lanes";`);
  }

}
