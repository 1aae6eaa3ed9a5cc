import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { insertEvents, type RecordEventInput } from '../events/outbox';
import { PARK_AFTER_MS, SUBSCRIPTION_WORKFLOW, type SubscriptionWorkflowInput } from '../../workflows/billing/subscription.contract';
import type { BillingCursor } from '../../workflows/billing/billing-run.contract';
import { BillingCharger, type ChargeRequest, type ChargeStarted } from './billing-charger';
import { ensureInvoicePaymentLink } from './invoice-payment-link.service';
import { issueInvoices, type InvoiceToIssue } from './invoices.service';
import { progressOf } from './subscription-lifecycle.service';
import { Invoice, Subscription } from './subscription.entity';
import { boundaryAt, dueDateOf, endsInsteadOfInvoicing, nextWakeOf, pageRenewal, type PageRenewal } from './subscription.rules';
import { subscriptionRunOptions } from './subscription-workflow.client';
import { toInvoiceView, toSubscriptionView } from './subscription.views';

/** Workflow starts a page sends to Temporal at once. */
const STARTS_AT_ONCE = 16;
/** Card charges a page makes at once (each: its creation, the sandbox or acquirer call, its decision). */
const CHARGES_AT_ONCE = 16;

/** The next page of parked subscriptions due at `at`, in (wake time, id) order after `after` (the partial index's order). */
export async function listDueSubscriptions(em: EntityManager, at: string, after: BillingCursor | null, limit: number): Promise<{ ids: string[]; last: BillingCursor | null }> {
  // The cursor keeps wake_at as PostgreSQL prints it (microseconds): a Date would cut it to
  // milliseconds and the next page would start before rows it already listed. The text has a
  // name of its own: `order by wake_at` would sort by it, reading every due row, not the index.
  const rows = await em.execute<Array<{ id: string; cursor_wake_at: string }>>(
    `select id, wake_at::text as cursor_wake_at from billing_subscriptions
      where parked_at is not null and wake_at <= ? and (wake_at, id) > (?::timestamptz, ?) and status = 'active'
      order by wake_at, id limit ?`,
    [at, after?.wakeAt ?? '-infinity', after?.id ?? '', limit],
  );
  const last = rows.at(-1);
  return { ids: rows.map((r) => r.id), last: last ? { wakeAt: last.cursor_wake_at, id: last.id } : null };
}

export interface PageResult {
  claimed: number;
  issued: number;
  /** Renewed in the page itself: charged, paid, cycle advanced, parked again; no workflow. */
  renewed: number;
  /** Subscription workflows started (dunning, send_invoice, a row that ends, …). */
  workflows: number;
}

interface Renewal {
  subscription: Subscription;
  invoice: Invoice;
  advance: PageRenewal;
}

/**
 * Renews one page of a billing run at `at`. Every step is resumable: a retried page (its worker
 * killed anywhere) finds what its first try did and finishes it, never twice.
 * 1. One database transaction claims the rows still parked and due (`renewal_claim` = the
 *    run's id; no other run takes them) and reads back every row holding this claim, then
 *    issues the invoice of each one's next cycle set-based (`issueInvoices`: unique per
 *    subscription and cycle), except where the subscription ends instead.
 * 2. The renewals the page collects itself (`pageRenewal`: a charge_automatically invoice
 *    whose payment leaves the row waiting a month) are charged on their saved cards
 *    (`BillingCharger.chargeMany`, referenceCode `<inv_id>-1`: a retry finds its transaction).
 * 3. One database transaction records those paid (invoice.payment_attempted, invoice.paid),
 *    advances their cycle (subscription.cycle_advanced) and parks them again with the claim
 *    cleared, set-based, for the rows that still hold this claim in the state they were charged in.
 *    Only then are the charges' events dispatched (transaction.created starts each transaction's
 *    workflow), so a decision finds its invoice paid and signals no subscription workflow.
 * 4. Everything else gets its subscription workflow, started with the claim and the invoice:
 *    a refused or undecided charge (dunning; the workflow's first attempt finds the charge by
 *    its referenceCode), send_invoice (after its payment link), a row that ends, one whose row
 *    changed meanwhile (no progress passed: it reads the row).
 */
