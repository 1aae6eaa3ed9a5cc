import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { constructEvent, generateTestHeaders, generateTestHeaderString, webhooks, type WebhookHeaders } from '../../src/sdk-node/index';
import { constructEventAsync, generateTestHeadersAsync, LastroSignatureVerificationError, LastroWebhookSecretError } from '../../src/sdk-node/edge';
import { generateWebhookSecret, signatureHeaders } from '../../src/webhooks/webhook-signature';

/**
 * constructEventAsync (WebCrypto, lastro-node/edge) against the server's own signer: the same
 * answer as constructEvent (node:crypto) for every delivery, good or bad; and the test-header
 * generators against the server's signer and the Standard Webhooks library.
 */

const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const body = JSON.stringify({ id: 'evt_01', event: 'customer.created', companyId: 'comp_01', createdAt: '2026-01-01T12:00:00.000Z', data: { id: 'cust_01', name: 'Maria' } });
const signed = (secrets: string[], timestamp = NOW_S, raw = body) => signatureHeaders(secrets, 'evt_01', timestamp, raw);

type Case = [string, () => [string | Uint8Array, WebhookHeaders, string]];
const s1 = generateWebhookSecret();
const s2 = generateWebhookSecret();
const cases: Case[] = [
  ['a whsec_ secret', () => [body, signed([s1]), s1]],
  ['a supplied secret, body as bytes, Fetch Headers', () => [new TextEncoder().encode(body), new Headers(signed(['my merchant secret'])), 'my merchant secret']],
  ['a rotation (either secret)', () => [body, signed([s1, s2]), s2]],
  ['a tampered body', () => [body.replace('Maria', 'Mario'), signed([s1]), s1]],
  ['another secret', () => [body, signed([s1]), s2]],
  ['a timestamp 301 s old', () => [body, signed([s1], NOW_S - 301), s1]],
  ['a changed webhook-id', () => [body, { ...signed([s1]), 'webhook-id': 'evt_02' }, s1]],
  ['no signature header', () => [body, { 'webhook-id': 'evt_01', 'webhook-timestamp': String(NOW_S) }, s1]],
  ['a signature that is not base64', () => [body, { ...signed([s1]), 'webhook-signature': 'v1,***' }, s1]],
  ['an empty secret', () => [body, signed([s1]), '']],
  ['a damaged whsec_ secret', () => [body, signed([s1]), `${s1.slice(0, 20)}*${s1.slice(21)}`]],
];

async function outcome(fn: () => unknown): Promise<unknown> {
  try {
    return { event: await fn() };
  } catch (err) {
    return { error: (err as Error).constructor.name, code: (err as { code?: string }).code };
  }
}

describe('constructEventAsync (WebCrypto)', () => {
  it.each(cases)('answers as constructEvent does for %s', async (_label, make) => {
    const [raw, headers, secret] = make();
    const sync = await outcome(() => constructEvent(raw, headers, secret, { nowMs: NOW_MS }));
    const async = await outcome(() => constructEventAsync(raw, headers, secret, { nowMs: NOW_MS }));
    expect(async).toEqual(sync);
  });

  it('returns the event for a good delivery and throws the typed errors for bad ones', async () => {
    expect((await constructEventAsync(body, signed([s1]), s1, { nowMs: NOW_MS })).id).toBe('evt_01');
    await expect(constructEventAsync(body, signed([s1]), s2, { nowMs: NOW_MS })).rejects.toBeInstanceOf(LastroSignatureVerificationError);
    await expect(constructEventAsync(body, signed([s1]), 'short', { nowMs: NOW_MS })).rejects.toBeInstanceOf(LastroWebhookSecretError);
    expect(webhooks.constructEventAsync).toBe(constructEventAsync);
  });
});

describe('generateTestHeaders', () => {
  it('signs as the server does for the same id and timestamp (Node and WebCrypto)', async () => {
    for (const secret of [generateWebhookSecret(), 'my merchant secret']) {
      const server = signatureHeaders([secret], 'evt_01', NOW_S, body);
      expect(generateTestHeaders({ payload: body, secret, id: 'evt_01', timestamp: NOW_S })).toEqual(server);
      expect(await generateTestHeadersAsync({ payload: body, secret, id: 'evt_01', timestamp: NOW_S })).toEqual(server);
      expect(generateTestHeaderString({ payload: body, secret, id: 'evt_01', timestamp: NOW_S })).toBe(server['webhook-signature']);
    }
  });

  it('defaults to a fresh test id and now, which constructEvent and the Standard Webhooks library accept', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const a = generateTestHeaders({ payload: body, secret });
    const b = generateTestHeaders({ payload: body, secret });
    expect(a['webhook-id']).toMatch(/^evt_test_[0-9a-f]{32}$/);
    expect(a['webhook-id']).not.toBe(b['webhook-id']);
    expect(Math.abs(Number(a['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(constructEvent(body, a, secret).id).toBe('evt_01');
    expect(new Webhook(secret).verify(body, a)).toEqual(JSON.parse(body));
  });

  it('refuses a secret that could not sign', () => {
    expect(() => generateTestHeaders({ payload: body, secret: '' })).toThrow(LastroWebhookSecretError);
  });
});
