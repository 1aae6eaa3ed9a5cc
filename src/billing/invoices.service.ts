import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../http/errors';
import { offsetOf } from '../http/pagination';
import { recordEvent } from '../events/outbox';
import type { EventType } from '../events/catalog';
import type { Event } from '../events/event.entity';
import { newId } from '../shared/ids';
import { Invoice, InvoiceLineItem, SubscriptionItem, type Subscription } from './subscription.entity';
import { invoiceLines, type BillableItem } from './subscription.rules';
import { toInvoiceView } from './subscription.views';
import type { ListInvoicesQuery } from './subscriptions.schemas';

export const invoiceEvent = (em: EntityManager, invoice: Invoice, type: EventType): Event =>
  recordEvent(em, { companyId: invoice.companyId, type, entityType: 'invoice', data: toInvoiceView(invoice) });

/** Usage per meter reported in [start, end) for a subscription. */
async function usageInPeriod(em: EntityManager, subscriptionId: string, start: Date, end: Date): Promise<Record<string, number>> {
  const rows: Array<{ meter_id: string; total: string }> = await em.execute(
    `select meter_id, sum(quantity)::text as total from billing_usage_records
      where subscription_id = ? and timestamp >= ? and timestamp < ? group by meter_id`,
    [subscriptionId, start, end],
    'all',
  );
  return Object.fromEntries(rows.map((r) => [r.meter_id, Number(r.total)]));
}

export interface IssueInvoiceInput {
  cycle: number;
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
  dueAt: string;
}

/**
 * The invoice of one cycle, created once (unique per subscription and cycle: a retry finds it)
 * with its lines priced by `componentAmount`, and invoice.issued. Returns it and its events.
 */
export async function issueInvoice(em: EntityManager, sub: Subscription, input: IssueInvoiceInput): Promise<{ invoice: Invoice; events: Event[] }> {
  const existing = await em.findOne(Invoice, { subscriptionId: sub.id, cycle: input.cycle });
  if (existing) return { invoice: existing, events: [] };
  const items = await em.find(SubscriptionItem, { subscriptionId: sub.id, deletedAt: null }, { orderBy: { id: 'asc' } });
  const periodStart = new Date(input.periodStart);
  const periodEnd = new Date(input.periodEnd);
  const usage = await usageInPeriod(em, sub.id, periodStart, periodEnd);
  const lines = invoiceLines(items as BillableItem[], input.cycle, usage);
  const invoice = em.create(Invoice, {
    id: newId('inv'),
    companyId: sub.companyId,
    subscriptionId: sub.id,
    customerId: sub.customerId,
    cycle: input.cycle,
    status: 'open',
    currency: sub.currency,
    total: lines.reduce((a, l) => a + l.amount, 0),
    collectionMethod: sub.collectionMethod,
    periodStart,
    periodEnd,
    issuedAt: new Date(input.issuedAt),
    dueAt: new Date(input.dueAt),
  });
  em.persist(invoice);
  await em.flush(); // the lines reference it
  // Line ids derive from the invoice id: lines are never addressed on their own.
  em.persist(lines.map((l, n) => em.create(InvoiceLineItem, { id: `${invoice.id}_${n + 1}`, invoiceId: invoice.id, ...l, periodStart, periodEnd })));
  return { invoice, events: [invoiceEvent(em, invoice, 'invoice.issued')] };
}

/** Voids every invoice of a subscription still awaiting payment (invoice.voided each). */
export async function voidOpenInvoices(em: EntityManager, subscriptionId: string, at: Date, except: string | null = null): Promise<Event[]> {
  const open = await em.find(Invoice, { subscriptionId, status: { $in: ['open', 'past_due'] } }, { orderBy: { cycle: 'asc' } });
  const events: Event[] = [];
  for (const invoice of open) {
    if (invoice.id === except) continue;
    invoice.status = 'void';
    invoice.voidedAt = at;
    invoice.nextAttemptAt = null;
    events.push(invoiceEvent(em, invoice, 'invoice.voided'));
  }
  return events;
}

export async function getInvoice(em: EntityManager, companyId: string | null, id: string, lock = false): Promise<Invoice> {
  const invoice = await em.findOne(Invoice, companyId ? { id, companyId } : { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

export async function listInvoices(em: EntityManager, companyId: string, q: ListInvoicesQuery): Promise<{ invoices: Invoice[]; total: number }> {
  const where = {
    companyId,
    ...(q.status ? { status: q.status as Invoice['status'] } : {}),
    ...(q.subscriptionId ? { subscriptionId: q.subscriptionId } : {}),
    ...(q.customerId ? { customerId: q.customerId } : {}),
  };
  const [invoices, total] = await em.findAndCount(Invoice, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit, offset: offsetOf(q) });
  return { invoices, total };
}

export async function invoiceLineItems(em: EntityManager, companyId: string, invoiceId: string): Promise<InvoiceLineItem[]> {
  await getInvoice(em, companyId, invoiceId);
  return em.find(InvoiceLineItem, { invoiceId }, { orderBy: { id: 'asc' } });
}
