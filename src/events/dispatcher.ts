import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { countDispatchedEvents } from '../observability/metrics/business';
import type { Logger } from '../shared/logger';
import { Event } from './event.entity';

/** Marks events dispatched (once: the first mark stands). */
async function markDispatched(em: EntityManager, eventIds: string[]): Promise<void> {
  await em.execute(`update events set dispatched_at = now() where id in (${eventIds.map(() => '?').join(', ')}) and dispatched_at is null`, eventIds);
}

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
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly rootEm: EntityManager,
    private readonly logger?: Logger,
  ) {}

  subscribe(subscriber: EventSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /** Dispatches one event; returns false when it was already dispatched (or is missing). */
  async dispatch(eventId: string): Promise<boolean> {
    return (await this.dispatchAll([eventId])) > 0;
  }

  /**
   * Dispatches events together: one transaction locks and loads them, runs their subscribers
   * and marks the ones with no after-commit work, so the events of one business step cost one
   * round of statements, not one each. Events another dispatcher holds are skipped (it marks
   * them). Returns how many this call dispatched.
   */
  async dispatchAll(eventIds: string[], recorded: Event[] = []): Promise<number> {
    if (eventIds.length === 0) return 0;
    const handled = await this.rootEm.fork().transactional(async (em) => {
      const events = await this.lockUndispatched(em, eventIds, recorded);
      const later: { eventId: string; work: AfterDispatch[] }[] = [];
      const done: string[] = [];
      for (const event of events) {
        const work: AfterDispatch[] = [];
        for (const s of this.subscribers) {
          const w = await s.handle(em, event);
          if (w) work.push(w);
        }
        if (work.length === 0) done.push(event.id);
        else later.push({ eventId: event.id, work });
      }
      // Nothing left to do after commit: marked in the same transaction.
      if (done.length > 0) await markDispatched(em, done);
      return { done, later, events };
    });
    // Runs only after the commit (a rolled-back dispatch starts nothing), and an event is
    // marked only after its work succeeded: if it throws, the sweeper dispatches the event again.
    let dispatched = handled.done.length;
    const failures: unknown[] = [];
    const finished: string[] = [];
    for (const { eventId, work } of handled.later) {
      try {
        for (const w of work) await w();
        finished.push(eventId);
      } catch (err) {
        failures.push(err);
      }
    }
    if (finished.length > 0) {
      await markDispatched(this.rootEm.fork(), finished);
      dispatched += finished.length;
    }
    // Counted once committed and marked: a rolled-back dispatch, or work the sweeper redoes, counts once.
    countDispatchedEvents(handled.events, new Set([...handled.done, ...finished]));
    if (failures.length > 0) throw failures[0];
    return dispatched;
  }

  /**
   * The events not dispatched yet, locked (those another dispatcher holds are skipped), oldest
   * first. Events this process recorded and committed (`recorded`) are only locked, not read
   * back: their rows never change but for the dispatch mark.
   */
  private async lockUndispatched(em: EntityManager, eventIds: string[], recorded: Event[]): Promise<Event[]> {
    const known = new Map(recorded.map((e) => [e.id, e]));
    if (!eventIds.every((id) => known.has(id))) {
      return em.find(Event, { id: { $in: eventIds }, dispatchedAt: null }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
    }
    const locked = await em.execute<{ id: string }[]>(
      `select id from events where id in (${eventIds.map(() => '?').join(', ')}) and dispatched_at is null order by id for update skip locked`,
      eventIds,
    );
    return locked.map((r) => known.get(r.id)!);
  }

  /**
   * Dispatches after a commit without making the caller wait or fail; the sweeper is the
   * backstop. The events go together; should that fail, each is tried on its own, so one event
   * whose subscriber fails does not hold the others back until the sweep. A caller that has
   * the committed events passes them (`recorded`), so they are not read back.
   */
  dispatchSoon(eventIds: string[], recorded: Event[] = []): void {
    if (eventIds.length === 0) return;
    const done = this.dispatchAll(eventIds, recorded)
      .catch(() =>
        Promise.all(eventIds.map((id) => this.dispatch(id).catch((err) => this.logger?.warn({ err, eventId: id }, 'event dispatch failed; the outbox sweeper will retry')))),
      )
      .finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Resolves once the dispatches started so far have ended: a process stopping waits for them before closing its connections. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Ids of events still undispatched that were created before `olderThan`, oldest first. */
  async findStale(olderThan: Date, limit: number): Promise<string[]> {
    const rows = await this.rootEm
      .fork()
      .execute<{ id: string }[]>(`select id from events where dispatched_at is null and created_at < ? order by created_at limit ?`, [olderThan, limit]);
    return rows.map((r) => r.id);
  }
}
