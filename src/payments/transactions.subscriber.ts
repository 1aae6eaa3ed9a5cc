import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { ensureTransactionWorkflow } from './transaction-workflow.client';

/**
 * Starts a transaction's workflow once the transaction committed: `transaction.created` is
 * dispatched right after the commit, and by the outbox sweeper if the process died first. The
 * event is marked dispatched only once the start succeeded; the start is idempotent (an
 * existing or finished run is left alone).
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
