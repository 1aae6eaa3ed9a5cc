/**
 * Anticipation's pure rules (docs/receivables.md "Anticipation"): which waiting receivables a
 * request takes, each one's fee, the totals and the fingerprint that binds a request to the
 * simulation it was shown.
 */
import { createHash } from 'node:crypto';
import type { PostingLine } from '../ledger/ledger.service';
import { assertCents, divideRoundHalfUp, exactDecimal, toSafeCents } from '../shared/money';

const DAY_MS = 86_400_000;

/** A waiting receivable as anticipation sees it: its net and its São Paulo due date. */
export interface EligibleReceivable {
  id: string;
  amount: number;
  dueDate: string;
}

export interface AnticipatedReceivable extends EligibleReceivable {
  /** Calendar days from the anticipation's date to the due date. */
  days: number;
  fee: number;
  netAmount: number;
}

/** Calendar days from `on` to `dueDate` (both `YYYY-MM-DD`): 0 or less is due already. */
export function daysBetween(on: string, dueDate: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${on}T00:00:00Z`)) / DAY_MS);
}

/**
 * The fee of anticipating `amount` cents by `days` days at `monthlyPercentage` per 30 days:
 * amount × rate × days / 30, computed exactly and rounded once, half-up to the cent, per
 * receivable; never more than the amount (the net is never negative).
 */
export function anticipationFee(amount: number, monthlyPercentage: number, days: number): number {
  assertCents(amount);
  if (amount < 0 || days < 0 || !Number.isInteger(days)) throw new RangeError('amount and days must be >= 0, days whole');
  const rate = exactDecimal(monthlyPercentage);
  const fee = toSafeCents(divideRoundHalfUp(BigInt(amount) * rate.numerator * BigInt(days), rate.denominator * 100n * 30n));
  return Math.min(fee, amount);
}

/** What a request asks for: everything eligible, a gross amount at most, given receivables, or those due up to a date. */
export type AnticipationSelector = { amount: number } | { receivableIds: string[] } | { upTo: string } | { all?: true };

/**
 * The receivables a request takes, from the eligible ones (due after `on`, soonest first: the
 * cheapest to anticipate): with `amount`, each in due order that still fits under it (whole
 * receivables: none is split); with `receivableIds`, exactly those (an id not eligible is
 * returned in `missing`); with `upTo`, those due on that date or before; else all.
 */
export function selectReceivables(eligible: EligibleReceivable[], selector: AnticipationSelector): { chosen: EligibleReceivable[]; missing: string[] } {
  const sorted = [...eligible].sort((a, b) => (a.dueDate === b.dueDate ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.dueDate < b.dueDate ? -1 : 1));
  if ('amount' in selector) {
    const chosen: EligibleReceivable[] = [];
    let left = selector.amount;
    for (const r of sorted) {
      if (r.amount > left) continue;
      chosen.push(r);
      left -= r.amount;
    }
    return { chosen, missing: [] };
  }
  if ('receivableIds' in selector) {
    const wanted = new Set(selector.receivableIds);
    const chosen = sorted.filter((r) => wanted.has(r.id));
    const found = new Set(chosen.map((r) => r.id));
    return { chosen, missing: [...wanted].filter((id) => !found.has(id)) };
  }
  if ('upTo' in selector) {
    const upTo = selector.upTo;
    return { chosen: sorted.filter((r) => r.dueDate <= upTo), missing: [] };
  }
  return { chosen: sorted, missing: [] };
}

export interface AnticipationQuote {
  on: string;
  receivables: AnticipatedReceivable[];
  amount: number;
  fee: number;
  netAmount: number;
  fingerprint: string;
}

/** Prices the chosen receivables on `on`: each one's days and fee, the totals, and the fingerprint of exactly this (ids, amounts, fees, date). */
export function quoteAnticipation(on: string, chosen: EligibleReceivable[], monthlyPercentage: number): AnticipationQuote {
  const receivables = chosen.map((r) => {
    const days = Math.max(0, daysBetween(on, r.dueDate));
    const fee = anticipationFee(r.amount, monthlyPercentage, days);
    return { ...r, days, fee, netAmount: r.amount - fee };
  });
  const amount = receivables.reduce((a, r) => a + r.amount, 0);
  const fee = receivables.reduce((a, r) => a + r.fee, 0);
  const hash = createHash('sha256').update(on);
  for (const r of receivables) hash.update(`\n${r.id}:${r.amount}:${r.fee}`);
  return { on, receivables, amount, fee, netAmount: amount - fee, fingerprint: hash.digest('hex') };
}

/** The anticipation's ledger posting: the recipient's pending −amount, available +net, the platform's revenue +fee (one posting, whatever the number of receivables). */
export function anticipationLines(recipientId: string, currency: string, quote: Pick<AnticipationQuote, 'amount' | 'fee' | 'netAmount'>): PostingLine[] {
  const lines: PostingLine[] = [
    { account: { recipientId, bucket: 'pending' as const, currency }, amount: -quote.amount, type: 'sale' as const, inStatement: false },
    { account: { recipientId, bucket: 'available' as const, currency }, amount: quote.amount, type: 'sale' as const, inStatement: false },
  ];
  if (quote.fee > 0) {
    lines.push(
      { account: { recipientId, bucket: 'available' as const, currency }, amount: -quote.fee, type: 'fee' as const, inStatement: true },
      { account: { platform: 'revenue', currency }, amount: quote.fee, type: 'fee' as const, inStatement: false },
    );
  }
  return lines;
}
