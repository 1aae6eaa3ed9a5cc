import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { chargeDecidedSignal } from '../../workflows/billing/subscription.contract';
import { signalSubscription } from './subscription-workflow.client';

const DECISIONS: Record<string, boolean> = { 'transaction.paid': true, 'transaction.refused': false, 'transaction.failed': false, 'transaction.canceled': false };

/**
 * A subscription charge's card decision reaches its subscription workflow: on a decision event
 * of a transaction with origin `subscription`, `chargeDecided` goes to the workflow named by the
 * transaction's `metadata.subscriptionId` (read from the event, no query). Signals to a running
 * workflow are kept in its history, so one sent while the charge activity is still running is
 * not lost; a finished workflow is left alone. Repeats (the sweeper dispatching again) are
 * harmless: the workflow reads the transaction when it wakes.
 */
export function chargeDecisionSubscriber(temporal: Client): EventSubscriber {
  return {
    name: 'subscription-charge-decisions',
    async handle(_em, event) {
      if (!(event.type in DECISIONS) || !event.entityId) return;
      const data = (event.payload as { data?: { origin?: string; statusReason?: string | null; metadata?: Record<string, unknown> } }).data ?? {};
      const subscriptionId = data.metadata?.subscriptionId;
      if (data.origin !== 'subscription' || typeof subscriptionId !== 'string') return;
      const paid = DECISIONS[event.type];
      const decided = { transactionId: event.entityId, paid, code: paid ? null : (data.statusReason ?? event.type.slice('transaction.'.length)) };
      return () => signalSubscription(temporal, subscriptionId, chargeDecidedSignal, decided);
    },
  };
}
