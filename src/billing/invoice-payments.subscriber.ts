import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { EventSubscriber } from '../events/dispatcher';
import { invoicePaidSignal } from '../../workflows/billing/subscription.contract';
import { cancelTransactionSignal } from '../../workflows/payments/transaction.contract';
import { signalTransactionWorkflow } from '../payments/transaction-workflow.client';
import { recordInvoicePayment } from './invoice-payment.service';
import type { Invoice } from './subscription.entity';
import { signalSubscription } from './subscription-workflow.client';

/**
 * A send_invoice invoice paid through its payment link: when its checkout session is paid
 * (`checkout.session.paid`), the invoice becomes paid (invoice.paid, in the dispatch
 * transaction, with the paying transaction as `lastTransactionId`) and its workflow is told
 * (`invoicePaid`), which advances the cycle, and its bolepix (if any) is canceled. An invoice
 * already paid (by its bolepix), void or uncollectible records the session's transaction as an
 * overpayment (`invoice.overpaid`: the merchant refunds it). Idempotent: a known payment is left alone.
 */
export function invoicePaymentSubscriber(temporal: Client, dispatchSoon: (eventIds: string[]) => void, config: Config): EventSubscriber {
  return {
    name: 'invoice-payments',
    async handle(em, event) {
      if (event.type !== 'checkout.session.paid' || !event.entityId) return;
      const [invoice] = await em.execute<{ id: string; status: Invoice['status'] }[]>(`select id, status from billing_invoices where checkout_session_id = ?`, [event.entityId]);
      if (!invoice) return;
      const [txn] = await em.execute<{ id: string; amount: string }[]>(
        `select id, amount from transactions where company_id = ? and metadata->>'checkoutSessionId' = ? and status = 'paid' order by created_at desc limit 1`,
        [event.companyId, event.entityId],
      );
      const outcome = await recordInvoicePayment(em, invoice.id, { transactionId: txn?.id ?? null, amount: Number(txn?.amount ?? 0) });
      if (outcome.kind === 'known') return;
      await em.flush();
      const { invoice: recorded } = outcome;
      return async () => {
        dispatchSoon(outcome.events.map((e) => e.id));
        if (outcome.kind !== 'paid') return;
        await signalSubscription(temporal, recorded.subscriptionId, invoicePaidSignal, { invoiceId: recorded.id });
        if (recorded.bolepix) await signalTransactionWorkflow({ temporal, config }, recorded.bolepix.transactionId, cancelTransactionSignal, { reason: 'invoice_paid' });
      };
    },
  };
}
