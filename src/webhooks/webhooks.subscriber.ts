import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { createDeliveriesForEvent } from './deliveries.service';
import { laneWaker } from './lane-wake';
import { startDeliveryWorkflows } from './webhook-delivery-workflow.client';

/**
 * Turns every dispatched event into deliveries. The rows are written in the dispatch
 * transaction, requested for their lane; their workflows start and their lanes are woken only
 * after it commits (returned as after-commit work), so a rolled-back dispatch starts nothing.
 * If the process dies between the commit and the start, or Temporal is unreachable, the event
 * stays undispatched (the dispatcher marks it only once this work succeeded) and the outbox
 * sweeper dispatches it again: the unique (eventId, webhookId) keeps the deliveries as they
 * are, and the not-yet-attempted ones are started then.
 */
export function webhookEventSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  // One per subscriber, so that a burst of events shares its webhooks' lane wake-ups.
  const wakeLane = laneWaker(temporal, taskQueue);
  return {
    name: 'webhooks',
    async handle(em, event) {
      const inputs = await createDeliveriesForEvent(em, event);
      if (inputs.length === 0) return;
      return async () => {
        await startDeliveryWorkflows(temporal, taskQueue, inputs);
        // The deliveries' own requests would wake their lanes too; this saves the first attempt that hop.
        await Promise.all([...new Set(inputs.map((i) => i.webhookId))].map(wakeLane));
      };
    },
  };
}
