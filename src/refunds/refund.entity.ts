import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { CheckedBankDetails } from './bank-details.rules';
import type { RefundShare } from './refund-money.rules';
import type { RefundMethod, RefundRequesterType, RefundStatus } from './refund.rules';

/**
 * One recipient's share of a refund (refund-money.rules), fixed at creation; `blocked` is what
 * was reserved (available → blocked) for it while the refund is in flight (0 when nothing is owed).
 */
export interface RefundHold extends RefundShare {
  blocked: number;
}

/** The buyer's account for a boleto refund, as checked from the bank-details page (digits only). */
export interface RefundBankDetails extends CheckedBankDetails {
  submittedAt: string;
  /** Who confirmed the account when the sale recorded no buyer document (the merchant's `api`, or an operator), and when; absent when the holder matched the buyer. */
  confirmedBy?: string;
  confirmedAt?: string;
}

export class Refund extends BaseEntity {
  companyId!: string;
  transactionId!: string;
  paymentId!: string;
  amount!: number;
  currency: Opt<string> = 'BRL';
  status!: RefundStatus;
  reason!: string;
  requestedBy!: string;
  requestedByType!: RefundRequesterType;
  paymentMethod: Opt<RefundMethod> | null = null;
  failureReason: Opt<string> | null = null;
  reviewedBy: Opt<string> | null = null;
  reviewedAt: Opt<Date> | null = null;
  /** The reviewer's note on a refusal; the refund's own `reason` is never replaced. */
  reviewNote: Opt<string> | null = null;
  refundedAt: Opt<Date> | null = null;
  holds: Opt<RefundHold[]> = [];
  gatewayReference: Opt<string> | null = null;
  /** SHA-256 of the live bank-details token (bank-details-token.ts; the token itself is derived, never stored); a new request replaces it. */
  bankDetailsTokenHash: Opt<string> | null = null;
  bankDetailsRequestedAt: Opt<Date> | null = null;
  bankDetailsDeadline: Opt<Date> | null = null;
  bankDetailsRequests: Opt<number> = 0;
  bankDetailsReminders: Opt<number> = 0;
  bankDetails: Opt<RefundBankDetails> | null = null;
  /** The payout connection the current bank-details request's transfer goes through: fixed before its first send, cleared by a new request. */
  transferConnectionId: Opt<string> | null = null;
}

export const RefundSchema = new EntitySchema<Refund, BaseEntity>({
  class: Refund,
  extends: BaseEntitySchema,
  tableName: 'refunds',
  properties: {
    companyId: { type: 'string', length: 40 },
    transactionId: { type: 'string', length: 40 },
    paymentId: { type: 'string', length: 40 },
    amount: { type: new BigIntType('number') },
    currency: { type: 'string', length: 3 },
    status: { type: 'string', length: 32 },
    reason: { type: 'text' },
    requestedBy: { type: 'string', length: 255 },
    requestedByType: { type: 'string', length: 16 },
    paymentMethod: { type: 'string', length: 16, nullable: true },
    failureReason: { type: 'string', length: 255, nullable: true },
    reviewedBy: { type: 'string', length: 255, nullable: true },
    reviewedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    reviewNote: { type: 'text', nullable: true },
    refundedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    holds: { type: 'json' },
    gatewayReference: { type: 'string', length: 64, nullable: true },
    bankDetailsTokenHash: { type: 'string', length: 64, nullable: true },
    bankDetailsRequestedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    bankDetailsDeadline: { type: 'Date', columnType: 'timestamptz', nullable: true },
    bankDetailsRequests: { type: 'integer' },
    bankDetailsReminders: { type: 'integer' },
    bankDetails: { type: 'json', nullable: true },
    transferConnectionId: { type: 'string', length: 40, nullable: true },
  },
});
