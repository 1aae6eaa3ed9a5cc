/**
 * Split items of a transaction: how they are checked at creation and how a paid amount is
 * shared among them. Pure: importable from workflow code.
 *
 * A transaction's items are either all by `amount` (integer cents, summing to the transaction
 * amount) or all by `percentage` (0.01-100, summing to 100 within 0.01, the checkout's rule).
 * Mixing both would leave "what is the remainder?" open, so it is refused.
 */
import { allocateProportionally, assertCents } from '../shared/money';
import type { SplitItemType } from './split.entity';

export interface SplitShareInput {
  recipientId: string;
  type: SplitItemType;
  amount: number | null;
  percentage: number | null;
  chargeProcessingFee: boolean;
}

export interface SplitProblem {
  /** `validation_failed` or the spec's `invalid_splits_sum`. */
  code: 'validation_failed' | 'invalid_splits_sum';
  path: string;
  message: string;
}

const PERCENT_TOLERANCE = 0.01;

/** Why these split items cannot share `total` cents, or null. */
export function splitProblem(splits: SplitShareInput[], total: number): SplitProblem | null {
  if (splits.length === 0) return null;
  const byAmount = splits.filter((s) => s.amount !== null).length;
  if (byAmount !== 0 && byAmount !== splits.length) {
    return { code: 'validation_failed', path: 'splits', message: 'Split items are either all by amount or all by percentage' };
  }
  if (!splits.some((s) => s.chargeProcessingFee)) {
    return { code: 'validation_failed', path: 'splits', message: 'At least one split item must pay the processing fee (chargeProcessingFee)' };
  }
  if (byAmount) {
    const sum = splits.reduce((a, s) => a + (s.amount ?? 0), 0);
    if (sum !== total) return { code: 'invalid_splits_sum', path: 'splits', message: `Split amounts sum to ${sum}, not the transaction amount ${total}` };
    return null;
  }
  // Sum in hundredths of a percent so that 33.33 + 33.33 + 33.34 is exactly 100.
  const hundredths = splits.reduce((a, s) => a + Math.round((s.percentage ?? 0) * 100), 0);
  if (Math.abs(hundredths - 10_000) > PERCENT_TOLERANCE * 100) {
    return { code: 'invalid_splits_sum', path: 'splits', message: `Split percentages sum to ${hundredths / 100}, not 100` };
  }
  return null;
}

export interface RecipientShare {
  recipientId: string;
  /** Statement type of the share: platform_fee items keep theirs, sale and interest are sales. */
  type: 'sale' | 'platform_fee';
  /** Integer cents of the payment credited to the recipient. */
  gross: number;
  /** Integer cents of the processing fee the recipient bears. */
  fee: number;
  /** The item pays its part of the processing fee (chargeProcessingFee). */
  paysFee: boolean;
}

/**
 * Shares `amount` cents (one payment) and its processing `fee` among the split items.
 *
 * Rounding, documented in docs/payments.md: the amount is allocated in proportion to each
 * item's amount or percentage by the largest-remainder method (leftover cents to the largest
 * fractions, ties to the item listed first); the fee is allocated the same way among the
 * items that pay it, in proportion to their gross. The shares sum exactly to `amount` and the
 * fees exactly to `fee`. Items whose gross is 0 are left out (a ledger line is never 0).
 */
export function shareAmount(splits: SplitShareInput[], amount: number, fee: number): RecipientShare[] {
  assertCents(amount);
  assertCents(fee, 'fee');
  if (splits.length === 0) throw new RangeError('at least one split item is needed');
  const gross = allocateProportionally(amount, splits.map((s) => s.amount ?? s.percentage ?? 0));
  const payerWeights = splits.map((s, i) => (s.chargeProcessingFee ? gross[i] : 0));
  // Creation refuses such a sale (400 amount_below_fee); reaching here would give a payer a negative net.
  const payersGross = payerWeights.reduce((a, w) => a + w, 0);
  if (fee > payersGross) throw new RangeError(`the fee (${fee}) exceeds what the fee payers receive (${payersGross})`);
  const fees = fee === 0 ? splits.map(() => 0) : allocateProportionally(fee, payerWeights);
  return splits
    .map((s, i) => ({ recipientId: s.recipientId, type: s.type === 'platform_fee' ? ('platform_fee' as const) : ('sale' as const), gross: gross[i], fee: fees[i], paysFee: s.chargeProcessingFee }))
    .filter((s) => s.gross > 0);
}
