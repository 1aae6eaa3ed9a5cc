import { z } from 'zod';
import { cents, idParam, nullableTimestamp, timestamp } from '../http/schemas';
import { paginatedSchema, paginationQuery } from '../http/pagination';
import { REFUND_REQUESTERS, REFUND_STATUSES } from './refund.rules';

/** Refunds (spec "Refund", "Refunds (core API)"; docs/refunds.md). */

export const refundIdParams = z.strictObject({ id: idParam });
export const refundCreateParams = z.strictObject({ txnId: idParam, payId: idParam });
export const refundsOfTransactionParams = z.strictObject({ transactionId: idParam });
export const refundsOfPaymentParams = z.strictObject({ paymentId: idParam });
export const listRefundsQuery = z.strictObject({ ...paginationQuery });

export const createRefundBody = z.strictObject({
  amount: cents.min(1).optional().meta({ description: 'Integer cents; default the refundable rest of the payment' }),
  reason: z.string().trim().min(1).max(4000).meta({ description: 'Why the buyer is refunded (1-4000 chars)' }),
});

export const refuseRefundBody = z
  .strictObject({
    reason: z.string().trim().min(1).max(4000).optional().meta({ description: 'The reviewer’s note (1-4000 chars); the refund’s own reason is kept' }),
  })
  .optional();

export const refundSettingsSchema = z
  .object({ autoApprove: z.boolean().meta({ description: 'Card and Pix refunds go straight to processing (boleto refunds straight to awaiting_bank_details); off: refunds start pending' }) })
  .meta({ id: 'RefundSettings' });
export const refundSettingsBody = z.strictObject({ autoApprove: z.boolean() });

export const refundSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    transactionId: z.string(),
    paymentId: z.string(),
    amount: cents,
    currency: z.string().length(3),
    status: z.enum(REFUND_STATUSES),
    reason: z.string(),
    requestedBy: z.string(),
    requestedByType: z.enum(REFUND_REQUESTERS),
    paymentMethod: z.string().nullable(),
    failureReason: z.string().nullable(),
    reviewedBy: z.string().nullable(),
    reviewedAt: nullableTimestamp,
    refundedAt: nullableTimestamp,
    bankDetailsUrl: z.string().nullable().meta({ description: 'Boleto refunds waiting for the buyer’s account: the Lastro page to send the buyer to; null otherwise' }),
    bankDetailsDeadline: nullableTimestamp.meta({ description: 'Boleto refunds: when the refund fails if the buyer has not sent valid details' }),
    bankDetailsReminders: z.number().int().meta({ description: 'Reminders sent so far (refund.awaiting_bank_details again, every 3 days)' }),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
  })
  .meta({ id: 'Refund' });

export const refundListSchema = paginatedSchema(refundSchema).meta({ id: 'RefundList' });

export type CreateRefundInput = z.output<typeof createRefundBody>;
