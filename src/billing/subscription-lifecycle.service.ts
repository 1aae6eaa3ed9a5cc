import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../events/event.entity';
import { Invoice, Subscription } from './subscription.entity';
import { isFinished } from './subscription.rules';
import { lockRowById } from '../db/row-lock';
import { invoiceEvent, issueInvoices, voidOpenInvoices, type IssueInvoiceInput } from './invoices.service';
import { subscriptionEvent } from './subscriptions.service';
import { paymentAttemptedEvent } from './invoice-payment.service';
import type { InvoicePaymentMethod } from './invoice-payment.rules';
import type { CollectionResult, EndReason, IssuedInvoice, SubscriptionProgress } from '../../workflows/billing/subscription.contract';

/**
 * The moves the subscription workflow makes, each on a locked row and idempotent: a move that
 * already happened (a retried activity) changes nothing and records no second event. Times
 * come from the workflow (`at`), never from this process's clock.
 */

async function lockSubscription(em: EntityManager, id: string): Promise<Subscription | null> {
  if (!(await lockRowById(em, 'billing_subscriptions', id))) return null;
  return em.findOne(Subscription, { id }, { refresh: true });
}
type Moved<T = void> = { result: T; events: Event[] };

/** The progress a row keeps: where its schedule stands and its next cycle (what a parked subscription resumes from). */
export function progressOf(s: Subscription): SubscriptionProgress {
  const trialEndsAt = s.trialEndsAt?.toISOString() ?? null;
  return {
    status: s.status,
    collectionMethod: s.collectionMethod,
    recurrence: s.recurrence,
    maxCycles: s.maxCycles,
    schedule: { start: (s.scheduleStart ?? s.trialEndsAt ?? s.startedAt).toISOString(), baseCycle: s.scheduleBaseCycle },
    nextCycle: s.nextCycle,
    trialEndsAt,
    hasPaymentMethod: s.defaultPaymentMethodRef !== null || s.collectionMethod === 'send_invoice',
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    pausedAt: s.pausedAt?.toISOString() ?? null,
    advanceRequested: 0,
  };
}

/** What a workflow started without progress runs from; a parked row is taken back first (no billing run claims it then). */
export async function subscriptionProgress(em: EntityManager, id: string): Promise<SubscriptionProgress | null> {
  await em.execute(`update billing_subscriptions set parked_at = null, renewal_claim = null where id = ? and (parked_at is not null or renewal_claim is not null)`, [id], 'run');
  const s = await em.findOne(Subscription, { id });
  return s ? progressOf(s) : null;
}

/**
 * Takes a billing run's claim of the row for one workflow run (`taken:<runId>` until the row
 * parks again): the same run may take it again (its task retried), another run may not (a
 * retried start of the same claim).
 */
export async function acceptRenewal(em: EntityManager, id: string, claim: string, runId: string): Promise<boolean> {
  const taken = await em.execute(`update billing_subscriptions set renewal_claim = ? where id = ? and renewal_claim in (?, ?) returning id`, [`taken:${runId}`, id, claim, `taken:${runId}`]);
  return taken.length === 1;
}

/** Parks an active row until `wakeAt` with the workflow's progress; false when it is not active. */
export async function parkRow(em: EntityManager, input: { subscriptionId: string; progress: SubscriptionProgress; wakeAt: string }): Promise<boolean> {
  const { schedule, nextCycle } = input.progress;
  const parked = await em.execute(
    `update billing_subscriptions set parked_at = now(), wake_at = ?, schedule_start = ?, schedule_base_cycle = ?, next_cycle = ?, updated_at = now()
      where id = ? and status = 'active' returning id`,
    [input.wakeAt, schedule.start, schedule.baseCycle, nextCycle, input.subscriptionId],
  );
  return parked.length === 1;
}

export async function activate(em: EntityManager, id: string, status: 'trialing' | 'active'): Promise<Moved> {
  const s = await lockSubscription(em, id);
  if (!s || isFinished(s.status) || s.status === status || s.status === 'paused') return { result: undefined, events: [] };
  s.status = status;
  return { result: undefined, events: status === 'active' ? [subscriptionEvent(em, s, 'subscription.activated')] : [] };
}

/** The invoice of one cycle (issued once: the unique (subscription, cycle) key), and whether it is a send_invoice one. */
export async function issueCycleInvoice(em: EntityManager, id: string, input: IssueInvoiceInput): Promise<{ result: IssuedInvoice & { sendInvoice: boolean }; events: Event[]; eventIds: string[] }> {
  const s = await lockSubscription(em, id);
  if (!s) throw new Error(`Subscription ${id} not found`);
  const {
    invoices: [invoice],
    eventIds,
  } = await issueInvoices(em, [{ subscription: s, ...input }]);
  return {
    result: { invoiceId: invoice.id, total: invoice.total, status: invoice.status, dueAt: invoice.dueAt.toISOString(), sendInvoice: invoice.collectionMethod === 'send_invoice' },
    events: [],
    eventIds,
  };
}

