import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../events/event.entity';
import { recordEvent } from '../events/outbox';
import { getInvoice, invoiceEvent } from './invoices.service';
import type { InvoicePaymentMethod } from './invoice-payment.rules';
import { markInvoicePaid } from './sandbox-billing.service';
import type { Invoice } from './subscription.entity';
import { toInvoiceView } from './subscription.views';

export type InvoicePaymentOutcome =
  | { kind: 'paid'; invoice: Invoice; events: Event[] }
  | { kind: 'overpaid'; invoice: Invoice; events: Event[] }
  | { kind: 'known'; invoice: Invoice };

/**
 * A paid transaction of an invoice's own ways of paying (its payment link or its bolepix),
 * recorded on the locked invoice: an open or past_due invoice becomes paid by it; a payment of an
 * invoice already paid by another transaction, or void, or uncollectible, is an **overpayment**
 * (added to `overpayments`, `invoice.overpaid`): the invoice is paid exactly once and the
 * merchant refunds the extra money through the refunds API. A transaction already recorded
 * either way is known (a redelivered event).
 */
export async function recordInvoicePayment(em: EntityManager, invoiceId: string, payment: { transactionId: string | null; amount: number }, now = new Date()): Promise<InvoicePaymentOutcome> {
  const invoice = await getInvoice(em, null, invoiceId, true);
  const known = invoice.status === 'paid' && invoice.lastTransactionId === payment.transactionId;
  if (known || invoice.overpayments.some((o) => o.transactionId === payment.transactionId)) return { kind: 'known', invoice };
  if (invoice.status === 'open' || invoice.status === 'past_due') {
    const paid = await markInvoicePaid(em, null, invoiceId, now, payment.transactionId);
    return { kind: 'paid', ...paid };
  }
  // Without its transaction (none found paid) there is nothing to name: the invoice stays as it is.
  if (!payment.transactionId) return { kind: 'known', invoice };
  invoice.overpayments = [...invoice.overpayments, { transactionId: payment.transactionId, amount: payment.amount, at: now.toISOString() }];
  return { kind: 'overpaid', invoice, events: [invoiceEvent(em, invoice, 'invoice.overpaid')] };
}

/** `invoice.payment_attempted`: the invoice as it stands, and how the attempt was made (`method`). */
export const paymentAttemptedEvent = (em: EntityManager, invoice: Invoice, method: InvoicePaymentMethod): Event =>
  recordEvent(em, { companyId: invoice.companyId, type: 'invoice.payment_attempted', entityType: 'invoice', data: { ...toInvoiceView(invoice), method } });
