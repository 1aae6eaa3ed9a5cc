import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, bodyIdNotFound, conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import type { Event } from '../events/event.entity';
import { computeFee } from '../fees/fee.rules';
import { feeSpecFor, getFeeTable } from '../fees/fees.service';
import { lockBalances } from '../ledger/balance-fold';
import { reserveFunds } from '../ledger/ledger.service';
import { assertRecipientActive } from '../recipients/recipients.service';
import { newId } from '../shared/ids';
import { Withdrawal } from './withdrawal.entity';
import { lockWithdrawal, moveWithdrawal, releaseWithdrawalReservation, withdrawalEvent } from './withdrawal-history';
import { minimumAmount } from './withdrawal.rules';
import { autoApprovalOf } from './withdrawal-rules.service';
import type { RecipientLink } from '../recipients/recipient.entity';
import type { CreateWithdrawalInput, ListWithdrawalsQuery, WithdrawalConfigView } from './withdrawals.schemas';

/** The withdrawal fee and minimum of a company in one currency (GET /withdrawals/config). */
export async function getWithdrawalConfig(em: EntityManager, companyId: string, currency: string): Promise<WithdrawalConfigView> {
  const fee = feeSpecFor(await getFeeTable(em, companyId, currency), { kind: 'withdrawal' });
  return { currency, feePercentage: fee.percentage, feeFixed: fee.fixed, minimumAmount: minimumAmount(fee) };
}

interface WalletFunds {
  walletId: string;
  withdrawable: number;
}

/**
 * The recipient's physical wallets in `currency` with their withdrawable (available bucket)
 * balance, locked (ledger lockBalances) until the transaction ends: a concurrent withdrawal waits here
 * and then sees this one's reservation, so two can never spend the same cents. Largest first.
 */
async function lockWalletFunds(em: EntityManager, companyId: string, recipientId: string, currency: string): Promise<WalletFunds[]> {
  const accounts = await em.execute<{ id: string; wallet_id: string }[]>(
    `select a.id, a.wallet_id from wallets w join ledger_accounts a on a.wallet_id = w.id and a.bucket = 'available'
      where w.company_id = ? and w.recipient_id = ? and w.currency = ? order by a.id`,
    [companyId, recipientId, currency],
  );
  const balances = await lockBalances(
    em,
    accounts.map((r) => r.id),
  );
  return accounts.map((r) => ({ walletId: r.wallet_id, withdrawable: balances.get(r.id)! })).sort((a, b) => b.withdrawable - a.withdrawable);
}

const money = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

async function bodyRecipient(em: EntityManager, companyId: string, recipientId: string) {
  try {
    return await assertRecipientActive(em, companyId, recipientId);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    throw bodyIdNotFound('recipientId', 'Recipient');
  }
}

/**
 * POST /withdrawals: checks, prices and reserves in the caller's transaction. The row, the
 * reservation (available → blocked) and withdrawal.requested commit together or not at all.
 * 409s: amount_below_minimum, no_active_wallet, insufficient_balance, plus the recipient's
 * own (recipient_not_active; recipient_without_bank_account). A recipientId that is unknown or
 * another company's is a 404 naming the field (bodyIdNotFound). Under the company's withdrawal
 * rules it is approved at once (an instant payout, `approved` by `system`, reason `auto_approved`).
 */
export async function createWithdrawal(em: EntityManager, companyId: string, input: CreateWithdrawalInput): Promise<{ withdrawal: Withdrawal; event: Event }> {
  const created = await requestWithdrawal(em, companyId, input.recipientId, input.currency, {
    amount: input.amount,
    approval: async (amount, link) =>
      (await autoApprovalOf(em, { companyId, recipientId: input.recipientId, amount, currency: input.currency, link })) === null ? { autoApproved: true, reason: 'auto_approved' } : null,
  });
  // A requested amount is never skipped: it is created or refused with a 409.
  return created!;
}

/**
 * A payout schedule's withdrawal of the recipient's whole withdrawable balance on `scheduledFor`
 * (its São Paulo date), approved by the schedule (`system`, reason `payout_schedule`). Null when
 * the balance is below `minimumAmount` or the withdrawal minimum: nothing is written. The unique
 * index on (company, recipient, scheduledFor) makes it once per recipient and date.
 */
export async function createScheduledWithdrawal(
  em: EntityManager,
  companyId: string,
  s: { recipientId: string; currency: string; minimumAmount: number; scheduledFor: string },
): Promise<{ withdrawal: Withdrawal; event: Event } | null> {
  return requestWithdrawal(em, companyId, s.recipientId, s.currency, {
    amount: 'withdrawable',
    atLeast: s.minimumAmount,
    approval: async () => ({ autoApproved: false, reason: 'payout_schedule' }),
    scheduledFor: s.scheduledFor,
  });
}

interface WithdrawalRequest {
  /** The gross amount, or the whole withdrawable balance (then nothing is written when it is below `atLeast` or the withdrawal minimum). */
  amount: number | 'withdrawable';
  atLeast?: number;
  /** Approved at creation (and why), or null to wait for an operator. Runs under the wallet lock. */
  approval(amount: number, link: RecipientLink): Promise<{ autoApproved: boolean; reason: string } | null>;
  scheduledFor?: string;
}

