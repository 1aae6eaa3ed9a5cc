import type { EntityManager } from '@mikro-orm/postgresql';
import { tokenDigest } from './bank-details-token';
import type { Event } from '../events/event.entity';
import { recordEvent } from '../events/outbox';
import type { GatewayRefundRequest, GatewayRefundResult } from '../payments/payment-gateway';
import { Payment } from '../payments/payment.entity';
import { toPaymentView, toTransactionView } from '../payments/transaction-views';
import { loadTransaction } from '../payments/transactions.service';
import { checkBankDetails, type BankDetailsInput, type BankDetailsProblem } from './bank-details.rules';
import { checkHolder, NOT_BUYER_MESSAGE } from './refund-buyer.rules';
import { saleBuyerDocument } from './refund-buyer.service';
import { releaseRefundHolds, returnRefundMoney, settleRefundMoney } from './refund-money.service';
import type { FinalPayoutState } from '../processors/payouts/payout-outcome';
import { refundTransferOutcome, refundTransferPayoutId, type RefundTransferRequest, type RefundTransferResult } from './refund-transfer';
import { Refund } from './refund.entity';
import type { RefundSnapshot } from '../../workflows/refunds/refund.contract';
import { acceptsBankDetails, type RefundMethod, type RefundStatus } from './refund.rules';
import { issueBankDetailsToken, loadRefund, recordRefundEvent } from './refunds.service';

/**
 * The refund workflow's moves (and the bank-details page's), each in the caller's database
 * transaction with its ledger posting and events. A move applies only from the status it
 * expects and otherwise returns the status as it is, so a retried activity changes nothing twice.
 */

export interface MoveResult {
  status: RefundStatus;
  events: Event[];
}

export async function refundSnapshot(em: EntityManager, refundId: string): Promise<RefundSnapshot | null> {
  const r = await em.findOne(Refund, { id: refundId });
  return r && { status: r.status, method: r.paymentMethod as RefundMethod };
}

/** A plain status move (no money, no event): applies only from `from`, so a retry changes nothing. */
async function moveRefund(em: EntityManager, refundId: string, from: RefundStatus, to: RefundStatus, onMove?: (refund: Refund) => void): Promise<MoveResult> {
  const refund = await loadRefund(em, null, refundId, true);
  if (refund.status === from) {
    refund.status = to;
    onMove?.(refund);
  }
  await em.flush();
  return { status: refund.status, events: [] };
}

/** approved (a run restarted before the API's move) → processing; card and Pix only. */
export const markRefundProcessing = (em: EntityManager, refundId: string) => moveRefund(em, refundId, 'approved', 'processing');

/** What the acquirer or PSP is asked (the refund id is the idempotency key), or null when the refund is not processing. */
export async function gatewayRefundRequest(em: EntityManager, refundId: string): Promise<GatewayRefundRequest | null> {
  const refund = await em.findOne(Refund, { id: refundId });
  if (!refund || refund.status !== 'processing') return null;
  const payment = await em.findOneOrFail(Payment, { id: refund.paymentId });
  return {
    idempotencyKey: refund.id,
    chargeReference: payment.gatewayReference,
    paymentId: payment.id,
    method: payment.method,
    processorConnectionId: payment.processorConnectionId,
    amount: refund.amount,
    currency: refund.currency,
    reason: refund.reason,
  };
}

/** processing → refunded | failed (failureReason = the acquirer's code, reservation released). */
export async function applyGatewayRefundOutcome(em: EntityManager, refundId: string, outcome: GatewayRefundResult, publicBaseUrl: string, now = new Date()): Promise<MoveResult> {
  const refund = await loadRefund(em, null, refundId, true);
  if (refund.status !== 'processing') return { status: refund.status, events: [] };
  refund.gatewayReference = outcome.reference;
  if (outcome.status === 'refunded') return { status: 'refunded', events: await completeRefund(em, refund, publicBaseUrl, now) };
  return { status: 'failed', events: await failRefund(em, refund, outcome.code ?? 'gateway_failure') };
}

