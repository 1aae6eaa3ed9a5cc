import { z } from 'zod';
import { cents, idParam, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { REFUND_REQUESTERS, REFUND_STATUSES } from './refund.rules';

/** Refunds (spec "Refund", "Refunds (core API)"; docs/refunds.md). */

export const refundIdParams = z.strictObject({ id: idParam });
export const refundCreateParams = z.strictObject({ txnId: idParam, payId: idParam });
export const refundsOfTransactionParams = z.strictObject({ transactionId: idParam });
export const refundsOfPaymentParams = z.strictObject({ paymentId: idParam });
export const listRefundsQuery = z.strictObject({ ...paginationQuery, ...cursorQuery });

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

export const refundBankAccountSchema = z
  .object({
    bankCode: z.string(),
    agency: z.string(),
    last4: z.string().meta({ description: 'The last 4 characters of the account number (its check digit last)' }),
    accountType: z.enum(['checking', 'savings']),
    holderName: z.string(),
    holderDocument: z.string().meta({ description: 'The holder’s CPF/CNPJ, digits only' }),
    submittedAt: timestamp,
    confirmedBy: z.string().nullable().meta({ description: 'Who confirmed the account when the sale recorded no buyer document (`api`, or an operator); null when the holder matched the buyer' }),
    confirmedAt: nullableTimestamp,
  })
  .meta({ id: 'RefundBankAccount' });

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
    bankDetailsDeadline: nullableTimestamp.meta({ description: 'Boleto refunds: when the refund fails if the buyer has not sent valid details' }),
    bankDetailsReminders: z.number().int().meta({ description: 'Reminders sent so far (refund.awaiting_bank_details again, every 3 days)' }),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
    bankDetailsUrl: z
      .string()
      .nullable()
      .meta({ description: 'Boleto refunds waiting for the buyer’s account: the Lastro page to send the buyer to (its token is the buyer’s credential: only this response carries it, never an event); null otherwise' }),
    bankAccount: refundBankAccountSchema.nullable().meta({ description: 'Boleto refunds: the account the buyer sent (null before); confirm it with POST /refunds/{id}/confirm-bank-details when the status is awaiting_confirmation' }),
  })
  .meta({ id: 'Refund' });

export const refundListSchema = paginatedSchema(refundSchema).meta({ id: 'RefundList' });

export type CreateRefundInput = z.output<typeof createRefundBody>;
