import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { chargeDecidedSignal } from '../../workflows/billing/subscription.contract';
import { signalSubscription } from './subscription-workflow.client';

const DECISIONS: Record<string, boolean> = { 'transaction.paid': true, 'transaction.refused': false, 'transaction.failed': false, 'transaction.canceled': false };

/**
 * A subscription charge's card decision reaches its subscription workflow when the workflow does
 * not have it yet: usually the charge step decided the card itself and the workflow already
 * recorded the attempt (the invoice names this transaction and is no longer open), and nothing is
 * sent. Otherwise (the transaction workflow decided it), on a decision event of a transaction
 * with origin `subscription`, `chargeDecided` goes to the workflow named by the transaction's
 * `metadata.subscriptionId`. Signals to a running
 * workflow are kept in its history, so one sent while the charge activity is still running is
 * not lost; a finished workflow is left alone. Repeats (the sweeper dispatching again) are
 * harmless: the workflow reads the transaction when it wakes.
 */
export function chargeDecisionSubscriber(temporal: Client): EventSubscriber {
  return {
    name: 'subscription-charge-decisions',
    async handle(em, event) {
      if (!(event.type in DECISIONS) || !event.entityId) return;
      const data = (event.payload as { data?: { origin?: string; statusReason?: string | null; metadata?: Record<string, unknown> } }).data ?? {};
      const subscriptionId = data.metadata?.subscriptionId;
      if (data.origin !== 'subscription' || typeof subscriptionId !== 'string') return;
      const recorded = await em.execute(`select 1 from billing_invoices where id = ? and last_transaction_id = ? and status <> 'open'`, [String(data.metadata?.invoiceId ?? ''), event.entityId]);
      if (recorded.length > 0) return;
      const paid = DECISIONS[event.type];
      const decided = { transactionId: event.entityId, paid, code: paid ? null : (data.statusReason ?? event.type.slice('transaction.'.length)) };
      return () => signalSubscription(temporal, subscriptionId, chargeDecidedSignal, decided);
    },
  };
}