async function failRefund(em: EntityManager, refund: Refund, reason: string): Promise<Event[]> {
  refund.status = 'failed';
  refund.failureReason = reason;
  await releaseRefundHolds(em, refund);
  const event = recordRefundEvent(em, refund, 'refund.failed');
  await em.flush();
  return [event];
}

/**
 * → refunded: the ledger posting, the payment `refunded` when its refunds add up to its amount
 * (else `partially_refunded`), the transaction `refunded` when every payment is, and the events
 * refund.refunded, payment.refunded, transaction.refunded (data: the entity plus refundId,
 * refundAmount, transactionId, paymentId).
 */
async function completeRefund(em: EntityManager, refund: Refund, publicBaseUrl: string, now: Date): Promise<Event[]> {
  // Lock order transaction → payment → ledger accounts, as refund creation (payment → ledger) and the transaction workflow take them.
  await em.execute('select id from transactions where id = ? for update', [refund.transactionId]);
  await em.execute('select id from payments where id = ? for update', [refund.paymentId]);
  refund.status = 'refunded';
  refund.refundedAt = now;
  await settleRefundMoney(em, refund);
  await em.flush();

  const [row] = await em.execute<{ sum: string }[]>(`select coalesce(sum(amount), 0) as sum from refunds where payment_id = ? and status = 'refunded'`, [refund.paymentId]);
  const agg = await loadTransaction(em, refund.companyId, refund.transactionId);
  const payment = agg.payments.find((p) => p.id === refund.paymentId)!;
  // The status types are widened here: refunded / partially_refunded (decisions.md "Transactions and payments").
  (payment as { status: string }).status = Number(row.sum) >= payment.amount ? 'refunded' : 'partially_refunded';
  (agg.transaction as { status: string }).status = agg.payments.every((p) => (p.status as string) === 'refunded') ? 'refunded' : 'partially_refunded';
  await em.flush();

  const about = { refundId: refund.id, refundAmount: refund.amount, transactionId: refund.transactionId, paymentId: refund.paymentId };
  return [
    recordRefundEvent(em, refund, 'refund.refunded'),
    recordEvent(em, { companyId: refund.companyId, type: 'payment.refunded', entityType: 'payment', data: { ...toPaymentView(payment, publicBaseUrl), ...about } }),
    recordEvent(em, { companyId: refund.companyId, type: 'transaction.refunded', entityType: 'transaction', data: { ...toTransactionView(agg, publicBaseUrl), ...about } }),
  ];
}

export type BankDetailsSubmission =
  | { outcome: 'received' | 'awaiting_confirmation'; refundId: string; events: Event[] }
  | { outcome: 'invalid'; problems: BankDetailsProblem[] }
  | { outcome: 'not_buyer'; problem: BankDetailsProblem }
  | { outcome: 'closed'; status: RefundStatus }
  | { outcome: 'unknown' };

/** The refund a bank-details link points at (any status), or null. */
export async function refundByToken(em: EntityManager, token: string): Promise<Refund | null> {
  return em.findOne(Refund, { bankDetailsTokenHash: tokenDigest(token) });
}

/**
 * The page's submit: awaiting_bank_details | invalid_bank_details → bank_details_received when
 * the holder is the buyer (refund-buyer.rules), → awaiting_confirmation (the merchant confirms
 * before any transfer; refund.awaiting_confirmation) when the sale recorded no buyer document.
 * Malformed details, or a holder who is not the buyer, change nothing.
 */
export async function submitBankDetails(em: EntityManager, token: string, input: BankDetailsInput, now = new Date()): Promise<BankDetailsSubmission> {
  const found = await refundByToken(em, token);
  if (!found) return { outcome: 'unknown' };
  const refund = await loadRefund(em, null, found.id, true);
  if (refund.bankDetailsTokenHash !== tokenDigest(token)) return { outcome: 'unknown' };
  if (!acceptsBankDetails(refund.status)) return { outcome: 'closed', status: refund.status };
  const checked = checkBankDetails(input);
  if (!checked.ok) return { outcome: 'invalid', problems: checked.problems };
  const holder = checkHolder(await saleBuyerDocument(em, refund), checked.details.holderDocument);
  if (holder === 'not_buyer') return { outcome: 'not_buyer', problem: { field: 'holderDocument', message: NOT_BUYER_MESSAGE } };
  refund.bankDetails = { ...checked.details, submittedAt: now.toISOString() };
  refund.status = holder === 'buyer' ? 'bank_details_received' : 'awaiting_confirmation';
  const events = refund.status === 'awaiting_confirmation' ? [recordRefundEvent(em, refund, 'refund.awaiting_confirmation')] : [];
  await em.flush();
  return { outcome: holder === 'buyer' ? 'received' : 'awaiting_confirmation', refundId: refund.id, events };
}

