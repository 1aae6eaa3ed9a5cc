import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { insertEvents, type RecordEventInput } from '../events/outbox';
import { PARK_AFTER_MS, SUBSCRIPTION_WORKFLOW, type SubscriptionWorkflowInput } from '../../workflows/billing/subscription.contract';
import type { BillingCursor } from '../../workflows/billing/billing-run.contract';
import { BillingCharger, type ChargeRequest, type ChargeStarted } from './billing-charger';
import { ensureInvoicePaymentLink } from './invoice-payment-link.service';
import { issueInvoices, type InvoiceToIssue } from './invoices.service';
import { progressOf } from './subscription-lifecycle.service';
import type { InvoicePaymentMethod } from './invoice-payment.rules';
import { Invoice, Subscription } from './subscription.entity';
import { activeMandates, dueAtFor, paidByMandate } from './mandate-charges.service';
import { collectMandateRenewals, type MandateRenewal } from './mandate-renewals.service';
import type { Mandate } from './mandates.entity';
import { boundaryAt, dueDateOf, endsInsteadOfInvoicing, firstAttemptOf, nextWakeOf, pageRenewal, type PageRenewal } from './subscription.rules';
import { subscriptionRunOptions } from './subscription-workflow.client';
import { toInvoiceView } from './subscription.views';
import { advanceRenewals, asCollected, renewalProgress } from './renewal-advance';

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
  /** Parked again by the page, waiting for their Pix Automático charge scheduled at the PSP; no workflow. */
  awaiting: number;
}

interface Renewal {
  subscription: Subscription;
  invoice: Invoice;
  advance: PageRenewal;
  /** Paid by its Pix Automático mandate (no card): its progress has a payment method all the same. */
  byMandate?: boolean;
  /** Its invoice was paid before the page (its mandate charge, recorded when the PSP paid it): only the cycle advances. */
  paidBefore?: boolean;
}

type PageOutcome = 'renewed' | 'moved' | 'awaiting';

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
 * 4. The renewals paid by a Pix Automático mandate (no card, an active mandate) get their first
 *    attempt's charge scheduled at the PSP by the page (`collectMandateRenewals`: `PUT /cobr`,
 *    txid derived from the invoice and the attempt, a few at once) and park again on their cycle
 *    until the charge's due day. Woken then (or by the charge's decision), the next run's page
 *    issues nothing new (the invoice is unique per cycle), finds the charge, and records it paid
 *    as in 3, parks it again while pending, or gives it its workflow when unpaid (dunning).
 * 5. Everything else gets its subscription workflow, started with the claim and the invoice:
 *    a refused or undecided charge (dunning; the workflow's first attempt finds the charge by
 *    its referenceCode), send_invoice (after its payment link), a row that ends, one whose row
 *    changed meanwhile (no progress passed: it reads the row).
 */
