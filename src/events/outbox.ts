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
