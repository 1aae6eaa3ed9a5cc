import type { EntityManager } from '@mikro-orm/core';
import { newId } from '../shared/ids';
import type { EventType } from './catalog';
import { Event } from './event.entity';

export interface RecordEventInput {
  companyId: string;
  type: EventType;
  entityType: string;
  /** The entity as the API shows it; `data.id` is the entity id. */
  data: { id: string } & Record<string, unknown>;
}

/** An event's row, not yet written: `recordEvent` adds it to a unit of work, `eventsInsert` to a statement of the caller's. */
export function newEvent(input: RecordEventInput, createdAt = new Date()): Event {
  const id = newId('evt');
  return Object.assign(new Event(), {
    id,
    companyId: input.companyId,
    type: input.type,
    entityType: input.entityType,
    entityId: input.data.id,
    payload: { id, event: input.type, companyId: input.companyId, createdAt: createdAt.toISOString(), data: input.data },
    createdAt,
  });
}

/**
 * Adds an event to the outbox in the caller's unit of work: it commits with the change it
 * describes, or not at all. Returns the event so the caller can dispatch it after commit.
 */
export function recordEvent(em: EntityManager, input: RecordEventInput): Event {
  const event = newEvent(input);
  em.persist(event);
  return event;
}

/**
 * The insert of events as SQL and its one parameter, for a statement of the caller's (a `with`
 * part beside the change they describe, so both are written by one statement).
 */
export function eventsInsert(events: Event[]): { sql: string; params: unknown[] } {
  const rows = events.map((e) => ({ id: e.id, company_id: e.companyId, type: e.type, entity_type: e.entityType, entity_id: e.entityId, payload: e.payload, created_at: e.createdAt }));
  return {
    sql: `insert into events (id, company_id, type, entity_type, entity_id, payload, created_at)
          select id, company_id, type, entity_type, entity_id, payload, created_at
            from jsonb_to_recordset(?::jsonb) as r(id text, company_id text, type text, entity_type text, entity_id text, payload jsonb, created_at timestamptz)`,
    params: [JSON.stringify(rows)],
  };
}

/**
 * Many events in one statement, in the caller's database transaction (set-based writers:
 * billing runs). The same rows as `recordEvent`, written at once instead of through the unit
 * of work. Returns their ids, in order, for the dispatch after commit.
 */
export async function insertEvents(em: EntityManager, inputs: RecordEventInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const createdAt = new Date();
  const events = inputs.map((input) => newEvent(input, createdAt));
  const { sql, params } = eventsInsert(events);
  await em.getConnection().execute(sql, params, 'run', em.getTransactionContext());
  return events.map((e) => e.id);
}
