import { Lastro, LastroConnectionError, LastroNotFoundError, LastroRateLimitError, LastroServerError, nextPageAt, PageList, type PageAt } from '../../src/sdk-node/index';
import { failure } from './failure';

/**
 * The client's retry and pagination rules against a scripted fetch (no network): what is
 * retried, with which Idempotency-Key, how long it waits (the waits are recorded, not spent),
 * and how pages are followed. The same behaviour against the real stack is in
 * lastro-node.int.test.ts.
 */

type Script = Array<Response | Error>;

function scripted(script: Script) {
  const seen: Request[] = [];
  const waits: number[] = [];
  const lastro = new Lastro({
    apiKey: 'sk_sandbox_test',
    baseUrl: 'http://lastro.test',
    fetch: async (request) => {
      seen.push(request);
      const next = script.shift();
      if (!next) throw new Error('script exhausted');
      if (next instanceof Error) throw next;
      return next;
    },
    retry: { sleep: async (ms) => void waits.push(ms) },
  });
  return { lastro, seen, waits };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const errorBody = (code: string, requestId = 'req_1') => ({ error: { code, message: `${code} happened`, requestId } });
const customer = { id: 'cust_1', name: 'Maria' };

describe('retries', () => {
  it('retries a write after a network error and a 503 with the same Idempotency-Key, then returns the answer', async () => {
    const { lastro, seen, waits } = scripted([new TypeError('fetch failed'), json(503, errorBody('internal')), json(201, customer)]);
    const created = await lastro.customers.create({ name: 'Maria' } as any);
    expect(created).toEqual(customer);
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    expect(seen.map((r) => r.headers.get('x-api-key'))).toEqual(['sk_sandbox_test', 'sk_sandbox_test', 'sk_sandbox_test']);
    expect(await Promise.all(seen.map((r) => r.text()))).toEqual(Array(3).fill(JSON.stringify({ name: 'Maria' })));
    expect(waits).toHaveLength(2);
  });

  it('gives every write its own key unless one is passed', async () => {
    const { lastro, seen } = scripted([json(201, customer), json(201, customer), json(201, customer)]);
    await lastro.customers.create({ name: 'a' } as any);
    await lastro.customers.create({ name: 'b' } as any);
    await lastro.customers.create({ name: 'c' } as any, { idempotencyKey: 'order-42' });
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('order-42');
  });

  it('waits what Retry-After says (seconds or an HTTP date) on 429, and the exponential backoff otherwise', async () => {
    const date = new Date(Date.now() + 30_000).toUTCString();
    const { lastro, waits } = scripted([json(429, errorBody('rate_limited'), { 'retry-after': '2' }), json(429, errorBody('rate_limited'), { 'retry-after': date }), json(200, customer)]);
    await lastro.customers.retrieve('cust_1', { maxRetries: 3 });
    expect(waits[0]).toBe(2000);
    expect(waits[1]).toBeGreaterThan(25_000);
    expect(waits[1]).toBeLessThanOrEqual(30_000);

    const backoff = scripted([json(500, errorBody('internal')), json(500, errorBody('internal')), json(500, errorBody('internal')), json(200, customer)]);
    await backoff.lastro.customers.retrieve('cust_1', { maxRetries: 3 });
    // 500 ms doubled per retry, with jitter between half and all of it.
    expect(backoff.waits.map((ms, i) => ms >= 250 * 2 ** i && ms <= 500 * 2 ** i)).toEqual([true, true, true]);
  });

  it('retries a 409 that says to (idempotency_in_progress, Retry-After: 1)', async () => {
    const { lastro, seen, waits } = scripted([json(409, errorBody('idempotency_in_progress'), { 'retry-after': '1' }), json(201, customer)]);
    expect(await lastro.customers.create({ name: 'Maria' } as any)).toEqual(customer);
    expect(seen[0].headers.get('idempotency-key')).toBe(seen[1].headers.get('idempotency-key'));
    expect(waits).toEqual([1000]);
  });

  it('raises the last answer as a typed error when retries run out, with the error body', async () => {
    const { lastro, seen } = scripted([json(503, errorBody('internal', 'req_a')), json(503, errorBody('internal', 'req_b')), json(503, errorBody('internal', 'req_c'))]);
    const err = await failure(lastro.customers.retrieve('cust_1'));
    expect(err).toBeInstanceOf(LastroServerError);
    expect({ status: err.status, code: err.code, message: err.message, requestId: err.requestId }).toEqual({ status: 503, code: 'internal', message: 'internal happened', requestId: 'req_c' });
    expect(seen).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs: the 429 is raised with it', async () => {
    const { lastro, seen } = scripted([json(429, errorBody('rate_limited'), { 'retry-after': '3600' })]);
    const err = await failure(lastro.customers.retrieve('cust_1'));
    expect(err).toBeInstanceOf(LastroRateLimitError);
    expect((err as LastroRateLimitError).retryAfterSeconds).toBe(3600);
    expect(seen).toHaveLength(1);
  });

  it('never repeats a write the API would not replay (the public card tokens endpoint) except after a 429', async () => {
    const body = { companyId: 'comp_1', card: { number: '4111111111111111', holder: 'Maria Silva', document: '52998224725', cvv: '123', expiration: '12/2030' } };
    const failing = scripted([json(500, errorBody('internal'))]);
    expect(await failure(failing.lastro.tokens.createCard(body))).toBeInstanceOf(LastroServerError);
    expect(failing.seen).toHaveLength(1);
    // Public: neither an API key (the endpoint refuses one) nor an Idempotency-Key is sent.
    expect([failing.seen[0].headers.get('x-api-key'), failing.seen[0].headers.get('idempotency-key')]).toEqual([null, null]);

    const offline = scripted([new TypeError('fetch failed')]);
    expect(await failure(offline.lastro.tokens.createCard(body))).toBeInstanceOf(LastroConnectionError);
    expect(offline.seen).toHaveLength(1);

    const limited = scripted([json(429, errorBody('rate_limited'), { 'retry-after': '1' }), json(201, { tokenId: 'tok_1' })]);
    expect(await limited.lastro.tokens.createCard(body)).toEqual({ tokenId: 'tok_1' });
  });

  it('does not retry 4xx other than 429 and raises the class of its status', async () => {
    const { lastro, seen } = scripted([json(404, errorBody('not_found'))]);
    const err = await failure(lastro.customers.retrieve('cust_missing'));
    expect(err).toBeInstanceOf(LastroNotFoundError);
    expect(seen).toHaveLength(1);
  });

  it('describes a non-JSON error answer by its status, with the text and the x-request-id header', async () => {
    const { lastro } = scripted([new Response('<html>bad gateway</html>', { status: 502, headers: { 'x-request-id': 'req_proxy' } })]);
    const err = await failure(lastro.customers.retrieve('cust_1', { maxRetries: 0 }));
    expect(err).toBeInstanceOf(LastroServerError);
    expect({ code: err.code, requestId: err.requestId, body: err.body }).toEqual({ code: 'http_502', requestId: 'req_proxy', body: '<html>bad gateway</html>' });
  });

  it('raises a LastroConnectionError after the last network error', async () => {
    const { lastro, seen, waits } = scripted([new TypeError('fetch failed'), new TypeError('fetch failed')]);
    const err = await failure(lastro.customers.retrieve('cust_1', { maxRetries: 1 }));
    expect(err).toBeInstanceOf(LastroConnectionError);
    expect(err.status).toBe(0);
    expect(seen).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('aborts an attempt past `timeout` and retries it like a network error', async () => {
    const attempts: Request[] = [];
    const lastro = new Lastro({
      apiKey: 'sk_sandbox_test',
      baseUrl: 'http://lastro.test',
      timeout: 5,
      maxRetries: 1,
      // A server that never answers: the attempt ends only when the client aborts it.
      fetch: (request) => {
        attempts.push(request);
        return new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
      },
      retry: { sleep: async () => undefined },
    });
    const err = await failure(lastro.customers.retrieve('cust_1'));
    expect(err).toBeInstanceOf(LastroConnectionError);
    expect(err.message).toContain('no answer within 5 ms');
    expect(attempts).toHaveLength(2);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    const controller = new AbortController();
    let attempts = 0;
    const lastro = new Lastro({
      apiKey: 'sk_sandbox_test',
      baseUrl: 'http://lastro.test',
      fetch: (request) => {
        attempts++;
        const pending = new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
        controller.abort();
        return pending;
      },
      retry: { sleep: async () => undefined },
    });
    const err = await failure(lastro.customers.retrieve('cust_1', { signal: controller.signal }));
    expect(err).not.toBeInstanceOf(LastroConnectionError);
    expect((err as Error).name).toBe('AbortError');
    expect(attempts).toBe(1);
  });

  it('refuses an authenticated call without an API key before sending anything', async () => {
    const lastro = new Lastro({ baseUrl: 'http://lastro.test', fetch: async () => { throw new Error('must not be called'); } });
    await expect(lastro.customers.retrieve('cust_1')).rejects.toThrow(/needs an API key/);
  });
});

describe('PageList', () => {
  const pages = (envelopes: Array<{ data: number[] } & Record<string, unknown>>) => {
    const asked: PageAt[] = [];
    return { asked, list: new PageList<number, any>(async (at) => (asked.push(at), envelopes['page' in at ? at.page - 1 : 0])) };
  };

  it('follows the standard envelope to totalPages', async () => {
    const { asked, list } = pages([1, 2, 3].map((page) => ({ data: page === 3 ? [5] : [page * 2 - 1, page * 2], pagination: { page, limit: 2, total: 5, totalPages: 3 } })));
    expect(await list.toArray()).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
  });

  it('follows the flat envelope ({ data, page, limit, total }) of checkout links and subscriptions', async () => {
    const { asked, list } = pages([{ data: [1, 2], page: 1, limit: 2, total: 4 }, { data: [3, 4], page: 2, limit: 2, total: 4 }]);
    expect(await list.toArray()).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('stops at an empty page, and awaiting it gives the first page only', async () => {
    const { asked, list } = pages([{ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } }]);
    expect(await list).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
    expect(await list.toArray()).toEqual([]);
    expect(asked).toEqual([{ page: 1 }, { page: 1 }]);
  });

  it('stops where the envelope says hasMore: false, whatever the counts say', async () => {
    const { asked, list } = pages([{ data: [1, 2], pagination: { page: 1, limit: 2, total: 9, totalPages: 5, hasMore: false } }]);
    expect(await list.toArray()).toEqual([1, 2]);
    expect(asked).toEqual([{ page: 1 }]);
  });
});

describe('nextPageAt', () => {
  const envelope = (ids: string[], hasMore: boolean) => ({ data: ids.map((id) => ({ id })), pagination: { page: 1, limit: 2, total: 5, totalPages: 3, hasMore } });

  it('on a list with cursors: after the last item, or before the first one when walking back', () => {
    expect(nextPageAt({ page: 1 }, envelope(['b', 'a'], true), true)).toEqual({ startingAfter: 'a' });
    expect(nextPageAt({ startingAfter: 'c' }, envelope(['b', 'a'], true), true)).toEqual({ startingAfter: 'a' });
    expect(nextPageAt({ endingBefore: 'a' }, envelope(['c', 'b'], true), true)).toEqual({ endingBefore: 'c' });
  });

  it('by page number on a list without cursors, and nowhere after the last page', () => {
    expect(nextPageAt({ page: 1 }, envelope(['b', 'a'], true), false)).toEqual({ page: 2 });
    expect(nextPageAt({ page: 1 }, envelope(['b', 'a'], false), true)).toBeNull();
  });
});

describe('types (checked by npm run typecheck)', () => {
  it('types paths, parameters, bodies and answers from the OpenAPI document', () => {
    // Never called: what matters is that it compiles, and that each @ts-expect-error is needed.
    async function compiles(lastro: Lastro): Promise<void> {
      const listeners = await lastro.request('get', '/v1/webhooks/listeners');
      const code: string = listeners.data[0].code;
      const customer = await lastro.request('get', '/v1/customers/{id}', { params: { path: { id: 'cust_1' } } });
      const email: string = customer.email;
      for await (const plan of lastro.paginate('/v1/plans', { params: { query: { limit: 5 } } })) void plan.id;
      const page = await lastro.customers.list({ limit: 2 });
      const totalPages: number = page.pagination.totalPages;
      // @ts-expect-error a path the API does not have
      await lastro.request('get', '/v1/nothing');
      // @ts-expect-error a path parameter is required
      await lastro.request('get', '/v1/customers/{id}');
      // @ts-expect-error limit is a number
      await lastro.customers.list({ limit: '2' });
      // @ts-expect-error a body is required
      await lastro.request('post', '/v1/customers', {});
      // @ts-expect-error not a list operation
      lastro.paginate('/v1/customers/{id}', { params: { path: { id: 'x' } } });
      void [code, email, totalPages];
    }
    expect(typeof compiles).toBe('function');
  });
});
