import type { Lastro, LastResponse } from '../client';

/**
 * `lastro events resend <event id>`: sends an event again to the webhooks that received it,
 * through the deliveries API (`POST /v1/webhooks/deliveries/{id}/retry` for each delivery of
 * the event). Deliveries are found from the event's time on: an event id is `evt_` and a ULID,
 * whose first 10 characters are its creation time.
 */

const EVENT_ID = /^evt_[0-9a-hjkmnp-tv-z]{26}$/i;
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** The creation time (ms) an event id carries. */
export function eventTime(eventId: string): number {
  if (!EVENT_ID.test(eventId)) throw new Error(`${eventId} is not an event id (evt_ and 26 characters, as in webhook-id and the envelope's id)`);
  let ms = 0;
  for (const c of eventId.slice(4, 14).toLowerCase()) ms = ms * 32 + CROCKFORD.indexOf(c);
  return ms;
}

export interface Resent {
  deliveryId: string;
  webhookId: string;
  eventType: string;
  url: string;
  response: LastResponse;
}

/** Resends every delivery of `eventId` (to `webhookId` only, when given); throws when there is none. */
export async function resendEvent(lastro: Lastro, eventId: string, webhookId?: string): Promise<Resent[]> {
  // A second of slack: the id's time and the delivery rows' come from different clocks' reads.
  const from = new Date(eventTime(eventId) - 1000).toISOString();
  const resent: Resent[] = [];
  const deliveries = lastro.paginate('/v1/webhooks/deliveries', { params: { query: { from, sort: 'createdAt.asc', limit: 100, ...(webhookId ? { webhookId } : {}) } } });
  for await (const delivery of deliveries) {
    if (delivery.eventId !== eventId) continue;
    const result = await lastro.webhookDeliveries.retry(delivery.id);
    resent.push({ deliveryId: delivery.id, webhookId: delivery.webhookId, eventType: delivery.eventType, url: delivery.url, response: result.lastResponse });
  }
  if (resent.length === 0) {
    throw new Error(`No webhook delivery of ${eventId}${webhookId ? ` to ${webhookId}` : ''}: an event goes to the webhooks that listened for it when it happened (a listen session records none)`);
  }
  return resent;
}