export async function renewDueSubscriptions(deps: AppDeps, { at, claim, ids }: { at: string; claim: string; ids: string[] }, heartbeat: () => void = () => {}): Promise<PageResult> {
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const { claimed, issued, eventIds } = await em.transactional(async (tem) => {
    // A page's ids go as `= any(array(…))`, here and below: an index scan whatever the table's
    // size. `in (select …)` or a join to a record set is estimated at 100 rows and, on a table of
    // some thousands, planned as a hash join reading it whole, at every page.
    await tem.execute(
      `update billing_subscriptions set parked_at = null, renewal_claim = ?, updated_at = now()
        where id = any(array(select jsonb_array_elements_text(?::jsonb))) and parked_at is not null and wake_at <= ? and status = 'active'`,
      [claim, JSON.stringify(ids), at],
      'run',
    );
    const rows = await tem.find(Subscription, { id: { $in: ids }, renewalClaim: claim }, { orderBy: { id: 'asc' } });
    const requests: InvoiceToIssue[] = [];
    for (const s of rows) {
      const p = progressOf(s);
      if (nextWakeOf(p).end || endsInsteadOfInvoicing(p)) continue;
      const k = p.nextCycle;
      requests.push({ subscription: s, cycle: k, periodStart: boundaryAt(p.schedule, p.recurrence, k), periodEnd: boundaryAt(p.schedule, p.recurrence, k + 1), issuedAt: at, dueAt: dueDateOf(at, s.collectionMethod) });
    }
    const { invoices, eventIds } = await issueInvoices(tem, requests);
    return { claimed: rows, issued: invoices, eventIds };
  });
  deps.dispatcher.dispatchSoon(eventIds);
  heartbeat();

  const invoiceOf = new Map(issued.map((i) => [i.subscriptionId, i]));
  const inPage: Renewal[] = [];
  for (const s of claimed) {
    const invoice = invoiceOf.get(s.id);
    const advance = invoice && pageRenewal(progressOf(s), invoice, at, PARK_AFTER_MS);
    if (invoice && advance) inPage.push({ subscription: s, invoice, advance });
  }
  const renewed = await collectInPage(deps, claim, at, inPage, heartbeat);

  for (const invoice of issued) {
    if (invoice.collectionMethod !== 'send_invoice' || invoice.paymentUrl) continue;
    try {
      await ensureInvoicePaymentLink(deps, invoice.id);
    } catch (err) {
      deps.logger.warn({ err, invoiceId: invoice.id }, 'invoice payment link not made; retried when the invoice falls due');
    }
  }

  // A row the page could not finish gets its workflow. Its progress is the claim's read unless
  // the row moved since (then the workflow reads it): a charge the page made is found by the
  // workflow's first attempt (same referenceCode), never made twice.
  const starts = claimed.flatMap((s): SubscriptionWorkflowInput[] => {
    const outcome = renewed.get(s.id);
    if (outcome === 'renewed') return [];
    const invoice = invoiceOf.get(s.id);
    const issuedInvoice = invoice ? { cycle: invoice.cycle, invoiceId: invoice.id, total: invoice.total, status: invoice.status, dueAt: invoice.dueAt.toISOString() } : undefined;
    return [{ subscriptionId: s.id, ...(outcome === 'moved' ? {} : { progress: progressOf(s) }), claim, issued: issuedInvoice }];
  });
  for (let i = 0; i < starts.length; i += STARTS_AT_ONCE) {
    await Promise.all(starts.slice(i, i + STARTS_AT_ONCE).map((input) => deps.temporal.workflow.start(SUBSCRIPTION_WORKFLOW, subscriptionRunOptions(deps.config.temporal.taskQueue, input))));
    heartbeat();
  }
  return { claimed: claimed.length, issued: issued.length, renewed: claimed.length - starts.length, workflows: starts.length };
}

/**
 * Charges the page's renewals and records the paid ones: 'renewed' for a row advanced and
 * parked again, 'moved' for one whose row changed since its claim (a pause, a cancel, a
 * sandbox advance: not charged, or not recorded; its workflow takes it from the row); absent
 * for a charge refused or not decided (its workflow runs the dunning).
 */
