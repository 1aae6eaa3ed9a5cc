import type { WorkflowHandle } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { recordHistory } from '../replay/history-files';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { addDays } from '../../src/billing/schedule.rules';
import { DEFAULT_RETRY_DAYS, retryAt } from '../../src/billing/dunning.rules';
import type { Recurrence } from '../../src/billing/price.rules';
import {
  CHARGE_DECISION_FALLBACK_MS,
  SUBSCRIPTION_WORKFLOW,
  advanceSubscriptionSignal,
  cancelSubscriptionSignal,
  chargeDecidedSignal,
  pauseSubscriptionSignal,
  resumeSubscriptionSignal,
  subscriptionProgressQuery,
  uncancelSubscriptionSignal,
  type SubscriptionActivities,
  type SubscriptionOutcome,
  type SubscriptionProgress,
} from '../../workflows/billing/subscription.contract';

/**
 * The subscription workflow alone, on the time-skipping test server, with in-memory activities
 * that record what the workflow asked for and when (workflow time). Months pass in seconds.
 */

interface FakeInvoice {
  id: string;
  cycle: number;
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
  dueAt: string;
  status: string;
  attempts: string[];
  /** Workflow time of each settle of a pending charge. */
  settledAt: string[];
  rescheduledTo: string[];
}
interface FakeSubscription {
  progress: SubscriptionProgress;
  invoices: FakeInvoice[];
  /** `${cycle}:${attempt}` attempts the card declines. */
  declines: Set<string>;
  /**
   * How a card charge comes back: `signal` pending, with its chargeDecided signal sent before
   * the charge activity returns (the event subscriber beating the activity), after a stray
   * decision of another transaction; `silent` pending and never signaled, only the stray one.
   */
  charge: 'signal' | 'silent';
  events: string[];
  ended: { reason: string; at: string } | null;
  /** What the last park wrote on the row. */
  parked: { progress: SubscriptionProgress; wakeAt: string } | null;
  /** Billing-run claims on the row, and the workflow run that took each (null: not taken yet). */
  claims: Map<string, string | null>;
  /** Paid by a Pix Automático mandate: due 3 days after issue, charged from its issue, decided on its due day. */
  mandate?: boolean;
  /** The company's retry schedule (the default 1/3/5 days when absent). */
  retryDays?: number[];
}

const MANDATE_RECHECK_MS = 6 * 3_600_000;
const subs = new Map<string, FakeSubscription>();
const invoiceOwner = new Map<string, FakeSubscription>();
const invoiceById = (id: string) => invoiceOwner.get(id)!.invoices.find((i) => i.id === id)!;
const subscriptionOf = (invoiceId: string) => [...subs].find(([, s]) => s === invoiceOwner.get(invoiceId))![0];
const declined = (inv: FakeInvoice, attempt: number) => {
  const sub = invoiceOwner.get(inv.id)!;
  return sub.declines.has(`${inv.cycle}:${attempt}`) || sub.declines.has(`${inv.cycle}:*`);
};