/**
 * bank_details_received → ted_processing. The transfer for these details goes through the company's
 * payout connection as it is when it is sent (an earlier transfer's stays pinned until then, so a
 * repeated callback of its return is still recognized).
 */
export const markRefundTedProcessing = (em: EntityManager, refundId: string) =>
  moveRefund(em, refundId, 'bank_details_received', 'ted_processing', (refund) => {
    refund.transferConnectionId = null;
  });

/**
 * The transfer to send (keyed per refund and details request) and the payout connection it goes
 * through, or null when the refund is not in ted_processing. The connection is fixed on the refund
 * the first time (`resolve`: the company's payout connection now) and kept until a new details
 * request, so a retry after a crash asks the same provider account for the transfer by its id
 * before any send (as a withdrawal's payout).
 */
export async function refundTransferRequest(
  em: EntityManager,
  refundId: string,
  resolve: (companyId: string) => Promise<string>,
): Promise<{ connectionId: string; request: RefundTransferRequest } | null> {
  const refund = await loadRefund(em, null, refundId, true);
  if (refund.status !== 'ted_processing' || !refund.bankDetails) return null;
  if (!refund.transferConnectionId) {
    refund.transferConnectionId = await resolve(refund.companyId);
    await em.flush();
  }
  return {
    connectionId: refund.transferConnectionId,
    request: { idempotencyKey: `${refund.id}:${refund.bankDetailsRequests}`, companyId: refund.companyId, amount: refund.amount, currency: refund.currency, bankDetails: refund.bankDetails },
  };
}

/** ted_processing → refunded | invalid_bank_details (a new link: new token, the old one dead; refund.awaiting_bank_details again). */
export async function applyRefundTransferOutcome(em: EntityManager, refundId: string, outcome: RefundTransferResult, publicBaseUrl: string, now = new Date()): Promise<MoveResult> {
  const refund = await loadRefund(em, null, refundId, true);
  if (refund.status !== 'ted_processing') return { status: refund.status, events: [] };
  if (outcome.status === 'completed') return { status: 'refunded', events: await completeRefund(em, refund, publicBaseUrl, now) };
  refund.status = 'invalid_bank_details';
  refund.failureReason = null;
  issueBankDetailsToken(refund, now);
  const event = recordRefundEvent(em, refund, 'refund.awaiting_bank_details');
  await em.flush();
  return { status: refund.status, events: [event] };
}

/**
 * What the payout provider shows of a refund's transfer (`attempt`: the bank-details request it
 * paid), read back by its callback or the payout reconciliation; only the refund's current
 * transfer speaks for it:
 * - still `ted_processing`: the outcome is recorded as the workflow's transfer activity records it
 *   (the activity then finds the refund moved on);
 * - `refunded`, and the provider shows the transfer sent back whole (a devolução): the refund is
 *   open again, `refunded` → `invalid_bank_details` (`reopenReturnedRefund`).
 * `applied` says what changed; `restart`: the refund's workflow, finished, must run again.
 */
