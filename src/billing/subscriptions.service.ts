import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, bodyIdNotFound, conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { recordEvent } from '../events/outbox';
import type { EventType } from '../events/catalog';
import type { Event } from '../events/event.entity';
import { Customer } from '../customers/customer.entity';
import { newId } from '../shared/ids';
import { addDays } from './schedule.rules';
import { Plan, PlanItem, Price } from './plan.entity';
import type { Recurrence } from './price.rules';
import { Subscription, SubscriptionItem, UsageRecord } from './subscription.entity';
import { lockRowById } from '../db/row-lock';
import { boundaryAt, dueDateOf, invoiceTimeOf, isFinished, nextWakeOf, rebaseAfterPause, waitedBoundary, type SubscriptionStatus } from './subscription.rules';
import { progressOf } from './subscription-lifecycle.service';
import { customerCard } from './saved-cards.service';
import { issueInvoices, voidOpenInvoices } from './invoices.service';
import { toSubscriptionView } from './subscription.views';
import type { ChangedItem } from './plan-changes.rules';
import type { CreateSubscriptionInput, ListSubscriptionsQuery, ReportUsageInput } from './subscriptions.schemas';

export const subscriptionEvent = (em: EntityManager, s: Subscription, type: EventType): Event =>
  recordEvent(em, { companyId: s.companyId, type, entityType: 'subscription', data: toSubscriptionView(s) });

const invalid = (path: string, message: string) => badRequest('validation_failed', `${path}: ${message}`, [{ path, message }]);

interface ItemDraft {
  planItemId: string | null;
  priceId: string | null;
  kind: 'recurring' | 'activation';
  description: string;
  quantity: number;
  quantityIncluded: number;
  price: Pick<Price, 'billingScheme' | 'amount' | 'tiers' | 'packageSize' | 'meterId'>;
  recurrence: Recurrence | null;
  trialDays: number;
  trialRequiresCard: boolean;
}

/** What an item is billed (its component, price and quantity), as stored on the subscription. */
export const billedItemOf = (d: ItemDraft): ChangedItem => ({
  planItemId: d.planItemId,
  priceId: d.priceId,
  kind: d.kind,
  description: d.description,
  quantity: d.quantity,
  quantityIncluded: d.quantityIncluded,
  billingScheme: d.price.billingScheme,
  amount: d.price.amount,
  tiers: d.price.tiers,
  packageSize: d.price.packageSize,
  meterId: d.price.meterId,
});

export const sameCadence = (a: Recurrence, b: Recurrence) =>
  a.interval === b.interval && a.unit === b.unit && a.anchor === b.anchor && a.anchorDay === b.anchorDay && a.collectionTiming === b.collectionTiming;

/**
 * The items of a plan subscription: every required component, plus the optional ones the
 * body names, each at its current price in the subscription's currency (the newest when a
 * component has several). Recurring items must share one cadence.
 */
