/**
 * Coupons and the discounts they make (docs/billing.md "Coupons"): pure rules, no I/O.
 * A coupon takes a percentage or an amount off an invoice's subtotal, for one invoice, for N
 * invoice cycles or for ever. A discount never takes an invoice below 0.
 */

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export interface CouponTerms {
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
}

export interface CouponLimits {
  active: boolean;
  maxRedemptions: number | null;
  timesRedeemed: number;
  redeemBy: Date | null;
}

/**
 * What the coupon takes off a subtotal in cents: `percentOff`% of it, rounded half up to the
 * cent, or `amountOff`; never more than the subtotal (an invoice never goes below 0).
 */
export function discountOf(terms: CouponTerms, subtotal: number): number {
  if (!Number.isSafeInteger(subtotal) || subtotal <= 0) return 0;
  const off = terms.percentOff !== null ? Math.round((subtotal * Math.round(terms.percentOff * 100)) / 10_000) : (terms.amountOff ?? 0);
  return Math.min(subtotal, Math.max(0, off));
}

/**
 * The last invoice cycle a discount applies to, when it starts at `firstCycle`: that one cycle
 * (`once`), `durationInCycles` cycles (`repeating`), or none (`forever`, null).
 */
export function lastDiscountedCycle(duration: CouponDuration, durationInCycles: number | null, firstCycle: number): number | null {
  if (duration === 'forever') return null;
  if (duration === 'once') return firstCycle;
  return firstCycle + Math.max(1, durationInCycles ?? 1) - 1;
}

/** Whether a discount from `firstCycle` to `lastCycle` (null: no end) applies to the invoice of `cycle`. */
export function discountApplies(d: { firstCycle: number; lastCycle: number | null }, cycle: number): boolean {
  return cycle >= d.firstCycle && (d.lastCycle === null || cycle <= d.lastCycle);
}

/** Why a coupon cannot be redeemed now (a 409 code), or null when it can. */
export function redemptionProblem(c: CouponLimits, now: Date): 'coupon_inactive' | 'coupon_expired' | 'coupon_exhausted' | null {
  if (!c.active) return 'coupon_inactive';
  if (c.redeemBy !== null && now.getTime() >= c.redeemBy.getTime()) return 'coupon_expired';
  if (c.maxRedemptions !== null && c.timesRedeemed >= c.maxRedemptions) return 'coupon_exhausted';
  return null;
}

/** Whether an amount-off coupon fits an invoice's currency (a percentage fits every currency). */
export function currencyFits(terms: CouponTerms, currency: string): boolean {
  return terms.amountOff === null || terms.currency === currency;
}

/** The invoice line's text: the coupon's code, or its id. */
export const discountDescription = (c: { id: string; code: string | null; percentOff: number | null }) => `Discount ${c.code ?? c.id}${c.percentOff !== null ? ` (${c.percentOff}% off)` : ''}`;
