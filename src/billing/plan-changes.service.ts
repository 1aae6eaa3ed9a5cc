import type { EntityManager } from '@mikro-orm/postgresql';
import { DriverException } from '@mikro-orm/core';
import { badRequest, bodyIdNotFound, conflict, notFound } from '../http/errors';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import { newId } from '../shared/ids';
import { PlanItem, Price } from './plan.entity';
import { Invoice, Subscription, SubscriptionItem } from './subscription.entity';
import { billedItemOf, getSubscription, planItems, sameCadence } from './subscriptions.service';
import { toSubscriptionView } from './subscription.views';
import { nextUninvoicedCycle, cycleDiscountLine, liveDiscounts } from './coupons.service';
import { invoiceLines, isFinished } from './subscription.rules';
import { arrearsProrationLines, changedItemOf, cycleAmount, prorationLines, type ChangedItem, type ProrationLine } from './plan-changes.rules';
import { PendingInvoiceItem, PlanChange } from './plan-changes.entity';
import type { PlanChangeInput } from './plan-changes.schemas';

const invalid = (path: string, message: string) => badRequest('validation_failed', `${path}: ${message}`, [{ path, message }]);


const fromPrice = (price: Price): Pick<ChangedItem, 'priceId' | 'billingScheme' | 'amount' | 'tiers' | 'packageSize' | 'meterId'> => ({
  priceId: price.id,
  billingScheme: price.billingScheme,
  amount: price.amount,
  tiers: price.tiers,
  packageSize: price.packageSize,
  meterId: price.meterId,
});

/** A price the change names: this component's, not archived, in the subscription's currency and cadence. */
async function chosenPrice(em: EntityManager, s: Subscription, component: PlanItem, priceId: string, path: string): Promise<Price> {
  const price = await em.findOne(Price, { id: priceId, companyId: s.companyId });
  if (!price) throw bodyIdNotFound(path, 'Price');
  if (price.planItemId !== component.id) throw invalid(path, `Not a price of component '${component.key}'`);
  if (price.archivedAt) throw invalid(path, 'The price is archived');
  if (price.currency !== s.currency) throw invalid(path, `The price is in ${price.currency}; the subscription is billed in ${s.currency}`);
  if (component.kind === 'recurring' && !sameCadence(price.recurrence, s.recurrence)) throw invalid(path, 'The price bills on another cadence than the subscription');
  return price;
}

/**
 * The items after the change. With `planId`: that plan's items as a new subscription would have
 * them (its required components, the named ones added or set). Without: the current items, the
 * named components of the current plan set (quantity, price) or added. Recurring items keep the
 * subscription's cadence and currency (400 otherwise).
 */
