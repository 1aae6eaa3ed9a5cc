import vm from 'node:vm';
import { Card } from 'lastro-js';
import type { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';
import { createApp } from '../../src/app';
import { claimCardToken } from '../../src/cards/card-vault.service';
import { newId } from '../../src/shared/ids';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { validCard } from '../cards/fixtures';
import { capturingTimers } from '../helpers/captured-timers';
import { heldServer, isPending } from '../helpers/held-server';
import { answering, localServer } from './servers';

/**
 * The SDK in Node, imported as a merchant would (`import { Card } from 'lastro-js'`), against
 * the real stack over HTTP; failure cases against local servers. Also the served bundles.
 */

let stack: TestStack;
let acme: SeededCompany;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.seedCompany('Acme');
});
afterAll(() => stack?.close());

/** Runs `fn`, which must reject, and returns what it rejected with. */
async function failure(fn: () => Promise<unknown>): Promise<Error & { status?: number; body?: unknown; details?: unknown }> {
  try {
    await fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('Card.createCardToken (lastro-js in Node)', () => {
  it('tokenizes with the public companyId; the token pays once, from the server side', async () => {
    const card = new Card({ companyId: acme.company.id, apiUrl: stack.baseUrl });
    const { tokenId } = await card.createCardToken(validCard() as any);
    expect(tokenId).toMatch(/^tok_/);
    const em = stack.em() as EntityManager;
    const summary = await claimCardToken(em, { companyId: acme.company.id, tokenId, paymentId: newId('pay') });
    expect(summary).toMatchObject({ brand: 'visa', last4: '1111' });
    await expect(claimCardToken(stack.em(), { companyId: acme.company.id, tokenId, paymentId: newId('pay') })).rejects.toMatchObject({ code: 'card_token_invalid' });
  });

  it('accepts an apiUrl with a trailing slash', async () => {
    const card = new Card({ companyId: acme.company.id, apiUrl: `${stack.baseUrl}/` });
    await expect(card.createCardToken(validCard() as any)).resolves.toEqual({ tokenId: expect.stringMatching(/^tok_/) });
  });

  it.each([
    ['a number failing Luhn', { number: '4111111111111112' }],
    ['a number with hyphens', { number: '4111-1111-1111-1111' }],
    ['an expired card', { expiration: '01/2020' }],
    ['a wrong CVV length', { cvv: '12' }],
    ['a bad document', { document: '11111111111' }],
  ])('rejects %s with exactly "Failed to generate any tokens"', async (_label, overrides) => {
    const err = await failure(() => new Card({ companyId: acme.company.id, apiUrl: stack.baseUrl }).createCardToken(validCard(overrides) as any));
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('Failed to generate any tokens');
    expect(err.status).toBeUndefined();
    expect(err.details).toEqual([expect.objectContaining({ path: expect.stringMatching(/^card\./) })]);
  });

  it('rejects a wrong or malformed companyId with the same message', async () => {
    for (const companyId of ['comp_00000000000000000000000000', 'not-a-company']) {
      const err = await failure(() => new Card({ companyId, apiUrl: stack.baseUrl }).createCardToken(validCard() as any));
      expect(err.message).toBe('Failed to generate any tokens');
    }
  });

  it('rejects a field that is not a string without calling the API', async () => {
    const server = await localServer(answering(201, '{"tokenId":"tok_x"}'));
    try {
      const card = new Card({ companyId: acme.company.id, apiUrl: server.url });
      const err = await failure(() => card.createCardToken({ ...validCard(), cvv: undefined } as any));
      expect(err.message).toBe('Failed to generate any tokens');
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  // The SDK's timer is captured instead of scheduled (a fake clock for this one call): the API
  // holds the request, and the time is up when the test says so, however slow the machine.
  it.each([
    ['`timeout` ms', 300],
    ['15000 ms by default', undefined],
  ])('waits %s, then gives up with exactly "Timeout", aborting the request', async (_label, timeout) => {
    const api = await heldServer();
    try {
      const card = new Card({ companyId: acme.company.id, apiUrl: api.url, timeout });
      const { result: tokenizing, timers } = capturingTimers(() => failure(() => card.createCardToken(validCard() as any)));
      expect(timers.map((t) => t.ms)).toEqual([timeout ?? 15_000]);
      const exchange = await api.first;
      expect({ method: exchange.method, path: exchange.path }).toEqual({ method: 'POST', path: '/v1/tokens/cards' });
      expect(await isPending(tokenizing)).toBe(true);
      timers[0].fire();
      expect(await isPending(tokenizing)).toBe(false);
      const err = await tokenizing;
      expect(err).toBeInstanceOf(Error);
      expect(err.message).toBe('Timeout');
      expect(await exchange.ended).toBe('closed by the client');
      expect(api.exchanges).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('raises an Error with status and body on API failures other than a refused card', async () => {
    const cases: Array<[number, string, string, unknown]> = [
      [500, '{"error":{"code":"internal","message":"boom","requestId":"req_1"}}', 'application/json', { error: { code: 'internal', message: 'boom', requestId: 'req_1' } }],
      [502, '<html>bad gateway</html>', 'text/html', '<html>bad gateway</html>'],
      [404, '', 'text/plain', null],
    ];
    for (const [status, body, type, parsed] of cases) {
      const server = await localServer(answering(status, body, type));
      try {
        const err = await failure(() => new Card({ companyId: acme.company.id, apiUrl: server.url }).createCardToken(validCard() as any));
        expect(err).toBeInstanceOf(Error);
        expect(err.message).not.toBe('Failed to generate any tokens');
        expect({ status: err.status, body: err.body }).toEqual({ status, body: parsed });
      } finally {
        await server.close();
      }
    }
  });

  it('raises status 429 and the error body when rate limited', async () => {
    // The company's budget (shared by every API process): a company of its own, so the file's other tokens do not count.
    const shop = await stack.seedCompany('Shop');
    const limited = createApp({ ...stack.deps, config: { ...stack.config, cardTokenRateLimit: { perIpPerMinute: 100_000, perCompanyPerMinute: 1, buyerAllowancePerMinute: 0 } } }).listen(0, '127.0.0.1');
    await new Promise((r) => limited.once('listening', r));
    try {
      const card = new Card({ companyId: shop.company.id, apiUrl: `http://127.0.0.1:${(limited.address() as any).port}` });
      await card.createCardToken(validCard() as any);
      const err = await failure(() => card.createCardToken(validCard() as any));
      expect(err.status).toBe(429);
      expect(err.body).toMatchObject({ error: { code: 'rate_limited' } });
    } finally {
      limited.closeAllConnections();
      await new Promise((r) => limited.close(r));
    }
  });

  it('raises status 0 when no response arrives (nothing listening)', async () => {
    const server = await localServer();
    const url = server.url;
    await server.close();
    const err = await failure(() => new Card({ companyId: acme.company.id, apiUrl: url }).createCardToken(validCard() as any));
    expect(err).toMatchObject({ status: 0, body: null });
  });

  it('refuses a construction without companyId or apiUrl', () => {
    expect(() => new Card({ apiUrl: stack.baseUrl } as any)).toThrow(/companyId/);
    expect(() => new Card({ companyId: acme.company.id } as any)).toThrow(/apiUrl/);
    expect(() => new Card({ companyId: acme.company.id, apiUrl: stack.baseUrl, timeout: -1 })).toThrow(/timeout/);
  });
});

describe('served bundles', () => {
  it('serves /sdk/lastro.js: a small dependency-free script defining window.Lastro.Card and Lastro.fields', async () => {
    const res = await stack.http.get('/sdk/lastro.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // Card and the hosted fields' side of the protocol; the card rules stay in the iframe's script.
    expect(res.text.length).toBeLessThan(7_000);
    expect(res.text).not.toMatch(/\brequire\(|\bimport\s*[{(]|\bimport\s+\w/);
    const window: Record<string, any> = {};
    vm.runInNewContext(res.text, window);
    expect(typeof window.Lastro.Card).toBe('function');
    expect(typeof window.Lastro.fields).toBe('function');
    expect(() => new window.Lastro.Card({ companyId: 'comp_x', apiUrl: 'http://x' })).not.toThrow();
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await stack.http.get('/sdk/lastro.js');
    const again = await stack.http.get('/sdk/lastro.js').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('serves /sdk/lastro.mjs as an ES module exporting Card and fields, and the type declarations', async () => {
    const mjs = await stack.http.get('/sdk/lastro.mjs');
    expect(mjs.status).toBe(200);
    expect(mjs.headers['content-type']).toMatch(/^text\/javascript/);
    expect(mjs.text).toMatch(/export\s*\{\s*\w+ as Card\s*,\s*\w+ as fields\s*\}/);
    expect(mjs.text.length).toBeLessThan(7_000);
    const dts = await stack.http.get('/sdk/lastro.d.ts');
    expect(dts.status).toBe(200);
    expect(dts.text).toContain('export declare class Card');
    expect(dts.text).toContain('export declare function fields(options: FieldsOptions): CardFields');
    expect(dts.text).toContain('export as namespace Lastro');
  });

  it('serves the sandbox SDK page, and not in production', async () => {
    const page = await stack.http.get('/sandbox/sdk');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<script src="/sdk/lastro.js"></script>');
    const production = request(createApp({ ...stack.deps, config: { ...stack.config, mode: 'production' } }).callback());
    expect((await production.get('/sandbox/sdk')).status).toBe(404);
    expect((await production.get('/sdk/lastro.js')).status).toBe(200);
  });
});
