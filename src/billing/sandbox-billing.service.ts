import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../http/errors';
import type { Event } from '../events/event.entity';
import { getInvoice, invoiceEvent } from './invoices.service';
import type { Invoice } from './subscription.entity';

/**
 * A send_invoice invoice paid outside the card charger: by its payment link (a paid checkout
 * session, `transactionId` its paying transaction) or, in the sandbox, by
 * `POST /sandbox/invoices/:id/pay`. Open or past_due → paid (invoice.paid); the caller tells the
 * workflow, which advances the cycle. Paying a paid invoice again answers it unchanged; a void
 * or uncollectible one is 409 invoice_not_payable.
 */
export async function markInvoicePaid(em: EntityManager, companyId: string | null, id: string, now = new Date(), transactionId: string | null = null): Promise<{ invoice: Invoice; events: Event[] }> {
  const invoice = await getInvoice(em, companyId, id, true);
  if (invoice.status === 'paid') return { invoice, events: [] };
  if (transactionId) invoice.lastTransactionId = transactionId;
  if (invoice.status !== 'open' && invoice.status !== 'past_due') throw conflict('invoice_not_payable', `The invoice is ${invoice.status}`);
  invoice.status = 'paid';
  invoice.paidAt = now;
  invoice.nextAttemptAt = null;
  return { invoice, events: [invoiceEvent(em, invoice, 'invoice.paid')] };
}
