import request from 'supertest';
import { createApp } from '../../src/app';
import type { AppDeps } from '../../src/app-deps';
import { createApiKey } from '../../src/companies/companies.service';
import type { Config } from '../../src/config';
import { sharedLimits } from '../../src/http/rate-limit';
import { countStatements } from '../billing/statement-count';
import { useTestStack } from '../helpers/stack';

/**
 * Limits shared by every API process (src/http/rate-limit.ts, docs/security.md): two Koa apps on
 * one database stand for two replicas. The per-key limit is counted in each process and synced
 * (the tests sync by hand where the timer would, a second later); the public limits are counted
 * in the database on each hit. Each test counts under keys and addresses of its own.
 */

const t = useTestStack({ companies: ['Acme'] });

function replica(config: Partial<Config>) {
  // No timer sync during a test (an hour): the test syncs where the timer would.
  const deps: AppDeps = { ...t.stack.deps, config: { ...t.stack.config, trustedProxies: 1, rateLimitSyncMs: 3_600_000, ...config } };
  return { http: request(createApp(deps).callback()), sync: () => sharedLimits(deps).sync(), deps };
}

async function newKey(): Promise<{ 'x-api-key': string }> {
  const em = t.stack.em();
  const { apiKey } = await createApiKey(em, t.company.Acme.company);
  await em.flush();
  return { 'x-api-key': apiKey };
}

describe('the per-key limit', () => {
  it('is one budget for all replicas, within what a replica admits before its next sync', async () => {
    const [a, b] = [replica({ rateLimitPerMinute: 4 }), replica({ rateLimitPerMinute: 4 })];
    const key = await newKey();
    const get = async (r: typeof a) => {
      const res = await r.http.get('/customers').set(key);
      await r.sync();
      return res.status;
    };
    expect([await get(a), await get(a)]).toEqual([200, 200]);
    // B has counted nothing of its own, but the key has spent 2 of its 4.
    expect([await get(b), await get(b), await get(b)]).toEqual([200, 200, 429]);
    // A last synced when the key had spent 2: it admits one more, learns the total at that sync, and refuses.
    expect([await get(a), await get(a)]).toEqual([200, 429]);
  });

  it('costs an authenticated request no statement of its own', async () => {
    const r = replica({ rateLimitPerMinute: 1000 });
    const key = await newKey();
    expect((await r.http.get('/v1/settings/refunds').set(key)).status).toBe(200); // the key's lookup, now cached
    const counter = countStatements();
    for (let i = 0; i < 5; i++) expect((await r.http.get('/v1/settings/refunds').set(key)).status).toBe(200);
    const { texts } = counter.stop();
    expect(texts.filter((sql) => /rate_limit_counters|api_keys/.test(sql))).toEqual([]);
    // The timer's sync sends the five hits in one statement.
    const sync = countStatements();
    await r.sync();
    expect(sync.stop().texts.filter((sql) => /rate_limit_counters/.test(sql))).toHaveLength(1);
  });
});

describe('failed authentications', () => {
  const bad = { 'x-api-key': `sk_sandbox_${'F'.repeat(32)}` };

  it('are one budget per address for all replicas', async () => {
    const [a, b] = [replica({ authFailuresPerMinute: 3 }), replica({ authFailuresPerMinute: 3 })];
    const from = (r: typeof a) => r.http.get('/customers').set(bad).set('X-Forwarded-For', '192.0.2.71');
    expect([(await from(a)).status, (await from(a)).status, (await from(b)).status, (await from(b)).status, (await from(a)).status]).toEqual([401, 401, 401, 429, 429]);
  });

  it('past the budget are answered before the key lookup: no statement at all', async () => {
    const r = replica({ authFailuresPerMinute: 2 });
    const from = () => r.http.get('/customers').set(bad).set('X-Forwarded-For', '192.0.2.72');
    expect([(await from()).status, (await from()).status, (await from()).status]).toEqual([401, 401, 429]);
    const counter = countStatements();
    const refused = [];
    for (let i = 0; i < 5; i++) refused.push((await from()).status);
    const { texts } = counter.stop();
    expect(refused).toEqual([429, 429, 429, 429, 429]);
    expect(texts.filter((sql) => /api_keys|rate_limit_counters/.test(sql))).toEqual([]);
  });

  it('never lock out a key in use from the same address; a key new to the process waits for the window', async () => {
    const r = replica({ authFailuresPerMinute: 2 });
    const nat = { 'X-Forwarded-For': '192.0.2.73' };
    const merchant = await newKey();
    // The merchant's integration works from behind the NAT before its neighbour breaks.
    expect((await r.http.get('/customers').set(merchant).set(nat)).status).toBe(200);
    for (let i = 0; i < 3; i++) await r.http.get('/customers').set(bad).set(nat);
    expect((await r.http.get('/customers').set(bad).set(nat)).status).toBe(429);
    expect((await r.http.get('/customers').set(merchant).set(nat)).status).toBe(200);
    // A key this process has never seen, from that address, is not looked up until the window ends…
    const fresh = await newKey();
    const refused = await r.http.get('/customers').set(fresh).set(nat);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // …and works at once from any other address, after which it passes from there too.
    expect((await r.http.get('/customers').set(fresh).set('X-Forwarded-For', '192.0.2.74')).status).toBe(200);
    expect((await r.http.get('/customers').set(fresh).set(nat)).status).toBe(200);
  });
});

describe('the counters table', () => {
  it('holds digests, never the address, key or link counted', async () => {
    const r = replica({ authFailuresPerMinute: 5 });
    await r.http.get('/customers').set({ 'x-api-key': `sk_sandbox_${'G'.repeat(32)}` }).set('X-Forwarded-For', '192.0.2.75');
    const rows = await t.stack.em().execute<Array<{ bucket: string }>>('select bucket from rate_limit_counters');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/192\.0\.2|sk_sandbox/);
  });

  it('starts a new window where one has ended, and purges the ended counters', async () => {
    const r = replica({ authFailuresPerMinute: 2 });
    const address = '192.0.2.76';
    const bad = { 'x-api-key': `sk_sandbox_${'H'.repeat(32)}` };
    expect((await r.http.get('/customers').set(bad).set('X-Forwarded-For', address)).status).toBe(401);
    // That counter's window ends (as it would a minute later), with its budget spent.
    await t.stack.em().execute(`update rate_limit_counters set hits = 99, window_ends_at = now() - interval '1 second'`);
    await t.stack.em().execute(`insert into rate_limit_counters (bucket, hits, window_ends_at) values ('ended:x', 7, now() - interval '1 hour'), ('live:x', 1, now() + interval '1 minute')`);
    const other = replica({ authFailuresPerMinute: 2 }); // a replica that has not seen the address
    expect((await other.http.get('/customers').set(bad).set('X-Forwarded-For', address)).status).toBe(401);
    await sharedLimits(other.deps).purgeExpired();
    const left = await t.stack.em().execute<Array<{ bucket: string; hits: number }>>(`select bucket, hits from rate_limit_counters where bucket in ('ended:x', 'live:x') or hits = 99`);
    expect(left).toEqual([{ bucket: 'live:x', hits: 1 }]);
  });
});
