import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';

export type SplitItemType = 'sale' | 'interest' | 'platform_fee';

/** One split item of a transaction (spl_): who receives which share, and who bears fees and chargebacks. */
export class TransactionSplit {
  id!: string;
  transactionId!: string;
  recipientId!: string;
  type!: SplitItemType;
  /** Exactly one of amount (integer cents) and percentage (0.01-100) is set. */
  amount: Opt<number> | null = null;
  percentage: Opt<number> | null = null;
  /** The recipient answers for chargebacks on its share. */
  liable: Opt<boolean> = true;
  /** The recipient pays (part of) the processing fee, in proportion to its share. */
  chargeProcessingFee: Opt<boolean> = true;
  createdAt: Opt<Date> = new Date();
}

export const TransactionSplitSchema = new EntitySchema<TransactionSplit>({
  class: TransactionSplit,
  tableName: 'transaction_splits',
  indexes: [{ properties: ['transactionId'] }],
  properties: {
    id: { type: 'string', primary: true, length: 40 },
    transactionId: { type: 'string', length: 40 },
    recipientId: { type: 'string', length: 40 },
    type: { type: 'string', length: 16 },
    amount: { type: new BigIntType('number'), nullable: true },
    percentage: { type: 'float', columnType: 'double precision', nullable: true },
    liable: { type: 'boolean' },
    chargeProcessingFee: { type: 'boolean' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
