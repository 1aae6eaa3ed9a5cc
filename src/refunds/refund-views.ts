import { iso } from '../db/base.entity';
import { acceptsBankDetails } from './refund.rules';
import type { Refund, RefundBankDetails } from './refund.entity';
import { bankDetailsToken, tokenDigest } from './bank-details-token';

export const bankDetailsPageUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/refunds/bank-details/${token}`;

/** The live bank-details page, derived again for the merchant; null when none is open (or its digest is not this key's). */
function bankDetailsUrl(r: Refund, publicBaseUrl: string): string | null {
  if (!r.bankDetailsTokenHash || !acceptsBankDetails(r.status)) return null;
  const token = bankDetailsToken(r.id, r.bankDetailsRequests);
  return tokenDigest(token) === r.bankDetailsTokenHash ? bankDetailsPageUrl(publicBaseUrl, token) : null;
}

/** The buyer's account as the merchant sees it to confirm it: the holder in full, the account number by its last 4 characters. */
function bankAccountView(d: RefundBankDetails | null) {
  if (!d) return null;
  return {
    bankCode: d.bankCode,
    agency: d.agency,
    last4: d.account.slice(-4),
    accountType: d.accountType,
    holderName: d.holderName,
    holderDocument: d.holderDocument,
    submittedAt: d.submittedAt,
    confirmedBy: d.confirmedBy ?? null,
    confirmedAt: d.confirmedAt ?? null,
  };
}

/**
 * The refund as its events record it (the outbox, and so the event store and anything fed from
 * it): no bearer token and no personal datum. A boleto refund waiting for the buyer says so by
 * its status (`awaiting_bank_details`, `invalid_bank_details`); the link itself is read with the
 * merchant's key (GET /refunds/:id, `bankDetailsUrl`).
 */
export function toRefundEventData(r: Refund) {
  return {
    id: r.id,
    companyId: r.companyId,
    transactionId: r.transactionId,
    paymentId: r.paymentId,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    reason: r.reason,
    requestedBy: r.requestedBy,
    requestedByType: r.requestedByType,
    paymentMethod: r.paymentMethod,
    failureReason: r.failureReason,
    reviewedBy: r.reviewedBy,
    reviewedAt: iso(r.reviewedAt),
    refundedAt: iso(r.refundedAt),
    bankDetailsDeadline: iso(r.bankDetailsDeadline),
    bankDetailsReminders: r.bankDetailsReminders,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    deletedAt: iso(r.deletedAt),
  };
}

/** The refund as the API shows it to the merchant's key: the event data plus the buyer's link and account. */
export function toRefundView(r: Refund, publicBaseUrl: string) {
  return { ...toRefundEventData(r), bankDetailsUrl: bankDetailsUrl(r, publicBaseUrl), bankAccount: bankAccountView(r.bankDetails) };
}

export type RefundView = ReturnType<typeof toRefundView>;