async function collectInPage(deps: AppDeps, claim: string, at: string, renewals: Renewal[], heartbeat: () => void): Promise<Map<string, 'renewed' | 'moved'>> {
  const outcome = new Map<string, 'renewed' | 'moved'>();
  if (renewals.length === 0) return outcome;
  const charged = renewals.filter((r) => r.invoice.total > 0);
  const requests: ChargeRequest[] = charged.map(({ subscription: s, invoice }) => ({
    companyId: invoice.companyId,
    customerId: invoice.customerId,
    subscriptionId: s.id,
    invoiceId: invoice.id,
    attempt: 1,
    amount: invoice.total,
    currency: invoice.currency,
    savedCardId: s.defaultPaymentMethodRef!,
    description: `Subscription ${s.id}, cycle ${invoice.cycle + 1}`,
  }));
  // Not charged because the row moved since its claim (voided by a cancel, paused): its
  // workflow reads the row instead of the claim's stale progress.
  const skipped = new Set<string>();
  const stillWanted = async (chunk: ChargeRequest[]) => {
    const due = await stillDue(deps, claim, chunk);
    for (const r of chunk) if (!due.has(r.invoiceId)) skipped.add(r.subscriptionId);
    return due;
  };
  const { charges, dispatch } = await new BillingCharger(deps).chargeMany(requests, { atOnce: CHARGES_AT_ONCE, progress: heartbeat, stillWanted });
  for (const id of skipped) outcome.set(id, 'moved');
  try {
    return await recordPaid(deps, claim, at, renewals, charged.map((r, n) => [r, charges[n]]), outcome, heartbeat);
  } finally {
    // After the record: the charges' decisions find their invoices paid, so no chargeDecided
    // signal goes to the subscriptions, whose workflows are not running (their rows are parked).
    dispatch();
  }
}

