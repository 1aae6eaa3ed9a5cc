import { iso } from '../db/base.entity';
import { acceptsBankDetails } from './refund.rules';
import type { Refund } from './refund.entity';
import { bankDetailsToken, tokenDigest } from './bank-details-token';

export const bankDetailsPageUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/refunds/bank-details/${token}`;

/** The live bank-details page, derived again for the merchant; null when none is open (or its digest is not this key's). */
function bankDetailsUrl(r: Refund, publicBaseUrl: string): string | null {
  if (!r.bankDetailsTokenHash || !acceptsBankDetails(r.status)) return null;
  const token = bankDetailsToken(r.id, r.bankDetailsRequests);
  return tokenDigest(token) === r.bankDetailsTokenHash ? bankDetailsPageUrl(publicBaseUrl, token) : null;
}

/** The refund as the API and its events show it. */
export function toRefundView(r: Refund, publicBaseUrl: string) {
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
    bankDetailsUrl: bankDetailsUrl(r, publicBaseUrl),
    bankDetailsDeadline: iso(r.bankDetailsDeadline),
    bankDetailsReminders: r.bankDetailsReminders,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    deletedAt: iso(r.deletedAt),
  };
}

export type RefundView = ReturnType<typeof toRefundView>;
