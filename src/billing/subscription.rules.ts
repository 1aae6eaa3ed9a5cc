/**
 * Subscription and invoice rules that do not touch storage. Pure: the subscription workflow
 * imports this module, so everything here is deterministic.
 */
import { componentAmount, type BillingScheme, type PriceTier } from './pricing.rules';
import { addDays, cycleStart } from './schedule.rules';
import { DEFAULT_RETRY_DAYS, retryAt } from './dunning.rules';
import type { Recurrence } from './price.rules';

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'paused' | 'canceled' | 'ended';
export type InvoiceStatus = 'open' | 'paid' | 'past_due' | 'void' | 'uncollectible';

export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['incomplete', 'trialing', 'active', 'past_due', 'paused', 'canceled', 'ended'];
export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['open', 'paid', 'past_due', 'void', 'uncollectible'];

/** A subscription that will never bill again. */
export const isFinished = (s: SubscriptionStatus): boolean => s === 'canceled' || s === 'ended';

/**
 * Dunning's default schedule (a company sets its own: dunning.rules, dunning.service): after a
 * failed collection the invoice is past_due and is retried this many days after its due date.
 * When the last retry fails the final rule applies: the invoice becomes `uncollectible` and the
 * subscription is canceled (cancellationReason `payment_failed`).
 */
export const DUNNING_RETRY_DAYS: readonly number[] = DEFAULT_RETRY_DAYS;

/** With send_invoice the invoice is issued now and due this many days later (then dunning as above). */
export const SEND_INVOICE_DAYS_UNTIL_DUE = 7;

/**
 * Where the schedule stands: cycle `baseCycle` starts at `start`, and later cycles follow the
 * recurrence from there (schedule.rules). A pause re-bases it (see `rebaseAfterPause`).
 */
export interface ScheduleBase {
  start: string;
  baseCycle: number;
}

/** Start of cycle `cycle` (≥ baseCycle) = the end of cycle `cycle − 1`. */
export function boundaryAt(base: ScheduleBase, r: Recurrence, cycle: number): string {
  if (cycle < base.baseCycle) throw new RangeError(`cycle ${cycle} is before the schedule base ${base.baseCycle}`);
  return cycleStart({ start: base.start, interval: r.interval, unit: r.unit, anchor: r.anchor, anchorDay: r.anchorDay }, cycle - base.baseCycle);
}

/**
 * Pause and resume shift the schedule: the boundary the subscription was waiting for moves by
 * the time spent paused, and the cycles after it follow the recurrence from that new instant
 * (with an anchor, the first period after a resume is a stub up to the next anchor date).
 */
export function rebaseAfterPause(base: ScheduleBase, r: Recurrence, waitingFor: number, pausedMs: number): ScheduleBase {
  const at = Date.parse(boundaryAt(base, r, Math.max(waitingFor, base.baseCycle))) + Math.max(0, pausedMs);
  return { start: new Date(at).toISOString(), baseCycle: Math.max(waitingFor, base.baseCycle) };
}

/** When cycle `cycle` is invoiced: at its start (prepaid) or at its end (postpaid). */
export function invoiceTimeOf(base: ScheduleBase, r: Recurrence, cycle: number): string {
  return boundaryAt(base, r, r.collectionTiming === 'prepaid' ? cycle : cycle + 1);
}

/** Where a subscription stands between cycles (the subscription workflow's progress, or a parked row). */
export interface CycleState {
  recurrence: Recurrence;
  schedule: ScheduleBase;
  maxCycles: number | null;
  /** The next cycle to invoice. */
  nextCycle: number;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: string | null;
}

/**
 * What the subscription waits for next: the end of its last paid period when maxCycles cycles
 * are billed (`end`), else the invoice time of its next cycle.
 */
export function nextWakeOf(s: CycleState): { at: string; end: boolean } {
  const k = s.nextCycle;
  if (s.maxCycles !== null && k >= s.maxCycles) return { at: boundaryAt(s.schedule, s.recurrence, k), end: true };
  return { at: invoiceTimeOf(s.schedule, s.recurrence, k), end: false };
}

/**
 * Prepaid: a scheduled cancellation takes effect at the start of the period it would bill, i.e.
 * at the end of the current one (or of the trial); before any period it waits for one.
 */
export const endsInsteadOfInvoicing = (s: CycleState): boolean =>
  s.recurrence.collectionTiming === 'prepaid' && s.cancelAtPeriodEnd && (s.nextCycle > 0 || s.trialEndsAt !== null);

/** The cycle whose boundary a subscription waits for (a pause moves that boundary: `rebaseAfterPause`). */
export const waitedBoundary = (s: Pick<CycleState, 'recurrence' | 'nextCycle'>): number => (s.recurrence.collectionTiming === 'prepaid' ? s.nextCycle : s.nextCycle + 1);