export async function renewDueSubscriptions(deps: AppDeps, { at, claim, ids }: { at: string; claim: string; ids: string[] }, heartbeat: () => void = () => {}): Promise<PageResult> {
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const { claimed, issued, eventIds, mandates } = await em.transactional(async (tem) => {
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
    // Rows paid by a mandate: their invoices fall due later (their charges are scheduled ahead).
    const mandates = await activeMandates(tem, rows.filter((s) => paidByMandate(s, true)).map((s) => s.id));
    for (const s of rows) {
      const p = progressOf(s);
      if (nextWakeOf(p).end || endsInsteadOfInvoicing(p)) continue;
      const k = p.nextCycle;
      const dueAt = dueAtFor(s, mandates.has(s.id), at, dueDateOf(at, s.collectionMethod));
      requests.push({ subscription: s, cycle: k, periodStart: boundaryAt(p.schedule, p.recurrence, k), periodEnd: boundaryAt(p.schedule, p.recurrence, k + 1), issuedAt: at, dueAt });
    }
    const { invoices, eventIds } = await issueInvoices(tem, requests);
    return { claimed: rows, issued: invoices, eventIds, mandates };
  });
  deps.dispatcher.dispatchSoon(eventIds);
  heartbeat();

  const invoiceOf = new Map(issued.map((i) => [i.subscriptionId, i]));
  const inPage: Renewal[] = [];
  for (const s of claimed) {
    const invoice = invoiceOf.get(s.id);
    const advance = invoice && pageRenewal(progressOf(s), invoice, at, PARK_AFTER_MS);
    if (invoice && advance) inPage.push({ subscription: s, invoice, advance });
    // Woken after its mandate charge paid the invoice: the cycle advances.
    const paidAdvance = invoice?.status === 'paid' && invoice.cycle === s.nextCycle ? pageRenewal(renewalProgress(s, true), asCollected(invoice), at, PARK_AFTER_MS) : null;
    if (invoice && paidAdvance) inPage.push({ subscription: s, invoice, advance: paidAdvance, byMandate: true, paidBefore: true });
  }
  const mandateRenewals = mandateRenewalsOf(claimed, invoiceOf, mandates, at);
  const stillWanted = (invoiceIds: string[]) => stillDue(deps, claim, invoiceIds);
  const renewed = await collectInPage(deps, claim, at, inPage, stillWanted, heartbeat);
  const byMandate = await collectMandateRenewals(deps, { claim, at, renewals: mandateRenewals }, stillWanted, heartbeat);
  for (const id of byMandate.moved) renewed.set(id, 'moved');
  for (const id of byMandate.awaiting) renewed.set(id, 'awaiting');
  if (byMandate.paid.length > 0) {
    const paid = byMandate.paid.map(({ renewal: r, transactionId }): [Renewal, ChargeStarted] => [{ ...r, byMandate: true }, { transactionId, decision: { paid: true, code: null } }]);
    await recordPaid(deps, claim, at, paid.map(([r]) => r), paid, renewed, heartbeat);
  }

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
    if (outcome === 'renewed' || outcome === 'awaiting') return [];
    const invoice = invoiceOf.get(s.id);
    const dueAt = invoice?.dueAt.toISOString();
    // Due later than issued (paid by a mandate): collected from its issue, as the workflow's own issue answers.
    const collectFrom = invoice && dueAt !== dueDateOf(at, s.collectionMethod) ? { collectFrom: at } : {};
    const issuedInvoice = invoice ? { cycle: invoice.cycle, invoiceId: invoice.id, total: invoice.total, status: invoice.status, dueAt: dueAt!, ...collectFrom } : undefined;
    return [{ subscriptionId: s.id, ...(outcome === 'moved' ? {} : { progress: progressOf(s) }), claim, issued: issuedInvoice }];
  });
  for (let i = 0; i < starts.length; i += STARTS_AT_ONCE) {
    await Promise.all(starts.slice(i, i + STARTS_AT_ONCE).map((input) => deps.temporal.workflow.start(SUBSCRIPTION_WORKFLOW, subscriptionRunOptions(deps.config.temporal.taskQueue, input))));
    heartbeat();
  }
  const awaiting = [...renewed.values()].filter((o) => o === 'awaiting').length;
  return { claimed: claimed.length, issued: issued.length, renewed: claimed.length - starts.length - awaiting, workflows: starts.length, awaiting };
}

/**
 * The page's renewals paid by a Pix Automático mandate: a row with no card and an active
 * mandate whose invoice is open, not attempted yet, and whose payment leaves it waiting a month.
 */
function mandateRenewalsOf(claimed: Subscription[], invoiceOf: Map<string, Invoice>, mandates: Map<string, Mandate>, at: string): MandateRenewal[] {
  return claimed.flatMap((s): MandateRenewal[] => {
    const invoice = invoiceOf.get(s.id);
    const mandate = mandates.get(s.id);
    if (!invoice || !mandate || !paidByMandate(s, true) || invoice.total <= 0 || invoice.attemptCount > 0) return [];
    const advance = pageRenewal(renewalProgress(s, true), invoice, at, PARK_AFTER_MS);
    return advance ? [{ subscription: s, invoice, mandate, advance }] : [];
  });
}

/**
 * Charges the page's renewals and records the paid ones: 'renewed' for a row advanced and
 * parked again, 'moved' for one whose row changed since its claim (a pause, a cancel, a
 * sandbox advance: not charged, or not recorded; its workflow takes it from the row); absent
 * for a charge refused or not decided (its workflow runs the dunning).
 */
