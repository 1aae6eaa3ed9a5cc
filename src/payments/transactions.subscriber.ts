import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { ensureTransactionWorkflow } from './transaction-workflow.client';

/**
 * The guarantee behind "a committed transaction always gets its workflow": if the API dies
 * between committing a transaction and starting its workflow, `transaction.created` stays
 * undispatched, and the outbox sweeper dispatches it here, which starts the workflow
 * (idempotent: an existing or finished run is left alone). The event is marked dispatched
 * only once the start succeeded. When the API's own start succeeded it set
 * `workflowStartedAt` before dispatching, and this subscriber does nothing: the hot path
 * calls Temporal once, not twice.
 */
export function transactionWorkflowSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  return {
    name: 'transaction-workflow',
    async handle(em, event) {
      if (event.type !== 'transaction.created' || !event.entityId) return;
      const transactionId = event.entityId;
      // The API marks the row once it started the workflow itself: then there is nothing to redo.
      const [row] = await em.execute<{ workflow_started_at: string | null }[]>('select workflow_started_at from transactions where id = ?', [transactionId]);
      if (!row || row.workflow_started_at) return;
      return () => ensureTransactionWorkflow(temporal, taskQueue, transactionId);
    },
  };
}