export async function planItems(em: EntityManager, companyId: string, body: Pick<CreateSubscriptionInput, 'planId' | 'items'>, currency: string): Promise<ItemDraft[]> {
  const plan = await em.findOne(Plan, { id: body.planId!, companyId });
  if (!plan) throw bodyIdNotFound('planId', 'Plan');
  if (plan.status !== 'active') throw conflict('plan_not_active', `Plan ${plan.id} is ${plan.status}; subscriptions need a published (active) plan`);
  const components = await em.find(PlanItem, { planId: plan.id, deletedAt: null }, { orderBy: { displayOrder: 'asc', id: 'asc' } });
  const chosen = new Map<string, number | undefined>();
  (body.items ?? []).forEach((it, i) => {
    const c = components.find((x) => (it.planItemId ? x.id === it.planItemId : x.key === it.planItemKey));
    if (!c) throw invalid(`items[${i}]`, 'Not a live component of this plan');
    chosen.set(c.id, it.quantity);
  });
  const drafts: ItemDraft[] = [];
  for (const c of components) {
    if (c.optional && !chosen.has(c.id)) continue;
    const price = await em.findOne(Price, { planItemId: c.id, currency, isCurrent: true, archivedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    if (!price) {
      if (chosen.has(c.id)) throw invalid('items', `Component '${c.key}' has no current price in ${currency}`);
      continue; // a required component without a price in this currency is not billed
    }
    drafts.push({
      planItemId: c.id,
      priceId: price.id,
      kind: c.kind,
      description: c.name,
      quantity: chosen.get(c.id) ?? c.quantityDefault,
      quantityIncluded: c.quantityIncluded,
      price,
      recurrence: c.kind === 'recurring' ? price.recurrence : null,
      trialDays: price.trialSpec?.durationDays ?? 0,
      trialRequiresCard: price.trialSpec?.requiresPaymentMethod ?? true,
    });
  }
  // The plan's prices are its state, not the request's: a well-formed request meets a plan it cannot bill.
  if (!drafts.some((d) => d.kind === 'recurring')) throw conflict('plan_not_priced', `Plan ${plan.id} has no recurring component priced in ${currency}`);
  return drafts;
}

function standaloneItems(body: CreateSubscriptionInput): ItemDraft[] {
  const r = body.recurrence!;
  const recurrence: Recurrence = { interval: r.interval, unit: r.unit, anchor: r.anchor, anchorDay: r.anchorDay ?? null, collectionTiming: r.collectionTiming };
  return body.items!.map((it) => ({
    planItemId: null,
    priceId: null,
    kind: 'recurring' as const,
    description: it.description!,
    quantity: it.quantity ?? 1,
    quantityIncluded: 0,
    price: { billingScheme: 'per_unit' as const, amount: it.unitAmount!, tiers: null, packageSize: null, meterId: null },
    recurrence,
    trialDays: 0,
    trialRequiresCard: true,
  }));
}

/** The cadence shared by the recurring items (400 when they differ). */
function cadenceOf(drafts: ItemDraft[]): Recurrence {
  const recurring = drafts.filter((d) => d.recurrence !== null);
  const first = recurring[0].recurrence!;
  if (!recurring.every((d) => sameCadence(d.recurrence!, first))) throw invalid('items', 'The chosen components bill on different cadences; one subscription has one cadence');
  return first;
}

/**
 * Creates a subscription, its items and (upfront mode) all its invoices in the caller's
 * transaction, with subscription.created (and .activated when it starts active). The caller
 * starts its workflow after commit.
 *
 * Status: `incomplete` when it charges automatically and has no saved card (unless a trial
 * that does not require one runs first), else `trialing` during a trial, else `active`.
 */
export async function createSubscription(em: EntityManager, companyId: string, body: CreateSubscriptionInput, now = new Date()): Promise<{ subscription: Subscription; eventIds: string[] }> {
  const customer = await em.findOne(Customer, { id: body.customerId, companyId });
  if (!customer) throw bodyIdNotFound('customerId', 'Customer');
  if (customer.deletedAt) throw conflict('customer_deleted', 'A deleted customer cannot subscribe');
  const currency = body.currency ?? 'BRL';
  const drafts = body.planId ? await planItems(em, companyId, body, currency) : standaloneItems(body);
  const recurrence = cadenceOf(drafts);
  if (body.defaultPaymentMethodRef) await customerCard(em, companyId, customer.id, body.defaultPaymentMethodRef);
  if (body.invoiceGenerationMode === 'upfront' && drafts.some((d) => d.price.billingScheme === 'metered')) {
    throw invalid('invoiceGenerationMode', 'Metered usage cannot be invoiced upfront');
  }

  const trialDays = Math.max(0, ...drafts.filter((d) => d.kind === 'recurring').map((d) => d.trialDays));
  const trialRequiresCard = drafts.some((d) => d.trialDays > 0 && d.trialRequiresCard);
  const startedAt = now.toISOString();
  const trialEndsAt = trialDays > 0 ? addDays(startedAt, trialDays) : null;
  const needsCard = body.collectionMethod === 'charge_automatically' && !body.defaultPaymentMethodRef;
  const status: SubscriptionStatus = needsCard && (!trialEndsAt || trialRequiresCard) ? 'incomplete' : trialEndsAt ? 'trialing' : 'active';
  const schedule = { start: trialEndsAt ?? startedAt, baseCycle: 0 };

  const subscription = em.create(Subscription, {
    id: newId('sub'),
    companyId,
    customerId: customer.id,
    planId: body.planId ?? null,
    status,
    currency,
    collectionMethod: body.collectionMethod,
    defaultPaymentMethodRef: body.defaultPaymentMethodRef ?? null,
    invoiceGenerationMode: body.invoiceGenerationMode,
    maxCycles: body.maxCycles ?? null,
    recurrence,
    startedAt: now,
    trialEndsAt: trialEndsAt ? new Date(trialEndsAt) : null,
    nextInvoiceAt: new Date(invoiceTimeOf(schedule, recurrence, 0)),
    metadata: body.metadata ?? {},
    lateFees: body.lateFees ?? null,
  });
  em.persist(subscription);
  em.persist(
    drafts.map((d, n) =>
      em.create(SubscriptionItem, {
        // Item ids derive from the subscription's: an item only exists within it.
        id: `${subscription.id}_i${n + 1}`,
        companyId,
        subscriptionId: subscription.id,
        ...billedItemOf(d),
      }),
    ),
  );
  await em.flush();

  const eventIds = [subscriptionEvent(em, subscription, 'subscription.created').id];
  if (status === 'active') eventIds.push(subscriptionEvent(em, subscription, 'subscription.activated').id);
  if (body.invoiceGenerationMode === 'upfront') {
    // Every cycle's invoice now (one set-based issue), each due when its cycle would be invoiced.
    const issued = await issueInvoices(
      em,
      Array.from({ length: body.maxCycles! }, (_, k) => ({
        subscription,
        cycle: k,
        periodStart: boundaryAt(schedule, recurrence, k),
        periodEnd: boundaryAt(schedule, recurrence, k + 1),
        issuedAt: startedAt,
        dueAt: dueDateOf(invoiceTimeOf(schedule, recurrence, k), body.collectionMethod),
      })),
    );
    eventIds.push(...issued.eventIds);
  }
  return { subscription, eventIds };
}

export async function getSubscription(em: EntityManager, companyId: string, id: string, lock = false): Promise<Subscription> {
  const s = await em.findOne(Subscription, { id, companyId });
  if (!s) throw notFound('Subscription');
  if (lock) {
    await lockRowById(em, 'billing_subscriptions', id);
    await em.refresh(s);
  }
  return s;
}

export async function listSubscriptions(em: EntityManager, companyId: string, q: ListSubscriptionsQuery): Promise<{ subscriptions: Subscription[]; total: number }> {
  const where = {
    companyId,
    ...(q.status ? { status: q.status as SubscriptionStatus } : {}),
    ...(q.customerId ? { customerId: q.customerId } : {}),
    ...(q.planId ? { planId: q.planId } : {}),
  };
  const page = await creationPage(em, Subscription, { companyId }, q, 'desc', 'Subscription');
  const [found, total] = await em.findAndCount(Subscription, page.where(where), page.options);
  const subscriptions = page.inListOrder(found);
  return { subscriptions, total };
}

export async function subscriptionItems(em: EntityManager, companyId: string, id: string): Promise<SubscriptionItem[]> {
  await getSubscription(em, companyId, id);
  return em.find(SubscriptionItem, { subscriptionId: id, deletedAt: null }, { orderBy: { id: 'asc' } });
}

const alreadyCanceled = (s: Subscription) => conflict('subscription_already_canceled', `The subscription is ${s.status}`);

/** A live subscription of the caller, locked: every action below starts here. */
export async function liveSubscription(em: EntityManager, companyId: string, id: string): Promise<Subscription> {
  const s = await getSubscription(em, companyId, id, true);
  if (isFinished(s.status)) throw alreadyCanceled(s);
  return s;
}

/**
 * Immediately: canceled now, open invoices voided. At period end: flagged; the workflow ends it at
 * the boundary. `reason`: the cancellationReason, `requested` (the merchant's) unless Lastro ends it
 * for another (a checkout session that ended unpaid).
 */
export async function cancelSubscription(em: EntityManager, companyId: string, id: string, mode: 'immediately' | 'at_period_end', now = new Date(), reason = 'requested'): Promise<{ subscription: Subscription; events: Event[] }> {
  const s = await liveSubscription(em, companyId, id);
  if (mode === 'at_period_end') {
    s.cancelAtPeriodEnd = true;
    return { subscription: s, events: [] };
  }
  s.status = 'canceled';
  s.canceledAt = now;
  s.endedAt = now;
  s.cancellationReason = reason;
  s.nextInvoiceAt = null;
  const events = await voidOpenInvoices(em, s.id, now);
  events.push(subscriptionEvent(em, s, 'subscription.canceled'));
  return { subscription: s, events };
}

export async function uncancelSubscription(em: EntityManager, companyId: string, id: string): Promise<Subscription> {
  const s = await liveSubscription(em, companyId, id);
  if (!s.cancelAtPeriodEnd) throw conflict('subscription_not_scheduled_to_cancel', 'No cancellation is scheduled');
  s.cancelAtPeriodEnd = false;
  return s;
}

/** Upfront subscriptions cannot pause (their invoices are all issued with fixed due dates). */
export async function pauseSubscription(em: EntityManager, companyId: string, id: string, now = new Date()): Promise<{ subscription: Subscription; events: Event[] }> {
  const s = await liveSubscription(em, companyId, id);
  if (s.invoiceGenerationMode === 'upfront') throw conflict('subscription_not_pausable', 'An upfront subscription cannot be paused');
  if (s.status === 'paused') return { subscription: s, events: [] };
  if (s.status === 'incomplete') throw conflict('subscription_not_pausable', 'An incomplete subscription cannot be paused');
  s.status = 'paused';
  s.pausedAt = now;
  return { subscription: s, events: [subscriptionEvent(em, s, 'subscription.paused')] };
}

export async function resumeSubscription(em: EntityManager, companyId: string, id: string, now = new Date()): Promise<{ subscription: Subscription; events: Event[] }> {
  const s = await liveSubscription(em, companyId, id);
  if (s.status !== 'paused') throw conflict('subscription_not_paused', 'The subscription is not paused');
  s.status = s.trialEndsAt && s.trialEndsAt > now && s.cyclesCompleted === 0 ? 'trialing' : 'active';
  if (s.parkedAt && s.pausedAt) {
    // No workflow runs for a parked subscription: its row's schedule moves here, as the
    // workflow's own resume would move it (the boundary it waits for, by the time paused).
    const p = progressOf(s);
    const schedule = rebaseAfterPause(p.schedule, s.recurrence, waitedBoundary(p), now.getTime() - s.pausedAt.getTime());
    const wake = nextWakeOf({ ...p, schedule });
    s.scheduleStart = new Date(schedule.start);
    s.scheduleBaseCycle = schedule.baseCycle;
    s.wakeAt = new Date(wake.at);
    if (!wake.end) s.nextInvoiceAt = new Date(wake.at);
  }
  s.pausedAt = null;
  return { subscription: s, events: [subscriptionEvent(em, s, 'subscription.resumed')] };
}

/**
 * A deleted customer can save no card (POST /payment-methods/cards answers 404), so its
 * subscription says why it takes none: 409 `customer_deleted`, as POST /subscriptions does.
 */
export async function attachPaymentMethod(em: EntityManager, companyId: string, id: string, ref: string): Promise<Subscription> {
  const s = await liveSubscription(em, companyId, id);
  const customer = await em.findOne(Customer, { id: s.customerId, companyId }, { fields: ['deletedAt'] });
  if (customer?.deletedAt) throw conflict('customer_deleted', "A deleted customer's subscription takes no new card");
  await customerCard(em, companyId, s.customerId, ref);
  s.defaultPaymentMethodRef = ref;
  return s;
}

/** Usage of a metered item; billed on the invoice of the period its timestamp falls in. */
export async function reportUsage(em: EntityManager, companyId: string, id: string, input: ReportUsageInput, now = new Date()): Promise<UsageRecord> {
  const s = await liveSubscription(em, companyId, id);
  const metered = await em.findOne(SubscriptionItem, { subscriptionId: s.id, billingScheme: 'metered', meterId: input.meterId, deletedAt: null });
  if (!metered) throw invalid('meterId', 'No metered item of this subscription uses this meter');
  const record = em.create(UsageRecord, {
    id: newId('usg'),
    companyId,
    subscriptionId: s.id,
    meterId: input.meterId,
    quantity: input.quantity,
    timestamp: input.timestamp ? new Date(input.timestamp) : now,
  });
  em.persist(record);
  return record;
}
