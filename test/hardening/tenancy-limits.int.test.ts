import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { Config } from '../../src/config';
import { useTestStack } from '../helpers/stack';

/**
 * Limits that limit the right people, and logs that keep credentials out (docs/security.md):
 * - the client address behind a proxy is the one the proxy saw, never one the client wrote;
 * - a valid key is never refused for someone else's failures from the same address;
 * - a card tester cannot reset the checkout limits with a fresh session per try, nor spread
 *   over many addresses against one link;
 * - access log lines never carry a bearer token from a path.
 * - a stranger's junk never spends a link's budget, and an IPv6 client is its /64;
 * Each app here is the stack's platform with its own limits, like a replica: the counters
 * are shared through the database (each test counts under addresses and links of its own).
 */

// A company takes payments to its owner recipient.
const t = useTestStack({ companies: ['Acme'], owners: ['Acme'] });

function app(config: Partial<Config>, logger = t.stack.deps.logger) {
  return request(createApp({ ...t.stack.deps, logger, config: { ...t.stack.config, ...config } }).callback());
}

const limits = (c: Partial<Config['checkoutLimits']>): Config['checkoutLimits'] => ({ ...t.stack.config.checkoutLimits, ...c });

async function newLink(): Promise<string> {
  const res = await t.stack.http
    .post('/checkout/links')
    .set(t.company.Acme.headers)
    .send({ items: [{ name: 'Curso', quantity: 1, unitAmount: 5000 }], paymentMethods: { card: { enabled: true }, pix: { enabled: true } } });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('the client address behind a proxy', () => {
  it('is the entry the trusted proxy appended: a spoofed X-Forwarded-For neither dodges a limit nor points it at someone else', async () => {
    const http = app({ trustedProxies: 1, authFailuresPerMinute: 2 });
    const bad = { 'x-api-key': `sk_sandbox_${'B'.repeat(32)}` };
    // The attacker (203.0.113.9 as the proxy saw it) writes a new left-most address each time.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await http.get('/customers').set(bad).set('X-Forwarded-For', `10.0.0.${i}, 203.0.113.9`)).status);
    expect(statuses).toEqual([401, 401, 429, 429]);
    // The address it tried to blame (a merchant's server) was never counted.
    expect((await http.get('/customers').set(bad).set('X-Forwarded-For', '10.0.0.0')).status).toBe(401);
  });

  it('is the socket address without a trusted proxy, whatever the header says', async () => {
    const http = app({ trustedProxies: 0, authFailuresPerMinute: 1 });
    const bad = { 'x-api-key': `sk_sandbox_${'C'.repeat(32)}` };
    expect((await http.get('/customers').set(bad).set('X-Forwarded-For', '198.51.100.1')).status).toBe(401);
    expect((await http.get('/customers').set(bad).set('X-Forwarded-For', '198.51.100.2')).status).toBe(429);
  });
});

describe('authentication failures from a shared address', () => {
  it('never refuse a valid key, while the failing attempts stay throttled', async () => {
    const http = app({ trustedProxies: 1, authFailuresPerMinute: 3 });
    const nat = { 'X-Forwarded-For': '192.0.2.50' };
    const broken = { 'x-api-key': `sk_sandbox_${'D'.repeat(32)}` };
    for (let i = 0; i < 5; i++) await http.get('/customers').set(broken).set(nat);
    expect((await http.get('/customers').set(broken).set(nat)).status).toBe(429);
    // Another merchant behind the same NAT.
    expect((await http.get('/customers').set(t.company.Acme.headers).set(nat)).status).toBe(200);
  });
});

describe('card testing through a checkout link', () => {
  it('a fresh session per visit does not reset the per-address limit on new sessions', async () => {
    const link = await newLink();
    const http = app({ trustedProxies: 1, checkoutLimits: limits({ visitsPerAddress: 3 }) });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await http.get(`/c/${link}`).set('X-Forwarded-For', '203.0.113.20')).status);
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect((await http.get(`/c/${link}`).set('X-Forwarded-For', '203.0.113.21')).status).toBe(303);
  });

  it('many addresses together cannot open unlimited sessions of one link, and other links are unaffected', async () => {
    const [link, other] = [await newLink(), await newLink()];
    const http = app({ trustedProxies: 1, checkoutLimits: limits({ visitsPerLink: 2 }) });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await http.get(`/c/${link}`).set('X-Forwarded-For', `203.0.113.${30 + i}`)).status);
    expect(statuses).toEqual([303, 303, 429]);
    expect((await http.get(`/c/${other}`).set('X-Forwarded-For', '203.0.113.40')).status).toBe(303);
  });

  it('payment attempts are limited per address across sessions, and per link across addresses', async () => {
    const link = await newLink();
    const http = app({ trustedProxies: 1, checkoutLimits: limits({ confirmsPerAddress: 2, confirmsPerLink: 3 }) });
    const sessionFrom = async (address: string) => String((await http.get(`/c/${link}`).set('X-Forwarded-For', address)).headers.location).split('/pay/')[1];
    const confirm = async (address: string, key: string) => {
      const res = await http
        .post(`/checkout/public/sessions/${await sessionFrom(address)}/confirm`)
        .set('X-Forwarded-For', address)
        .set('Idempotency-Key', key)
        .send({ customer: { name: 'Ana Souza', email: 'ana@example.com', document: '52998224725' }, payments: [{ method: 'pix' }] });
      if (res.status !== 200 && res.status !== 429) throw new Error(`confirm: ${res.status} ${JSON.stringify(res.body)}`);
      return res.status;
    };
    // One tester, a fresh session per card: the third attempt is refused.
    const tester = [await confirm('203.0.113.50', 'a1'), await confirm('203.0.113.50', 'a2'), await confirm('203.0.113.50', 'a3')];
    expect(tester).toEqual([200, 200, 429]);
    // Spread over addresses: the link's ceiling (3 in all) holds.
    expect(await confirm('203.0.113.51', 'b1')).toBe(200);
    expect(await confirm('203.0.113.52', 'c1')).toBe(429);
  });
});

