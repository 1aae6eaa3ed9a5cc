import type { Client } from '@temporalio/client';
import type { AfterDispatch, EventSubscriber } from '../events/dispatcher';
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
  const subscriber: EventSubscriber = {
    name: 'subscription-charge-decisions',
    async handle(em, event) {
      return (await subscriber.handleAll!(em, [event]))?.get(event.id);
    },
    /** The invoices of a dispatch's decisions checked in one statement (a billing run's batch dispatches 16 at once). */
    async handleAll(em, events) {
      const decisions = events.flatMap((event) => {
        if (!(event.type in DECISIONS) || !event.entityId) return [];
        const data = (event.payload as { data?: { origin?: string; statusReason?: string | null; metadata?: Record<string, unknown> } }).data ?? {};
        const subscriptionId = data.metadata?.subscriptionId;
        if (data.origin !== 'subscription' || typeof subscriptionId !== 'string') return [];
        const paid = DECISIONS[event.type];
        const decided = { transactionId: event.entityId, paid, code: paid ? null : (data.statusReason ?? event.type.slice('transaction.'.length)) };
        return [{ event, subscriptionId, invoiceId: String(data.metadata?.invoiceId ?? ''), decided }];
      });
      const work = new Map<string, AfterDispatch>();
      if (decisions.length === 0) return work;
      const recorded = await em.execute<Array<{ id: string; txn: string }>>(
        `select i.id, r.txn from billing_invoices i join jsonb_to_recordset(?::jsonb) as r(id text, txn text) on i.id = r.id and i.last_transaction_id = r.txn
          where i.id = any(array(select jsonb_array_elements_text(?::jsonb))) and i.status <> 'open'`,
        [JSON.stringify(decisions.map((d) => ({ id: d.invoiceId, txn: d.decided.transactionId }))), JSON.stringify(decisions.map((d) => d.invoiceId))],
      );
      const done = new Set(recorded.map((r) => `${r.id}:${r.txn}`));
      for (const d of decisions) {
        if (done.has(`${d.invoiceId}:${d.decided.transactionId}`)) continue;
        work.set(d.event.id, () => signalSubscription(temporal, d.subscriptionId, chargeDecidedSignal, d.decided));
      }
      return work;
    },
  };
  return subscriber;
}
