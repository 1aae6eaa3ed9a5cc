import type { Client } from '@temporalio/client';
import type { EventSubscriber } from '../events/dispatcher';
import { Transaction } from '../payments/transaction.entity';
import { sessionPaymentsChangedSignal } from '../../workflows/checkout/checkout-session.contract';
import { ensureSessionWorkflow, signalSessionWorkflow } from './checkout-session-workflow.client';

const PAYMENT_EVENTS = new Set([
  'transaction.waiting_payment', 'transaction.paid', 'transaction.refused', 'transaction.failed', 'transaction.canceled',
  'payment.paid', 'payment.refused', 'payment.failed',
]);

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
      if (!PAYMENT_EVENTS.has(event.type)) return;
      const isPayment = event.type.startsWith('payment.');
      const transactionId = isPayment ? String(data.transactionId) : event.entityId;
      if (!transactionId) return;
      // A transaction event carries the transaction's metadata; a payment event only its id.
      const metadata = isPayment
        ? (await em.findOne(Transaction, { id: transactionId }, { fields: ['id', 'metadata'] }))?.metadata
        : (data.metadata as Record<string, string> | undefined);
      const sessionId = metadata?.checkoutSessionId;
      if (!sessionId) return;
      return () => signalSessionWorkflow(temporal, sessionId, (h) => h.signal(sessionPaymentsChangedSignal, { transactionId }));
    },
  };
}
