import { EntitySchema, type Opt } from '@mikro-orm/core';

/**
 * A claimed Idempotency-Key. `status` is `in_progress` from the claim until the response is
 * stored (`completed`); `lockedUntil` bounds how long a crashed request can hold a claim.
 */
export class IdempotencyKey {
  companyId!: string;
  key!: string;
  fingerprint!: string;
  status!: 'in_progress' | 'completed';
  responseStatus: Opt<number> | null = null;
  responseBody: Opt<object> | null = null;
  lockedUntil!: Date;
  expiresAt!: Date;
  createdAt: Opt<Date> = new Date();
}

export const IdempotencyKeySchema = new EntitySchema<IdempotencyKey>({
  class: IdempotencyKey,
  tableName: 'idempotency_keys',
  indexes: [{ properties: ['expiresAt'] }],
  properties: {
    companyId: { type: 'string', length: 40, primary: true },
    key: { type: 'string', length: 255, primary: true },
    fingerprint: { type: 'string', length: 64 },
    status: { type: 'string', length: 16 },
    responseStatus: { type: 'integer', nullable: true },
    responseBody: { type: 'json', nullable: true },
    lockedUntil: { type: 'Date', columnType: 'timestamptz' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
