import { allHandlersFinished, condition, continueAsNew, proxyActivities, proxyLocalActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { boundaryAt, dueDateOf, endsInsteadOfInvoicing, invoiceTimeOf, nextWakeOf, rebaseAfterPause, waitedBoundary } from '../../src/billing/subscription.rules';
import {
  CHARGE_DECISION_FALLBACK_MS,
  DEFAULT_CYCLES_PER_RUN,
  PARK_AFTER_MS,
  advanceSubscriptionSignal,
  cancelSubscriptionSignal,
  chargeDecidedSignal,
  invoicePaidSignal,
  pauseSubscriptionSignal,
  paymentMethodAttachedSignal,
  resumeSubscriptionSignal,
  subscriptionProgressQuery,
  uncancelSubscriptionSignal,
  type CollectionResult,
  type EndReason,
  type IssuedInvoice,
  type SubscriptionActivities,
  type SubscriptionOutcome,
  type SubscriptionProgress,
  type SubscriptionWorkflowInput,
} from './subscription.contract';

// Every step is idempotent; charges (startInvoiceCollection) per invoice attempt
// (`<inv_id>-<attempt>`), so retrying them for as long as an outage lasts never charges twice.
// Each step is a local activity, run by the worker inside the workflow task that needs it: one
// short database transaction (the charge also one workflow start), where an activity task would
// cost the Temporal server a schedule, a poll, a completion and one more workflow task.
const {
  acceptSubscriptionRenewal,
  parkSubscription,
  activateSubscription,
  issueSubscriptionInvoice,
  startInvoiceCollection,
  settleInvoiceCollection,
  rescheduleInvoice,
  advanceSubscriptionCycle,
  endSubscription,
} = proxyLocalActivities<SubscriptionActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '1 minute' } });
// The row's progress is read by an activity task, whose result history keeps: a local activity
// runs again when its workflow task is retried (a signal landing as the run completes, a worker
// lost mid-task), and by then the steps of that same task have moved the row on.
const { loadSubscriptionProgress } = proxyActivities<SubscriptionActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '1 minute' } });

const isoNow = (): string => new Date(Date.now()).toISOString();

/**
 * One subscription (workflow id = sub_ id), started by POST /subscriptions after commit, and
 * again by a billing run each time a parked subscription falls due (or by a sandbox advance).
 *
 *   incomplete ─card attached─▶ trialing ─trial end─▶ active ─┬─ each cycle: issue invoice,
 *                                                              │  collect (dunning on failure),
 *                                                              │  cycle_advanced when paid
 *                                                              └─▶ ended (maxCycles) | canceled
 *
 * Cycle k is invoiced at its start (prepaid) or its end (postpaid); the dates come from the
 * pure schedule rules, recomputed from `progress.schedule` at every wait, so a pause/resume
 * (which re-bases the schedule) or a continue-as-new never drifts them. A wait between cycles
 * longer than `parkAfterMs` is not a timer: the workflow parks the row with its progress and
 * ends; the billing run issues the next invoice when it is due and starts the workflow again
 * with it (`claim`, `issued`), so an idle month holds no workflow.
 *
 * Determinism: every step is a named helper and all state lives in `progress`, which the next
 * run receives whole. Histories in test/histories/billing/ are replayed in CI: a change to the
 * command sequence re-records them (`npm run record:history`).
 */