const activities: SubscriptionActivities = {
  async loadSubscriptionProgress({ subscriptionId }) {
    return structuredClone(subs.get(subscriptionId)?.progress ?? null);
  },
  async acceptSubscriptionRenewal({ subscriptionId, claim, runId }) {
    const sub = subs.get(subscriptionId)!;
    if (sub.claims.get(claim) === null) sub.claims.set(claim, runId);
    return sub.claims.get(claim) === runId;
  },
  async parkSubscription({ subscriptionId, progress, wakeAt }) {
    const sub = subs.get(subscriptionId)!;
    sub.parked = { progress: structuredClone(progress), wakeAt };
    sub.events.push(`parked#${progress.nextCycle}`);
    return true;
  },
  async activateSubscription({ subscriptionId, status, at }) {
    subs.get(subscriptionId)!.events.push(`subscription.${status === 'active' ? 'activated' : 'trialing'}@${at}`);
  },
  async issueSubscriptionInvoice({ subscriptionId, cycle, periodStart, periodEnd, issuedAt, dueAt }) {
    const sub = subs.get(subscriptionId)!;
    let inv = sub.invoices.find((i) => i.cycle === cycle);
    if (!inv) {
      inv = { id: `inv_${subscriptionId}_${cycle}`, cycle, periodStart, periodEnd, issuedAt, dueAt: sub.mandate ? addDays(issuedAt, 3) : dueAt, status: 'open', attempts: [], settledAt: [], rescheduledTo: [] };
      sub.invoices.push(inv);
      invoiceOwner.set(inv.id, sub);
      sub.events.push(`invoice.issued#${cycle}`);
    }
    if (sub.mandate) return { invoiceId: inv.id, total: 1000, status: inv.status as 'open', dueAt: inv.dueAt, collectFrom: inv.issuedAt };
    return { invoiceId: inv.id, total: 1000, status: inv.status as 'open', dueAt: inv.dueAt };
  },
  async startInvoiceCollection({ invoiceId, attempt, at }) {
    const inv = invoiceById(invoiceId);
    const sub = invoiceOwner.get(invoiceId)!;
    inv.attempts.push(at);
    const transactionId = `txn_${invoiceId}_${attempt}`;
    // A mandate charge is scheduled at the PSP and decided on its due day (the settle reads it).
    if (sub.mandate) return { pending: true, transactionId, recheckAfterMs: MANDATE_RECHECK_MS };
    const workflow = env.client.workflow.getHandle(subscriptionOf(invoiceId));
    await workflow.signal(chargeDecidedSignal, { transactionId: `txn_other_${attempt}`, paid: true, code: null });
    if (sub.charge === 'signal') await workflow.signal(chargeDecidedSignal, { transactionId, paid: !declined(inv, attempt), code: null });
    return { pending: true, transactionId };
  },
  async settleInvoiceCollection({ invoiceId, attempt, transactionId }) {
    const inv = invoiceById(invoiceId);
    const sub = invoiceOwner.get(invoiceId)!;
    const now = new Date(await env.currentTimeMs()).toISOString();
    if (sub.mandate && now < inv.dueAt) return { pending: true, transactionId };
    inv.settledAt.push(now);
    const no = declined(inv, attempt);
    inv.status = no ? 'past_due' : 'paid';
    sub.events.push(`invoice.payment_attempted#${inv.cycle}`, no ? `invoice.past_due#${inv.cycle}` : `invoice.paid#${inv.cycle}`);
    return { paid: !no, code: no ? 'card_declined' : null, transactionId };
  },
  async rescheduleInvoice({ invoiceId, attempt, dueAt }) {
    const sub = invoiceOwner.get(invoiceId)!;
    const next = retryAt(dueAt, attempt, sub.retryDays ?? DEFAULT_RETRY_DAYS);
    if (next === null) return null;
    invoiceById(invoiceId).rescheduledTo.push(next);
    sub.events.push(`invoice.rescheduled#${invoiceById(invoiceId).cycle}`);
    return next;
  },
  async advanceSubscriptionCycle({ subscriptionId, cyclesCompleted }) {
    subs.get(subscriptionId)!.events.push(`subscription.cycle_advanced#${cyclesCompleted}`);
  },
  async endSubscription({ subscriptionId, reason, at, uncollectibleInvoiceId }) {
    const sub = subs.get(subscriptionId)!;
    sub.ended = { reason, at };
    if (uncollectibleInvoiceId) invoiceById(uncollectibleInvoiceId).status = 'uncollectible';
    sub.events.push(`subscription.ended:${reason}`);
  },
};

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `subscription-${randomUUID()}`;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  running = worker.run();
});
afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
});

const nowIso = async () => new Date(await env.currentTimeMs()).toISOString();
/** Moves the test server's clock to `iso` plus a margin (timers due by then fire). */
async function sleepUntil(iso: string, marginMs = 60_000) {
  const ms = Date.parse(iso) + marginMs - (await env.currentTimeMs());
  if (ms > 0) await env.sleep(ms);
}
const day = (iso: string) => iso.slice(0, 10);
/**
 * A run's outcome without letting the test server skip time meanwhile (awaiting `result()`
 * does): on a loaded machine a long local activity lets the server see nothing in flight and
 * jump to the next timer of some other workflow, a month or years ahead.
 */
async function withoutSkipping(handle: WorkflowHandle): Promise<SubscriptionOutcome> {
  while ((await handle.describe()).status.name === 'RUNNING') await new Promise((r) => setTimeout(r, 50));
  return (await handle.result()) as SubscriptionOutcome;
}
const lastDayOfMonth = (iso: string) => {
  const d = new Date(iso);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate() === d.getUTCDate();
};

