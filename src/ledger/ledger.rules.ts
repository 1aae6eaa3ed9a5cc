/**
 * Ledger vocabulary and the pure rules on it (no I/O: importable from workflow code).
 *
 * A wallet has three buckets (ledger accounts): `pending` (sold, not yet released),
 * `available` (released and free) and `blocked` (released but reserved by a withdrawal in
 * flight or a dispute). What the API calls a balance is derived from them:
 *
 *   pendingBalance      = pending
 *   availableBalance    = available + blocked   (all released money)
 *   blockedBalance      = blocked
 *   withdrawableBalance = available             (= availableBalance − blockedBalance)
 *
 * so "no withdrawable balance ever goes negative" is "the available bucket never goes
 * negative", which the database enforces with a CHECK on every wallet bucket.
 */

/** Statement entry types (decisions.md "Money movement"). */
export const STATEMENT_TYPES = [
  'sale',
  'fee',
  'platform_fee',
  'refund',
  'chargeback',
  'withdrawal',
  'withdrawal_fee',
  'withdrawal_reversal',
  'adjustment',
] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

/** What produced a posting: the statement's `source` filter. */
export const POSTING_SOURCES = ['transaction', 'withdrawal', 'refund', 'chargeback', 'sandbox', 'adjustment'] as const;
export type PostingSource = (typeof POSTING_SOURCES)[number];

export const WALLET_BUCKETS = ['pending', 'available', 'blocked'] as const;

export interface BucketBalances {
  pending: number;
  available: number;
  blocked: number;
}

export interface BalanceView {
  currency: string;
  availableBalance: number;
  pendingBalance: number;
  blockedBalance: number;
  withdrawableBalance: number;
}

export function toBalanceView(currency: string, b: BucketBalances): BalanceView {
  return {
    currency,
    availableBalance: b.available + b.blocked,
    pendingBalance: b.pending,
    blockedBalance: b.blocked,
    withdrawableBalance: b.available,
  };
}

export interface PostingLineAmount {
  currency: string;
  amount: number;
}

/**
 * Why a set of lines cannot be a posting, or null: every amount is non-zero integer cents
 * and the lines sum to zero in each currency (double entry). The database checks the same
 * at the entries' insert; this gives the caller a clear message first.
 */
export function postingProblem(lines: PostingLineAmount[]): string | null {
  if (lines.length < 2) return 'a posting has at least two entries';
  const sums = new Map<string, number>();
  for (const [i, l] of lines.entries()) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0) return `lines[${i}].amount must be non-zero integer cents, got ${l.amount}`;
    if (!/^[A-Z]{3}$/.test(l.currency)) return `lines[${i}].currency must be an ISO 4217 code, got ${l.currency}`;
    sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0) return `entries in ${currency} sum to ${sum}, not 0`;
  return null;
}

/** The type a reversal entry shows in the statement: withdrawals come back as withdrawal_reversal. */
export function reversalType(type: StatementType): StatementType {
  return type === 'withdrawal' || type === 'withdrawal_fee' ? 'withdrawal_reversal' : 'adjustment';
}

/** A locked account's balance as a posting check sees it. */
export interface AccountBalance {
  ownerType: string;
  balance: number;
}

/**
 * The index of the first line that leaves a wallet account below zero once all of a posting's
 * lines are applied on top of `balances` (platform accounts may go negative), or null when the
 * posting fits. Lines on the same account add up before the check, as they commit together.
 */
export function overdrawnLine(balances: ReadonlyMap<string, AccountBalance>, lines: ReadonlyArray<{ accountId: string; amount: number }>): number | null {
  const next = new Map<string, number>();
  for (const l of lines) next.set(l.accountId, (next.get(l.accountId) ?? balances.get(l.accountId)?.balance ?? 0) + l.amount);
  const i = lines.findIndex((l) => balances.get(l.accountId)?.ownerType === 'wallet' && next.get(l.accountId)! < 0);
  return i === -1 ? null : i;
}

/** Applies a posting's lines to the balances (after `overdrawnLine` accepted them), so the next posting of a batch is checked on top. */
export function applyLines(balances: Map<string, AccountBalance>, lines: ReadonlyArray<{ accountId: string; amount: number }>): void {
  for (const l of lines) {
    const account = balances.get(l.accountId);
    if (account) account.balance += l.amount;
  }
}

/**
 * The wallet accounts a posting takes money from: those its lines leave with a negative net
 * (a sale's pending +gross −fee is a credit). Only these can overdraw, so only these are
 * locked; platform accounts (`walletId` null) may go negative and are never.
 */
export function debitedAccounts(lines: ReadonlyArray<{ id: string; walletId: string | null; amount: number }>): string[] {
  const net = new Map<string, number>();
  for (const l of lines) if (l.walletId !== null) net.set(l.id, (net.get(l.id) ?? 0) + l.amount);
  return [...net].filter(([, amount]) => amount < 0).map(([id]) => id);
}