export async function subscriptionWorkflow(input: SubscriptionWorkflowInput): Promise<SubscriptionOutcome> {
  const cyclesPerRun = input.cyclesPerRun ?? DEFAULT_CYCLES_PER_RUN;
  const parkAfterMs = input.parkAfterMs === undefined ? PARK_AFTER_MS : input.parkAfterMs;
  // A retried start by a billing run whose claim another run already took does nothing.
  if (input.claim && !(await acceptSubscriptionRenewal({ subscriptionId: input.subscriptionId, claim: input.claim, runId: workflowInfo().runId }))) return { status: 'abandoned', reason: 'claim_taken', cyclesBilled: 0 };
  const loaded = input.progress ?? (await loadSubscriptionProgress({ subscriptionId: input.subscriptionId }));
  if (!loaded) return { status: 'abandoned', reason: 'no_row', cyclesBilled: 0 };
  // A late start (the outbox backstop) for a subscription that already ended does nothing.
  if (loaded.status === 'canceled' || loaded.status === 'ended') return { status: loaded.status, reason: 'already_finished', cyclesBilled: loaded.nextCycle };
  const p: SubscriptionProgress = loaded;
  const subscriptionId = input.subscriptionId;
  let cancelNow = false;
  const paidSignals = new Set<string>();
  let billedThisRun = 0;

  // Signals: the API already changed the row; these only move the timers.
  setHandler(cancelSubscriptionSignal, (s) => {
    if (s?.mode === 'at_period_end') p.cancelAtPeriodEnd = true;
    else cancelNow = true;
  });
  setHandler(uncancelSubscriptionSignal, () => {
    p.cancelAtPeriodEnd = false;
  });
  setHandler(pauseSubscriptionSignal, () => {
    p.pausedAt ??= isoNow();
  });
  setHandler(resumeSubscriptionSignal, () => {
    if (!p.pausedAt) return;
    p.schedule = rebaseAfterPause(p.schedule, p.recurrence, waitedBoundary(p), Date.now() - Date.parse(p.pausedAt));
    p.pausedAt = null;
  });
  setHandler(paymentMethodAttachedSignal, () => {
    p.hasPaymentMethod = true;
  });
  setHandler(advanceSubscriptionSignal, () => {
    p.advanceRequested = Number(p.advanceRequested) + 1;
  });
  setHandler(invoicePaidSignal, (s) => {
    if (s?.invoiceId) paidSignals.add(s.invoiceId);
  });
  // Kept from the moment the signal lands, even while the charge activity that created the
  // transaction is still running: a card decided before that activity returns is not missed.
  const decidedCharges = new Set<string>();
  setHandler(chargeDecidedSignal, (s) => {
    if (s?.transactionId) decidedCharges.add(s.transactionId);
  });
  setHandler(subscriptionProgressQuery, () => p);

  /**
   * Waits until `target()` (re-read after every wake-up: a resume moves it), while not paused.
   * The sandbox clock (advance) or `early()` end the wait at once. False when canceled.
   */
  async function waitUntil(target: () => number, early: () => boolean = () => false): Promise<boolean> {
    for (;;) {
      if (cancelNow) return false;
      if (p.pausedAt) {
        await condition(() => p.pausedAt === null || cancelNow);
        continue;
      }
      // A wait already due keeps a sandbox advance for the next cycle.
      if (early() || target() <= Date.now()) return true;
      if (Number(p.advanceRequested) > 0) {
        p.advanceRequested = Number(p.advanceRequested) - 1;
        return true;
      }
      const ms = target() - Date.now();
      await condition(() => cancelNow || p.pausedAt !== null || Number(p.advanceRequested) > 0 || early(), ms);
    }
  }

  /**
   * Parks instead of waiting until `wakeAt` when that is more than `parkAfterMs` away and no
   * signal asks for something sooner. A signal that lands while the row is being parked keeps
   * this run going (the billing run's later claim then starts nothing new: same workflow id).
   */
  async function parked(wakeAt: string): Promise<boolean> {
    const idle = () => !cancelNow && p.pausedAt === null && Number(p.advanceRequested) === 0;
    if (parkAfterMs === null || !idle() || Date.parse(wakeAt) - Date.now() <= parkAfterMs) return false;
    if (!(await parkSubscription({ subscriptionId, progress: p, wakeAt }))) return false;
    return idle();
  }

  const canceled = (): SubscriptionOutcome => ({ status: 'canceled', reason: 'canceled', cyclesBilled: p.nextCycle });
  async function finish(reason: EndReason, uncollectibleInvoiceId: string | null = null): Promise<SubscriptionOutcome> {
    await endSubscription({ subscriptionId, reason, at: isoNow(), uncollectibleInvoiceId });
    return { status: reason === 'max_cycles' ? 'ended' : 'canceled', reason, cyclesBilled: p.nextCycle };
  }

  /**
   * One attempt: the charge activity returns as soon as the transaction exists and its
   * workflow runs (no activity slot held while the card is authorized); the `chargeDecided`
   * signal of this attempt's transaction wakes the workflow (one for another transaction, e.g.
   * an earlier attempt, does not). Should the signal never come (its event dispatch failed and
   * the sweeper is late, or the workflow was not reachable), the settle activity reads the
   * transaction every CHARGE_DECISION_FALLBACK_MS instead.
   */
  async function charge(invoiceId: string, attempt: number): Promise<CollectionResult> {
    const at = isoNow();
    let result = await startInvoiceCollection({ invoiceId, attempt, at });
    // A mandate charge is decided on its due day: read back rarely, not every few minutes.
    const recheckMs = ('pending' in result && result.recheckAfterMs) || CHARGE_DECISION_FALLBACK_MS;
    while ('pending' in result) {
      const transactionId = result.transactionId;
      await condition(() => decidedCharges.has(transactionId), recheckMs);
      // Woken for nothing (still pending): the next wait is the timer's, not a busy loop.
      decidedCharges.delete(transactionId);
      result = await settleInvoiceCollection({ invoiceId, attempt, at: isoNow(), transactionId });
    }
    return result;
  }

  /** Attempts at the due date, then the dunning retries; 'failed' after the last one. */
  async function collect(invoice: IssuedInvoice): Promise<'paid' | 'failed' | 'canceled'> {
    if (invoice.status === 'paid') return 'paid';
    let at = invoice.collectFrom ?? invoice.dueAt;
    for (let attempt = 1; ; attempt++) {
      if (!(await waitUntil(() => Date.parse(at), () => paidSignals.has(invoice.invoiceId)))) return 'canceled';
      const result = await charge(invoice.invoiceId, attempt);
      if (result.paid) return 'paid';
      // The company's retry schedule, read by the activity (it is the company's setting).
      const next = await rescheduleInvoice({ invoiceId: invoice.invoiceId, attempt, dueAt: invoice.dueAt });
      if (next === null) return 'failed';
      at = next;
    }
  }

  if (p.status === 'incomplete') {
    await condition(() => p.hasPaymentMethod || cancelNow);
    if (cancelNow) return canceled();
    p.status = p.trialEndsAt && Date.parse(p.trialEndsAt) > Date.now() ? 'trialing' : 'active';
    await activateSubscription({ subscriptionId, status: p.status, at: isoNow() });
  }
  if (p.status === 'trialing') {
    const trialEnd = Date.parse(p.trialEndsAt ?? isoNow());
    if (!(await waitUntil(() => trialEnd))) return canceled();
    if (Date.now() < trialEnd) {
      // Ended early by the sandbox clock: the first cycle starts now.
      p.trialEndsAt = isoNow();
      p.schedule = { start: p.trialEndsAt, baseCycle: 0 };
    }
    p.status = 'active';
    await activateSubscription({ subscriptionId, status: 'active', at: isoNow() });
  }

  let issued = input.issued ?? null;
  for (;;) {
    const k = p.nextCycle;
    const wake = nextWakeOf(p);
    if (issued?.cycle !== k && (await parked(wake.at))) return { status: 'parked', reason: 'until_due', cyclesBilled: k };
    if (wake.end) {
      // The last paid period runs to its end.
      if (!(await waitUntil(() => Date.parse(boundaryAt(p.schedule, p.recurrence, k))))) return canceled();
      return finish('max_cycles');
    }
    if (!(await waitUntil(() => Date.parse(invoiceTimeOf(p.schedule, p.recurrence, k))))) return canceled();
    if (endsInsteadOfInvoicing(p)) return finish('canceled_at_period_end');

    const periodStart = boundaryAt(p.schedule, p.recurrence, k);
    const periodEnd = boundaryAt(p.schedule, p.recurrence, k + 1);
    const issuedAt = isoNow();
    const invoice = issued?.cycle === k ? issued : await issueSubscriptionInvoice({ subscriptionId, cycle: k, periodStart, periodEnd, issuedAt, dueAt: dueDateOf(issuedAt, p.collectionMethod) });
    issued = null;
    p.nextCycle = k + 1;

    const outcome = await collect(invoice);
    if (outcome === 'canceled') return canceled();
    if (outcome === 'failed') return finish('payment_failed', invoice.invoiceId);
    const last = p.maxCycles !== null && k + 1 >= p.maxCycles;
    await advanceSubscriptionCycle({
      subscriptionId,
      invoiceId: invoice.invoiceId,
      cyclesCompleted: k + 1,
      periodStart,
      periodEnd,
      nextInvoiceAt: last ? null : invoiceTimeOf(p.schedule, p.recurrence, k + 1),
    });
    // Postpaid: the period just billed was the last one.
    if (p.recurrence.collectionTiming === 'postpaid' && p.cancelAtPeriodEnd) return finish('canceled_at_period_end');

    billedThisRun++;
    if (billedThisRun >= cyclesPerRun) {
      await condition(allHandlersFinished);
      return continueAsNew<typeof subscriptionWorkflow>({ subscriptionId, progress: p, cyclesPerRun, parkAfterMs });
    }
  }
}
