import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../events/event.entity';
import { creditAvailable, debitWallet, reversePosting } from '../ledger/ledger.service';
import { payoutIdOf } from '../processors/payouts/payout.rules';
import type { PayoutRequest, PayoutReturn } from '../processors/payouts/payout-provider.port';
import { RecipientBankAccount } from '../recipients/recipient.entity';
import type { FinalPayoutState } from '../processors/payouts/payout-outcome';
import { payoutResultOf, type PayoutResult } from './payout-result';
import { Withdrawal } from './withdrawal.entity';
import { lockWithdrawal, moveWithdrawal, releaseWithdrawalReservation, withdrawalEvent } from './withdrawal-history';
import type { WithdrawalStatus } from './withdrawal.rules';

/**
 * The moves the withdrawal workflow makes, one per activity. Each locks the row, applies
 * only if the row is still where the move starts (so a retried activity, or a move that
 * lost a race with the API's cancel, changes nothing) and returns the status it left.
 */

export interface MoveResult {
  status: WithdrawalStatus;
  events: Event[];
}

async function locked(em: EntityManager, withdrawalId: string): Promise<Withdrawal> {
  const w = await lockWithdrawal(em, withdrawalId);
  if (!w) throw new Error(`withdrawal ${withdrawalId} does not exist`);
  return w;
}

/** The operator's decision on a requested withdrawal; a rejection gives the reservation back. */
export async function applyWithdrawalDecision(
  em: EntityManager,
  withdrawalId: string,
  d: { outcome: 'approved' | 'rejected'; operator: string; reason: string | null },
): Promise<MoveResult> {
  const w = await locked(em, withdrawalId);
  if (w.status !== 'requested') return { status: w.status, events: [] };
  moveWithdrawal(w, d.outcome, d.operator, d.reason);
  const events: Event[] = [];
  if (d.outcome === 'rejected') {
    await releaseWithdrawalReservation(em, w);
    events.push(withdrawalEvent(em, w, 'withdrawal.rejected'));
  }
  await em.flush();
  return { status: w.status, events };
}

export async function markWithdrawalProcessing(em: EntityManager, withdrawalId: string): Promise<MoveResult> {
  const w = await locked(em, withdrawalId);
  if (w.status === 'approved') moveWithdrawal(w, 'processing', 'system');
  await em.flush();
  return { status: w.status, events: [] };
}

/**
 * The row is past `processing`: no payout may be sent for it. `recorded` is the payout's outcome
 * when the provider's callback or the payout reconciliation recorded it first (the workflow then
 * carries on from it); null when the row never had a payout.
 */
export class WithdrawalNotProcessing extends Error {
  constructor(
    message: string,
    readonly recorded: PayoutResult | null,
  ) {
    super(message);
    this.name = 'WithdrawalNotProcessing';
  }
}

/** The payout outcome a row past `processing` shows: paid (also when returned since), failed, or none. */
function recordedPayout(w: Withdrawal): PayoutResult | null {
  if (w.paidAt) return { status: 'paid', pspTransferId: w.pspTransferId ?? payoutIdOf(w.id) };
  const failed = w.status === 'failed' && w.statusHistory.some((h) => h.status === 'processing');
  return failed ? { status: 'failed', pspTransferId: w.pspTransferId, code: w.statusHistory.at(-1)?.reason ?? 'transfer_failed' } : null;
}

/** The reason a paid withdrawal's history shows when the receiving bank sent the money back. */
export const PAYOUT_RETURNED = 'payout_returned';

/**
 * What the provider is asked, and through which connection: the net amount to the bank account
 * chosen at creation, under the id derived from the withdrawal id. The connection is fixed on the
 * row the first time (`resolve`: the company's payout connection now) and never changes after, so
 * a retry after a crash asks the same provider account for the transfer by its id before any send.
 */
export async function withdrawalPayoutRequest(em: EntityManager, withdrawalId: string, resolve: (companyId: string) => Promise<string>): Promise<{ connectionId: string; request: PayoutRequest }> {
  const w = await locked(em, withdrawalId);
  if (w.status !== 'processing') throw new WithdrawalNotProcessing(`withdrawal ${withdrawalId} is ${w.status}, not processing: no payout`, recordedPayout(w));
  if (!w.payoutConnectionId) {
    w.payoutConnectionId = await resolve(w.companyId);
    await em.flush();
  }
  const b = await em.findOneOrFail(RecipientBankAccount, { id: w.bankAccountId });
  return {
    connectionId: w.payoutConnectionId,
    request: {
      id: payoutIdOf(w.id),
      amount: w.netAmount,
      currency: w.currency,
      description: `Saque ${w.id}`,
      destination: {
        bankCode: b.bankCode,
        agency: b.bankAgency,
        account: `${b.bankAccount}${b.bankAccountDigit ?? ''}`,
        accountType: b.bankAccountType === 'savings' ? 'savings' : 'checking',
        holderName: b.bankHolderName,
        holderDocument: b.bankHolderDocument,
      },
    },
  };
}

