import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../src/app';
import { Company } from '../../src/companies/company.entity';
import { StoredCard } from '../../src/cards/stored-card.entity';
import { useTestStack } from '../helpers/stack';
import { validCard } from './fixtures';

/** POST /v1/tokens/cards: public, CORS, strict validation, rate limits, and what it stores. */

const nextYear = new Date().getUTCFullYear() + 1;

const t = useTestStack({ env: { CARD_TOKENS_PER_MINUTE_PER_IP: '10000', CARD_TOKENS_PER_MINUTE_PER_COMPANY: '10000' }, companies: ['Acme'] });

const tokenize = (card: Record<string, unknown>, companyId = t.company.Acme.company.id, path = '/v1/tokens/cards') =>
  t.stack.http.post(path).send({ companyId, card });

describe('POST /v1/tokens/cards', () => {
  it('answers 201 with an opaque single-use token, without an API key, on both paths', async () => {
    for (const path of ['/v1/tokens/cards', '/tokens/cards']) {
      const res = await tokenize(validCard(), t.company.Acme.company.id, path);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ tokenId: expect.stringMatching(/^tok_[a-z2-7]{26}$/) });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('stores only brand, BIN, last 4, holder, document and expiry readable', async () => {
    const res = await tokenize(validCard({ number: '5555555555554444', holder: '  Joao   da Silva ', document: '529.982.247-25', expiration: `03/${nextYear % 100}` }));
    expect(res.status).toBe(201);
    const card = await t.stack.em().findOneOrFail(StoredCard, { tokenId: res.body.tokenId });
    expect(card).toMatchObject({
      companyId: t.company.Acme.company.id,
      brand: 'mastercard',
      first6: '555555',
      last4: '4444',
      holder: 'Joao da Silva',
      document: '52998224725',
      expMonth: 3,
      expYear: nextYear,
      usedAt: null,
      paymentId: null,
    });
  });

  it.each([
    ['MM/YYYY', `01/${nextYear}`],
    ['MM/YY', `01/${nextYear % 100}`],
    ['the current month', (() => { const n = new Date(Date.now() - 3 * 3600_000); return `${String(n.getUTCMonth() + 1).padStart(2, '0')}/${n.getUTCFullYear()}`; })()],
  ])('accepts an expiration written %s', async (_label, expiration) => {
    expect((await tokenize(validCard({ expiration }))).status).toBe(201);
  });

  it('accepts an American Express card with a 4-digit CVV and a CNPJ document', async () => {
    const res = await tokenize(validCard({ number: '378282246310005', cvv: '1234', document: '11.222.333/0001-81' }));
    expect(res.status).toBe(201);
  });

  it.each([
    ['a number failing the Luhn check', { number: '4111111111111112' }, 'card.number', /Luhn/],
    ['a number with letters', { number: '4111abcd11111111' }, 'card.number', /12-19 digits/],
    ['a too short number', { number: '41111' }, 'card.number', /12-19 digits/],
    ['a number with hyphens', { number: '4111-1111-1111-1111' }, 'card.number', /digits only/],
    ['a number with spaces', { number: '4111 1111 1111 1111' }, 'card.number', /digits only/],
    ['an unknown brand', { number: '3530111333300000' }, 'card.number', /brand/],
    ['an empty holder', { holder: ' ' }, 'card.holder', /at least 2/],
    ['a holder with digits', { holder: 'Maria 5ilva' }, 'card.holder', /letters/],
    ['a CPF with wrong check digits', { document: '52998224724' }, 'card.document', /CPF or CNPJ/],
    ['a document of neither length', { document: '1234567' }, 'card.document', /CPF or CNPJ/],
    ['a 4-digit CVV on a Visa', { cvv: '1234' }, 'card.cvv', /3 digits/],
    ['a 3-digit CVV on an Amex', { number: '378282246310005', cvv: '123' }, 'card.cvv', /4 digits/],
    ['a CVV with letters', { cvv: '12a' }, 'card.cvv', /3 or 4 digits/],
    ['an expired card', { expiration: '01/2020' }, 'card.expiration', /expired/],
    ['an expired card (MM/YY)', { expiration: '12/20' }, 'card.expiration', /expired/],
    ['month 13', { expiration: `13/${nextYear}` }, 'card.expiration', /MM\/YYYY/],
    ['a date without a slash', { expiration: `12${nextYear}` }, 'card.expiration', /MM\/YYYY/],
    ['a number as a JSON number', { number: 4111111111111111 }, 'card.number', /string/],
    ['a missing CVV', { cvv: undefined }, 'card.cvv', /string/],
    ['an unknown field', { pin: '1234' }, 'card.pin', /Unknown field/],
  ])('refuses %s with a 400 naming the field', async (_label, overrides, path, message) => {
    const res = await tokenize(validCard(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual(expect.arrayContaining([{ path, message: expect.stringMatching(message) }]));
    expect(res.body.error.message).toMatch(new RegExp(`^${path.replace('.', '\\.')}`));
  });

  it('refuses a malformed or unknown companyId with the same kind of 400, naming companyId', async () => {
    for (const companyId of ['comp_00000000000000000000000000', 'acme', '']) {
      const res = await tokenize(validCard(), companyId);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details).toEqual([{ path: 'companyId', message: expect.any(String) }]);
    }
    const res = await t.stack.http.post('/v1/tokens/cards').send({ card: validCard() });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('companyId');
  });

  it('refuses a body with unknown top-level fields, and a body that is not JSON', async () => {
    const extra = await t.stack.http.post('/v1/tokens/cards').send({ companyId: t.company.Acme.company.id, card: validCard(), amount: 100 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details).toEqual([{ path: 'amount', message: "Unknown field 'amount'" }]);
    const text = await t.stack.http.post('/v1/tokens/cards').set('Content-Type', 'text/plain').send('number=4111111111111111');
    expect(text.status).toBe(415);
  });

  it('refuses any request carrying the secret key, storing nothing', async () => {
    const before = await t.stack.em().count(StoredCard, { companyId: t.company.Acme.company.id });
    const withKey = await t.stack.http.post('/v1/tokens/cards').set(t.company.Acme.headers).send({ companyId: t.company.Acme.company.id, card: validCard() });
    expect(withKey.status).toBe(400);
    expect(withKey.body.error.code).toBe('secret_key_not_allowed');
    const bearer = await t.stack.http.post('/v1/tokens/cards').set('Authorization', `Bearer ${t.company.Acme.apiKey}`).send({ companyId: t.company.Acme.company.id, card: validCard() });
    expect(bearer.body.error.code).toBe('secret_key_not_allowed');
    const pasted = await tokenize(validCard(), t.company.Acme.apiKey);
    expect(pasted.status).toBe(400);
    expect(pasted.body.error.code).toBe('secret_key_not_allowed');
    expect(JSON.stringify(pasted.body)).not.toContain(t.company.Acme.apiKey);
    expect(await t.stack.em().count(StoredCard, { companyId: t.company.Acme.company.id })).toBe(before);
  });

  it('never echoes card data in an error', async () => {
    const res = await tokenize(validCard({ number: '4111111111111112', cvv: '98765' }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/4111111111111112|98765/);
  });
});

describe('CORS', () => {
  const origin = 'https://shop.example.com';

  it('answers the preflight for POST with a JSON body, and not for the API key header', async () => {
    for (const path of ['/v1/tokens/cards', '/tokens/cards']) {
      const res = await t.stack.http
        .options(path)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toBe('POST');
      expect(res.headers['access-control-allow-headers']).toBe('Content-Type');
      expect(res.headers['access-control-allow-headers']).not.toMatch(/x-api-key/i);
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets the calling page read successes and errors alike', async () => {
    const ok = await tokenize(validCard()).set('Origin', origin);
    expect(ok.status).toBe(201);
    expect(ok.headers['access-control-allow-origin']).toBe(origin);
    expect(ok.headers.vary).toMatch(/Origin/);
    const bad = await tokenize(validCard({ number: '1234' })).set('Origin', origin);
    expect(bad.status).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe(origin);
    const unknown = await tokenize(validCard(), 'comp_00000000000000000000000000').set('Origin', origin);
    expect(unknown.headers['access-control-allow-origin']).toBe(origin);
  });

  it('admits only the listed origins when the company lists some', async () => {
    const shop = await t.stack.seedCompany('Shop');
    const em = t.stack.em();
    const company = await em.findOneOrFail(Company, { id: shop.company.id });
    company.settings = { ...company.settings, allowedOrigins: ['https://checkout.shop.example/'] };
    await em.flush();

    const allowed = await tokenize(validCard(), shop.company.id).set('Origin', 'https://checkout.shop.example');
    expect(allowed.status).toBe(201);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://checkout.shop.example');

    for (const card of [validCard(), validCard({ number: '1' })]) {
      const other = await tokenize(card, shop.company.id).set('Origin', 'https://evil.example');
      expect(other.status).toBe(403);
      expect(other.body.error.code).toBe('origin_not_allowed');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Not a browser (no Origin): the origin list does not apply.
    expect((await tokenize(validCard(), shop.company.id)).status).toBe(201);
    // Companies without a list accept any page.
    expect((await tokenize(validCard()).set('Origin', 'https://evil.example')).status).toBe(201);
  });
});

describe('rate limits', () => {
  /**
   * The same platform with small limits, like another replica: the counters are shared through
   * the database, so each test counts under an address and a company of its own.
   */
  function limitedApp(perIpPerMinute: number, perCompanyPerMinute: number, buyerAllowancePerMinute = 0) {
    // Behind one proxy (the test client), so X-Forwarded-For names the buyer's address.
    const config = { ...t.stack.config, trustedProxies: 1, cardTokenRateLimit: { perIpPerMinute, perCompanyPerMinute, buyerAllowancePerMinute } };
    return request(createApp({ ...t.stack.deps, config }).callback());
  }

  it('limits each client address, whatever company or body it sends', async () => {
    const http = limitedApp(3, 1000);
    const address = { 'X-Forwarded-For': '203.0.113.61' };
    for (let i = 0; i < 3; i++) expect((await http.post('/v1/tokens/cards').set(address).send({ companyId: t.company.Acme.company.id, card: validCard({ number: '1' }) })).status).toBe(400);
    const res = await http.post('/v1/tokens/cards').set(address).set('Origin', 'https://shop.example.com').send({ companyId: t.company.Acme.company.id, card: validCard() });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example.com');
  });

  it('limits each company, separately from other companies', async () => {
    const http = limitedApp(1000, 2);
    const [shop, other] = [await t.stack.seedCompany('Shop'), await t.stack.seedCompany('Other')];
    expect((await http.post('/v1/tokens/cards').send({ companyId: shop.company.id, card: validCard() })).status).toBe(201);
    expect((await http.post('/v1/tokens/cards').send({ companyId: shop.company.id, card: validCard() })).status).toBe(201);
    const limited = await http.post('/v1/tokens/cards').send({ companyId: shop.company.id, card: validCard() });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/company/);
    expect((await http.post('/v1/tokens/cards').send({ companyId: other.company.id, card: validCard() })).status).toBe(201);
  });

  it("cannot be spent by a stranger who knows the company id: a buyer's first tries of the minute still pass", async () => {
    const http = limitedApp(1000, 5, 2);
    const shop = await t.stack.seedCompany('Store');
    const from = (address: string) => http.post('/v1/tokens/cards').set('X-Forwarded-For', address).send({ companyId: shop.company.id, card: validCard() });
    // A script spends the whole budget of the company, and is refused past it.
    const stranger = [];
    for (let i = 0; i < 6; i++) stranger.push((await from('203.0.113.66')).status);
    expect(stranger).toEqual([201, 201, 201, 201, 201, 429]);
    // Real buyers on other addresses still tokenize their first tries; beyond them, the ceiling holds.
    expect((await from('198.51.100.7')).status).toBe(201);
    expect((await from('198.51.100.7')).status).toBe(201);
    expect((await from('198.51.100.7')).status).toBe(429);
    expect((await from('198.51.100.8')).status).toBe(201);
  });
});

describe('logs', () => {
  it('hold no card number or CVV, for a stored card or a refused one', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const http = request(createApp({ ...t.stack.deps, logger }).callback());
    const pan = '5555555555554444';
    expect((await http.post('/v1/tokens/cards').send({ companyId: t.company.Acme.company.id, card: validCard({ number: pan, cvv: '731' }) })).status).toBe(201);
    expect((await http.post('/v1/tokens/cards').send({ companyId: t.company.Acme.company.id, card: validCard({ number: '5555555555554443', cvv: '731' }) })).status).toBe(400);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const text = lines.join('\n');
    expect(text).toContain(t.company.Acme.company.id);
    // The CVV as a JSON value (bare digits could occur in a duration or an id).
    expect(text).not.toMatch(/5555555555554443|5555555555554444|"731"|cvv/i);
  });
});

describe('OpenAPI', () => {
  it('documents tokenization as public, without the preflight', async () => {
    const doc = (await t.stack.http.get('/openapi.json')).body;
    expect(doc.paths['/v1/tokens/cards'].post.security).toEqual([]);
    expect(doc.paths['/v1/tokens/cards'].post.responses['201']).toBeDefined();
    expect(doc.paths['/v1/tokens/cards'].options).toBeUndefined();
  });
});
