import { useTestStack } from '../helpers/stack';
import { createApiKey } from '../../src/companies/companies.service';

/**
 * Rate limits: RATE_LIMIT_PER_MINUTE per API key (429 `rate_limited` with Retry-After), and
 * repeated authentication failures from one client are throttled (AUTH_FAILURES_PER_MINUTE).
 * Each stack has its own app, hence its own counters.
 */

describe('per API key limit (RATE_LIMIT_PER_MINUTE=5)', () => {
  const t = useTestStack({ env: { RATE_LIMIT_PER_MINUTE: '5' }, companies: ['Acme'] });

  it('answers the 6th request of one key with 429 rate_limited and Retry-After', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await t.stack.http.get('/customers').set(t.company.Acme.headers);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    const limited = await t.stack.http.get('/customers').set(t.company.Acme.headers);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: 'rate_limited', message: expect.any(String), requestId: limited.headers['x-request-id'] },
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Writes count against the same budget, and a limited write does nothing.
    const write = await t.stack.http
      .post('/customers')
      .set(t.company.Acme.headers)
      .send({ name: 'Maria Silva', email: 'limited@example.com', type: 'individual', document: '52998224725', phone: '11999990000' });
    expect(write.status).toBe(429);
    const [{ n }] = await t.stack.em().execute(`select count(*)::int as n from customers where email = 'limited@example.com'`);
    expect(n).toBe(0);
  });

  it('counts another key of the same company separately', async () => {
    const em = t.stack.em();
    const second = await createApiKey(em, t.company.Acme.company);
    await em.flush();
    const headers = { 'x-api-key': second.apiKey };
    for (let i = 1; i <= 5; i++) expect((await t.stack.http.get('/customers').set(headers)).status).toBe(200);
    expect((await t.stack.http.get('/customers').set(headers)).status).toBe(429);
    // The first key is still limited in this window too.
    expect((await t.stack.http.get('/customers').set(t.company.Acme.headers)).status).toBe(429);
  });

  it('does not count other companies against the limit', async () => {
    const other = await t.stack.seedCompany('Other');
    expect((await t.stack.http.get('/customers').set(other.headers)).status).toBe(200);
  });

  it('does not limit public routes', async () => {
    for (let i = 0; i < 7; i++) expect((await t.stack.http.get('/openapi.json')).status).toBe(200);
  });
});

describe('authentication failures (AUTH_FAILURES_PER_MINUTE=3)', () => {
  const t = useTestStack({ env: { AUTH_FAILURES_PER_MINUTE: '3' }, companies: ['Acme'] });

  it('allows valid keys freely while failures stay under the limit', async () => {
    for (let i = 0; i < 10; i++) expect((await t.stack.http.get('/customers').set(t.company.Acme.headers)).status).toBe(200);
  });

  it('throttles the failures of a client after repeated failures, never its valid keys', async () => {
    const badKey = { 'x-api-key': `sk_sandbox_${'A'.repeat(32)}` };
    for (let i = 0; i < 3; i++) {
      const res = await t.stack.http.get('/customers').set(i === 1 ? {} : badKey);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    const throttled = await t.stack.http.get('/customers').set(badKey);
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatchObject({ code: 'rate_limited', requestId: throttled.headers['x-request-id'] });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    // A valid key from the same address (another merchant behind the same NAT) still works;
    // the failing attempts from it stay refused until the window ends.
    expect((await t.stack.http.get('/customers').set(t.company.Acme.headers)).status).toBe(200);
    expect((await t.stack.http.get('/customers').set(badKey)).status).toBe(429);
  });

  it('does not throttle public routes for that client', async () => {
    expect((await t.stack.http.get('/openapi.json')).status).toBe(200);
  });
});