/**
 * The PSP's answer. Paid: the reserved gross leaves the wallet's blocked bucket as two
 * statement entries, `withdrawal` (net, to the settlement account that paid the bank) and
 * `withdrawal_fee` (the fee, to platform revenue). Failed: the reservation posting is
 * reversed (a `withdrawal_reversal` posting), so the gross is withdrawable again. Money the
 * receiving bank already sent back when the outcome was read is applied at once (`creditReturns`).
 */
export async function completeWithdrawalPayout(em: EntityManager, withdrawalId: string, payout: PayoutResult): Promise<MoveResult> {
  const w = await locked(em, withdrawalId);
  if (w.status !== 'processing') return { status: w.status, events: [] };
  const movement = { companyId: w.companyId, recipientId: w.recipientId, currency: w.currency, source: 'withdrawal' as const, sourceId: w.id, from: 'blocked' as const };
  const events: Event[] = [];
  w.pspTransferId = payout.pspTransferId;
  if (payout.status === 'paid') {
    await debitWallet(em, { ...movement, key: `withdrawal:${w.id}:payout`, type: 'withdrawal', amount: w.netAmount, description: `Withdrawal ${w.id}` });
    if (w.fee > 0) await debitWallet(em, { ...movement, key: `withdrawal:${w.id}:fee`, type: 'withdrawal_fee', amount: w.fee, description: `Withdrawal fee ${w.id}` });
    w.paidAt = new Date();
    moveWithdrawal(w, 'paid', 'system');
    events.push(withdrawalEvent(em, w, 'withdrawal.paid'));
    if (payout.returns?.length) await creditReturns(em, w, payout.returns);
  } else {
    await reversePosting(em, { postingId: w.reservationPostingId, description: `Withdrawal ${w.id} failed: ${payout.code}` });
    moveWithdrawal(w, 'failed', 'system', payout.code);
  }
  await em.flush();
  return { status: w.status, events };
}

/**
 * Money the receiving bank sent back after the payout was paid (a Pix devolução, confirmed with the
 * provider): each return credits the wallet's available balance once (a `withdrawal_reversal`
 * posting keyed by the return's id, the total capped at the net amount), and the first one moves the
 * withdrawal paid → failed with reason `payout_returned`. The fee stays charged: the transfer was
 * made. `pending`: the payout's own outcome is not recorded yet (the workflow records it first).
 */
export async function applyWithdrawalReturns(em: EntityManager, withdrawalId: string, returns: PayoutReturn[]): Promise<MoveResult & { pending: boolean }> {
  const w = await locked(em, withdrawalId);
  if (w.status === 'processing') return { status: w.status, events: [], pending: true };
  const returned = w.status === 'failed' && w.statusHistory.at(-1)?.reason === PAYOUT_RETURNED;
  if (returns.length > 0 && (w.status === 'paid' || returned)) await creditReturns(em, w, returns);
  await em.flush();
  return { status: w.status, events: [], pending: false };
}

/**
 * What the provider shows of a withdrawal's payout, read back by the callback or the payout
 * reconciliation (src/processors/payouts/payout-reports.service.ts): a payout still in
 * `processing` gets its outcome recorded as the workflow's payout activity records it (the
 * activity later finds it recorded); a paid one gets its returns. `applied` says what changed.
 */
export async function applyWithdrawalPayoutState(em: EntityManager, withdrawalId: string, state: FinalPayoutState): Promise<MoveResult & { applied: 'recorded' | 'returned' | 'unchanged' }> {
  const w = await locked(em, withdrawalId);
  if (w.status === 'processing') return { ...(await completeWithdrawalPayout(em, withdrawalId, payoutResultOf(state, payoutIdOf(withdrawalId)))), applied: 'recorded' };
  if (state.status !== 'paid' || state.returns.length === 0 || !w.paidAt) return { status: w.status, events: [], applied: 'unchanged' };
  const before = w.status;
  const r = await applyWithdrawalReturns(em, withdrawalId, state.returns);
  return { ...r, applied: before === 'paid' && r.status === 'failed' ? 'returned' : 'unchanged' };
}

async function creditReturns(em: EntityManager, w: Withdrawal, returns: PayoutReturn[]): Promise<void> {
  let left = w.netAmount;
  for (const r of returns) {
    const amount = Math.min(r.amount, left);
    if (amount <= 0) break;
    left -= amount;
    await creditAvailable(em, {
      key: `withdrawal:${w.id}:return:${r.id}`,
      type: 'withdrawal_reversal',
      companyId: w.companyId,
      recipientId: w.recipientId,
      currency: w.currency,
      amount,
      source: 'withdrawal',
      sourceId: w.id,
      description: `Withdrawal ${w.id} returned by the receiving bank${r.reason ? `: ${r.reason}` : ''}`,
    });
  }
  if (w.status === 'paid') moveWithdrawal(w, 'failed', 'system', PAYOUT_RETURNED);
}
