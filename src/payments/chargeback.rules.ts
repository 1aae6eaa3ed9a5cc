/**
 * Chargebacks as data (pure, no I/O): who answers for how much, and which wallet buckets
 * the money comes from. The service turns the result into one ledger posting.
 */
import { allocateProportionally } from '../shared/money';
import { shareAmount, type SplitShareInput } from './split.rules';

export interface LiableSplit extends SplitShareInput {
  liable: boolean;
}

export interface LiableShare {
  recipientId: string;
  /** Cents moved into the recipient's `blocked` bucket. */
  block: number;
  /** Cents of the chargeback fee and penalty the recipient pays. */
  fee: number;
}

/**
 * Shares a chargeback among the split items marked `liable` (all items when none is), in
 * proportion to what each received of the sale (its gross share of the payment): the
 * blocked amount and, separately, fee + penalty, each by the largest-remainder method, so
 * both sum exactly. A recipient named on several items gets the sum of its items.
 */
export function liableShares(splits: LiableSplit[], paymentAmount: number, block: number, fee: number): LiableShare[] {
  const liable = splits.some((s) => s.liable) ? splits.filter((s) => s.liable) : splits;
  const gross = shareAmount(liable, paymentAmount, 0).map((s) => s.gross);
  const blocks = allocateProportionally(block, gross);
  const fees = allocateProportionally(fee, gross);
  const byRecipient = new Map<string, LiableShare>();
  liable.forEach((s, i) => {
    const share = byRecipient.get(s.recipientId) ?? { recipientId: s.recipientId, block: 0, fee: 0 };
    share.block += blocks[i] ?? 0;
    share.fee += fees[i] ?? 0;
    byRecipient.set(s.recipientId, share);
  });
  return [...byRecipient.values()].filter((s) => s.block > 0 || s.fee > 0);
}

/** Money a recipient has where a chargeback can take it from. */
export interface ChargebackSource {
  bucket: 'pending' | 'available';
  /** Pending money of this sale is tagged with its installment's release date. */
  releaseAt: string | null;
  amount: number;
}

export interface Take {
  bucket: 'pending' | 'available';
  releaseAt: string | null;
  amount: number;
  purpose: 'block' | 'fee';
}

/**
 * Takes the recipient's block from the sources in the order given (the service passes this
 * sale's still-pending installments, latest first, then `available`), then its fee from
 * what is left, `available` first.
 * What the sources cannot cover is `uncovered`: a wallet bucket never goes negative (a
 * database CHECK), so the platform carries that part of the dispute (docs/payments.md).
 */
export function takeFromSources(share: LiableShare, sources: ChargebackSource[]): { takes: Take[]; uncovered: { block: number; fee: number } } {
  const left = sources.map((s) => ({ ...s }));
  const takes: Take[] = [];
  const take = (due: number, purpose: Take['purpose'], order: ChargebackSource[]): number => {
    for (const s of order) {
      if (due === 0) break;
      const amount = Math.min(due, s.amount);
      if (amount <= 0) continue;
      s.amount -= amount;
      due -= amount;
      takes.push({ bucket: s.bucket, releaseAt: s.releaseAt, amount, purpose });
    }
    return due;
  };
  const block = take(share.block, 'block', left);
  // Fees from available first: a fee taken from a pending installment stays `pending` in the statement.
  const fee = take(share.fee, 'fee', [...left.filter((s) => s.bucket === 'available'), ...left.filter((s) => s.bucket !== 'available')]);
  return { takes, uncovered: { block, fee } };
}