describe('strangers cannot spend a link\'s budget', () => {
  const buyer = { name: 'Ana Souza', email: 'ana@example.com', document: '52998224725' };

  it('junk card tokens from many addresses never spend the link\'s payment attempts; attempts that pass validation do', async () => {
    const link = await newLink();
    const http = app({ trustedProxies: 1, checkoutLimits: limits({ confirmsPerAddress: 100, confirmsPerLink: 2 }) });
    const confirm = async (address: string, key: string, payment: object) => {
      const location = String((await http.get(`/c/${link}`).set('X-Forwarded-For', address)).headers.location);
      const res = await http.post(`/checkout/public/sessions/${location.split('/pay/')[1]}/confirm`).set('X-Forwarded-For', address).set('Idempotency-Key', key).send({ customer: buyer, payments: [payment] });
      return res.status;
    };
    // A handful of addresses send made-up tokens: each is refused for what it is, not counted against the link.
    const junk = [];
    for (let i = 0; i < 4; i++) junk.push(await confirm(`198.51.100.${60 + i}`, `junk-${i}`, { method: 'credit_card', cardToken: `tok_junk${i}` }));
    expect(junk.every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    // Real buyers still pay; the link's ceiling holds for attempts that passed validation.
    expect(await confirm('198.51.100.70', 'buyer-1', { method: 'pix' })).toBe(200);
    expect(await confirm('198.51.100.71', 'buyer-2', { method: 'pix' })).toBe(200);
    expect(await confirm('198.51.100.72', 'buyer-3', { method: 'pix' })).toBe(429);
  });

  it('counts an IPv6 client by its /64: rotating addresses within it gets no fresh budget', async () => {
    const link = await newLink();
    const http = app({ trustedProxies: 1, checkoutLimits: limits({ visitsPerAddress: 2 }) });
    const visit = async (address: string) => (await http.get(`/c/${link}`).set('X-Forwarded-For', address)).status;
    expect([await visit('2001:db8:40:1::1'), await visit('2001:db8:40:1:a:b:c:d'), await visit('2001:db8:40:1::ffff')]).toEqual([303, 303, 429]);
    // The neighbouring /64 is someone else.
    expect(await visit('2001:db8:40:2::1')).toBe(303);
    // An IPv4 client is the same client however the socket names it.
    expect([await visit('203.0.113.90'), await visit('::ffff:203.0.113.90'), await visit('::ffff:cb00:715a')]).toEqual([303, 303, 429]);
  });

  it('counts failed authentications of an IPv6 client by its /64', async () => {
    const http = app({ trustedProxies: 1, authFailuresPerMinute: 2 });
    const bad = { 'x-api-key': `sk_sandbox_${'E'.repeat(32)}` };
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push((await http.get('/customers').set(bad).set('X-Forwarded-For', `2001:db8:41:7::${i}`)).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('shares the link\'s budget between API processes: replicas do not multiply it', async () => {
    const link = await newLink();
    const config = { trustedProxies: 1, checkoutLimits: limits({ visitsPerLink: 3 }) };
    const [one, two] = [app(config), app(config)];
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await (i % 2 ? two : one).get(`/c/${link}`).set('X-Forwarded-For', `198.51.100.${80 + i}`)).status);
    expect(statuses).toEqual([303, 303, 303, 429]);
  });
});

describe('access log lines', () => {
  it('name the route of a bearer-token path, never the token', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const http = app({}, pino({ level: 'info' }, sink));
    const secrets = ['kyc-secret-token-123', 'bank-details-secret-456', 'cs_secretsession0000000000000', 'pay_secretpayment00000000000'];
    await http.get(`/kyc/${secrets[0]}`);
    await http.post(`/kyc/${secrets[0]}/submit`).send({ confirm: true });
    await http.get(`/refunds/bank-details/${secrets[1]}`);
    await http.get(`/pay/${secrets[2]}`);
    await http.get(`/checkout/public/sessions/${secrets[2]}`);
    await http.get(`/boletos/${secrets[3]}`);
    await http.get(`/pix/${secrets[3]}/qrcode.png`);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(7);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('"path":"/kyc/[redacted]/submit"');
    expect(log).toContain('"path":"/refunds/bank-details/[redacted]"');
  });
});
