import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

/** decisions.md "Transactions and payments": pending → waiting_payment → paid | refused | failed | canceled. */
export type TransactionStatus = 'pending' | 'waiting_payment' | 'paid' | 'refused' | 'failed' | 'canceled' | 'chargeback' | 'refunded' | 'partially_refunded';

/**
 * Who started a transaction: the merchant's API call, a subscription's merchant-initiated
 * charge of a saved card (recurring, no CVV), or a hosted checkout.
 */
export type TransactionOrigin = 'api' | 'subscription' | 'checkout';

export interface TransactionItem {
  description: string;
  quantity: number;
  /** Integer cents for the whole line. */
  amount: number;
}

export class Transaction extends BaseEntity {
  companyId!: string;
  referenceCode!: string;
  customerId: Opt<string> | null = null;
  status: Opt<TransactionStatus> = 'pending';
  /** Integer cents: the sum of the items, equal to the sum of the payments. */
  amount!: number;
  currency: Opt<string> = 'BRL';
  items!: TransactionItem[];
  metadata: Opt<Record<string, string>> = {};
  /** Why a transaction ended refused, failed or canceled (e.g. `card_declined`, `expired`, `canceled_by_merchant`). */
  statusReason: Opt<string> | null = null;
  paidAt: Opt<Date> | null = null;
  canceledAt: Opt<Date> | null = null;
  /** The Idempotency-Key of the creating request, committed with the row: a retry after a crash finds it. */
  idempotencyKey: Opt<string> | null = null;
  origin: Opt<TransactionOrigin> = 'api';
}

export const TransactionSchema = new EntitySchema<Transaction, BaseEntity>({
  class: Transaction,
  extends: BaseEntitySchema,
  tableName: 'transactions',
  indexes: [{ properties: ['companyId', 'createdAt'] }],
  uniques: [{ properties: ['companyId', 'referenceCode'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    referenceCode: { type: 'string', length: 255 },
    customerId: { type: 'string', length: 40, nullable: true },
    status: { type: 'string', length: 24 },
    amount: { type: new BigIntType('number') },
    currency: { type: 'string', length: 3 },
    items: { type: 'json' },
    metadata: { type: 'json' },
    statusReason: { type: 'string', length: 64, nullable: true },
    paidAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    canceledAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    idempotencyKey: { type: 'string', length: 255, nullable: true },
    origin: { type: 'string', length: 16 },
  },
});
