import type { AddressInfo } from 'node:net';
import { useTestStack } from '../helpers/stack';
import { cardBody, cardToken, pixBody } from '../payments/fixtures';
import type { OpsListener } from '../../src/observability/metrics/ops-listener';
import { startApiOps } from '../../src/observability/metrics/process-ops';
import { allRoutes } from '../../src/routes';
import { scrape } from './exposition';

/**
 * The API process's series count is bounded by its routes, not by its traffic: after requests
 * to every route template (plain and /v1), each with and without a key, with a bad body and a
 * made-up id, unknown paths and methods, and some that succeed, its /metrics holds at most
 * 1,000 series. With the full status code and a histogram per route it held about 3,100 after
 * the fuzzer's traffic.
 */
const MAX_SERIES = 1_000;

let api: OpsListener;
afterAll(() => api?.close());
const t = useTestStack({
  companies: ['Acme'],
  env: { OPS_PORT: '0', RATE_LIMIT_PER_MINUTE: '100000' },
  async setup({ stack }) {
    api = await startApiOps(stack.deps);
  },
});

/** A request that cannot hang the test (event streams stay open): its status, or 0 when cut short. */
async function send(base: string, method: string, path: string, init: { key?: string; body?: string } = {}): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.key) headers['x-api-key'] = init.key;
  try {
    const res = await fetch(`${base}${path}`, { method, headers, body: init.body, signal: AbortSignal.timeout(3_000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

it(`exposes at most ${MAX_SERIES} series on one API process after requests to every route with many statuses`, async () => {
  const base = `http://127.0.0.1:${(t.stack.server.address() as AddressInfo).port}`;
  const key = t.company.Acme.headers['x-api-key'];
  // Some answers that succeed, on the busiest routes.
  expect((await t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).send(cardBody(await cardToken(t.stack, t.company.Acme), 1990))).status).toBe(201);
  expect((await t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).send(pixBody(990))).status).toBe(201);

  const statuses = new Set<number>();
  const layers = allRoutes().flatMap((route) => (route.versioned ? [route.path, `/v1${route.path}`] : [route.path]).map((path) => ({ method: route.method.toUpperCase(), path })));
  for (const { method, path } of layers) {
    const concrete = path.replace(/:(\w+)/g, (_m, name: string) => `${name}_does_not_exist`);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const answers = await Promise.all([
      send(base, method, concrete),
      send(base, method, concrete, { key }),
      send(base, method, concrete, { key, body: hasBody ? '{"amount":"not a number","extra":[1,2,3]}' : undefined }),
      send(base, method, `${concrete}?limit=-1&page=abc`, { key }),
      hasBody ? send(base, method, concrete, { key, body: '{not json' }) : send(base, 'DELETE', concrete, { key }),
    ]);
    for (const s of answers) statuses.add(s);
  }
  // Unknown paths, and methods the routes do not take or Lastro has never heard of.
  for (let i = 0; i < 50; i++) statuses.add(await send(base, i % 2 ? 'GET' : 'PROPFIND', `/no/such/path/${i}/x${i * 7}`, { key }));
  statuses.add(await send(base, 'PATCH', '/v1/transactions', { key }));

  const { text, samples } = await scrape(api.url);
  const http = samples.filter((s) => s.name === 'lastro_http_requests_total');
  const routes = new Set(http.map((s) => s.labels.route));
  // The traffic was varied: most route templates answered, with several status codes and classes.
  expect(routes.size).toBeGreaterThan(new Set(layers.map((l) => l.path)).size * 0.9);
  expect([...statuses].filter((s) => s >= 200).length).toBeGreaterThanOrEqual(6);
  expect(http.some((s) => s.labels.status_class === '2xx')).toBe(true);
  expect(http.some((s) => s.labels.status_class === '4xx')).toBe(true);
  expect(http.some((s) => s.labels.method === 'OTHER' && s.labels.route === '(unmatched)')).toBe(true);

  const series = text.split('\n').filter((line) => line.trim() && !line.startsWith('#')).length;
  expect(series).toBe(samples.length);
  // The count, for the record (docs/operations.md, "What is measured").
  process.stdout.write(`API /metrics: ${series} series, ${routes.size} route labels, ${layers.length} route templates, statuses ${[...statuses].sort().join(' ')}\n`);
  expect(series).toBeLessThanOrEqual(MAX_SERIES);
});
