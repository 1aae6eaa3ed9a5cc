import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { startSubscriptionWorkflow, subscriptionWorkflowStarted } from './subscription-workflow.client';

/**
 * The backstop behind "a committed subscription always gets its workflow": if the API dies
 * between committing a subscription and starting its workflow, `subscription.created` stays
 * undispatched and the outbox sweeper dispatches it here, which starts the workflow
 * (idempotent: a running or finished run is left alone). When the API's own start succeeded
 * it recorded `workflowStartedAt` before dispatching, and this does nothing: Temporal is
 * called once per subscription, not twice.
 */
export function subscriptionWorkflowSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  return {
    name: 'subscription-workflow',
    async handle(em, event) {
      if (event.type !== 'subscription.created' || !event.entityId) return;
      const subscriptionId = event.entityId;
      if (await subscriptionWorkflowStarted(em, subscriptionId)) return;
      return () => startSubscriptionWorkflow(temporal, taskQueue, subscriptionId);
    },
  };
}