async function requestWithdrawal(em: EntityManager, companyId: string, recipientId: string, currency: string, how: WithdrawalRequest): Promise<{ withdrawal: Withdrawal; event: Event } | null> {
  const { link } = await bodyRecipient(em, companyId, recipientId);
  if (!link.defaultBankAccountId) {
    throw conflict('recipient_without_bank_account', `Recipient ${recipientId} has no bank account to pay out to; add one with PUT /recipients/${recipientId}`);
  }
  const config = await getWithdrawalConfig(em, companyId, currency);
  const requested = how.amount;
  if (requested !== 'withdrawable' && (config.minimumAmount === null || requested < config.minimumAmount)) {
    const min = config.minimumAmount === null ? 'no amount qualifies under the current fee' : `the minimum is ${config.minimumAmount} cents (${money(config.minimumAmount, currency)})`;
    throw conflict('amount_below_minimum', `amount ${requested} is below the withdrawal minimum: ${min}`);
  }

  const wallets = await lockWalletFunds(em, companyId, recipientId, currency);
  if (wallets.length === 0) {
    // A schedule of a recipient never paid in this currency has nothing to pay; a request is refused.
    if (requested === 'withdrawable') return null;
    throw conflict('no_active_wallet', `Recipient ${recipientId} has no wallet in ${currency}`);
  }
  const withdrawable = wallets.reduce((sum, w) => sum + w.withdrawable, 0);
  // One physical wallet pays the whole withdrawal; with one wallet per currency (today) that is the aggregate.
  const wallet = wallets[0];
  const amount = requested === 'withdrawable' ? wallet.withdrawable : requested;
  if (requested === 'withdrawable' && (config.minimumAmount === null || amount < Math.max(config.minimumAmount, how.atLeast ?? 0))) return null;
  if (amount > withdrawable || amount > wallet.withdrawable) {
    throw conflict('insufficient_balance', `amount ${amount} exceeds the withdrawable balance of ${withdrawable} cents (${money(withdrawable, currency)})`);
  }
  const approval = await how.approval(amount, link);

  const id = newId('wdr');
  await lockWithdrawal(em, id);
  const { postingId } = await reserveFunds(em, {
    key: `withdrawal:${id}:reserve`,
    kind: 'withdrawal_reserve',
    companyId,
    recipientId,
    currency,
    amount,
    source: 'withdrawal',
    sourceId: id,
    description: `Withdrawal ${id} requested`,
  });
  const fee = computeFee({ percentage: config.feePercentage, fixed: config.feeFixed }, amount);
  const withdrawal = em.create(Withdrawal, {
    id,
    companyId,
    recipientId,
    walletId: wallet.walletId,
    bankAccountId: link.defaultBankAccountId,
    amount,
    currency,
    fee,
    netAmount: amount - fee,
    status: 'requested',
    statusHistory: [{ status: 'requested', changedBy: how.scheduledFor ? 'system' : 'api', changedAt: new Date().toISOString(), reason: null }],
    reservationPostingId: postingId,
    autoApproved: approval?.autoApproved ?? false,
    scheduledFor: how.scheduledFor ?? null,
  });
  // The workflow finds it approved and pays it out without waiting for an operator.
  if (approval) moveWithdrawal(withdrawal, 'approved', 'system', approval.reason);
  em.persist(withdrawal);
  const event = withdrawalEvent(em, withdrawal, 'withdrawal.requested');
  await em.flush();
  return { withdrawal, event };
}

export async function getWithdrawal(em: EntityManager, companyId: string, id: string): Promise<Withdrawal> {
  const w = await em.findOne(Withdrawal, { id, companyId, deletedAt: null });
  if (!w) throw notFound('Withdrawal');
  return w;
}

export async function listWithdrawals(em: EntityManager, companyId: string, q: ListWithdrawalsQuery): Promise<{ items: Withdrawal[]; total: number }> {
  const where = { companyId, deletedAt: null, ...(q.status ? { status: q.status } : {}) };
  const page = await creationPage(em, Withdrawal, { companyId }, q, 'desc', 'Withdrawal');
  const [found, total] = await em.findAndCount(Withdrawal, page.where(where), page.options);
  const items = page.inListOrder(found);
  return { items, total };
}

/**
 * POST /withdrawals/:id/cancel: only a `requested` withdrawal (409 withdrawal_not_cancellable
 * otherwise). Under the withdrawal's lock, so it never races an operator's decision: whichever
 * commits first wins and the other sees the new status.
 */
export async function cancelWithdrawal(em: EntityManager, companyId: string, id: string, reason: string | null): Promise<Withdrawal> {
  const w = await lockWithdrawal(em, id);
  if (!w || w.companyId !== companyId || w.deletedAt) throw notFound('Withdrawal');
  if (w.status !== 'requested') {
    throw conflict('withdrawal_not_cancellable', `Withdrawal ${id} is ${w.status}; only a requested withdrawal can be cancelled`);
  }
  moveWithdrawal(w, 'cancelled', 'api', reason);
  await releaseWithdrawalReservation(em, w);
  await em.flush();
  return w;
}
