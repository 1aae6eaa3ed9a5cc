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

/**
 * Adds an event to the outbox in the caller's unit of work: it commits with the change it
 * describes, or not at all. Returns the event so the caller can dispatch it after commit.
 */
export function recordEvent(em: EntityManager, input: RecordEventInput): Event {
  const id = newId('evt');
  const createdAt = new Date();
  const event = em.create(Event, {
    id,
    companyId: input.companyId,
    type: input.type,
    entityType: input.entityType,
    entityId: input.data.id,
    payload: { id, event: input.type, companyId: input.companyId, createdAt: createdAt.toISOString(), data: input.data },
    createdAt,
  });
  em.persist(event);
  return event;
}

/**
 * Many events in one statement, in the caller's database transaction (set-based writers:
 * billing runs). The same rows as `recordEvent`, written at once instead of through the unit
 * of work. Returns their ids, in order, for the dispatch after commit.
 */
export async function insertEvents(em: EntityManager, inputs: RecordEventInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const createdAt = new Date();
  const rows = inputs.map((input) => {
    const id = newId('evt');
    return {
      id,
      company_id: input.companyId,
      type: input.type,
      entity_type: input.entityType,
      entity_id: input.data.id,
      payload: { id, event: input.type, companyId: input.companyId, createdAt: createdAt.toISOString(), data: input.data },
    };
  });
  await em
    .getConnection()
    .execute(
      `insert into events (id, company_id, type, entity_type, entity_id, payload, created_at)
       select id, company_id, type, entity_type, entity_id, payload, ?::timestamptz
         from jsonb_to_recordset(?::jsonb) as r(id text, company_id text, type text, entity_type text, entity_id text, payload jsonb)`,
      [createdAt, JSON.stringify(rows)],
      'run',
      em.getTransactionContext(),
    );
  return rows.map((r) => r.id);
}
