import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { EventSubscriber } from '../events/dispatcher';
import { isPortalCardReference } from './portal-payments.rules';
import { recordInvoiceTransactionPayment } from './portal-payments.service';

type TransactionData = { referenceCode?: string; amount?: number; metadata?: Record<string, unknown> };

/**
 * A transaction the payer made for an invoice, told apart by its reference code (`isPayment`):
 * its `transaction.paid` pays the invoice (`recordInvoiceTransactionPayment`). A payment already
 * recorded (by the request that made it) is known and left alone.
 */
export function invoiceTransactionSubscriber(
  name: string,
  isPayment: (invoiceId: string, referenceCode: string | undefined) => boolean,
  deps: { temporal: Client; config: Config },
  dispatchSoon: (eventIds: string[]) => void,
): EventSubscriber {
  return {
    name,
    async handle(em, event) {
      if (event.type !== 'transaction.paid' || !event.entityId) return;
      const data = (event.payload as { data?: TransactionData }).data ?? {};
      const invoiceId = data.metadata?.invoiceId;
      if (typeof invoiceId !== 'string' || !isPayment(invoiceId, data.referenceCode)) return;
      const recorded = await recordInvoiceTransactionPayment(em, deps.config, invoiceId, { transactionId: event.entityId, amount: data.amount ?? 0 });
      if (!recorded) return;
      return async () => {
        dispatchSoon(recorded.eventIds);
        await recorded.after(deps.temporal);
      };
    },
  };
}

/**
 * A portal card payment decided after its request (by its transaction workflow, when the card
 * could not be decided at once): its `transaction.paid` pays the invoice as the request would
 * have.
 */
export const portalCardPaymentSubscriber = (deps: { temporal: Client; config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber =>
  invoiceTransactionSubscriber('portal-card-payments', isPortalCardReference, deps, dispatchSoon);
