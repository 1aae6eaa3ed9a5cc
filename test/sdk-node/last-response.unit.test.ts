import { Lastro, VERSION } from '../../src/sdk-node/index';
import { version } from '../../src/sdk-node/package.json';

/** `lastResponse` on what calls resolve to, against a scripted fetch (no network). */

function client(answers: Response[]) {
  const seen: Request[] = [];
  const lastro = new Lastro({
    apiKey: 'sk_sandbox_test',
    baseUrl: 'http://lastro.test',
    maxRetries: 0,
    fetch: async (request) => {
      seen.push(request);
      return answers.shift()!;
    },
  });
  return { lastro, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('lastResponse', () => {
  it('carries the request id, status, headers, the key sent and whether the API replayed', async () => {
    const { lastro } = client([
      json(201, { id: 'cust_1' }, { 'x-request-id': 'req_first' }),
      json(201, { id: 'cust_1' }, { 'x-request-id': 'req_again', 'Idempotent-Replayed': 'true' }),
    ]);
    const first = await lastro.customers.create({ name: 'Maria' } as any, { idempotencyKey: 'order-1' });
    const again = await lastro.customers.create({ name: 'Maria' } as any, { idempotencyKey: 'order-1' });
    expect(first.lastResponse).toEqual({
      requestId: 'req_first',
      statusCode: 201,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_first' },
      idempotencyKey: 'order-1',
      idempotentReplayed: false,
    });
    expect(again.lastResponse).toMatchObject({ requestId: 'req_again', idempotentReplayed: true, headers: { 'idempotent-replayed': 'true' } });
  });

  it('is not enumerable: the body as the API sent it is what JSON, spreading and keys see', async () => {
    const { lastro } = client([json(200, { id: 'cust_1', name: 'Maria' }, { 'x-request-id': 'req_1' })]);
    const customer = await lastro.customers.retrieve('cust_1');
    expect(Object.keys(customer)).toEqual(['id', 'name']);
    expect(JSON.parse(JSON.stringify(customer))).toEqual({ id: 'cust_1', name: 'Maria' });
    expect({ ...customer }).not.toHaveProperty('lastResponse');
    expect(customer.lastResponse.requestId).toBe('req_1');
    expect(customer.lastResponse.idempotencyKey).toBeUndefined();
  });

  it('is on a page awaited from a list too, with the generated key of a write', async () => {
    const { lastro, seen } = client([
      json(200, { data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } }, { 'x-request-id': 'req_page' }),
      json(201, { id: 'cust_2' }),
    ]);
    expect((await lastro.customers.list()).lastResponse.requestId).toBe('req_page');
    const created = await lastro.customers.create({ name: 'Ana' } as any);
    expect(created.lastResponse.idempotencyKey).toBe(seen[1].headers.get('idempotency-key'));
    expect(created.lastResponse.requestId).toBeUndefined();
  });

  it('sends the version of package.json as the User-Agent', async () => {
    const { lastro, seen } = client([json(200, { id: 'cust_1' })]);
    await lastro.customers.retrieve('cust_1');
    expect(VERSION).toBe(version);
    expect(seen[0].headers.get('user-agent')).toBe(`lastro-node/${version}`);
  });
});
