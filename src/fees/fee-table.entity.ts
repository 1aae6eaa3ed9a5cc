import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { FeeTableConfig } from './fees.schemas';

/**
 * A company's configured fees in one currency. Only what was configured is stored (a
 * partial table); everything else resolves to 0 / 0 when read (fees.service `resolveFeeTable`).
 */
export class FeeTable {
  companyId!: string;
  currency!: string;
  fees!: FeeTableConfig;
  createdAt: Opt<Date> = new Date();
  updatedAt: Opt<Date> = new Date();
}

export const FeeTableSchema = new EntitySchema<FeeTable>({
  class: FeeTable,
  tableName: 'fee_tables',
  properties: {
    companyId: { type: 'string', length: 40, primary: true },
    currency: { type: 'string', columnType: 'char(3)', primary: true },
    fees: { type: 'json' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
