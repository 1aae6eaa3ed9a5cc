import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { Transaction } from '../payments/transaction.entity';
import { CheckoutSession } from './checkout-session.entity';
import { sessionPaymentsChangedSignal } from '../../workflows/checkout/checkout-session.contract';
import { ensureSessionWorkflow, signalSessionWorkflow } from './checkout-session-workflow.client';

const PAYMENT_EVENTS = new Set([
  'transaction.waiting_payment', 'transaction.paid', 'transaction.refused', 'transaction.failed', 'transaction.canceled',
  'payment.paid', 'payment.refused', 'payment.failed',
]);

type Metadata = Record<string, string>;

/** What a subscription session follows: its subscription's state, and its first invoice. */
const SUBSCRIPTION_EVENTS = new Set(['subscription.activated', 'subscription.updated', 'subscription.canceled']);
const FIRST_INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_attempted', 'invoice.rescheduled', 'invoice.voided']);

/** The subscription session a subscription or first-invoice event concerns, or undefined. */
async function subscriptionSessionOf(em: EntityManager, type: string, data: Record<string, unknown>): Promise<string | undefined> {
  if (SUBSCRIPTION_EVENTS.has(type)) return (data.metadata as Metadata | undefined)?.checkoutSessionId;
  // Only cycle 0 matters to a session, so later invoices (every renewal) cost no read.
  if (!FIRST_INVOICE_EVENTS.has(type) || data.cycle !== 0 || typeof data.subscriptionId !== 'string') return undefined;
  const row = await em.findOne(CheckoutSession, { subscriptionId: data.subscriptionId }, { fields: ['id'] });
  return row?.id;
}

/** Transaction metadata read from the events of one dispatch (its transaction's EntityManager). */
const metadataByDispatch = new WeakMap<object, Map<string, Metadata>>();
function metadataSeen(em: object): Map<string, Metadata> {
  let seen = metadataByDispatch.get(em);
  if (!seen) metadataByDispatch.set(em, (seen = new Map()));
  return seen;
}

/**
 * Checkout sessions follow their payments and always get their workflow:
 * - `checkout.session.created` starts the session's workflow if the API died before it did
 *   (the outbox backstop; a running or finished run is left alone);
 * - a transaction or payment event of a transaction whose metadata carries checkoutSessionId
 *   signals that session's workflow, which re-reads its payments.
 */
export function checkoutSessionSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  return {
    name: 'checkout-session-workflow',
    async handle(em, event) {
      const data = (event.payload as { data?: Record<string, unknown> }).data ?? {};
      if (event.type === 'checkout.session.created' && event.entityId) {
        const input = { sessionId: event.entityId, expiresAt: String(data.expiresAt) };
        return () => ensureSessionWorkflow(temporal, taskQueue, input);
      }
      if (event.type.startsWith('subscription.') || event.type.startsWith('invoice.')) {
        const sessionId = await subscriptionSessionOf(em, event.type, data);
        // The signal's id names what changed: here the subscription (the workflow re-reads the session either way).
        if (sessionId) return () => signalSessionWorkflow(temporal, sessionId, (h) => h.signal(sessionPaymentsChangedSignal, { transactionId: String(data.subscriptionId ?? data.id) }));
        return;
      }
      const isPayment = event.type.startsWith('payment.');
      const transactionId = isPayment ? String(data.transactionId) : event.entityId;
      if (!transactionId) return;
      // A transaction event carries the transaction's metadata; a payment event only its id, so
      // it takes the metadata of its transaction's event dispatched with it (the creation's
      // transaction.created comes first) before reading the row.
      const seen = metadataSeen(em);
      if (!isPayment && event.type.startsWith('transaction.')) seen.set(transactionId, (data.metadata as Metadata | undefined) ?? {});
      if (!PAYMENT_EVENTS.has(event.type)) return;
      const metadata = seen.get(transactionId) ?? (await em.findOne(Transaction, { id: transactionId }, { fields: ['id', 'metadata'] }))?.metadata;
      const sessionId = metadata?.checkoutSessionId;
      if (!sessionId) return;
      return () => signalSessionWorkflow(temporal, sessionId, (h) => h.signal(sessionPaymentsChangedSignal, { transactionId }));
    },
  };
}
