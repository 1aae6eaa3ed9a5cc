/**
 * Withdrawal vocabulary and its pure rules (no I/O: importable from workflow code).
 * States and moves are the spec's table ("States and transitions › Withdrawal"), plus the
 * moves into `failed` the spec leaves open: a payout the provider refuses, and a paid payout the
 * receiving bank returns (docs/withdrawals.md).
 */
import { computeFee, type FeeSpec } from '../fees/fee.rules';

export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'processing', 'paid', 'rejected', 'cancelled', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Who made a move: `api` (the merchant), `system` (the workflow), or the operator's name. */
export type ChangedBy = 'api' | 'system' | (string & {});

export interface StatusChange {
  status: WithdrawalStatus;
  changedBy: ChangedBy;
  changedAt: string;
  /** Why, for rejected, cancelled and failed; null otherwise. */
  reason: string | null;
}

const MOVES: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  requested: ['approved', 'rejected', 'cancelled'],
  approved: ['processing'],
  processing: ['paid', 'failed'],
  // A payout the receiving bank sent back after it was paid (a Pix devolução): docs/withdrawals.md.
  paid: ['failed'],
  rejected: [],
  cancelled: [],
  failed: [],
};

export function canMove(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return MOVES[from].includes(to);
}

/** No move the workflow waits for: `paid` moves on only if the bank returns the money, which a callback applies. */
export const isTerminal = (s: WithdrawalStatus): boolean => MOVES[s].length === 0 || s === 'paid';

/**
 * The floor of every withdrawal before fees, in cents, whatever the currency (R$ 1,00): a
 * payout smaller than that costs more to move than it is worth.
 */
export const BASE_MINIMUM_AMOUNT = 100;

/**
 * The smallest gross amount a recipient may withdraw: at least BASE_MINIMUM_AMOUNT, and
 * enough that the net amount (gross minus the withdrawal fee) is at least 1 cent, so a fee
 * can never eat a whole payout. Net is non-decreasing in the gross (a fee percentage is at
 * most 100, so one more cent adds at most one cent of fee), which makes a binary search
 * exact. Null when no amount qualifies (a 100% fee).
 */
export function minimumAmount(fee: FeeSpec): number | null {
  const net = (amount: number) => amount - computeFee(fee, amount);
  let lo = BASE_MINIMUM_AMOUNT;
  let hi = Number.MAX_SAFE_INTEGER;
  if (net(lo) >= 1) return lo;
  if (net(hi) < 1) return null;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (net(mid) >= 1) hi = mid;
    else lo = mid;
  }
  return hi;
}
