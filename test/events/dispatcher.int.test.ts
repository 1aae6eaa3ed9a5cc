import { useTestDatabase } from '../helpers/stack';
import { EventDispatcher, type EventSubscriber } from '../../src/events/dispatcher';
import type { Event } from '../../src/events/event.entity';
import { recordEvent } from '../../src/events/outbox';
import { newId } from '../../src/shared/ids';

/**
 * The outbox dispatcher against a real PostgreSQL: requests' after-commit dispatches
 * (`dispatchSoon`), grouped while a dispatch runs, each event handled and marked once, a
 * failing event not holding back the others, a step's after-commit work in its order.
 */

const em = useTestDatabase();
const companyId = newId('comp');

/** One request's commit: its events recorded in one transaction. */
async function commitEvents(count: number, entityId = newId('cust')): Promise<Event[]> {
  const e = em();
  const events = Array.from({ length: count }, () => recordEvent(e, { companyId, type: 'customer.updated', entityType: 'customer', data: { id: entityId } }));
  await e.flush();
  return events;
}

async function undispatched(ids: string[]): Promise<string[]> {
  const rows = await em().execute<{ id: string }[]>(`select id from events where id in (${ids.map(() => '?').join(', ')}) and dispatched_at is null order by id`, ids);
  return rows.map((r) => r.id);
}

/** A subscriber noting what it handled; `fail` makes its handling of those events throw, `work` gives after-commit work. */
function recorder(opts: { fail?: (e: Event) => boolean; work?: (e: Event) => (() => Promise<void>) | undefined } = {}) {
  const handled: string[] = [];
  const subscriber: EventSubscriber = {
    name: 'recorder',
    async handle(_em, event) {
      if (opts.fail?.(event)) throw new Error(`subscriber refused ${event.id}`);
      handled.push(event.id);
      return opts.work?.(event);
    },
  };
  return { handled, subscriber };
}

it('dispatches every event of many concurrent requests once, and marks each', async () => {
  const dispatcher = new EventDispatcher(em());
  const { handled, subscriber } = recorder();
  dispatcher.subscribe(subscriber);
  const commits = await Promise.all(Array.from({ length: 40 }, (_, i) => commitEvents(1 + (i % 3))));
  for (const events of commits) dispatcher.dispatchSoon(events.map((e) => e.id), events);
  await dispatcher.settled();

  const ids = commits.flat().map((e) => e.id);
  expect([...handled].sort()).toEqual([...ids].sort());
  expect(await undispatched(ids)).toEqual([]);
  // Dispatched already: a second dispatch (the sweeper's) handles nothing.
  expect(await dispatcher.dispatchAll(ids)).toBe(0);
  expect(handled).toHaveLength(ids.length);
});

it('reads back and dispatches events it was given only by id (recorded by another process)', async () => {
  const dispatcher = new EventDispatcher(em());
  const { handled, subscriber } = recorder();
  dispatcher.subscribe(subscriber);
  const events = await commitEvents(3);
  dispatcher.dispatchSoon(events.map((e) => e.id));
  await dispatcher.settled();
  expect(handled).toEqual(events.map((e) => e.id));
  expect(await undispatched(events.map((e) => e.id))).toEqual([]);
});

it('leaves an event whose subscriber fails to the sweeper, and dispatches the others dispatched with it', async () => {
  const refused = new Set<string>();
  const dispatcher = new EventDispatcher(em());
  const { handled, subscriber } = recorder({ fail: (e) => refused.has(e.id) });
  dispatcher.subscribe(subscriber);
  const commits = await Promise.all(Array.from({ length: 12 }, () => commitEvents(2)));
  refused.add(commits[5][1].id);
  for (const events of commits) dispatcher.dispatchSoon(events.map((e) => e.id), events);
  await dispatcher.settled();

  const ids = commits.flat().map((e) => e.id);
  expect(await undispatched(ids)).toEqual([commits[5][1].id]);
  expect(handled).toEqual(expect.arrayContaining(ids.filter((id) => !refused.has(id))));

  // The sweeper's dispatch once the subscriber accepts it.
  refused.clear();
  expect(await dispatcher.dispatchAll([commits[5][1].id])).toBe(1);
  expect(await undispatched(ids)).toEqual([]);
});

