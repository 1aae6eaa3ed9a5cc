import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { insertEvents, recordEvent } from '../events/outbox';
import type { EventType } from '../events/catalog';
import type { Event } from '../events/event.entity';
import { newId } from '../shared/ids';
import { Invoice, InvoiceLineItem, type Subscription } from './subscription.entity';
import { invoiceLines, type BillableItem } from './subscription.rules';
import { toInvoiceView } from './subscription.views';
import { cycleDiscountLine, liveDiscounts } from './coupons.service';
import type { ListInvoicesQuery } from './subscriptions.schemas';
import { applyDueChanges, settleWaitingLines, waitingFor, type WaitingLine } from './plan-changes.issue';

export const invoiceEvent = (em: EntityManager, invoice: Invoice, type: EventType): Event =>
  recordEvent(em, { companyId: invoice.companyId, type, entityType: 'invoice', data: toInvoiceView(invoice) });

export interface IssueInvoiceInput {
  cycle: number;
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
  dueAt: string;
}

/** What issuing needs of a subscription (a plain row or the entity). */
export type InvoicedSubscription = Pick<Subscription, 'id' | 'companyId' | 'customerId' | 'currency' | 'collectionMethod'>;

export interface InvoiceToIssue extends IssueInvoiceInput {
  subscription: InvoicedSubscription;
}

export interface IssuedInvoices {
  /** The invoice of each request, in the requests' order: created now, or the one already issued for that (subscription, cycle). */
  invoices: Invoice[];
  /** invoice.issued of each invoice created now (none for one that already existed). */
  eventIds: string[];
}

type ItemRow = BillableItem & { subscription_id: string };

/**
 * Issues the invoices of many (subscription, cycle) pairs at once, set-based: the items of all
 * of them in one statement (their usage in one more when one is metered), the invoices in one
 * `insert … on conflict (subscription_id, cycle) do nothing`, their lines in one and their
 * invoice.issued events in one. The unique (subscription, cycle) key is what makes it exactly
 * once: a retried, crashed or concurrent issue of the same cycle creates nothing and no event,
 * and answers the invoice already there (read in one more statement, only when there is one).
 * Lines are priced by `componentAmount` (subscription.rules `invoiceLines`).
 */
