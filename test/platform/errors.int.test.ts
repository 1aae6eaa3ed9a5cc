import http from 'node:http';
import zlib from 'node:zlib';
import { useTestStack } from '../helpers/stack';

/**
 * The error contract of decisions.md "Error body": every failure, whatever produced it
 * (router, body parser, validation, an unexpected exception), answers
 * `{ error: { code, message, details?, requestId } }` and every response carries
 * `x-request-id`, equal to the body's requestId.
 */

const validCustomer = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  type: 'individual',
  document: '529.982.247-25',
  phone: '+55 11 99999-0000',
};

interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  text: string;
}

/** Checks the exact error shape and that the header and the body name the same request. */
function expectErrorBody(res: Res, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-z]{26}$/);
  expect(Object.keys(res.body)).toEqual(['error']);
  const keys = Object.keys(res.body.error).sort();
  expect(keys.filter((k) => k !== 'details')).toEqual(['code', 'message', 'requestId']);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
  if ('details' in res.body.error) {
    expect(Array.isArray(res.body.error.details)).toBe(true);
    for (const d of res.body.error.details) expect(Object.keys(d).sort()).toEqual(['message', 'path']);
  }
}

/** A raw request, for bodies supertest would re-encode (malformed JSON, chunked uploads). */
function rawRequest(baseUrl: string, opts: { method: string; path: string; headers?: Record<string, string>; body?: string | Uint8Array; chunked?: boolean }): Promise<Res> {
  const url = new URL(opts.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method, headers: opts.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    if (opts.body !== undefined) {
      if (opts.chunked && typeof opts.body === 'string') {
        // No Content-Length: node sends Transfer-Encoding: chunked.
        req.write(opts.body.slice(0, 10));
        req.write(opts.body.slice(10));
      } else {
        req.write(opts.body);
      }
    }
    req.end();
  });
}

