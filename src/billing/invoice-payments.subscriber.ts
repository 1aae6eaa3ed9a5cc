import type { Client } from '@temporalio/client';
import { ApiError } from '../http/errors';
import type { EventSubscriber } from '../events/dispatcher';
import { invoicePaidSignal } from '../../workflows/billing/subscription.contract';
import type { Invoice } from './subscription.entity';
import { markInvoicePaid } from './sandbox-billing.service';
import { signalSubscription } from './subscription-workflow.client';

/**
 * A send_invoice invoice paid through its payment link: when its checkout session is paid
 * (`checkout.session.paid`), the invoice becomes paid (invoice.paid, in the dispatch
 * transaction, with the paying transaction as `lastTransactionId`) and its workflow is told
 * (`invoicePaid`), which advances the cycle. A void or uncollectible invoice stays as it is
 * (the buyer's money is then the merchant's to refund). Idempotent: a paid invoice is left alone.
 */
export function invoicePaymentSubscriber(temporal: Client, dispatchSoon: (eventIds: string[]) => void): EventSubscriber {
  return {
    name: 'invoice-payments',
    async handle(em, event) {
      if (event.type !== 'checkout.session.paid' || !event.entityId) return;
      const [invoice] = await em.execute<{ id: string; status: Invoice['status'] }[]>(`select id, status from billing_invoices where checkout_session_id = ?`, [event.entityId]);
      if (!invoice || invoice.status === 'paid') return;
      const [txn] = await em.execute<{ id: string }[]>(
        `select id from transactions where company_id = ? and metadata->>'checkoutSessionId' = ? and status = 'paid' order by created_at desc limit 1`,
        [event.companyId, event.entityId],
      );
      try {
        const { invoice: paid, events } = await markInvoicePaid(em, null, invoice.id, new Date(), txn?.id ?? null);
        await em.flush();
        return async () => {
          dispatchSoon(events.map((e) => e.id));
          await signalSubscription(temporal, paid.subscriptionId, invoicePaidSignal, { invoiceId: paid.id });
        };
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return;
        throw err;
      }
    },
  };
}
