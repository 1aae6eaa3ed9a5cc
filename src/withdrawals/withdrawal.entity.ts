import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { StatusChange, WithdrawalStatus } from './withdrawal.rules';

/**
 * A withdrawal (wdr_): money a recipient takes out of its wallet to its bank account. Its
 * gross amount is reserved (available → blocked) when the row is created, in the same
 * transaction; the workflow of the same id moves it on (docs/withdrawals.md).
 */
export class Withdrawal extends BaseEntity {
  companyId!: string;
  /** Never shown in the API (the spec: "recipientId is not echoed"); the ledger needs it. */
  recipientId!: string;
  walletId!: string;
  bankAccountId!: string;
  amount!: number;
  currency!: string;
  fee!: number;
  netAmount!: number;
  status!: WithdrawalStatus;
  statusHistory!: StatusChange[];
  /** The available → blocked posting; a failed payout reverses exactly this posting. */
  reservationPostingId!: string;
  paidAt: Opt<Date> | null = null;
  pspTransferId: Opt<string> | null = null;
  /** The payout connection the transfer goes through (`pcn_…`, `default`), fixed before the first send. */
  payoutConnectionId: Opt<string> | null = null;
  /** Approved by the company's withdrawal rules, not an operator (an instant payout): the daily limit sums these. */
  autoApproved: Opt<boolean> = false;
  /** The São Paulo date of the payout schedule's run that made it (`YYYY-MM-DD`); null for a requested one. Unique per company and recipient. */
  scheduledFor: Opt<string> | null = null;
}

export const WithdrawalSchema = new EntitySchema<Withdrawal, BaseEntity>({
  class: Withdrawal,
  extends: BaseEntitySchema,
  tableName: 'withdrawals',
  indexes: [{ properties: ['companyId', 'status', 'createdAt'] }, { properties: ['companyId', 'createdAt'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    recipientId: { type: 'string', length: 40, index: true },
    walletId: { type: 'string', length: 40 },
    bankAccountId: { type: 'string', length: 40 },
    amount: { type: new BigIntType('number') },
    currency: { type: 'string', columnType: 'char(3)' },
    fee: { type: new BigIntType('number') },
    netAmount: { type: new BigIntType('number') },
    status: { type: 'string', length: 16 },
    statusHistory: { type: 'json' },
    reservationPostingId: { type: 'string', length: 40 },
    paidAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    pspTransferId: { type: 'string', length: 64, nullable: true },
    payoutConnectionId: { type: 'string', length: 40, nullable: true },
    autoApproved: { type: 'boolean', default: false },
    scheduledFor: { type: 'string', columnType: 'date', nullable: true },
  },
});
