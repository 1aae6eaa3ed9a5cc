import type { EntityManager } from '@mikro-orm/postgresql';
import { countDispatchedEvents } from '../observability/metrics/business';
import type { Logger } from '../shared/logger';
import { Event } from './event.entity';
import { executeWithNext, prepared } from '../db/direct-sql-connection';

const markDispatchedSql = (eventIds: string[]) => `update events set dispatched_at = now() where id in (${eventIds.map(() => '?').join(', ')}) and dispatched_at is null`;

/** Marks events dispatched (once: the first mark stands). */
async function markDispatched(em: EntityManager, eventIds: string[]): Promise<void> {
  await em.execute(markDispatchedSql(eventIds), eventIds);
}

/** Work a subscriber asks to run once the dispatch transaction has committed (e.g. starting workflows). */
export type AfterDispatch = () => Promise<unknown>;

/**
 * What after-commit work resolves to when what it started marks the event dispatched itself (a
 * transaction's workflow, whose first activity reads the transaction and marks its
 * transaction.created in the same statement): the dispatcher then spends no statement on it.
 */
export const MARKED_BY_WORK = Symbol('the event is marked dispatched by what its work started');

/**
 * Something that acts on every committed event (webhooks create their deliveries here).
 * `handle` runs inside the dispatch transaction and must be idempotent: an event can be
 * dispatched more than once if a dispatcher crashes after its subscribers ran.
 *
 * It may return after-commit work. That work must be idempotent too: the event is marked
 * dispatched only once the work has succeeded (by the dispatcher, or by what the work started
 * when it resolves to MARKED_BY_WORK), so a crash or a failure in between leaves the event to
 * the outbox sweeper, which runs `handle` and the work again.
 */
export interface EventSubscriber {
  name: string;
  handle(em: EntityManager, event: Event): Promise<void | AfterDispatch>;
  /**
   * When present, used instead of `handle` for the events a dispatch takes together (set-based):
   * the same rules, with the after-commit work it returns keyed by event id.
   */
  handleAll?(em: EntityManager, events: Event[]): Promise<void | Map<string, AfterDispatch>>;
  /** When present, starts the reads a dispatch of these companies' events in `em`'s transaction will make (`prefetchWithin`). */
  prefetch?(em: EntityManager, companyIds: string[]): void;
}

/** The events one caller dispatches together (one business step's), with those it has in hand. */
interface Batch {
  ids: string[];
  recorded: Event[];
}

/** What a dispatch transaction did: the events it locked, those it marked, the work left for after its commit. */
interface Handled {
  batches: Batch[];
  events: Event[];
  done: string[];
  later: Map<string, AfterDispatch[]>;
}

/** Events dispatched in one transaction at most when callers' batches are grouped. */
const MAX_GROUPED_EVENTS = 500;

/**
 * Moves events from the outbox to their subscribers. Called right after a commit (best
 * effort) and by the outbox sweeper (the guarantee): an event is marked dispatched in the
 * same transaction in which its subscribers ran, under a row lock, so two concurrent
 * dispatchers never both handle it. (When a subscriber returned after-commit work, the mark
 * follows that work instead, and subscribers' idempotency covers the short window between.)
 *
 * After-commit dispatches are grouped (group commit): while one dispatch transaction runs, the
 * batches of the requests that commit meanwhile gather and go together in the next, so
 * concurrent requests share one transaction, one lock and one mark instead of paying each.
 */
export class EventDispatcher {
  private readonly subscribers: EventSubscriber[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly queued: Batch[] = [];
  private draining = false;

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
   * them). Returns how many this call dispatched; throws the first failure of after-commit work.
   */
  async dispatchAll(eventIds: string[], recorded: Event[] = []): Promise<number> {
    if (eventIds.length === 0) return 0;
    const { dispatched, failures } = await this.afterCommit(await this.handle([{ ids: eventIds, recorded }]));
    if (failures.length > 0) throw failures[0].err;
    return dispatched;
  }

  /** One transaction for the events of several batches: locks them, runs their subscribers, marks those with no work left. */
  private handle(batches: Batch[]): Promise<Handled> {
    const eventIds = batches.flatMap((b) => b.ids);
    return this.rootEm.fork().transactional(async (em) => {
      const events = await this.lockUndispatched(em, eventIds, batches.flatMap((b) => b.recorded));
      const later = await this.runSubscribers(em, events);
      const done = events.filter((e) => !later.has(e.id)).map((e) => e.id);
      // Nothing left to do after commit: marked in the same transaction.
      if (done.length > 0) await markDispatched(em, done);
      return { batches, events, done, later };
    });
  }

  /**
   * Starts the reads a later `dispatchWithin(em, …)` of these companies' events will make (a
   * subscriber's `prefetch`): a direct transaction sends them with its next statement, one round
   * trip fewer. Call it right before that statement.
   */
  prefetchWithin(em: EntityManager, companyIds: string[]): void {
    for (const s of this.subscribers) s.prefetch?.(em, companyIds);
  }

  /**
   * Dispatches events inside the caller's database transaction, the one that wrote them or
   * one that holds the rows they describe: their subscribers run in it, and those that left
   * no after-commit work are marked dispatched in it (one statement, which a direct transaction
   * sends with its next one or its COMMIT), so they commit with the change or not at all and cost
   * no dispatch transaction of their own. No lock is taken: the events are the caller's own
   * (uncommitted, or committed moments ago, before the outbox sweeper's grace), and subscribers
   * are idempotent should the sweeper take one too. Call the
   * returned function once the transaction committed: it dispatches the events that have
   * after-commit work (workflow starts) as `dispatchSoon` does, and counts the marked ones.
   */
  async dispatchWithin(em: EntityManager, events: Event[]): Promise<() => void> {
    if (events.length === 0) return () => undefined;
    const later = await this.runSubscribers(em, events);
    const done = events.filter((e) => !later.has(e.id)).map((e) => e.id);
    // In a direct transaction it goes with the next statement or the COMMIT: one round trip fewer.
    if (done.length > 0) await executeWithNext(em, prepared(markDispatchedSql(done)), done);
    const handled: Handled = { batches: [{ ids: events.map((e) => e.id), recorded: events }], events, done, later };
    return () => this.track(this.afterCommit(handled).then(({ failures }) => this.eachAlone(failures.map((f) => f.eventId))));
  }