async function collectInPage(
  deps: AppDeps,
  claim: string,
  at: string,
  renewals: Renewal[],
  stillDue: (invoiceIds: string[]) => Promise<Set<string>>,
  heartbeat: () => void,
): Promise<Map<string, PageOutcome>> {
  const outcome = new Map<string, PageOutcome>();
  if (renewals.length === 0) return outcome;
  const charged = renewals.filter((r) => r.invoice.total > 0 && !r.paidBefore);
  const requests: ChargeRequest[] = charged.map(({ subscription: s, invoice }) => ({ ...firstAttemptOf(s, invoice), currency: invoice.currency, savedCardId: s.defaultPaymentMethodRef! }));
  // Not charged because the row moved since its claim (voided by a cancel, paused): its
  // workflow reads the row instead of the claim's stale progress.
  const skipped = new Set<string>();
  const stillWanted = async (chunk: ChargeRequest[]) => {
    const due = await stillDue(chunk.map((r) => r.invoiceId));
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
  outcome: Map<string, PageOutcome>,
  heartbeat: () => void,
): Promise<Map<string, PageOutcome>> {
  const transactionOf = new Map<string, string | null>(renewals.filter((r) => r.invoice.total === 0 || r.paidBefore).map((r) => [r.invoice.id, r.invoice.lastTransactionId ?? null]));
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
    const still = paid.filter(({ subscription, invoice, advance, byMandate }) => {
      const s = current.get(subscription.id);
      const now = s && s.renewalClaim === claim ? pageRenewal(renewalProgress(s, byMandate), asCollected(invoice), at, PARK_AFTER_MS) : null;
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
    const before = still.filter((r) => r.paidBefore).map((r) => r.invoice.id);
    const paidBefore = before.length === 0 ? [] : await tem.execute<Array<Record<string, unknown>>>(
      `select * from billing_invoices where id = any(array(select jsonb_array_elements_text(?::jsonb))) and status = 'paid'`,
      [JSON.stringify(before)],
    );
    const paidInvoices = new Map([...marked, ...paidBefore].map((row) => tem.map(Invoice, row)).map((i) => [i.id, i]));
    const advancing = still.filter((r) => paidInvoices.has(r.invoice.id));
    // An invoice this statement did not mark (paid or voided meanwhile): its workflow reads the row.
    for (const r of still) if (!paidInvoices.has(r.invoice.id)) outcome.set(r.subscription.id, 'moved');
    if (advancing.length === 0) return [];

    const events: RecordEventInput[] = [];
    for (const r of advancing.filter((a) => !a.paidBefore)) {
      const invoice = paidInvoices.get(r.invoice.id)!;
      // The same two events, with the same data, as the workflow's record of a paid attempt.
      if (r.invoice.total > 0) events.push({ companyId: invoice.companyId, type: 'invoice.payment_attempted', entityType: 'invoice', data: { ...toInvoiceView({ ...invoice, status: 'open', paidAt: null }), method: 'card' satisfies InvoicePaymentMethod } });
      events.push({ companyId: invoice.companyId, type: 'invoice.paid', entityType: 'invoice', data: toInvoiceView(invoice) });
    }
    events.push(...(await advanceRenewals(tem, advancing.map((r) => ({ subscription: current.get(r.subscription.id)!, advance: r.advance })), paidAt)));
    for (const r of advancing) outcome.set(r.subscription.id, 'renewed');
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
async function stillDue(deps: AppDeps, claim: string, invoiceIds: string[]): Promise<Set<string>> {
  const rows = await (deps.orm.em.fork() as unknown as EntityManager).execute<Array<{ id: string }>>(
    `select i.id from billing_invoices i join billing_subscriptions s on s.id = i.subscription_id
      where i.id = any(array(select jsonb_array_elements_text(?::jsonb))) and i.status = 'open' and s.renewal_claim = ? and s.status = 'active' and s.paused_at is null`,
    [JSON.stringify(invoiceIds), claim],
  );
  return new Set(rows.map((r) => r.id));
}
