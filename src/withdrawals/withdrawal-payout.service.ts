import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../events/event.entity';
import { debitWallet, reversePosting } from '../ledger/ledger.service';
import { RecipientBankAccount } from '../recipients/recipient.entity';
import type { PayoutRequest, PayoutResult } from './payout-gateway';
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

/** What the PSP is asked: the net amount to the bank account chosen at creation, keyed by the withdrawal id. */
export async function payoutRequestFor(em: EntityManager, withdrawalId: string): Promise<PayoutRequest> {
  const w = await em.findOneOrFail(Withdrawal, { id: withdrawalId });
  if (w.status !== 'processing') throw new Error(`withdrawal ${withdrawalId} is ${w.status}, not processing: no payout`);
  const b = await em.findOneOrFail(RecipientBankAccount, { id: w.bankAccountId });
  return {
    idempotencyKey: w.id,
    amount: w.netAmount,
    currency: w.currency,
    bankAccountId: b.id,
    bankAccount: {
      bankCode: b.bankCode,
      bankAgency: b.bankAgency,
      bankAccount: b.bankAccount,
      bankAccountDigit: b.bankAccountDigit,
      holderName: b.bankHolderName,
      holderDocument: b.bankHolderDocument,
    },
  };
}

/**
 * The PSP's answer. Paid: the reserved gross leaves the wallet's blocked bucket as two
 * statement entries, `withdrawal` (net, to the settlement account that paid the bank) and
 * `withdrawal_fee` (the fee, to platform revenue). Failed: the reservation posting is
 * reversed (a `withdrawal_reversal` posting), so the gross is withdrawable again.
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
  } else {
    await reversePosting(em, { postingId: w.reservationPostingId, description: `Withdrawal ${w.id} failed: ${payout.code}` });
    moveWithdrawal(w, 'failed', 'system', payout.code);
  }
  await em.flush();
  return { status: w.status, events };
}
