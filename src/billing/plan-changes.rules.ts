/**
 * Proration of a plan change (docs/billing.md "Plan changes"): pure rules, no I/O. Time is
 * counted in seconds of the actual cycle (its own length: a February cycle is shorter than a
 * March one), so a change halfway through any month credits half the old amount.
 */

import { componentAmount } from './pricing.rules';
import type { BillableItem } from './subscription.rules';

export type PlanChangeStatus = 'pending' | 'applied' | 'canceled';
/** `now`: the items change at once; `cycle_end`: when the next cycle's invoice is issued. */
export type PlanChangeEffective = 'now' | 'cycle_end';
/** `create_prorations`: the proration lines go on the next invoice; `none`: no proration. */
export type ProrationBehavior = 'create_prorations' | 'none';

/** A subscription item as a change sees it (what it is billed, not where it is stored). */
export interface ChangedItem extends Omit<BillableItem, 'id'> {
  planItemId: string | null;
  priceId: string | null;
}

/** An item's billed fields, apart from where it is stored. */
export const changedItemOf = (i: ChangedItem): ChangedItem => ({
  planItemId: i.planItemId,
  priceId: i.priceId,
  kind: i.kind,
  description: i.description,
  quantity: i.quantity,
  quantityIncluded: i.quantityIncluded,
  billingScheme: i.billingScheme,
  amount: i.amount,
  tiers: i.tiers,
  packageSize: i.packageSize,
  meterId: i.meterId,
});

/** What one cycle of the items costs, as prorated: recurring items; usage (metered) is billed as reported, activation once. */
export function cycleAmount(items: ChangedItem[]): number {
  return items.filter((i) => i.kind === 'recurring' && i.billingScheme !== 'metered').reduce((a, i) => a + componentAmount(i, i.quantity, i.quantityIncluded), 0);
}

export interface ProrationInput {
  /** The cycle's boundaries. */
  periodStart: Date;
  periodEnd: Date;
  /** When the change takes effect (within the cycle). */
  at: Date;
  /** What the cycle costs before and after the change (the items' amounts for one cycle, in cents). */
  oldAmount: number;
  newAmount: number;
}

export interface ProrationLine {
  kind: 'proration';
  description: string;
  amount: number;
}

/** The share of the cycle left at `at`, in seconds: [remaining, whole]. */
export function remainingSeconds(periodStart: Date, periodEnd: Date, at: Date): [number, number] {
  const whole = Math.floor((periodEnd.getTime() - periodStart.getTime()) / 1000);
  if (whole <= 0) throw new RangeError('periodEnd must be after periodStart');
  const left = Math.floor((periodEnd.getTime() - Math.min(Math.max(at.getTime(), periodStart.getTime()), periodEnd.getTime())) / 1000);
  return [left, whole];
}

/** `amount` × remaining / whole, rounded half up to the cent. */
export function prorated(amount: number, remaining: number, whole: number): number {
  return Math.round((amount * remaining) / whole);
}

/**
 * The proration lines of a change: a credit (negative) for the unused time on the old amount and
 * a charge for the remaining time on the new one; no line for a zero amount. Their sum is what
 * the change costs now (negative: a downgrade credits).
 */
export function prorationLines(p: ProrationInput): ProrationLine[] {
  const [remaining, whole] = remainingSeconds(p.periodStart, p.periodEnd, p.at);
  const credit = prorated(p.oldAmount, remaining, whole);
  const charge = prorated(p.newAmount, remaining, whole);
  const lines: ProrationLine[] = [];
  if (credit > 0) lines.push({ kind: 'proration', description: 'Unused time on the previous plan', amount: -credit });
  if (charge > 0) lines.push({ kind: 'proration', description: 'Remaining time on the new plan', amount: charge });
  return lines;
}

/**
 * The proration lines of a change in a postpaid cycle (billed at its end, with the items it has
 * then: the new ones). That invoice bills the whole cycle at the new amount, so these lines
 * correct the time already used: a charge for it on the old amount and a credit for it on the
 * new one. Together: old × used + new × remaining, as a prepaid change costs.
 */
export function arrearsProrationLines(p: ProrationInput): ProrationLine[] {
  const [remaining, whole] = remainingSeconds(p.periodStart, p.periodEnd, p.at);
  const used = whole - remaining;
  const charge = prorated(p.oldAmount, used, whole);
  const credit = prorated(p.newAmount, used, whole);
  const lines: ProrationLine[] = [];
  if (charge > 0) lines.push({ kind: 'proration', description: 'Time used on the previous plan', amount: charge });
  if (credit > 0) lines.push({ kind: 'proration', description: 'Time used, billed at the new plan on this invoice', amount: -credit });
  return lines;
}
