import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { recordEvent } from '../../src/events/outbox';
import { Event } from '../../src/events/event.entity';
import { purgeCardSecretsWorkflow, purgeIdempotencyKeysWorkflow, sweepOutboxWorkflow } from '../../workflows/maintenance/maintenance.workflow';
import { claimCardToken, storeCard } from '../../src/cards/card-vault.service';
import { cardToStore } from '../cards/fixtures';

const handled: string[] = [];

const t = useTestStack({
  companies: ['Acme'],
  async setup(t) {
    t.stack.deps.dispatcher.subscribe({ name: 'test-recorder', handle: async (_em, event) => void handled.push(event.id) });
  },
});

/**
 * Time skipping is global to the test server and earlier tests skip hours ahead, so events
 * are stamped with the server's clock, which is the clock the sweeper judges them by.
 */
async function recordAtServerTime(count: number): Promise<string[]> {
  const em = t.stack.em() as EntityManager;
  const events = Array.from({ length: count }, (_, i) =>
    recordEvent(em, { companyId: t.company.Acme.company.id, type: 'customer.updated', entityType: 'customer', data: { id: `cust_${i}` } }),
  );
  await em.flush();
  const now = new Date(await t.stack.env.currentTimeMs());
  await t.stack.em().execute(`update events set created_at = ? where id in (${events.map(() => '?').join(',')})`, [now, ...events.map((e) => e.id)]);
  return events.map((e) => e.id);
}

// The plain client: the clock moves only through the explicit env.sleep calls below.
const run = <T>(wf: () => Promise<T>) =>
  t.stack.client.workflow.execute(wf, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `test-${randomUUID()}` });

async function insertKey(key: string, retentionHours: number): Promise<void> {
  await t.stack.em().execute(
    `insert into idempotency_keys (company_id, key, fingerprint, status, locked_until, expires_at, created_at)
     values (?, ?, 'f', 'completed', now(), now() + make_interval(hours => ?), now())`,
    [t.company.Acme.company.id, key, retentionHours],
  );
}
const keyExists = async (key: string) =>
  (await t.stack.em().execute(`select 1 from idempotency_keys where company_id = ? and key = ?`, [t.company.Acme.company.id, key])).length === 1;

describe('purgeIdempotencyKeysWorkflow', () => {
  it('deletes a key past its 24-hour retention once 25 hours have passed, and keeps a 7-day key', async () => {
    await insertKey('day-key', 24);
    await insertKey('week-key', 24 * 7);

    const early = await run(purgeIdempotencyKeysWorkflow);
    expect(early.purged).toBe(0);
    expect(await keyExists('day-key')).toBe(true);

    await t.stack.env.sleep('25 hours');
    const later = await run(purgeIdempotencyKeysWorkflow);
    expect(later.purged).toBe(1);
    expect(await keyExists('day-key')).toBe(false);
    expect(await keyExists('week-key')).toBe(true);
  });
});

describe('purgeCardSecretsWorkflow', () => {
  it('destroys CVVs and unused tokens once their 24 hours have passed on the schedule\'s clock', async () => {
    const em = t.stack.em();
    // Stamped with the server's clock: earlier tests skipped it ahead of the database's.
    const now = new Date(await t.stack.env.currentTimeMs());
    const unused = storeCard(em, t.company.Acme.company.id, cardToStore(), now);
    const claimed = storeCard(em, t.company.Acme.company.id, cardToStore(), now);
    await em.flush();
    await t.stack.em().execute(`update stored_cards set expires_at = ? where id in (?, ?)`, [new Date(now.getTime() + 24 * 3600_000), unused.id, claimed.id]);
    await claimCardToken(t.stack.em(), { companyId: t.company.Acme.company.id, tokenId: claimed.tokenId, paymentId: 'pay_test' });

    expect(await run(purgeCardSecretsWorkflow)).toEqual({ cvvsDestroyed: 0, unusedTokensDeleted: 0 });
    await t.stack.env.sleep('25 hours');
    expect(await run(purgeCardSecretsWorkflow)).toEqual({ cvvsDestroyed: 2, unusedTokensDeleted: 1 });

    const rows = await t.stack.em().execute(`select id, cvv_sealed from stored_cards where id in (?, ?)`, [unused.id, claimed.id]);
    expect(rows).toEqual([{ id: claimed.id, cvv_sealed: null }]);
  });
});

describe('sweepOutboxWorkflow', () => {
  it('leaves a fresh event to the after-commit dispatch and dispatches it once it is a minute old, exactly once', async () => {
    const [eventId] = await recordAtServerTime(1);

    expect((await run(sweepOutboxWorkflow)).dispatched).toBe(0);
    expect(handled).not.toContain(eventId);

    await t.stack.env.sleep('2 minutes');
    expect((await run(sweepOutboxWorkflow)).dispatched).toBe(1);
    expect((await run(sweepOutboxWorkflow)).dispatched).toBe(0);
    expect(handled.filter((id) => id === eventId)).toHaveLength(1);
    const stored = await t.stack.em().findOneOrFail(Event, { id: eventId });
    expect(stored.dispatchedAt).not.toBeNull();
  });

  it('dispatches concurrently swept events once each even when dispatch races', async () => {
    const events = await recordAtServerTime(5);
    await t.stack.env.sleep('2 minutes');
    const results = await Promise.all([run(sweepOutboxWorkflow), run(sweepOutboxWorkflow), ...events.map((id) => t.stack.deps.dispatcher.dispatch(id))]);
    const total = (results[0] as { dispatched: number }).dispatched + (results[1] as { dispatched: number }).dispatched + results.slice(2).filter(Boolean).length;
    expect(total).toBe(5);
    for (const e of events) expect(handled.filter((id) => id === e)).toHaveLength(1);
  });
});
