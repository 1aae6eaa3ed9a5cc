import type { EventSubscriber } from '../events/dispatcher';
import { createDeliveriesForEvents, prefetchActiveWebhooks } from './deliveries.service';

/**
 * Turns every dispatched event into deliveries, inside the dispatch transaction: the rows are
 * written requested for their lanes, and the lanes are notified by `pg_notify`, which
 * PostgreSQL delivers only when that transaction commits. So a rolled-back dispatch sends
 * nothing, and nothing needs to run after the commit: the event is marked dispatched in the
 * same transaction. A notification lost (no worker listening, a reconnect) is made up by the
 * lanes' sweep, which reads what is requested from the database.
 */
export function webhookEventSubscriber(): EventSubscriber {
  return {
    name: 'webhooks',
    async handle(em, event) {
      await createDeliveriesForEvents(em, [event]);
    },
    // The events a dispatch takes together: their deliveries in one statement.
    async handleAll(em, events) {
      await createDeliveriesForEvents(em, events);
    },
    // Their webhooks, read with the statement the dispatching transaction runs next.
    prefetch: prefetchActiveWebhooks,
  };
}