interface StartOptions {
  recurrence: Partial<Recurrence>;
  trialDays?: number;
  maxCycles?: number | null;
  collectionMethod?: 'charge_automatically' | 'send_invoice';
  cyclesPerRun?: number;
  declines?: string[];
  charge?: FakeSubscription['charge'];
  /** Null (the default here): timers alone, never parked. */
  parkAfterMs?: number | null;
  mandate?: boolean;
  retryDays?: number[];
}
async function startSubscription(o: StartOptions) {
  const subscriptionId = `sub_${randomUUID().replace(/-/g, '').slice(0, 26)}`;
  const now = await nowIso();
  const trialEndsAt = o.trialDays ? addDays(now, o.trialDays) : null;
  const recurrence: Recurrence = { interval: 1, unit: 'month', anchor: 'subscription_start', anchorDay: null, collectionTiming: 'prepaid', ...o.recurrence };
  const progress: SubscriptionProgress = {
    status: trialEndsAt ? 'trialing' : 'active',
    collectionMethod: o.collectionMethod ?? 'charge_automatically',
    recurrence,
    maxCycles: o.maxCycles ?? null,
    schedule: { start: trialEndsAt ?? now, baseCycle: 0 },
    nextCycle: 0,
    trialEndsAt,
    hasPaymentMethod: true,
    cancelAtPeriodEnd: false,
    pausedAt: null,
    advanceRequested: 0,
  };
  const sub: FakeSubscription = { progress, invoices: [], declines: new Set(o.declines ?? []), charge: o.charge ?? 'signal', events: [], ended: null, parked: null, claims: new Map(), mandate: o.mandate, retryDays: o.retryDays };
  subs.set(subscriptionId, sub);
  const handle = await env.client.workflow.start(SUBSCRIPTION_WORKFLOW, {
    taskQueue,
    workflowId: subscriptionId,
    args: [{ subscriptionId, cyclesPerRun: o.cyclesPerRun, parkAfterMs: o.parkAfterMs ?? null }],
  });
  return { subscriptionId, sub, handle, startedAt: now };
}

