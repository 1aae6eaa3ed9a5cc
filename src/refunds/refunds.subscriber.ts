import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { ensureRefundWorkflow } from './refund-workflow.client';

/**
 * "A committed refund always gets its workflow": if the API dies between committing a refund
 * and starting its workflow, refund.created stays undispatched and the outbox sweeper brings it
 * here, which starts the workflow (idempotent). The event is marked only once the start succeeded.
 */
export function refundWorkflowSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  return {
    name: 'refund-workflow',
    async handle(_em, event) {
      if (event.type !== 'refund.created' || !event.entityId) return;
      const refundId = event.entityId;
      return () => ensureRefundWorkflow(temporal, taskQueue, refundId);
    },
  };
}