export async function rescheduleAttempt(em: EntityManager, invoiceId: string, nextAttemptAt: string): Promise<Moved> {
  const invoice = await em.findOneOrFail(Invoice, { id: invoiceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (invoice.status !== 'past_due' || invoice.nextAttemptAt?.toISOString() === nextAttemptAt) return { result: undefined, events: [] };
  invoice.nextAttemptAt = new Date(nextAttemptAt);
  return { result: undefined, events: [invoiceEvent(em, invoice, 'invoice.rescheduled')] };
}

export async function advanceCycle(
  em: EntityManager,
  input: { subscriptionId: string; cyclesCompleted: number; periodStart: string; periodEnd: string; nextInvoiceAt: string | null },
): Promise<Moved> {
  const s = await lockSubscription(em, input.subscriptionId);
  if (!s || s.cyclesCompleted >= input.cyclesCompleted) return { result: undefined, events: [] };
  s.cyclesCompleted = input.cyclesCompleted;
  s.currentPeriodStart = new Date(input.periodStart);
  s.currentPeriodEnd = new Date(input.periodEnd);
  s.nextInvoiceAt = input.nextInvoiceAt ? new Date(input.nextInvoiceAt) : null;
  if (s.status === 'past_due') s.status = 'active';
  return { result: undefined, events: [subscriptionEvent(em, s, 'subscription.cycle_advanced')] };
}

/** The end of a subscription: ended (maxCycles) or canceled; what is still unpaid is voided. */
export async function endSubscriptionRow(em: EntityManager, input: { subscriptionId: string; reason: EndReason; at: string; uncollectibleInvoiceId: string | null }): Promise<Moved> {
  const s = await lockSubscription(em, input.subscriptionId);
  if (!s || isFinished(s.status)) return { result: undefined, events: [] };
  const at = new Date(input.at);
  const events: Event[] = [];
  if (input.uncollectibleInvoiceId) {
    const invoice = await em.findOneOrFail(Invoice, { id: input.uncollectibleInvoiceId });
    if (invoice.status === 'past_due' || invoice.status === 'open') {
      invoice.status = 'uncollectible';
      invoice.nextAttemptAt = null;
    }
  }
  events.push(...(await voidOpenInvoices(em, s.id, at, input.uncollectibleInvoiceId)));
  s.status = input.reason === 'max_cycles' ? 'ended' : 'canceled';
  s.endedAt = at;
  s.nextInvoiceAt = null;
  s.cancellationReason = input.reason;
  if (s.status === 'canceled') s.canceledAt = at;
  // The catalog has no subscription.ended: every end is subscription.canceled, and its data
  // says which (status ended + cancellationReason max_cycles, or canceled + the reason).
  events.push(subscriptionEvent(em, s, 'subscription.canceled'));
  return { result: undefined, events };
}

/**
 * Records one collection attempt on the invoice: paid (invoice.paid) or past_due (the
 * subscription past_due too). invoice.payment_attempted when a charge was made. Recorded once
 * per attempt number; a paid invoice (e.g. paid by the sandbox meanwhile) stays paid.
 */
export async function recordCollection(
  em: EntityManager,
  input: { invoiceId: string; attempt: number; at: string; charged: boolean; paid: boolean; code: string | null; transactionId: string | null; method?: InvoicePaymentMethod },
): Promise<Moved<CollectionResult>> {
  const invoice = await em.findOneOrFail(Invoice, { id: input.invoiceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const result = { paid: input.paid, code: input.code, transactionId: input.transactionId };
  if (invoice.status === 'paid') return { result: { paid: true, code: null, transactionId: invoice.lastTransactionId }, events: [] };
  if (invoice.attemptCount >= input.attempt || invoice.status === 'void' || invoice.status === 'uncollectible') return { result, events: [] };
  invoice.attemptCount = input.attempt;
  if (input.transactionId) invoice.lastTransactionId = input.transactionId;
  const events: Event[] = [];
  if (input.charged) events.push(paymentAttemptedEvent(em, invoice, input.method ?? 'card'));
  if (input.paid) {
    invoice.status = 'paid';
    invoice.paidAt = new Date(input.at);
    invoice.nextAttemptAt = null;
    invoice.lastFailureCode = null;
    events.push(invoiceEvent(em, invoice, 'invoice.paid'));
  } else {
    invoice.status = 'past_due';
    invoice.lastFailureCode = input.code;
    const s = await lockSubscription(em, invoice.subscriptionId);
    if (s && s.status === 'active') s.status = 'past_due';
  }
  return { result, events };
}
