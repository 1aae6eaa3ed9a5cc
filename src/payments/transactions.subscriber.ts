import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { ensureTransactionWorkflow } from './transaction-workflow.client';

/**
 * The guarantee behind "a committed transaction always gets its workflow": if the API dies
 * between committing a transaction and starting its workflow, `transaction.created` stays
 * undispatched, and the outbox sweeper dispatches it here, which starts the workflow
 * (idempotent: an existing or finished run is left alone). The event is marked dispatched
 * only once the start succeeded.
 */
export function transactionWorkflowSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  return {
    name: 'transaction-workflow',
    async handle(_em, event) {
      if (event.type !== 'transaction.created' || !event.entityId) return;
      const transactionId = event.entityId;
      return () => ensureTransactionWorkflow(temporal, taskQueue, transactionId);
    },
  };
}
