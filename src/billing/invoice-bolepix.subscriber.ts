import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { EventSubscriber } from '../events/dispatcher';
import { cancelSessionSignal } from '../../workflows/checkout/checkout-session.contract';
import { invoicePaidSignal } from '../../workflows/billing/subscription.contract';
import { cancelTransactionSignal } from '../../workflows/payments/transaction.contract';
import { signalSessionWorkflow } from '../checkout/checkout-session-workflow.client';
import { cancelSession, sessionUrls } from '../checkout/checkout-sessions.service';
import { signalTransactionWorkflow } from '../payments/transaction-workflow.client';
import { ApiError } from '../http/errors';
import type { InvoiceBolepix } from './bolepix.rules';
import { bolepixReference } from './invoice-bolepix.service';
import { recordInvoicePayment } from './invoice-payment.service';
import { signalSubscription } from './subscription-workflow.client';

type TransactionData = { referenceCode?: string; amount?: number; metadata?: Record<string, unknown> };

/**
 * An invoice's bolepix paid (by the boleto or its Pix QR: `transaction.paid` of the transaction
 * `<inv_id>-bolepix`) pays the invoice once (`recordInvoicePayment`: paid, or an overpayment when
 * its payment link paid it first), tells its workflow (`invoicePaid`) and cancels the payment
 * link's checkout session, so the buyer cannot pay it a second time there. An invoice voided
 * (`invoice.voided`) with a bolepix cancels the bolepix's transaction (the boleto written off at
 * the issuer, its cobv removed). Repeats are harmless: a known payment is left alone, a canceled
 * session or transaction answers as it is.
 */
export function invoiceBolepixSubscriber(deps: { temporal: Client; config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber {
  return {
    name: 'invoice-bolepix',
    async handle(em, event) {
      if (event.type === 'invoice.voided') {
        const bolepix = (event.payload as { data?: { bolepix?: InvoiceBolepix | null } }).data?.bolepix;
        if (!bolepix) return;
        return async () => {
          await signalTransactionWorkflow(deps, bolepix.transactionId, cancelTransactionSignal, { reason: 'invoice_voided' });
        };
      }
      if (event.type !== 'transaction.paid' || !event.entityId) return;
      const data = (event.payload as { data?: TransactionData }).data ?? {};
      const invoiceId = data.metadata?.invoiceId;
      if (typeof invoiceId !== 'string' || data.referenceCode !== bolepixReference(invoiceId)) return;
      const outcome = await recordInvoicePayment(em, invoiceId, { transactionId: event.entityId, amount: data.amount ?? 0 });
      if (outcome.kind === 'known') return;
      const { invoice } = outcome;
      const closing = outcome.kind === 'paid' && invoice.checkoutSessionId ? await closeSession(em, invoice.companyId, invoice.checkoutSessionId, deps.config) : null;
      await em.flush();
      return async () => {
        dispatchSoon([...outcome.events.map((e) => e.id), ...(closing ? [closing] : [])]);
        if (outcome.kind !== 'paid') return;
        await signalSubscription(deps.temporal, invoice.subscriptionId, invoicePaidSignal, { invoiceId: invoice.id });
        if (closing) await signalSessionWorkflow(deps.temporal, invoice.checkoutSessionId!, (h) => h.signal(cancelSessionSignal));
      };
    },
  };
}

/** The payment link canceled, when it still can be (not paid, not being paid, not expired); its event id. */
export async function closeSession(em: Parameters<EventSubscriber['handle']>[0], companyId: string, sessionId: string, config: Config): Promise<string | null> {
  try {
    const { event } = await cancelSession(em, companyId, sessionId, sessionUrls({ config }));
    return event?.id ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return null;
    throw err;
  }
}