export async function issueInvoices(em: EntityManager, requests: InvoiceToIssue[]): Promise<IssuedInvoices> {
  if (requests.length === 0) return { invoices: [], eventIds: [] };
  const subIds = [...new Set(requests.map((r) => r.subscription.id))];
  // Plan changes first: one due by a cycle issued here changes the items that cycle is priced with.
  const waiting = await waitingFor(em, subIds);
  const lastCycle = new Map<string, number>();
  for (const r of requests) lastCycle.set(r.subscription.id, Math.max(r.cycle, lastCycle.get(r.subscription.id) ?? r.cycle));
  const changeEventIds = waiting.changes.size > 0 ? await applyDueChanges(em, waiting, lastCycle, new Date(requests[0].issuedAt)) : [];
  // Waiting proration lines go on the subscription's first invoice issued here.
  const firstCycle = new Map<string, number>();
  for (const r of requests) firstCycle.set(r.subscription.id, Math.min(r.cycle, firstCycle.get(r.subscription.id) ?? r.cycle));
  const itemRows = await em.execute<Array<Record<string, unknown>>>(
    `select subscription_id, id, kind, description, quantity, quantity_included, billing_scheme, amount, tiers, package_size, meter_id
       from billing_subscription_items where subscription_id = any(array(select jsonb_array_elements_text(?::jsonb))) and deleted_at is null order by subscription_id, id`,
    [JSON.stringify(subIds)],
  );
  const items = new Map<string, ItemRow[]>();
  for (const r of itemRows) {
    const item: ItemRow = {
      subscription_id: r.subscription_id as string,
      id: r.id as string,
      kind: r.kind as BillableItem['kind'],
      description: r.description as string,
      quantity: Number(r.quantity),
      quantityIncluded: Number(r.quantity_included),
      billingScheme: r.billing_scheme as BillableItem['billingScheme'],
      amount: Number(r.amount),
      tiers: (r.tiers as BillableItem['tiers']) ?? null,
      packageSize: r.package_size === null ? null : Number(r.package_size),
      meterId: (r.meter_id as string | null) ?? null,
    };
    const list = items.get(item.subscription_id) ?? [];
    list.push(item);
    items.set(item.subscription_id, list);
  }
  const usage = await usageOf(em, requests, (r) => items.get(r.subscription.id)?.some((i) => i.billingScheme === 'metered') ?? false);
  const discounts = await liveDiscounts(em, subIds);

  const now = new Date();
  const drafts = requests.map((r, n) => {
    const priced = invoiceLines(items.get(r.subscription.id) ?? [], r.cycle, usage[n] ?? {});
    // The subscription's coupon, when its discount covers this cycle: a negative line, never more than the subtotal.
    const discount = cycleDiscountLine(discounts.get(r.subscription.id), r.cycle, priced.reduce((a, l) => a + l.amount, 0));
    const waitingLines: WaitingLine[] = firstCycle.get(r.subscription.id) === r.cycle ? (waiting.lines.get(r.subscription.id) ?? []) : [];
    const prorations = waitingLines.map((l) => ({ subscriptionItemId: null, kind: 'proration' as const, description: l.description, quantity: 1, amount: l.amount }));
    const lines = [...priced, ...(discount ? [discount] : []), ...prorations];
    // A credit beyond this invoice waits for the next one: the invoice stops at 0.
    const beyond = Math.min(0, lines.reduce((a, l) => a + l.amount, 0));
    if (beyond < 0) lines.push({ subscriptionItemId: null, kind: 'proration', description: 'Credit carried to the next invoice', quantity: 1, amount: -beyond });
    const invoice = Object.assign(new Invoice(), {
      id: newId('inv'),
      createdAt: now,
      updatedAt: now,
      companyId: r.subscription.companyId,
      subscriptionId: r.subscription.id,
      customerId: r.subscription.customerId,
      cycle: r.cycle,
      status: 'open' as const,
      currency: r.subscription.currency,
      total: lines.reduce((a, l) => a + l.amount, 0),
      discountAmount: discount ? -discount.amount : 0,
      collectionMethod: r.subscription.collectionMethod,
      periodStart: new Date(r.periodStart),
      periodEnd: new Date(r.periodEnd),
      issuedAt: new Date(r.issuedAt),
      dueAt: new Date(r.dueAt),
    });
    return { invoice, lines, waitingLines, beyond };
  });

  const inserted = await em.execute<Array<{ id: string }>>(
    `insert into billing_invoices (id, created_at, updated_at, company_id, subscription_id, customer_id, cycle, status, currency, total, discount_amount, collection_method, period_start, period_end, issued_at, due_at, attempt_count)
     select id, ?::timestamptz, ?::timestamptz, company_id, subscription_id, customer_id, cycle, 'open', currency, total, discount_amount, collection_method, period_start, period_end, issued_at, due_at, 0
       from jsonb_to_recordset(?::jsonb) as r(id text, company_id text, subscription_id text, customer_id text, cycle int, currency text, total bigint, discount_amount bigint, collection_method text, period_start timestamptz, period_end timestamptz, issued_at timestamptz, due_at timestamptz)
     on conflict (subscription_id, cycle) do nothing returning id`,
    [
      now,
      now,
      JSON.stringify(
        drafts.map(({ invoice: i }) => ({
          id: i.id,
          company_id: i.companyId,
          subscription_id: i.subscriptionId,
          customer_id: i.customerId,
          cycle: i.cycle,
          currency: i.currency,
          total: i.total,
          discount_amount: i.discountAmount,
          collection_method: i.collectionMethod,
          period_start: i.periodStart.toISOString(),
          period_end: i.periodEnd.toISOString(),
          issued_at: i.issuedAt.toISOString(),
          due_at: i.dueAt.toISOString(),
        })),
      ),
    ],
  );
  const created = new Set(inserted.map((r) => r.id));
  const fresh = drafts.filter((d) => created.has(d.invoice.id));
  const lines = fresh.flatMap(({ invoice, lines }) =>
    // Line ids derive from the invoice id: lines are never addressed on their own.
    lines.map((l, n) => ({ id: `${invoice.id}_${n + 1}`, invoice_id: invoice.id, subscription_item_id: l.subscriptionItemId, kind: l.kind, description: l.description, quantity: l.quantity, amount: l.amount, period_start: invoice.periodStart.toISOString(), period_end: invoice.periodEnd.toISOString() })),
  );
  if (lines.length > 0) {
    await em.execute(
      `insert into billing_invoice_line_items (id, created_at, updated_at, invoice_id, subscription_item_id, kind, description, quantity, amount, period_start, period_end)
       select id, ?::timestamptz, ?::timestamptz, invoice_id, subscription_item_id, kind, description, quantity, amount, period_start, period_end
         from jsonb_to_recordset(?::jsonb) as r(id text, invoice_id text, subscription_item_id text, kind text, description text, quantity int, amount bigint, period_start timestamptz, period_end timestamptz)`,
      [now, now, JSON.stringify(lines)],
    );
  }
  await settleWaitingLines(
    em,
    fresh.flatMap(({ invoice, waitingLines }) => waitingLines.map((l) => ({ id: l.id, invoiceId: invoice.id }))),
    fresh.filter((d) => d.beyond < 0).map(({ invoice, beyond }) => ({ companyId: invoice.companyId, subscriptionId: invoice.subscriptionId, amount: beyond, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd })),
  );
  const issuedIds = await insertEvents(em, fresh.map(({ invoice }) => ({ companyId: invoice.companyId, type: 'invoice.issued' as const, entityType: 'invoice', data: toInvoiceView(invoice) })));

  const already = drafts.filter((d) => !created.has(d.invoice.id));
  const existing = new Map<string, Invoice>();
  if (already.length > 0) {
    const found = await em.find(Invoice, { $or: already.map((d) => ({ subscriptionId: d.invoice.subscriptionId, cycle: d.invoice.cycle })) });
    for (const i of found) existing.set(`${i.subscriptionId}:${i.cycle}`, i);
  }
  const invoices = drafts.map(({ invoice }) => (created.has(invoice.id) ? invoice : existing.get(`${invoice.subscriptionId}:${invoice.cycle}`)!));
  return { invoices, eventIds: [...changeEventIds, ...issuedIds] };
}

