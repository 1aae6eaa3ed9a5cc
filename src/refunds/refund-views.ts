import { iso } from '../db/base.entity';
import { acceptsBankDetails } from './refund.rules';
import type { Refund } from './refund.entity';

export const bankDetailsPageUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/refunds/bank-details/${token}`;

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
    bankDetailsUrl: r.bankDetailsToken && acceptsBankDetails(r.status) ? bankDetailsPageUrl(publicBaseUrl, r.bankDetailsToken) : null,
    bankDetailsDeadline: iso(r.bankDetailsDeadline),
    bankDetailsReminders: r.bankDetailsReminders,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    deletedAt: iso(r.deletedAt),
  };
}

export type RefundView = ReturnType<typeof toRefundView>;
