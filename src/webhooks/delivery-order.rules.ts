/**
 * The order in which a lane starts an endpoint's deliveries (docs/webhooks.md, "Ordering"):
 * in event order, several at a time, but one at a time per entity, so the events of one
 * transaction, customer or subscription reach the endpoint one after another, in order,
 * while events of different entities go side by side.
 */
export interface OrderedDelivery {
  id: string;
  entity_type: string | null;
  entity_id: string | null;
}

/** Deliveries with the same key go one at a time, in event order. An event about no entity orders with nothing. */
export function orderingKey(d: OrderedDelivery): string {
  return d.entity_id ? `${d.entity_type}:${d.entity_id}` : d.id;
}

/**
 * The index of the first pending delivery (pending is in event order) that may start now: its
 * key has nothing in flight and no earlier pending delivery. -1 when none may.
 */
export function nextStartable(pending: readonly OrderedDelivery[], inFlight: ReadonlySet<string>): number {
  const waiting = new Set<string>();
  for (let i = 0; i < pending.length; i++) {
    const key = orderingKey(pending[i]);
    if (!inFlight.has(key) && !waiting.has(key)) return i;
    waiting.add(key);
  }
  return -1;
}
