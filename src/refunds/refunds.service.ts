import { bankDetailsToken, tokenDigest } from './bank-details-token';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company } from '../companies/company.entity';
import { refundSettingsOf } from '../companies/companies.service';
import { lockRowById } from '../db/row-lock';
import type { Event } from '../events/event.entity';
import { recordEvent } from '../events/outbox';
import { feeFor } from '../fees/fees.service';
import { conflict, notFound } from '../http/errors';
import { creationPage, type CursorPageRequest } from '../http/pagination';
import { Payment } from '../payments/payment.entity';
import { TransactionSplit } from '../payments/split.entity';
import { Transaction } from '../payments/transaction.entity';
import { newId } from '../shared/ids';
import { releaseRefundHolds, reserveRefund } from './refund-money.service';
import { Refund } from './refund.entity';
import { approvedStatus, BANK_DETAILS_DEADLINE_MS, canApprove, canConfirmBankDetails, canRefuse, type RefundMethod, type RefundRequesterType } from './refund.rules';
import { toRefundEventData } from './refund-views';
import type { CreateRefundInput } from './refunds.schemas';

export interface RefundChange {
  refund: Refund;
  events: Event[];
}

/** Who acts on a refund: `api` (the merchant's key), an operator's name, or `system`. */
export interface RefundActor {
  by: string;
  type: RefundRequesterType;
}

/** The row locked by id (src/db/row-lock.ts), then read fresh. */
async function lockRow<T extends object>(em: EntityManager, table: 'refunds' | 'payments', entity: new () => T, where: Record<string, string>): Promise<T | null> {
  if (!(await lockRowById(em, table, where.id))) return null;
  return em.findOne(entity as never, where as never, { refresh: true }) as Promise<T | null>;
}

export type RefundEventType = 'refund.created' | 'refund.awaiting_bank_details' | 'refund.awaiting_confirmation' | 'refund.refunded' | 'refund.refused' | 'refund.failed';

/** A refund event (outbox only): its data never carries the bank-details link nor the buyer's account (refund-views `toRefundEventData`). */
export function recordRefundEvent(em: EntityManager, refund: Refund, type: RefundEventType): Event {
  return recordEvent(em, { companyId: refund.companyId, type, entityType: 'refund', data: toRefundEventData(refund) });
}

/** A new bank-details link: a fresh token replaces the old one, which stops working. */
export function issueBankDetailsToken(refund: Refund, now = new Date()): void {
  refund.bankDetailsRequests += 1;
  refund.bankDetailsTokenHash = tokenDigest(bankDetailsToken(refund.id, refund.bankDetailsRequests));
  refund.bankDetailsRequestedAt = now;
  refund.bankDetailsReminders = 0;
  refund.bankDetailsDeadline ??= new Date(now.getTime() + BANK_DETAILS_DEADLINE_MS);
}

/** Moves an approved refund on: card/Pix to processing, boleto to awaiting_bank_details with a link. */
function enterApproved(em: EntityManager, refund: Refund, now: Date): Event[] {
  refund.status = approvedStatus(refund.paymentMethod as RefundMethod);
  if (refund.status !== 'awaiting_bank_details') return [];
  issueBankDetailsToken(refund, now);
  return [recordRefundEvent(em, refund, 'refund.awaiting_bank_details')];
}

/**
 * POST /transactions/:txnId/payments/:payId/refund. The payment row is locked for the whole
 * transaction, so concurrent refunds of one payment queue and each sees the others: their sum
 * never passes the paid amount. The recipients' shares are reserved in the same transaction.
 */
export async function createRefund(
  em: EntityManager,
  company: Company,
  ids: { transactionId: string; paymentId: string },
  input: CreateRefundInput,
  actor: RefundActor,
  now = new Date(),
): Promise<RefundChange> {
  const payment = await lockRow(em, 'payments', Payment, { id: ids.paymentId });
  if (!payment || payment.companyId !== company.id || payment.transactionId !== ids.transactionId) throw notFound('Payment');
  const status = payment.status as string;
  if (status !== 'paid' && status !== 'partially_refunded') {
    throw conflict('payment_not_refundable', `Only a paid payment can be refunded; this one is ${status}`);
  }
  const [held] = await em.execute<{ sum: string | null }[]>(
    `select sum(amount) as sum from refunds where payment_id = ? and status not in ('refused', 'failed')`,
    [payment.id],
  );
  const rest = payment.amount - Number(held?.sum ?? 0);
  if (rest <= 0) throw conflict('payment_not_refundable', 'The payment has already been refunded in full (or refunds in flight cover it)');
  const amount = input.amount ?? rest;
  if (amount > rest) throw conflict('refund_exceeds_refundable', `The refundable rest of this payment is ${rest} cents; ${amount} asked`);

  const refund = em.create(Refund, {
    id: newId('ref'),
    companyId: company.id,
    transactionId: payment.transactionId,
    paymentId: payment.id,
    amount,
    currency: payment.currency,
    status: 'pending',
    reason: input.reason,
    requestedBy: actor.by,
    requestedByType: actor.type,
    paymentMethod: payment.method,
  });
  const splits = await em.find(TransactionSplit, { transactionId: payment.transactionId });
  const refundFee = await feeFor(em, company.id, payment.currency, { kind: 'refund' }, amount);
  refund.holds = await reserveRefund(em, refund, { paid: payment.amount, splits, refundFee });
  em.persist(refund);

  const events = [recordRefundEvent(em, refund, 'refund.created')];
  if (refundSettingsOf(company).autoApprove) {
    refund.reviewedBy = 'auto_approval';
    refund.reviewedAt = now;
    events.push(...enterApproved(em, refund, now));
    // refund.created describes the refund as it committed.
    events[0].payload = { ...events[0].payload, data: toRefundEventData(refund) };
  }
  await em.flush();
  return { refund, events };
}