/** Usage per meter reported in each metered request's period, in the requests' order (one statement for all, none without one). */
async function usageOf(em: EntityManager, requests: InvoiceToIssue[], metered: (r: InvoiceToIssue) => boolean): Promise<Array<Record<string, number>>> {
  const out = requests.map(() => ({}) as Record<string, number>);
  const asked = requests.flatMap((r, n) => (metered(r) ? [{ n, subscription_id: r.subscription.id, period_start: r.periodStart, period_end: r.periodEnd }] : []));
  if (asked.length === 0) return out;
  const rows = await em.execute<Array<{ n: number; meter_id: string; total: string }>>(
    `select p.n, u.meter_id, sum(u.quantity)::text as total
       from jsonb_to_recordset(?::jsonb) as p(n int, subscription_id text, period_start timestamptz, period_end timestamptz)
       join billing_usage_records u on u.subscription_id = p.subscription_id and u.timestamp >= p.period_start and u.timestamp < p.period_end
      group by p.n, u.meter_id`,
    [JSON.stringify(asked)],
  );
  for (const r of rows) out[r.n][r.meter_id] = Number(r.total);
  return out;
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
  const page = await creationPage(em, Invoice, { companyId }, q, 'desc', 'Invoice');
  const [found, total] = await em.findAndCount(Invoice, page.where(where), page.options);
  const invoices = page.inListOrder(found);
  return { invoices, total };
}

export async function invoiceLineItems(em: EntityManager, companyId: string, invoiceId: string): Promise<InvoiceLineItem[]> {
  await getInvoice(em, companyId, invoiceId);
  return em.find(InvoiceLineItem, { invoiceId }, { orderBy: { id: 'asc' } });
}