describe('error responses (default stack)', () => {
  const t = useTestStack({
    companies: ['Acme'],
    async setup(t) {
      // Fault injection in this file's own database: inserting a customer with this name makes
      // PostgreSQL raise an error whose text must never reach the client.
      await t.stack.em().execute(`
        create function test_fail_customer() returns trigger language plpgsql as $$
        begin
          if new.name = 'Explode Now' then
            raise exception 'secret-internal-detail: relation customers_private_x violated';
          end if;
          return new;
        end $$;
        create trigger test_fail_customer before insert on customers for each row execute function test_fail_customer();
      `);
    },
  });

  it('answers an unknown route with 404 not_found', async () => {
    const res = await t.stack.http.get('/no/such/route').set(t.company.Acme.headers);
    expectErrorBody(res, 404, 'not_found');
    expect(res.body.error.message).toContain('/no/such/route');
    // Also without a key: routing comes before authentication for unknown paths.
    expectErrorBody(await t.stack.http.post('/v1/nothing-here').send({}), 404, 'not_found');
  });

  it('answers a missing resource with 404 not_found', async () => {
    expectErrorBody(await t.stack.http.get('/customers/cust_00000000000000000000000000').set(t.company.Acme.headers), 404, 'not_found');
  });

  it('answers malformed JSON with 400 validation_failed', async () => {
    const res = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': 'application/json' },
      body: '{"name": "Maria", ',
    });
    expectErrorBody(res, 400, 'validation_failed');
    expect(res.body.error.message).toMatch(/json/i);
    // Nothing of the parser's internals (positions, token names) leaks beyond a plain message.
    expect(res.text).not.toMatch(/SyntaxError|at JSON\.parse|node_modules/);
  });

  it('refuses a __proto__ key with a 400 that says so, and the document excludes it from free-form keys', async () => {
    const res = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': 'application/json' },
      body: JSON.stringify(validCustomer).replace(/}$/, ', "metadata": {"__proto__": {"admin": true}}}'),
    });
    expectErrorBody(res, 400, 'validation_failed');
    expect(res.body.error.message).toMatch(/"__proto__"/);
    const doc = (await t.stack.http.get('/openapi.json')).body;
    const metadata = doc.paths['/v1/customers'].post.requestBody.content['application/json'].schema;
    expect(metadata.properties.metadata.propertyNames.not).toEqual({ const: '__proto__' });
  });

  it('answers a validation failure with 400 and details naming each field', async () => {
    const res = await t.stack.http.post('/customers').set(t.company.Acme.headers).send({ ...validCustomer, email: 'nope', colour: 'blue' });
    expectErrorBody(res, 400, 'validation_failed');
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'colour']));
  });

  it.each([
    ['text/plain', 'name=Maria'],
    ['application/x-www-form-urlencoded', 'name=Maria&email=maria%40example.com'],
    ['application/xml', '<customer><name>Maria</name></customer>'],
  ])('answers a %s body with 415 unsupported_media_type', async (contentType, body) => {
    const res = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': contentType },
      body,
    });
    expectErrorBody(res, 415, 'unsupported_media_type');
  });

  it('answers a chunked non-JSON body (no Content-Length) with 415 too', async () => {
    const res = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': 'text/plain' },
      body: 'name=Maria&email=maria@example.com',
      chunked: true,
    });
    expectErrorBody(res, 415, 'unsupported_media_type');
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(validCustomer),
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ['a body value', () => t.stack.http.post('/customers').set(t.company.Acme.headers).send({ ...validCustomer, name: 'Ma\u0000ria' }), 'name'],
    ['a nested value', () => t.stack.http.post('/customers').set(t.company.Acme.headers).send({ ...validCustomer, metadata: { crm: 'x\u0000' } }), 'metadata.crm'],
    ['an object key', () => t.stack.http.post('/customers').set(t.company.Acme.headers).send({ ...validCustomer, metadata: { ['k\u0000']: 'x' } }), 'metadata.k\\u0000'],
    ['a query value', () => t.stack.http.get('/customers?q=a%00b').set(t.company.Acme.headers), 'q'],
    ['a path parameter', () => t.stack.http.get('/customers/cust_%00').set(t.company.Acme.headers), 'id'],
  ])('answers a NUL character in %s with 400 naming it (PostgreSQL cannot store it)', async (_label, send, path) => {
    const res = await send();
    expectErrorBody(res, 400, 'validation_failed');
    expect(res.body.error.details).toEqual([{ path, message: expect.stringContaining('NUL') }]);
  });

  it('answers a body that does not match its Content-Encoding with 400, and inflates one that does', async () => {
    const bad = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: JSON.stringify(validCustomer),
    });
    expectErrorBody(bad, 400, 'validation_failed');
    const good = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: zlib.gzipSync(JSON.stringify({ ...validCustomer, email: 'gzip@example.com' })),
    });
    expect(good.status).toBe(201);
    expect(good.body.email).toBe('gzip@example.com');
  });

  it('answers a wrong method on a known path with 405 and an Allow header', async () => {
    const res = await t.stack.http.patch('/customers').set(t.company.Acme.headers).send({});
    expectErrorBody(res, 405, 'method_not_allowed');
    const allow = String(res.headers.allow ?? '').split(/,\s*/).sort();
    expect(allow).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(allow).not.toContain('PATCH');

    const byId = await t.stack.http.post('/v1/customers/cust_x').set(t.company.Acme.headers).send({});
    expectErrorBody(byId, 405, 'method_not_allowed');
    const allowById = String(byId.headers.allow ?? '').split(/,\s*/);
    expect(allowById).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
    expect(allowById).not.toContain('POST');
  });

  it('answers a method the API implements nowhere with 405 on a known path and 404 elsewhere', async () => {
    const known = await rawRequest(t.stack.baseUrl, { method: 'PROPFIND', path: '/customers', headers: t.company.Acme.headers });
    expectErrorBody(known, 405, 'method_not_allowed');
    expect(String(known.headers.allow).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST']));
    const unknown = await rawRequest(t.stack.baseUrl, { method: 'PROPFIND', path: '/nowhere', headers: t.company.Acme.headers });
    expectErrorBody(unknown, 404, 'not_found');
  });

  it('answers an unexpected exception with 500 internal and no internals in the body', async () => {
    const res = await t.stack.http.post('/customers').set(t.company.Acme.headers).send({ ...validCustomer, name: 'Explode Now' });
    expectErrorBody(res, 500, 'internal');
    expect(res.body.error).not.toHaveProperty('details');
    expect(res.body.error).not.toHaveProperty('stack');
    expect(res.text).not.toMatch(/secret-internal-detail|customers_private_x|insert into|plpgsql|stack|\.ts:\d+|node_modules/i);
    // The failed request left nothing behind.
    const [{ n }] = await t.stack.em().execute(`select count(*)::int as n from customers where name = 'Explode Now'`);
    expect(n).toBe(0);
  });

  it('answers 401 with the same error shape', async () => {
    expectErrorBody(await t.stack.http.get('/customers'), 401, 'unauthenticated');
  });

  it('puts x-request-id on successful responses too, one per request', async () => {
    const a = await t.stack.http.get('/customers').set(t.company.Acme.headers);
    const b = await t.stack.http.get('/health');
    const c = await t.stack.http.get('/openapi.json');
    for (const res of [a, b, c]) expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-z]{26}$/);
    expect(new Set([a, b, c].map((r) => r.headers['x-request-id'])).size).toBe(3);
  });
});

describe('error responses with a 1kb body limit', () => {
  const t = useTestStack({ env: { BODY_LIMIT: '1kb' }, companies: ['Acme'] });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const res = await t.stack.http
      .post('/customers')
      .set(t.company.Acme.headers)
      .send({ ...validCustomer, metadata: { note: 'x'.repeat(400), more: 'y'.repeat(400), extra: 'z'.repeat(400) } });
    expectErrorBody(res, 413, 'payload_too_large');
    const [{ n }] = await t.stack.em().execute(`select count(*)::int as n from customers`);
    expect(n).toBe(0);
  });

  it('answers a chunked body over the limit (no Content-Length) with 413 too', async () => {
    const res = await rawRequest(t.stack.baseUrl, {
      method: 'POST',
      path: '/customers',
      headers: { ...t.company.Acme.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...validCustomer, metadata: { note: 'x'.repeat(2000) } }),
      chunked: true,
    });
    expectErrorBody(res, 413, 'payload_too_large');
  });

  it('still accepts a body under the limit', async () => {
    const res = await t.stack.http.post('/customers').set(t.company.Acme.headers).send(validCustomer);
    expect(res.status).toBe(201);
  });
});
