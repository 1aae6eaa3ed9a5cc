/**
 * How a refund is shared among the recipients of the sale it refunds (docs/refunds.md "Money").
 * Pure: importable from workflow code and unit-tested directly.
 */
import { allocateProportionally, assertCents, toSafeCents } from '../shared/money';

/** What the sale posting gave one recipient: gross credited and processing fee charged (both ≥ 0 cents). */
export interface SaleShare {
  recipientId: string;
  gross: number;
  fee: number;
  /** The split item bears fees (chargeProcessingFee): it pays the refund fee too. */
  paysFees: boolean;
}

/** One recipient's part of a refund. */
export interface RefundShare {
  recipientId: string;
  /** Gross taken back, in the sale's proportions. */
  gross: number;
  /** Processing fee given back with it (proportional, never more than was charged). */
  feeBack: number;
  /** The refund fee of the fee table, borne by the fee payers. */
  refundFee: number;
}

/** What leaves the recipient's wallet: gross − feeBack + refundFee. */
export const shareDebit = (s: RefundShare): number => s.gross - s.feeBack + s.refundFee;

/** floor(total × part / whole), exact on BigInt: rounding up could give back more fee than was charged. */
const floorShare = (total: number, part: number, whole: number): number => toSafeCents((BigInt(total) * BigInt(part)) / BigInt(whole));

/**
 * Shares of a refund of `amount` cents on a payment of `paid` cents, `alreadyRefunded` cents
 * of which earlier refunds took. Each share is the difference between the allocation of the
 * cumulative refunded amount after and before this refund (largest remainder), so partial
 * refunds that add up to the payment take back exactly what the sale gave, cent for cent.
 */
export function refundShares(input: { sale: SaleShare[]; paid: number; alreadyRefunded: number; amount: number; refundFee: number }): RefundShare[] {
  const { sale, paid, alreadyRefunded, amount, refundFee } = input;
  for (const [label, v] of Object.entries({ paid, alreadyRefunded, amount, refundFee })) assertCents(v, label);
  if (amount <= 0 || alreadyRefunded < 0 || alreadyRefunded + amount > paid) throw new RangeError('refund amount must be > 0 and within the paid amount');
  if (sale.length === 0) throw new RangeError('a sale has at least one recipient');
  const grossWeights = sale.map((s) => s.gross);
  const feeWeights = sale.map((s) => s.fee);
  const totalFee = feeWeights.reduce((a, b) => a + b, 0);
  const cumulative = (total: number, weights: number[]) => (weights.some((w) => w > 0) ? allocateProportionally(total, weights) : weights.map(() => 0));

  const grossBefore = cumulative(alreadyRefunded, grossWeights);
  const grossAfter = cumulative(alreadyRefunded + amount, grossWeights);
  const feeBefore = cumulative(floorShare(totalFee, alreadyRefunded, paid), feeWeights);
  const feeAfter = cumulative(floorShare(totalFee, alreadyRefunded + amount, paid), feeWeights);
  const payers = sale.map((s) => (s.paysFees ? s.gross : 0));
  const refundFees = cumulative(refundFee, payers.some((w) => w > 0) ? payers : grossWeights);
  return sale.map((s, i) => ({
    recipientId: s.recipientId,
    gross: grossAfter[i] - grossBefore[i],
    feeBack: feeAfter[i] - feeBefore[i],
    refundFee: refundFees[i],
  }));
}