/** Records the page's paid renewals (and those with nothing to charge) set-based; `outcome` gets 'renewed' or 'moved' for each. */
async function recordPaid(
  deps: AppDeps,
  claim: string,
  at: string,
  renewals: Renewal[],
  charged: Array<[Renewal, ChargeStarted | null]>,
  outcome: Map<string, 'renewed' | 'moved'>,
  heartbeat: () => void,
): Promise<Map<string, 'renewed' | 'moved'>> {
  const transactionOf = new Map<string, string | null>(renewals.filter((r) => r.invoice.total === 0).map((r) => [r.invoice.id, null]));
  for (const [r, c] of charged) if (c?.decision?.paid) transactionOf.set(r.invoice.id, c.transactionId);
  const paid = renewals.filter((r) => transactionOf.has(r.invoice.id));
  if (paid.length === 0) return outcome;

  const eventIds = await (deps.orm.em.fork() as unknown as EntityManager).transactional(async (tem) => {
    // The rows first, locked in id order (as the API's actions lock a row before its invoices),
    // each still holding this claim in the state its renewal was decided on.
    const rows = await tem.execute<Array<Record<string, unknown>>>(
      `select * from billing_subscriptions where id = any(array(select jsonb_array_elements_text(?::jsonb))) order by id for update`,
      [JSON.stringify(paid.map((r) => r.subscription.id))],
    );
    const current = new Map(rows.map((row) => tem.map(Subscription, row)).map((s) => [s.id, s]));
    const still = paid.filter(({ subscription, invoice, advance }) => {
      const s = current.get(subscription.id);
      const now = s && s.renewalClaim === claim ? pageRenewal(progressOf(s), invoice, at, PARK_AFTER_MS) : null;
      const same = now !== null && now.nextCycle === advance.nextCycle && now.wakeAt === advance.wakeAt;
      if (!same) outcome.set(subscription.id, 'moved');
      return same;
    });
    if (still.length === 0) return [];

    const paidAt = new Date();
    const marked = await tem.execute<Array<Record<string, unknown>>>(
      `update billing_invoices i set status = 'paid', paid_at = ?, attempt_count = 1, last_transaction_id = r.txn, next_attempt_at = null, last_failure_code = null, updated_at = ?
         from jsonb_to_recordset(?::jsonb) as r(id text, txn text)
        where i.id = r.id and i.id = any(array(select jsonb_array_elements_text(?::jsonb))) and i.status = 'open' and i.attempt_count < 1
        returning i.*`,
      [paidAt, paidAt, JSON.stringify(still.map((r) => ({ id: r.invoice.id, txn: transactionOf.get(r.invoice.id) }))), JSON.stringify(still.map((r) => r.invoice.id))],
    );
    const paidInvoices = new Map(marked.map((row) => tem.map(Invoice, row)).map((i) => [i.id, i]));
    const advancing = still.filter((r) => paidInvoices.has(r.invoice.id));
    // An invoice this statement did not mark (paid or voided meanwhile): its workflow reads the row.
    for (const r of still) if (!paidInvoices.has(r.invoice.id)) outcome.set(r.subscription.id, 'moved');
    if (advancing.length === 0) return [];

    await tem.execute(
      `update billing_subscriptions s set cycles_completed = r.cycles_completed, current_period_start = r.period_start, current_period_end = r.period_end,
              next_invoice_at = r.next_invoice_at, next_cycle = r.next_cycle, schedule_start = r.schedule_start, schedule_base_cycle = r.schedule_base_cycle,
              wake_at = r.wake_at, parked_at = now(), renewal_claim = null, updated_at = ?
         from jsonb_to_recordset(?::jsonb) as r(id text, cycles_completed int, period_start timestamptz, period_end timestamptz, next_invoice_at timestamptz, next_cycle int, schedule_start timestamptz, schedule_base_cycle int, wake_at timestamptz)
        where s.id = r.id and s.id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [
        paidAt,
        JSON.stringify(
          advancing.map(({ subscription: s, advance: a }) => {
            const { schedule } = progressOf(current.get(s.id)!);
            return { id: s.id, cycles_completed: a.cyclesCompleted, period_start: a.periodStart, period_end: a.periodEnd, next_invoice_at: a.nextInvoiceAt, next_cycle: a.nextCycle, schedule_start: schedule.start, schedule_base_cycle: schedule.baseCycle, wake_at: a.wakeAt };
          }),
        ),
        JSON.stringify(advancing.map((r) => r.subscription.id)),
      ],
    );
    const events: RecordEventInput[] = [];
    for (const r of advancing) {
      const invoice = paidInvoices.get(r.invoice.id)!;
      // The same two events, with the same data, as the workflow's record of a paid attempt.
      if (r.invoice.total > 0) events.push({ companyId: invoice.companyId, type: 'invoice.payment_attempted', entityType: 'invoice', data: toInvoiceView({ ...invoice, status: 'open', paidAt: null }) });
      events.push({ companyId: invoice.companyId, type: 'invoice.paid', entityType: 'invoice', data: toInvoiceView(invoice) });
    }
    for (const { subscription, advance: a } of advancing) {
      const s = current.get(subscription.id)!;
      const after: Subscription = {
        ...s,
        cyclesCompleted: a.cyclesCompleted,
        currentPeriodStart: new Date(a.periodStart),
        currentPeriodEnd: new Date(a.periodEnd),
        nextInvoiceAt: a.nextInvoiceAt ? new Date(a.nextInvoiceAt) : null,
        updatedAt: paidAt,
      };
      events.push({ companyId: s.companyId, type: 'subscription.cycle_advanced', entityType: 'subscription', data: toSubscriptionView(after) });
      outcome.set(s.id, 'renewed');
    }
    return insertEvents(tem, events);
  });
  deps.dispatcher.dispatchSoon(eventIds);
  heartbeat();
  return outcome;
}

/**
 * The invoices of a chunk still to be charged right before their charges are made: open, their
 * row still holding this claim, active and not paused (a cancel voids the invoice, a pause waits:
 * their workflow decides, from the row).
 */
async function stillDue(deps: AppDeps, claim: string, chunk: ChargeRequest[]): Promise<Set<string>> {
  const rows = await (deps.orm.em.fork() as unknown as EntityManager).execute<Array<{ id: string }>>(
    `select i.id from billing_invoices i join billing_subscriptions s on s.id = i.subscription_id
      where i.id = any(array(select jsonb_array_elements_text(?::jsonb))) and i.status = 'open' and s.renewal_claim = ? and s.status = 'active' and s.paused_at is null`,
    [JSON.stringify(chunk.map((r) => r.invoiceId)), claim],
  );
  return new Set(rows.map((r) => r.id));
}
