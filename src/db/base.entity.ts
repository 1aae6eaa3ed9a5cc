import { EntitySchema, type Opt } from '@mikro-orm/core';

/**
 * Every table has a prefixed public id, timestamps in UTC (timestamptz), and a soft-delete
 * marker: deleted rows keep their data (the spec's "soft delete").
 */
export abstract class BaseEntity {
  id!: string;
  createdAt: Opt<Date> = new Date();
  updatedAt: Opt<Date> = new Date();
  deletedAt: Opt<Date> | null = null;
}

export const BaseEntitySchema = new EntitySchema<BaseEntity>({
  class: BaseEntity as any,
  abstract: true,
  properties: {
    id: { type: 'string', primary: true, length: 40 },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

/** Serialises a timestamp for the API and for Temporal payloads (ISO 8601, UTC). */
export function iso(d: Date): string;
export function iso(d: Date | null | undefined): string | null;
export function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}
