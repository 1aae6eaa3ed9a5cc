import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

/**
 * A transfer (trf_): money one recipient's wallet gives another's, both the same company's, in
 * one ledger posting (available → available) made in the transaction that inserts this row.
 */
export class Transfer extends BaseEntity {
  companyId!: string;
  fromRecipientId!: string;
  toRecipientId!: string;
  amount!: number;
  currency!: string;
  description: Opt<string> | null = null;
  metadata: Opt<Record<string, string>> = {};
  postingId!: string;
}

export const TransferSchema = new EntitySchema<Transfer, BaseEntity>({
  class: Transfer,
  extends: BaseEntitySchema,
  tableName: 'transfers',
  indexes: [{ properties: ['companyId', 'createdAt'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    fromRecipientId: { type: 'string', length: 40 },
    toRecipientId: { type: 'string', length: 40 },
    amount: { type: new BigIntType('number') },
    currency: { type: 'string', columnType: 'char(3)' },
    description: { type: 'string', length: 500, nullable: true },
    metadata: { type: 'json' },
    postingId: { type: 'string', length: 40 },
  },
});
