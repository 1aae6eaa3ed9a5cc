import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../http/errors';
import type { Event } from '../events/event.entity';
import { getInvoice, invoiceEvent } from './invoices.service';
import type { Invoice } from './subscription.entity';

/**
 * Sandbox stand-in for the Pix/boleto payment of a send_invoice invoice: open or past_due →
 * paid (invoice.paid). The workflow is told and advances the cycle. Paying a paid invoice again
 * answers it unchanged; a void or uncollectible one is 409 invoice_not_payable.
 */
export async function markInvoicePaidInSandbox(em: EntityManager, companyId: string, id: string, now = new Date()): Promise<{ invoice: Invoice; events: Event[] }> {
  const invoice = await getInvoice(em, companyId, id, true);
  if (invoice.status === 'paid') return { invoice, events: [] };
  if (invoice.status !== 'open' && invoice.status !== 'past_due') throw conflict('invoice_not_payable', `The invoice is ${invoice.status}`);
  invoice.status = 'paid';
  invoice.paidAt = now;
  invoice.nextAttemptAt = null;
  return { invoice, events: [invoiceEvent(em, invoice, 'invoice.paid')] };
}