  /** Every subscriber on the events, in `em`'s transaction: the after-commit work they returned, by event id. */
  private async runSubscribers(em: EntityManager, events: Event[]): Promise<Map<string, AfterDispatch[]>> {
    const later = new Map<string, AfterDispatch[]>();
    for (const s of this.subscribers) {
      if (s.handleAll) {
        const work = events.length > 0 ? await s.handleAll(em, events) : undefined;
        for (const [eventId, w] of work ?? []) later.set(eventId, [...(later.get(eventId) ?? []), w]);
        continue;
      }
      for (const event of events) {
        const w = await s.handle(em, event);
        if (w) later.set(event.id, [...(later.get(event.id) ?? []), w]);
      }
    }
    return later;
  }

  /**
   * Runs only after the commit (a rolled-back dispatch starts nothing): each batch's work in its
   * events' order (a step's workflow start before its signal), the batches side by side, as
   * each would run dispatched alone. An event is marked only once its work succeeded: one whose
   * work throws is left to the sweeper (and to the caller's retry).
   */
  private async afterCommit(h: Handled): Promise<{ dispatched: number; failures: { eventId: string; err: unknown }[] }> {
    // Counted once committed and marked: a rolled-back dispatch, or work the sweeper redoes, counts once.
    countDispatchedEvents(h.events, new Set(h.done));
    const failures: { eventId: string; err: unknown }[] = [];
    const finished: string[] = [];
    const markedByWork: string[] = [];
    await Promise.all(
      h.batches.map(async (batch) => {
        for (const eventId of batch.ids) {
          const work = h.later.get(eventId);
          if (!work) continue;
          try {
            let marked = true;
            for (const w of work) marked = (await w()) === MARKED_BY_WORK && marked;
            (marked ? markedByWork : finished).push(eventId);
          } catch (err) {
            failures.push({ eventId, err });
          }
        }
      }),
    );
    if (finished.length > 0) await markDispatched(this.rootEm.fork(), finished);
    if (finished.length + markedByWork.length > 0) countDispatchedEvents(h.events, new Set([...finished, ...markedByWork]));
    return { dispatched: h.done.length + finished.length + markedByWork.length, failures };
  }

  /**
   * The events not dispatched yet, locked (those another dispatcher holds are skipped), oldest
   * first, in one written-out statement. Events this process recorded and committed
   * (`recorded`) are only locked, not read back: their rows never change but for the dispatch mark.
   */
  private async lockUndispatched(em: EntityManager, eventIds: string[], recorded: Event[]): Promise<Event[]> {
    const known = new Map(recorded.map((e) => [e.id, e]));
    const columns = eventIds.every((id) => known.has(id)) ? 'id' : '*';
    const rows = await em.execute<Array<Record<string, unknown> & { id: string }>>(
      `select ${columns} from events where id in (${eventIds.map(() => '?').join(', ')}) and dispatched_at is null order by id for update skip locked`,
      eventIds,
    );
    return rows.map((r) => known.get(r.id) ?? em.map(Event, r));
  }

  /**
   * Dispatches after a commit without making the caller wait or fail; the sweeper is the
   * backstop. A caller that has the committed events passes them (`recorded`), so they are not
   * read back. Batches that arrive while a dispatch transaction runs go together in the next
   * one; should it fail, each batch is tried alone, then each of its events, so one event whose
   * subscriber fails does not hold the others back until the sweep. After-commit work (workflow
   * starts) runs beside the next transaction: a slow Temporal does not hold up the webhooks.
   */
  dispatchSoon(eventIds: string[], recorded: Event[] = []): void {
    if (eventIds.length === 0) return;
    this.queued.push({ ids: eventIds, recorded });
    if (this.draining) return;
    this.draining = true;
    this.track(this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const group: Batch[] = [];
        let size = 0;
        while (this.queued.length > 0 && (group.length === 0 || size + this.queued[0].ids.length <= MAX_GROUPED_EVENTS)) {
          const batch = this.queued.shift()!;
          group.push(batch);
          size += batch.ids.length;
        }
        let handled: Handled;
        try {
          handled = await this.handle(group);
        } catch {
          await Promise.all(group.map((batch) => (group.length > 1 ? this.dispatchAll(batch.ids, batch.recorded).catch(() => this.eachAlone(batch.ids)) : this.eachAlone(batch.ids))));
          continue;
        }
        this.track(this.afterCommit(handled).then(({ failures }) => this.eachAlone(failures.map((f) => f.eventId))));
      }
    } finally {
      // In the same turn as the queue was last seen empty (no await between): a batch queued after it starts a new drain.
      this.draining = false;
    }
  }

  /** Each event in a dispatch of its own; what fails is logged and left to the sweeper. */
  private eachAlone(eventIds: string[]): Promise<unknown> {
    return Promise.all(eventIds.map((id) => this.dispatch(id).catch((err) => this.logger?.warn({ err, eventId: id }, 'event dispatch failed; the outbox sweeper will retry'))));
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch((err: unknown) => this.logger?.warn({ err }, 'event dispatch failed; the outbox sweeper will retry')).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
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
