import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../shared/logger';
import { Event } from './event.entity';

/** Work a subscriber asks to run once the dispatch transaction has committed (e.g. starting workflows). */
export type AfterDispatch = () => Promise<unknown>;

/**
 * Something that acts on every committed event (webhooks create their deliveries here).
 * `handle` runs inside the dispatch transaction and must be idempotent: an event can be
 * dispatched more than once if a dispatcher crashes after its subscribers ran.
 *
 * It may return after-commit work. That work must be idempotent too: the event is marked
 * dispatched only once the work has succeeded, so a crash or a failure in between leaves
 * the event to the outbox sweeper, which runs `handle` and the work again.
 */
export interface EventSubscriber {
  name: string;
  handle(em: EntityManager, event: Event): Promise<void | AfterDispatch>;
}

/**
 * Moves events from the outbox to their subscribers. Called right after a commit (best
 * effort) and by the outbox sweeper (the guarantee): an event is marked dispatched in the
 * same transaction in which its subscribers ran, under a row lock, so two concurrent
 * dispatchers never both handle it. (When a subscriber returned after-commit work, the mark
 * follows that work instead, and subscribers' idempotency covers the short window between.)
 */
export class EventDispatcher {
  private readonly subscribers: EventSubscriber[] = [];

  constructor(
    private readonly rootEm: EntityManager,
    private readonly logger?: Logger,
  ) {}

  subscribe(subscriber: EventSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /** Dispatches one event; returns false when it was already dispatched (or is missing). */
  async dispatch(eventId: string): Promise<boolean> {
    const after = await this.rootEm.fork().transactional(async (em) => {
      // Locked and loaded in one statement: a business step emits several events and each
      // is dispatched in its own transaction, so every round trip here counts (docs/billing.md).
      const event = await em.findOne(Event, { id: eventId, dispatchedAt: null }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
      if (!event) return null;
      const work: AfterDispatch[] = [];
      for (const s of this.subscribers) {
        const w = await s.handle(em, event);
        if (w) work.push(w);
      }
      // Nothing left to do after commit: marked in the same transaction, as always.
      if (work.length === 0) event.dispatchedAt = new Date();
      return work;
    });
    if (after === null) return false;
    if (after.length === 0) return true;
    // Runs only after the commit (a rolled-back dispatch starts nothing), and the event is
    // marked only after it succeeded: if it throws, the sweeper dispatches the event again.
    for (const w of after) await w();
    await this.rootEm.fork().execute(`update events set dispatched_at = now() where id = ? and dispatched_at is null`, [eventId]);
    return true;
  }

  /** Dispatches after a commit without making the caller wait or fail; the sweeper is the backstop. */
  dispatchSoon(eventIds: string[]): void {
    for (const id of eventIds) {
      this.dispatch(id).catch((err) => this.logger?.warn({ err, eventId: id }, 'event dispatch failed; the outbox sweeper will retry'));
    }
  }

  /** Ids of events still undispatched that were created before `olderThan`, oldest first. */
  async findStale(olderThan: Date, limit: number): Promise<string[]> {
    const rows = await this.rootEm
      .fork()
      .execute<{ id: string }[]>(`select id from events where dispatched_at is null and created_at < ? order by created_at limit ?`, [olderThan, limit]);
    return rows.map((r) => r.id);
  }
}