async function itemsAfter(em: EntityManager, s: Subscription, current: ChangedItem[], body: PlanChangeInput): Promise<{ planId: string | null; items: ChangedItem[] }> {
  const planId = body.planId ?? s.planId;
  if (!planId) throw conflict('subscription_not_on_plan', 'A subscription of standalone items has no plan to change; create a new subscription');
  const components = await em.find(PlanItem, { planId, companyId: s.companyId, deletedAt: null });
  let items: ChangedItem[];
  if (body.planId) {
    const drafts = await planItems(em, s.companyId, { planId: body.planId, items: body.items?.map(({ planItemId, planItemKey, quantity }) => ({ planItemId, planItemKey, quantity })) }, s.currency);
    items = drafts.map(billedItemOf);
  } else {
    items = current.map((i) => ({ ...i }));
  }
  for (const [n, it] of (body.items ?? []).entries()) {
    const component = components.find((c) => (it.planItemId ? c.id === it.planItemId : c.key === it.planItemKey));
    if (!component) throw invalid(`items[${n}]`, 'Not a live component of the plan');
    let item = items.find((i) => i.planItemId === component.id);
    if (!item) {
      const price = await em.findOne(Price, { planItemId: component.id, currency: s.currency, isCurrent: true, archivedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' } });
      if (!price && !it.priceId) throw invalid(`items[${n}]`, `Component '${component.key}' has no current price in ${s.currency}`);
      item = { planItemId: component.id, kind: component.kind, description: component.name, quantity: component.quantityDefault, quantityIncluded: component.quantityIncluded, ...fromPrice(price!) };
      items.push(item);
    }
    if (it.priceId) Object.assign(item, fromPrice(await chosenPrice(em, s, component, it.priceId, `items[${n}].priceId`)));
    if (it.quantity !== undefined) item.quantity = it.quantity;
  }
  for (const i of items) {
    if (i.kind !== 'recurring' || !i.priceId) continue;
    const price = await em.findOneOrFail(Price, { id: i.priceId });
    if (!sameCadence(price.recurrence, s.recurrence)) throw invalid('planId', 'The new items bill on another cadence than the subscription; a change keeps its cadence');
  }
  if (JSON.stringify({ p: planId, i: items }) === JSON.stringify({ p: s.planId, i: current })) throw invalid('items', 'The change changes nothing');
  return { planId, items };
}

/** The period the subscription is in, already billed (prepaid) or to be billed at its end (postpaid); null when none is running (trial, incomplete). */
async function currentPeriod(em: EntityManager, s: Subscription, now: Date): Promise<{ start: Date; end: Date } | null> {
  if (s.status === 'trialing' || s.status === 'incomplete') return null;
  const last = await em.findOne(Invoice, { subscriptionId: s.id, status: { $ne: 'void' } }, { orderBy: { cycle: 'desc' } });
  const period =
    s.recurrence.collectionTiming === 'prepaid'
      ? last && { start: last.periodStart, end: last.periodEnd }
      : s.nextInvoiceAt && { start: last?.periodEnd ?? s.scheduleStart ?? s.trialEndsAt ?? s.startedAt, end: s.nextInvoiceAt };
  return period && period.start <= now && now < period.end ? period : null;
}

/** The first invoice cycle billed with the items of a change at the end of this cycle. */
async function cycleEndOf(em: EntityManager, s: Subscription): Promise<number> {
  const next = await nextUninvoicedCycle(em, s.id);
  // Postpaid: the cycle running now is invoiced at its end, with the items it was served with.
  if (s.recurrence.collectionTiming === 'prepaid' || (next === 0 && s.status === 'trialing')) return next;
  return next + 1;
}

interface Planned {
  subscription: Subscription;
  current: ChangedItem[];
  planId: string | null;
  items: ChangedItem[];
  lines: ProrationLine[];
  period: { start: Date; end: Date } | null;
  fromCycle: number | null;
}

/**
 * What a change would do, checked: a live subscription, not upfront (its invoices are all issued),
 * no invoice being collected (one past due, or an open one charged automatically), no change
 * pending; the proration of a `now` change over the current period.
 */
async function plan(em: EntityManager, s: Subscription, body: PlanChangeInput, now: Date): Promise<Planned> {
  if (isFinished(s.status)) throw conflict('subscription_already_canceled', `The subscription is ${s.status}`);
  if (s.invoiceGenerationMode === 'upfront') throw conflict('subscription_not_changeable', 'An upfront subscription’s invoices are all issued; its items cannot change');
  const collecting = await em.count(Invoice, { subscriptionId: s.id, $or: [{ status: 'past_due' }, ...(s.collectionMethod === 'charge_automatically' ? [{ status: 'open' as const }] : [])] });
  if (collecting > 0) throw conflict('invoice_collection_in_progress', 'An invoice of this subscription is being collected; change it once that invoice is paid or closed');
  if ((await em.count(PlanChange, { subscriptionId: s.id, status: 'pending' })) > 0) throw conflict('plan_change_pending', 'A change is scheduled for the end of the cycle; cancel it first');
  const current = (await em.find(SubscriptionItem, { subscriptionId: s.id, deletedAt: null }, { orderBy: { id: 'asc' } })).map(changedItemOf);
  const { planId, items } = await itemsAfter(em, s, current, body);
  if (body.effective === 'cycle_end') return { subscription: s, current, planId, items, lines: [], period: null, fromCycle: await cycleEndOf(em, s) };
  const period = body.prorationBehavior === 'none' ? null : await currentPeriod(em, s, now);
  const rule = s.recurrence.collectionTiming === 'prepaid' ? prorationLines : arrearsProrationLines;
  const lines = period ? rule({ periodStart: period.start, periodEnd: period.end, at: now, oldAmount: cycleAmount(current), newAmount: cycleAmount(items) }) : [];
  return { subscription: s, current, planId, items, lines, period, fromCycle: null };
}

/** Takes the subscription's row for a change, or 409 when another request holds it (two changes at once: one wins). */
async function lockForChange(em: EntityManager, companyId: string, id: string): Promise<Subscription> {
  try {
    const rows = await em.execute(`select id from billing_subscriptions where id = ? and company_id = ? for update nowait`, [id, companyId]);
    if (rows.length === 0) throw notFound('Subscription');
  } catch (err) {
    if (err instanceof DriverException && (err as DriverException & { code?: string }).code === '55P03') throw conflict('subscription_busy', 'Another change of this subscription is under way; retry');
    throw err;
  }
  return em.findOneOrFail(Subscription, { id, companyId }, { refresh: true });
}

/** Replaces a subscription's live items by `items` (the old ones archived) and sets its plan. */
export async function replaceItems(em: EntityManager, s: Pick<Subscription, 'id' | 'companyId'>, items: ChangedItem[], at: Date): Promise<SubscriptionItem[]> {
  await em.nativeUpdate(SubscriptionItem, { subscriptionId: s.id, deletedAt: null }, { deletedAt: at, updatedAt: at });
  const taken = await em.count(SubscriptionItem, { subscriptionId: s.id }, { filters: false });
  const made = items.map((i, n) => em.create(SubscriptionItem, { ...i, id: `${s.id}_i${taken + n + 1}`, companyId: s.companyId, subscriptionId: s.id, createdAt: at, updatedAt: at }));
  em.persist(made);
  return made;
}

export const toPlanChangeView = (c: PlanChange) => ({
  id: c.id,
  subscriptionId: c.subscriptionId,
  status: c.status,
  effective: c.effective,
  prorationBehavior: c.prorationBehavior,
  fromCycle: c.fromCycle,
  planId: c.planId,
  items: c.items,
  previous: c.previous,
  prorationLines: c.prorationLines,
  appliedAt: c.appliedAt?.toISOString() ?? null,
  canceledAt: c.canceledAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});

/** subscription.updated of an applied change: the subscription, its items and what they were (`previousAttributes`). */
export const updatedEventData = (s: Subscription, change: PlanChange) => ({
  ...toSubscriptionView(s),
  items: change.items,
  previousAttributes: change.previous,
  planChange: toPlanChangeView(change),
});

/**
 * Changes a subscription's plan, prices or quantities. `now`: the items change at once and the
 * proration lines wait for the next invoice (subscription.updated). `cycle_end`: stored pending,
 * applied by the issue of the invoice of `fromCycle` (subscription.plan_change_scheduled).
 */
export async function changePlan(em: EntityManager, companyId: string, id: string, body: PlanChangeInput, now = new Date()): Promise<{ change: PlanChange; events: Event[] }> {
  const s = await lockForChange(em, companyId, id);
  const p = await plan(em, s, body, now);
  const change = em.create(PlanChange, {
    id: newId('sch'),
    companyId,
    subscriptionId: s.id,
    status: body.effective === 'now' ? 'applied' : 'pending',
    effective: body.effective,
    prorationBehavior: body.prorationBehavior,
    fromCycle: p.fromCycle,
    planId: p.planId,
    items: p.items,
    previous: { planId: s.planId, items: p.current },
    prorationLines: p.lines,
    appliedAt: body.effective === 'now' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  if (body.effective === 'cycle_end') {
    await em.flush();
    return { change, events: [recordEvent(em, { companyId, type: 'subscription.plan_change_scheduled', entityType: 'subscription', data: { ...toSubscriptionView(s), planChange: toPlanChangeView(change) } })] };
  }
  await replaceItems(em, s, p.items, now);
  s.planId = p.planId;
  for (const line of p.lines) {
    em.create(PendingInvoiceItem, { id: newId('ii'), companyId, subscriptionId: s.id, planChangeId: change.id, kind: 'proration', description: line.description, amount: line.amount, periodStart: now, periodEnd: p.period!.end });
  }
  await em.flush();
  return { change, events: [recordEvent(em, { companyId, type: 'subscription.updated', entityType: 'subscription', data: updatedEventData(s, change) })] };
}

/** What a change would do, changing nothing: its proration lines and the next invoice. */
export async function previewPlanChange(em: EntityManager, companyId: string, id: string, body: PlanChangeInput, now = new Date()) {
  const s = await getSubscription(em, companyId, id);
  const p = await plan(em, s, body, now);
  const cycle = await nextUninvoicedCycle(em, s.id);
  const applies = body.effective === 'now' || (p.fromCycle ?? Infinity) <= cycle;
  const items = (applies ? p.items : p.current).map((i, n) => ({ ...i, id: `item_${n}` }));
  const priced = invoiceLines(items, cycle, {});
  const pending = await em.find(PendingInvoiceItem, { subscriptionId: s.id, invoiceId: null }, { orderBy: { id: 'asc' } });
  const subtotal = priced.reduce((a, l) => a + l.amount, 0);
  const discount = cycleDiscountLine((await liveDiscounts(em, [s.id])).get(s.id), cycle, subtotal);
  const lines = [
    ...priced.map((l) => ({ kind: l.kind as string, description: l.description, quantity: l.quantity, amount: l.amount })),
    ...(discount ? [{ kind: 'discount', description: discount.description, quantity: 1, amount: discount.amount }] : []),
    ...[...pending, ...p.lines].map((l) => ({ kind: 'proration', description: l.description, quantity: 1, amount: l.amount })),
  ];
  const prorationAmount = p.lines.reduce((a, l) => a + l.amount, 0);
  return {
    prorationLines: p.lines,
    prorationAmount,
    nextInvoice: {
      cycle,
      issuesAt: s.nextInvoiceAt?.toISOString() ?? null,
      lines,
      discountAmount: discount ? -discount.amount : 0,
      // A credit beyond the invoice is carried to the one after it (never a negative total).
      total: Math.max(0, lines.reduce((a, l) => a + l.amount, 0)),
    },
  };
}

export async function listPlanChanges(em: EntityManager, companyId: string, id: string): Promise<PlanChange[]> {
  await getSubscription(em, companyId, id);
  return em.find(PlanChange, { subscriptionId: id, companyId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

/** Cancels a pending change (subscription.plan_change_canceled); 409 once it applied or was canceled. */
export async function cancelPlanChange(em: EntityManager, companyId: string, id: string, changeId: string, now = new Date()): Promise<{ change: PlanChange; events: Event[] }> {
  const s = await getSubscription(em, companyId, id);
  const change = await em.findOne(PlanChange, { id: changeId, subscriptionId: s.id, companyId });
  if (!change) throw notFound('Plan change');
  // Conditional: the issue applying it at the same moment (same condition) leaves one of the two.
  const taken = await em.execute(`update billing_plan_changes set status = 'canceled', canceled_at = ?, updated_at = ? where id = ? and status = 'pending' returning id`, [now, now, change.id]);
  await em.refresh(change);
  if (taken.length === 0) throw conflict('plan_change_not_pending', `The change is ${change.status}`);
  return { change, events: [recordEvent(em, { companyId, type: 'subscription.plan_change_canceled', entityType: 'subscription', data: { ...toSubscriptionView(s), planChange: toPlanChangeView(change) } })] };
}