export async function applyRefundTransferState(
  em: EntityManager,
  transfer: { refundId: string; attempt: number },
  state: FinalPayoutState,
  publicBaseUrl: string,
  now = new Date(),
): Promise<MoveResult & { applied: 'recorded' | 'returned' | 'unchanged' }> {
  const refund = await loadRefund(em, null, transfer.refundId, true);
  const unchanged = { status: refund.status, events: [], applied: 'unchanged' as const };
  const returnedWhole = state.status === 'paid' && state.returns.reduce((a, r) => a + r.amount, 0) >= refund.amount;
  // Told again after it reopened the refund (a repeated callback, the next reconciliation): nothing
  // changes, and the caller makes sure the workflow runs (a restart lost in a crash is made here).
  if (returnedWhole && acceptsBankDetails(refund.status) && refund.bankDetailsRequests === transfer.attempt + 1) return { ...unchanged, applied: 'returned' };
  if (refund.bankDetailsRequests !== transfer.attempt) return unchanged;
  if (refund.status === 'ted_processing') {
    const outcome = refundTransferOutcome(state, refundTransferPayoutId(refund.id, transfer.attempt));
    return { ...(await applyRefundTransferOutcome(em, refund.id, outcome, publicBaseUrl, now)), applied: 'recorded' };
  }
  if (refund.status !== 'refunded' || !returnedWhole) return unchanged;
  return { status: 'invalid_bank_details', events: await reopenReturnedRefund(em, refund, now), applied: 'returned' };
}

/**
 * A refund whose transfer the receiving bank sent back after it completed: the buyer has not got
 * the money, the money is back in Lastro's provider account, and the buyer's account is the
 * likely cause. So the refund is asked for new details as a bounced transfer is
 * (`invalid_bank_details`, a new link, a new 30-day deadline, refund.awaiting_bank_details), the
 * completion posting is reversed (the shares reserved for the refund again), and the payment and
 * the transaction show only the refunds still refunded.
 */
async function reopenReturnedRefund(em: EntityManager, refund: Refund, now: Date): Promise<Event[]> {
  // Lock order transaction → payment → ledger accounts, as completeRefund.
  await em.execute('select id from transactions where id = ? for update', [refund.transactionId]);
  await em.execute('select id from payments where id = ? for update', [refund.paymentId]);
  await returnRefundMoney(em, refund);
  refund.status = 'invalid_bank_details';
  refund.refundedAt = null;
  refund.failureReason = null;
  refund.bankDetailsDeadline = null;
  issueBankDetailsToken(refund, now);
  await em.flush();

  const [row] = await em.execute<{ sum: string }[]>(`select coalesce(sum(amount), 0) as sum from refunds where payment_id = ? and status = 'refunded'`, [refund.paymentId]);
  const agg = await loadTransaction(em, refund.companyId, refund.transactionId);
  const payment = agg.payments.find((p) => p.id === refund.paymentId)!;
  const refunded = Number(row.sum);
  const paymentRow = payment as { status: string };
  if (paymentRow.status === 'refunded' || paymentRow.status === 'partially_refunded') paymentRow.status = refunded >= payment.amount ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'paid';
  const statuses = agg.payments.map((p) => p.status as string);
  const txn = agg.transaction as { status: string };
  if (txn.status === 'refunded' || txn.status === 'partially_refunded') {
    txn.status = statuses.every((s) => s === 'refunded') ? 'refunded' : statuses.some((s) => s === 'refunded' || s === 'partially_refunded') ? 'partially_refunded' : 'paid';
  }
  const event = recordRefundEvent(em, refund, 'refund.awaiting_bank_details');
  await em.flush();
  return [event];
}

/** A reminder while the buyer's details are missing: refund.awaiting_bank_details again (the link stays the same; the merchant reads it with GET /refunds/:id). */
export async function remindRefundBankDetails(em: EntityManager, refundId: string): Promise<MoveResult> {
  const refund = await loadRefund(em, null, refundId, true);
  if (!acceptsBankDetails(refund.status)) return { status: refund.status, events: [] };
  refund.bankDetailsReminders += 1;
  const event = recordRefundEvent(em, refund, 'refund.awaiting_bank_details');
  await em.flush();
  return { status: refund.status, events: [event] };
}

/** The deadline passed without valid details: → failed, the money stays with the merchant (reservation released). */
export async function expireRefundBankDetails(em: EntityManager, refundId: string): Promise<MoveResult> {
  const refund = await loadRefund(em, null, refundId, true);
  if (!acceptsBankDetails(refund.status)) return { status: refund.status, events: [] };
  return { status: 'failed', events: await failRefund(em, refund, 'bank_details_deadline_passed') };
}