/** Where a renewal paid in a billing run's page leaves the row: the cycle advanced, and parked until its next wake. */
export interface PageRenewal {
  cyclesCompleted: number;
  periodStart: string;
  periodEnd: string;
  /** Null once maxCycles are billed (the row then wakes at the end of its last period, to end). */
  nextInvoiceAt: string | null;
  nextCycle: number;
  wakeAt: string;
}

/** What the page rule reads of a claimed row: its cycle state and what decides how its invoice is collected. */
export interface RenewalCandidate extends CycleState {
  status: SubscriptionStatus;
  collectionMethod: 'charge_automatically' | 'send_invoice';
  pausedAt: string | null;
  hasPaymentMethod: boolean;
}

/**
 * Whether a billing run's page collects this renewal itself, and where it leaves the row: only
 * what would end in the subscription workflow's park without a wait in between. That is an
 * active charge_automatically row whose open invoice of its next cycle is charged on its saved
 * card (or is free), which after that advance waits more than `parkAfterMs` for its next step
 * (a monthly cycle, or the end of its last period). Null for everything that needs the workflow's
 * own timers or signals: send_invoice (waits for the payment), no card (dunning), a pause, a
 * postpaid cancellation at period end (ends right after the advance), a next step sooner than
 * parking (a schedule fallen behind). A failed charge goes to the workflow too, by its caller.
 */
export function pageRenewal(s: RenewalCandidate, invoice: { cycle: number; total: number; status: InvoiceStatus }, at: string, parkAfterMs: number): PageRenewal | null {
  if (s.status !== 'active' || s.pausedAt !== null || s.collectionMethod !== 'charge_automatically') return null;
  if (invoice.status !== 'open' || invoice.cycle !== s.nextCycle) return null;
  if (invoice.total > 0 && !s.hasPaymentMethod) return null;
  if (s.recurrence.collectionTiming === 'postpaid' && s.cancelAtPeriodEnd) return null;
  const k = s.nextCycle;
  const wake = nextWakeOf({ ...s, nextCycle: k + 1 });
  if (Date.parse(wake.at) - Date.parse(at) <= parkAfterMs) return null;
  const last = s.maxCycles !== null && k + 1 >= s.maxCycles;
  return {
    cyclesCompleted: k + 1,
    periodStart: boundaryAt(s.schedule, s.recurrence, k),
    periodEnd: boundaryAt(s.schedule, s.recurrence, k + 1),
    nextInvoiceAt: last ? null : invoiceTimeOf(s.schedule, s.recurrence, k + 1),
    nextCycle: k + 1,
    wakeAt: wake.at,
  };
}

/** The due date of an invoice issued at `issuedAt`. */
export function dueDateOf(issuedAt: string, collectionMethod: 'charge_automatically' | 'send_invoice'): string {
  return collectionMethod === 'send_invoice' ? addDays(issuedAt, SEND_INVOICE_DAYS_UNTIL_DUE) : issuedAt;
}

/** The retry after failed attempt `attempt` (1-based) on the default schedule, or null when dunning is over. */
export function nextAttemptAt(dueAt: string, attempt: number): string | null {
  return retryAt(dueAt, attempt, DUNNING_RETRY_DAYS);
}

export interface BillableItem {
  id: string;
  kind: 'recurring' | 'activation';
  description: string;
  quantity: number;
  quantityIncluded: number;
  billingScheme: BillingScheme;
  amount: number;
  tiers: PriceTier[] | null;
  packageSize: number | null;
  meterId: string | null;
}

export interface InvoiceLine {
  subscriptionItemId: string;
  kind: 'recurring' | 'activation' | 'usage';
  description: string;
  quantity: number;
  amount: number;
}

/**
 * The lines of the invoice of one cycle: every recurring item at its quantity (metered items
 * at the usage reported in the period), and the activation items on the enrollment invoice
 * (cycle 0) only.
 */
export function invoiceLines(items: BillableItem[], cycle: number, usageByMeter: Record<string, number>): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  for (const item of items) {
    if (item.kind === 'activation' && cycle !== 0) continue;
    const metered = item.billingScheme === 'metered';
    const quantity = metered ? (usageByMeter[item.meterId ?? ''] ?? 0) : item.quantity;
    lines.push({
      subscriptionItemId: item.id,
      kind: metered ? 'usage' : item.kind,
      description: item.description,
      quantity,
      amount: componentAmount(item, quantity, item.quantityIncluded),
    });
  }
  return lines;
}

/** What a billing run's page charges for a renewal: its invoice's first attempt, the same for a card and a mandate. */
export function firstAttemptOf(s: { id: string }, invoice: { id: string; companyId: string; customerId: string; total: number; cycle: number }) {
  return { companyId: invoice.companyId, customerId: invoice.customerId, subscriptionId: s.id, invoiceId: invoice.id, attempt: 1, amount: invoice.total, description: `Subscription ${s.id}, cycle ${invoice.cycle + 1}` };
}
