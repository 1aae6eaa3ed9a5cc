import { EntitySchema, type Opt } from '@mikro-orm/core';

/**
 * The outbox: one row per domain event, written in the same transaction as the change it
 * describes, so an event exists if and only if its change committed. `dispatchedAt` marks
 * that subscribers (webhooks) have taken it; the sweeper re-dispatches rows left unmarked.
 */
export class Event {
  id!: string;
  companyId!: string;
  type!: string;
  entityType!: string | null;
  entityId!: string | null;
  /** The webhook envelope: { id, event, companyId, createdAt, data }. */
  payload!: Record<string, unknown>;
  createdAt: Opt<Date> = new Date();
  dispatchedAt: Opt<Date> | null = null;
}

export const EventSchema = new EntitySchema<Event>({
  class: Event,
  tableName: 'events',
  indexes: [{ properties: ['companyId', 'createdAt'] }],
  properties: {
    id: { type: 'string', primary: true, length: 40 },
    companyId: { type: 'string', length: 40 },
    type: { type: 'string', length: 100 },
    entityType: { type: 'string', length: 40, nullable: true },
    entityId: { type: 'string', length: 40, nullable: true },
    payload: { type: 'json' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    dispatchedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