/** The refund, scoped to the company (null = any company: operators and workflows); 404 otherwise. */
export async function loadRefund(em: EntityManager, companyId: string | null, id: string, lock = false): Promise<Refund> {
  const where: Record<string, string> = companyId ? { id, companyId } : { id };
  const refund = lock ? await lockRow(em, 'refunds', Refund, where) : await em.findOne(Refund, where);
  // The spec's other prefix names the same refunds: `rfd_…` is looked up as `ref_…`.
  if (!refund && id.startsWith('rfd_')) return loadRefund(em, companyId, `ref_${id.slice(4)}`, lock);
  if (!refund || (companyId && refund.companyId !== companyId)) throw notFound('Refund');
  return refund;
}

const notReviewable = (refund: Refund, action: 'approved' | 'refused') =>
  conflict('refund_not_reviewable', `A ${refund.status} refund cannot be ${action}`);

/** pending → processing (card, Pix) | awaiting_bank_details (boleto); 409 `refund_not_reviewable` otherwise. */
export async function approveRefund(em: EntityManager, companyId: string | null, id: string, reviewer: string, now = new Date()): Promise<RefundChange> {
  const refund = await loadRefund(em, companyId, id, true);
  if (!canApprove(refund.status)) throw notReviewable(refund, 'approved');
  refund.reviewedBy = reviewer;
  refund.reviewedAt = now;
  const events = enterApproved(em, refund, now);
  await em.flush();
  return { refund, events };
}

/**
 * awaiting_confirmation → bank_details_received: the merchant (`api`) or an operator vouches
 * that the account the buyer sent is the buyer's, when the sale recorded no buyer document;
 * the transfer starts after this. 409 `refund_not_awaiting_confirmation` otherwise.
 */
export async function confirmRefundBankDetails(em: EntityManager, companyId: string | null, id: string, confirmer: string, now = new Date()): Promise<RefundChange> {
  const refund = await loadRefund(em, companyId, id, true);
  if (!canConfirmBankDetails(refund.status) || !refund.bankDetails) {
    throw conflict('refund_not_awaiting_confirmation', `A ${refund.status} refund has no bank account waiting for confirmation`);
  }
  refund.bankDetails = { ...refund.bankDetails, confirmedBy: confirmer, confirmedAt: now.toISOString() };
  refund.status = 'bank_details_received';
  await em.flush();
  return { refund, events: [] };
}

/**
 * An operator's `approve` signal acts on what the refund waits for: a review (pending) or the
 * confirmation of the buyer's account (awaiting_confirmation).
 */
export async function approveOrConfirmRefund(em: EntityManager, id: string, operator: string, now = new Date()): Promise<RefundChange> {
  const { status } = await loadRefund(em, null, id);
  return canConfirmBankDetails(status) ? confirmRefundBankDetails(em, null, id, operator, now) : approveRefund(em, null, id, operator, now);
}

/** → refused (its reservation released); 409 `refund_not_reviewable` once money moves or the refund ended. */
export async function refuseRefund(em: EntityManager, companyId: string | null, id: string, reviewer: string, note: string | null, now = new Date()): Promise<RefundChange> {
  const refund = await loadRefund(em, companyId, id, true);
  if (!canRefuse(refund.status)) throw notReviewable(refund, 'refused');
  refund.status = 'refused';
  refund.reviewedBy = reviewer;
  refund.reviewedAt = now;
  refund.reviewNote = note;
  await releaseRefundHolds(em, refund);
  const events = [recordRefundEvent(em, refund, 'refund.refused')];
  await em.flush();
  return { refund, events };
}

/** Refunds of a transaction or a payment of the company (404 when it is not the company's), oldest first. */
export async function listRefunds(em: EntityManager, companyId: string, of: { transactionId: string } | { paymentId: string }, q: CursorPageRequest): Promise<{ items: Refund[]; total: number }> {
  if ('transactionId' in of) {
    if (!(await em.findOne(Transaction, { id: of.transactionId, companyId }, { fields: ['id'] }))) throw notFound('Transaction');
  } else if (!(await em.findOne(Payment, { id: of.paymentId, companyId }, { fields: ['id'] }))) throw notFound('Payment');
  const page = await creationPage(em, Refund, { companyId }, q, 'asc', 'Refund');
  const [found, total] = await em.findAndCount(Refund, page.where({ companyId, ...of }), page.options);
  return { items: page.inListOrder(found), total };
}