it("runs a step's after-commit work in its events' order, marks its events only once the work succeeded", async () => {
  const done: string[] = [];
  const firsts = new Set<string>();
  let failOnce: string | null = null;
  const dispatcher = new EventDispatcher(em());
  const { subscriber } = recorder({
    work: (e) => async () => {
      // A step's first work is the slower: its second must still wait for it.
      if (firsts.has(e.id)) await new Promise((r) => setTimeout(r, 20));
      if (failOnce === e.id) {
        failOnce = null;
        throw new Error('Temporal unavailable');
      }
      done.push(e.id);
    },
  });
  dispatcher.subscribe(subscriber);
  const steps = await Promise.all(Array.from({ length: 6 }, () => commitEvents(2)));
  for (const [first] of steps) firsts.add(first.id);
  failOnce = steps[2][0].id;
  for (const events of steps) dispatcher.dispatchSoon(events.map((e) => e.id), events);
  await dispatcher.settled();

  steps.forEach(([first, second], i) => {
    if (i !== 2) expect(done.indexOf(first.id)).toBeLessThan(done.indexOf(second.id));
  });
  // The work that failed was run again (its event dispatched alone), and every event is marked.
  expect(done).toEqual(expect.arrayContaining(steps.flat().map((e) => e.id)));
  expect(await undispatched(steps.flat().map((e) => e.id))).toEqual([]);
});

describe('dispatchWithin: events dispatched in the transaction that writes them', () => {
  it('marks the events with no after-commit work in the caller\'s transaction: they commit with it, or not at all', async () => {
    const dispatcher = new EventDispatcher(em());
    const { handled, subscriber } = recorder();
    dispatcher.subscribe(subscriber);
    let kept: Event[] = [];
    await em().transactional(async (tem) => {
      kept = [recordEvent(tem, { companyId, type: 'customer.updated', entityType: 'customer', data: { id: newId('cust') } })];
      await tem.flush();
      (await dispatcher.dispatchWithin(tem, kept))();
    });
    expect(handled).toEqual(kept.map((e) => e.id));
    expect(await undispatched(kept.map((e) => e.id))).toEqual([]);

    let rolledBack: Event[] = [];
    await expect(
      em().transactional(async (tem) => {
        rolledBack = [recordEvent(tem, { companyId, type: 'customer.updated', entityType: 'customer', data: { id: newId('cust') } })];
        await tem.flush();
        await dispatcher.dispatchWithin(tem, rolledBack);
        throw new Error('the change fails after its dispatch');
      }),
    ).rejects.toThrow('the change fails');
    const [row] = await em().execute<{ n: number }[]>(`select count(*)::int as n from events where id = ?`, [rolledBack[0].id]);
    expect(row.n).toBe(0);
  });

  it('runs after-commit work only once the caller committed, then marks its event; a failing work leaves it to the sweeper', async () => {
    const dispatcher = new EventDispatcher(em());
    const ran: string[] = [];
    const fails = new Set<string>();
    const { subscriber } = recorder({
      work: (e) => async () => {
        if (fails.has(e.id)) throw new Error('start refused');
        ran.push(e.id);
      },
    });
    dispatcher.subscribe(subscriber);
    let events: Event[] = [];
    let after: () => void = () => undefined;
    await em().transactional(async (tem) => {
      events = Array.from({ length: 2 }, () => recordEvent(tem, { companyId, type: 'customer.updated', entityType: 'customer', data: { id: newId('cust') } }));
      await tem.flush();
      fails.add(events[1].id);
      after = await dispatcher.dispatchWithin(tem, events);
    });
    // Committed, the work not run yet: both wait for it.
    expect(ran).toEqual([]);
    expect(await undispatched(events.map((e) => e.id))).toEqual(events.map((e) => e.id).sort());
    after();
    await dispatcher.settled();
    expect(ran).toEqual([events[0].id]);
    expect(await undispatched(events.map((e) => e.id))).toEqual([events[1].id]);
  });
});