describe('subscription workflow', () => {
  it('lives 14 months: trial, day-31 anchor, dunning after a declined card, pause/resume, cancel at period end then uncancel, maxCycles; continues as new', async () => {
    const { subscriptionId, sub, handle, startedAt } = await startSubscription({
      recurrence: { anchor: 'day_of_month', anchorDay: 31 },
      trialDays: 14,
      maxCycles: 14,
      cyclesPerRun: 4,
      // Cycle 2: declined at the due date and at the first retry, paid at the second retry.
      declines: ['2:1', '2:2'],
    });
    const firstRunId = handle.firstExecutionRunId;

    // Trial: nothing is billed for 14 days.
    await env.sleep('13 days');
    expect(sub.invoices).toHaveLength(0);
    expect((await handle.query(subscriptionProgressQuery))?.status).toBe('trialing');
    const trialEnd = addDays(startedAt, 14);
    await sleepUntil(trialEnd);
    expect(sub.events[0]).toBe(`subscription.activated@${sub.events[0].split('@')[1]}`);
    expect(sub.invoices).toHaveLength(1);
    expect(sub.invoices[0]).toMatchObject({ cycle: 0, periodStart: trialEnd, status: 'paid' });
    expect(day(sub.invoices[0].issuedAt)).toBe(day(trialEnd));
    expect(lastDayOfMonth(sub.invoices[0].periodEnd)).toBe(true);

    // Cycles 1-3, with dunning on cycle 2.
    await sleepUntil(sub.invoices[0].periodEnd);
    await sleepUntil(addDays(sub.invoices[0].periodEnd, 31 + 10)); // past cycle 2's due date and retries
    await sleepUntil(addDays(sub.invoices[0].periodEnd, 62 + 1));
    const c2 = sub.invoices[2];
    expect(c2.attempts).toHaveLength(3);
    expect(c2.rescheduledTo.map(day)).toEqual([day(addDays(c2.dueAt, 1)), day(addDays(c2.dueAt, 3))]);
    expect(day(c2.attempts[1])).toBe(day(addDays(c2.dueAt, 1)));
    expect(day(c2.attempts[2])).toBe(day(addDays(c2.dueAt, 3)));
    expect(c2.status).toBe('paid');
    expect(sub.events.filter((e) => e.startsWith('invoice.') && e.endsWith('#2'))).toEqual([
      'invoice.issued#2',
      'invoice.payment_attempted#2', 'invoice.past_due#2', 'invoice.rescheduled#2',
      'invoice.payment_attempted#2', 'invoice.past_due#2', 'invoice.rescheduled#2',
      'invoice.payment_attempted#2', 'invoice.paid#2',
    ]);
    // Only the paid invoice advances the cycle.
    expect(sub.events.indexOf('subscription.cycle_advanced#3')).toBeGreaterThan(sub.events.indexOf('invoice.paid#2'));
    expect(sub.invoices).toHaveLength(4);

    // Pause 10 days in the middle of cycle 3; the next boundary moves by 10 days.
    const c3 = sub.invoices[3];
    await sleepUntil(addDays(c3.periodStart, 5));
    await handle.signal(pauseSubscriptionSignal);
    await sleepUntil(addDays(c3.periodEnd, 20)); // paused: no invoice at the old boundary
    expect(sub.invoices).toHaveLength(4);
    await handle.signal(resumeSubscriptionSignal);
    const resumedAt = await nowIso();
    const pausedMs = Date.parse(resumedAt) - Date.parse(addDays(c3.periodStart, 5)) - 60_000;
    await env.sleep('1 day');
    // The run continued as new after 4 billed cycles (before the pause); the query answers from the new run.
    const progress = await handle.query(subscriptionProgressQuery);
    expect(progress?.schedule.baseCycle).toBe(4);
    expect(Math.abs(Date.parse(progress!.schedule.start) - (Date.parse(c3.periodEnd) + pausedMs))).toBeLessThan(5 * 60_000);
    await sleepUntil(progress!.schedule.start);
    const c4 = sub.invoices[4];
    expect(c4.periodStart).toBe(progress!.schedule.start);
    expect(lastDayOfMonth(c4.periodEnd)).toBe(true); // a stub period back to the day-31 anchor

    // Cancel at period end, then change of mind before the boundary: nothing is canceled.
    await sleepUntil(addDays(c4.periodStart, 3));
    await handle.signal(cancelSubscriptionSignal, { mode: 'at_period_end' });
    await env.sleep('2 days');
    await handle.signal(uncancelSubscriptionSignal);
    await sleepUntil(c4.periodEnd);
    expect(sub.invoices).toHaveLength(6);
    expect(sub.ended).toBeNull();

    // Runs to maxCycles: 14 invoices, then it ends at the end of the last period.
    const outcome: SubscriptionOutcome = await handle.result();
    expect(outcome).toEqual({ status: 'ended', reason: 'max_cycles', cyclesBilled: 14 });
    expect(sub.invoices).toHaveLength(14);
    expect(sub.invoices.every((i) => i.status === 'paid')).toBe(true);
    for (const inv of sub.invoices.slice(5)) {
      expect(lastDayOfMonth(inv.periodStart)).toBe(true); // day 31 → 30 in 30-day months, 28/29 in February
      expect(day(inv.issuedAt)).toBe(day(inv.periodStart));
    }
    const last = sub.invoices[13];
    expect(day(sub.ended!.at)).toBe(day(last.periodEnd));
    expect(Date.parse(last.periodEnd) - Date.parse(startedAt)).toBeGreaterThan(13.5 * 30 * 86_400_000);

    // Continue-as-new happened (4 cycles per run): the first run ended by continuing.
    const firstRun = await env.client.workflow.getHandle(subscriptionId, firstRunId).fetchHistory();
    const lastEvent = firstRun.events![firstRun.events!.length - 1];
    expect(lastEvent.workflowExecutionContinuedAsNewEventAttributes).toBeTruthy();
    // Every run of the chain: trial + dunning, pause/resume, cancel/uncancel, the end.
    let runId: string | null | undefined = firstRunId;
    for (let run = 1; runId && process.env.RECORD_HISTORIES; run++) {
      const handle: WorkflowHandle = env.client.workflow.getHandle(subscriptionId, runId);
      await recordHistory('billing', `subscription-run-${run}`, handle);
      const history = await handle.fetchHistory();
      runId = history.events![history.events!.length - 1].workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId;
    }
  });

  it.each([
    ['end_of_month, monthly', { anchor: 'end_of_month' as const }],
    ['yearly on the start date', { unit: 'year' as const }],
  ])('invoices on the anchor dates: %s', async (_name, recurrence: Partial<Recurrence>) => {
    const { sub, handle, startedAt } = await startSubscription({ recurrence, maxCycles: 3 });
    const outcome = await handle.result();
    expect(outcome.status).toBe('ended');
    expect(sub.invoices).toHaveLength(3);
    expect(day(sub.invoices[0].issuedAt)).toBe(day(startedAt));
    for (const inv of sub.invoices.slice(1)) {
      if (recurrence.unit === 'year') {
        expect(inv.periodStart.slice(4, 10)).toBe(startedAt.slice(4, 10));
      } else {
        expect(lastDayOfMonth(inv.periodStart)).toBe(true);
      }
      expect(day(inv.issuedAt)).toBe(day(inv.periodStart));
    }
  });

  it('postpaid: each cycle is invoiced at its end; cancel at period end stops after the period is billed', async () => {
    const { sub, handle, startedAt } = await startSubscription({ recurrence: { collectionTiming: 'postpaid' } });
    await env.sleep('1 day');
    expect(sub.invoices).toHaveLength(0);
    await sleepUntil(addDays(startedAt, 32));
    expect(sub.invoices).toHaveLength(1);
    expect(sub.invoices[0].issuedAt.slice(0, 10)).toBe(sub.invoices[0].periodEnd.slice(0, 10));
    await handle.signal(cancelSubscriptionSignal, { mode: 'at_period_end' });
    const outcome = await handle.result();
    expect(outcome).toMatchObject({ status: 'canceled', reason: 'canceled_at_period_end' });
    expect(sub.invoices).toHaveLength(2);
  });

  it('dunning: after the last retry fails the invoice is uncollectible and the subscription canceled', async () => {
    const { sub, handle } = await startSubscription({ recurrence: {}, declines: ['1:*'] });
    const outcome = await handle.result();
    expect(outcome).toMatchObject({ status: 'canceled', reason: 'payment_failed' });
    const inv = sub.invoices[1];
    expect(inv.attempts).toHaveLength(4);
    expect(inv.rescheduledTo.map(day)).toEqual([1, 3, 5].map((d) => day(addDays(inv.dueAt, d))));
    expect(inv.status).toBe('uncollectible');
    expect(sub.ended?.reason).toBe('payment_failed');
  });

  it("dunning follows the company's retry schedule, read through the activity", async () => {
    const { sub, handle } = await startSubscription({ recurrence: {}, declines: ['0:*'], retryDays: [2, 9] });
    expect(await handle.result()).toMatchObject({ status: 'canceled', reason: 'payment_failed' });
    const [inv] = sub.invoices;
    expect(inv.attempts.map(day)).toEqual([0, 2, 9].map((d) => day(addDays(inv.dueAt, d))));
    expect(inv.rescheduledTo.map(day)).toEqual([2, 9].map((d) => day(addDays(inv.dueAt, d))));
    expect(inv.status).toBe('uncollectible');
  });

  it('Pix Automático over whole cycles: each invoice is due 3 days after its issue, its charge is made at the issue and decided on its due day', async () => {
    const { sub, handle } = await startSubscription({ recurrence: {}, maxCycles: 3, mandate: true, declines: ['1:1'] });
    expect(await handle.result()).toMatchObject({ status: 'ended', reason: 'max_cycles', cyclesBilled: 3 });
    expect(sub.invoices.map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
    for (const inv of sub.invoices) {
      expect(inv.dueAt).toBe(addDays(inv.issuedAt, 3));
      // The charge goes to the PSP when the invoice is issued, days before its due day …
      expect(Date.parse(inv.attempts[0]) - Date.parse(inv.issuedAt)).toBeLessThan(60_000);
      // … and is read back on its due day (the workflow waits hours between reads, not minutes).
      expect(Date.parse(inv.settledAt[0])).toBeGreaterThanOrEqual(Date.parse(inv.dueAt));
      expect(Date.parse(inv.settledAt[0]) - Date.parse(inv.dueAt)).toBeLessThanOrEqual(MANDATE_RECHECK_MS);
    }
    // Cycle 1's charge failed (the PSP's retries spent): dunning retried it a day after its due date.
    const c1 = sub.invoices[1];
    expect(c1.rescheduledTo.map(day)).toEqual([day(addDays(c1.dueAt, 1))]);
    expect(c1.attempts).toHaveLength(2);
    expect(sub.events.indexOf('subscription.cycle_advanced#2')).toBeGreaterThan(sub.events.indexOf('invoice.paid#1'));
    await recordHistory('billing', 'subscription-mandate', handle);
  });

  it('a charge is settled by its chargeDecided signal, even one sent before the charge activity returned', async () => {
    const { sub, handle } = await startSubscription({ recurrence: {}, maxCycles: 1 });
    expect(await handle.result()).toMatchObject({ status: 'ended', reason: 'max_cycles' });
    const [inv] = sub.invoices;
    expect(inv.status).toBe('paid');
    // Settled at once (same workflow time as the attempt), not after the fallback bound.
    expect(Date.parse(inv.settledAt[0]) - Date.parse(inv.attempts[0])).toBeLessThan(CHARGE_DECISION_FALLBACK_MS);
  });

  it('without its signal a charge is settled by reading it after the fallback bound; a decision of another transaction does not settle it', async () => {
    const { sub, handle } = await startSubscription({ recurrence: {}, maxCycles: 1, charge: 'silent', declines: ['0:1'] });
    const outcome = await handle.result();
    const [inv] = sub.invoices;
    expect(inv.settledAt).toHaveLength(2); // declined at the due date, paid at the first retry
    expect(Date.parse(inv.settledAt[0]) - Date.parse(inv.attempts[0])).toBeGreaterThanOrEqual(CHARGE_DECISION_FALLBACK_MS);
    expect(inv.status).toBe('paid');
    expect(outcome).toMatchObject({ status: 'ended', reason: 'max_cycles', cyclesBilled: 1 });
  });

  it('two sandbox advances in a row bill two cycles now: an invoice already due does not use up the second', async () => {
    const { sub, handle } = await startSubscription({ recurrence: {}, trialDays: 30, maxCycles: 2 });
    await handle.signal(advanceSubscriptionSignal);
    await handle.signal(advanceSubscriptionSignal);
    expect(await handle.result()).toMatchObject({ status: 'ended', reason: 'max_cycles', cyclesBilled: 2 });
    expect(sub.invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
    // Both cycles ran at the advances, not the second one a month later.
    expect(day(sub.invoices[1].issuedAt)).toBe(day(sub.invoices[0].issuedAt));
  });

  it('cancel immediately ends the workflow without billing again', async () => {
    const { sub, handle } = await startSubscription({ recurrence: {} });
    await env.sleep('2 days');
    await handle.signal(cancelSubscriptionSignal, { mode: 'immediately' });
    expect(await handle.result()).toMatchObject({ status: 'canceled', reason: 'canceled' });
    expect(sub.invoices).toHaveLength(1);
  });

  it('parks between cycles instead of holding a timer; a billing run starts it again with the claim and the issued invoice, once', async () => {
    const { subscriptionId, sub, handle } = await startSubscription({ recurrence: {}, maxCycles: 2, parkAfterMs: 60 * 60_000 });
    expect(await handle.result()).toMatchObject({ status: 'parked', cyclesBilled: 1 });
    expect(sub.events).toEqual(['invoice.issued#0', 'invoice.payment_attempted#0', 'invoice.paid#0', 'subscription.cycle_advanced#1', 'parked#1']);
    // Parked until cycle 1 is due: the end of the period just paid.
    expect(sub.parked).toMatchObject({ wakeAt: sub.invoices[0].periodEnd, progress: { nextCycle: 1 } });

    // A month passes (its schedule moved back a month, whatever the test server's clock says), and
    // a billing run does what it does when the row falls due: issue cycle 1, then start the workflow with its claim.
    const claim = await nowIso();
    const progress = { ...sub.parked!.progress, schedule: { start: addDays(claim, -31), baseCycle: 0 } };
    sub.claims.set(claim, null);
    const issued = await activities.issueSubscriptionInvoice({ subscriptionId, cycle: 1, periodStart: addDays(claim, -31), periodEnd: claim, issuedAt: claim, dueAt: claim });
    const input = { subscriptionId, progress, claim, issued: { ...issued, cycle: 1 }, parkAfterMs: 60 * 60_000 };
    const renewed = await env.client.workflow.start(SUBSCRIPTION_WORKFLOW, { taskQueue, workflowId: subscriptionId, args: [input] });
    // The last cycle billed, the workflow waits for the end of the period (parked again) …
    expect(await withoutSkipping(renewed)).toMatchObject({ status: 'parked', cyclesBilled: 2 });
    expect(sub.invoices.map((i) => [i.cycle, i.status])).toEqual([
      [0, 'paid'],
      [1, 'paid'],
    ]);
    expect(sub.events.filter((e) => e.startsWith('invoice.issued'))).toEqual(['invoice.issued#0', 'invoice.issued#1']);
    await recordHistory('billing', 'subscription-parked', handle);
    await recordHistory('billing', 'subscription-renewed', renewed);
    // … and a retried start with the same claim does nothing.
    const again = await env.client.workflow.start(SUBSCRIPTION_WORKFLOW, { taskQueue, workflowId: subscriptionId, args: [input] });
    expect(await withoutSkipping(again)).toMatchObject({ status: 'abandoned', reason: 'claim_taken' });
    expect(sub.invoices).toHaveLength(2);
  });
});
