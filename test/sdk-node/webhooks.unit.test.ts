import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  constructEvent,
  constructEventOnce,
  LastroError,
  LastroSignatureVerificationError,
  LastroWebhookReplayError,
  LastroWebhookSecretError,
  memoryReplayStore,
  webhooks,
  type LastroEvent,
  type WebhookReplayStore,
} from '../../src/sdk-node/index';
import { generateWebhookSecret, signatureHeaders } from '../../src/webhooks/webhook-signature';

/**
 * webhooks.constructEvent against the server's own signer (src/webhooks/webhook-signature.ts):
 * both kinds of secret, a rotation's two signatures, the timestamp tolerance, and every way a
 * delivery can fail the check (a typed error, never a parsed event).
 */

const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const body = JSON.stringify({ id: 'evt_01', event: 'customer.created', companyId: 'comp_01', createdAt: '2026-01-01T12:00:00.000Z', data: { id: 'cust_01', name: 'Maria' } });

function signed(secrets: string[], timestamp = NOW_S, raw = body): Record<string, string> {
  return signatureHeaders(secrets, 'evt_01', timestamp, raw);
}

function rejection(fn: () => unknown): LastroSignatureVerificationError {
  try {
    fn();
  } catch (err) {
    return err as LastroSignatureVerificationError;
  }
  throw new Error('expected constructEvent to throw');
}

describe('webhooks.constructEvent', () => {
  it.each([
    ['a generated whsec_ secret', generateWebhookSecret()],
    ['a secret the merchant supplied', 'my merchant secret'],
  ])('returns the typed event for a body signed with %s', (_label, secret) => {
    const event: LastroEvent = constructEvent(body, signed([secret]), secret, { nowMs: NOW_MS });
    expect(event).toEqual(JSON.parse(body));
    if (event.event === 'customer.created') expect(event.data.id).toBe('cust_01');
  });

  it('accepts the raw body as bytes, Fetch Headers, and Node header arrays', () => {
    const secret = generateWebhookSecret();
    const headers = signed([secret]);
    expect(constructEvent(Buffer.from(body), new Headers(headers), secret, { nowMs: NOW_MS }).id).toBe('evt_01');
    const node = { ...headers, 'webhook-signature': [headers['webhook-signature']] };
    expect(webhooks.constructEvent(new Uint8Array(Buffer.from(body)), node, secret, { nowMs: NOW_MS }).id).toBe('evt_01');
  });

  it('verifies during a rotation with either secret (two signatures, space-separated)', () => {
    const [old, next] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signed([old, next]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(constructEvent(body, headers, old, { nowMs: NOW_MS }).id).toBe('evt_01');
    expect(constructEvent(body, headers, next, { nowMs: NOW_MS }).id).toBe('evt_01');
  });

  it('takes timestamps within the tolerance either way (300 s by default, or the one given)', () => {
    const secret = generateWebhookSecret();
    for (const skew of [-300, 300]) expect(constructEvent(body, signed([secret], NOW_S + skew), secret, { nowMs: NOW_MS }).id).toBe('evt_01');
    expect(constructEvent(body, signed([secret], NOW_S - 3600), secret, { nowMs: NOW_MS, toleranceSeconds: 3600 }).id).toBe('evt_01');
  });

  it.each<[string, (secret: string) => [string, Record<string, string>, string]]>([
    ['a tampered body', (s) => [body.replace('Maria', 'Mario'), signed([s]), s]],
    ['another secret', (s) => [body, signed([s]), generateWebhookSecret()]],
    ['a timestamp 301 s old', (s) => [body, signed([s], NOW_S - 301), s]],
    ['a timestamp 301 s ahead', (s) => [body, signed([s], NOW_S + 301), s]],
    ['a changed timestamp header', (s) => [body, { ...signed([s]), 'webhook-timestamp': String(NOW_S + 1) }, s]],
    ['a changed webhook-id', (s) => [body, { ...signed([s]), 'webhook-id': 'evt_02' }, s]],
    ['no signature header', (s) => [body, { 'webhook-id': 'evt_01', 'webhook-timestamp': String(NOW_S) }, s]],
    ['a timestamp that is not unix seconds', (s) => [body, { ...signed([s]), 'webhook-timestamp': '2026-01-01T12:00:00Z' }, s]],
    ['a signature of another version', (s) => [body, { ...signed([s]), 'webhook-signature': signed([s])['webhook-signature'].replace('v1,', 'v2,') }, s]],
  ])('throws LastroSignatureVerificationError for %s', (_label, make) => {
    const [raw, headers, secret] = make(generateWebhookSecret());
    const err = rejection(() => constructEvent(raw, headers, secret, { nowMs: NOW_MS }));
    expect(err).toBeInstanceOf(LastroSignatureVerificationError);
    expect(err).toBeInstanceOf(LastroError);
    expect(err.code).toBe('invalid_signature');
  });
});

describe('the secret constructEvent is given', () => {
  /** A signature anyone can make for a secret that stands for an empty or guessable key (what a lax reader of the secret would use). */
  function forged(secret: string): Record<string, string> {
    const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
    const mac = createHmac('sha256', key).update(`evt_01.${NOW_S}.${body}`).digest('base64');
    return { 'webhook-id': 'evt_01', 'webhook-timestamp': String(NOW_S), 'webhook-signature': `v1,${mac}` };
  }

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['unset (undefined from process.env)', undefined as unknown as string],
    ['under 8 characters', 'k3y-x9z'],
    ['whsec_ alone', 'whsec_'],
    ['whsec_ with no base64 in it', 'whsec_!!!!'],
    ['whsec_ of too few bytes', `whsec_${randomBytes(8).toString('base64')}`],
    ['whsec_ damaged (a character that is not base64)', `whsec_${randomBytes(32).toString('base64').slice(0, 20)}*${randomBytes(32).toString('base64').slice(21)}`],
  ])('is refused when %s, before any signature is believed', (_label, secret) => {
    const err = rejection(() => constructEvent(body, forged(secret ?? ''), secret, { nowMs: NOW_MS }));
    expect(err).toBeInstanceOf(LastroWebhookSecretError);
    expect(err).toBeInstanceOf(LastroError);
    expect(err).not.toBeInstanceOf(LastroSignatureVerificationError);
    expect(err.code).toBe('invalid_webhook_secret');
    // The message says what is wrong, never the secret.
    if (secret && secret.length > 'whsec_'.length) expect(err.message).not.toContain(secret);
  });

  it('verifies what the Standard Webhooks library signs, and the library verifies what Lastro signs', () => {
    const secret = generateWebhookSecret();
    const theirs = new Webhook(secret).sign('evt_01', new Date(NOW_MS), body);
    const headers = { 'webhook-id': 'evt_01', 'webhook-timestamp': String(NOW_S), 'webhook-signature': theirs };
    expect(constructEvent(body, headers, secret, { nowMs: NOW_MS }).id).toBe('evt_01');
    const ours = signatureHeaders([secret], 'evt_01', Math.floor(Date.now() / 1000), body);
    expect(new Webhook(secret).verify(body, ours)).toEqual(JSON.parse(body));
    // A key of the size Standard Webhooks allows at its ends (24 and 64 bytes).
    for (const size of [24, 64]) {
      const edge = `whsec_${randomBytes(size).toString('base64')}`;
      const signed = { 'webhook-id': 'evt_01', 'webhook-timestamp': String(NOW_S), 'webhook-signature': new Webhook(edge).sign('evt_01', new Date(NOW_MS), body) };
      expect(constructEvent(body, signed, edge, { nowMs: NOW_MS }).id).toBe('evt_01');
    }
  });
});

describe('webhooks.constructEventOnce: the replay guard', () => {
  const store = () => memoryReplayStore({ now: () => NOW_MS });

  it('accepts an attempt once; the same attempt again is a replay', async () => {
    const secret = generateWebhookSecret();
    const replays = store();
    const headers = signed([secret]);
    const event = await constructEventOnce(body, headers, secret, { nowMs: NOW_MS, replayStore: replays });
    expect(event.id).toBe('evt_01');
    const err = await constructEventOnce(body, headers, secret, { nowMs: NOW_MS, replayStore: replays }).then(
      () => null,
      (e: LastroWebhookReplayError) => e,
    );
    expect(err).toBeInstanceOf(LastroWebhookReplayError);
    // Handlers that answer 400 to a failed verification refuse a replay the same way.
    expect(err).toBeInstanceOf(LastroSignatureVerificationError);
    expect(err!.code).toBe('replayed_webhook');
  });

  it('lets Lastro’s retry of the same event through (same webhook-id, a new timestamp and signature)', async () => {
    const secret = generateWebhookSecret();
    const replays = store();
    await constructEventOnce(body, signed([secret]), secret, { nowMs: NOW_MS, replayStore: replays });
    const retry = signed([secret], NOW_S + 5);
    expect(retry['webhook-id']).toBe('evt_01');
    expect((await constructEventOnce(body, retry, secret, { nowMs: NOW_MS, replayStore: replays })).id).toBe('evt_01');
  });

  it('records only verified attempts, with the expiry the timestamp tolerance sets', async () => {
    const secret = generateWebhookSecret();
    const calls: Array<[string, Date]> = [];
    const keys = new Set<string>();
    // As a database-backed store would be: asynchronous.
    const recording: WebhookReplayStore = {
      seen: async (key, expiresAt) => {
        calls.push([key, expiresAt]);
        if (keys.has(key)) return true;
        keys.add(key);
        return false;
      },
    };
    const forgedHeaders = { ...signed([generateWebhookSecret()]) };
    await expect(constructEventOnce(body, forgedHeaders, secret, { nowMs: NOW_MS, replayStore: recording })).rejects.toMatchObject({ code: 'invalid_signature' });
    await expect(constructEventOnce(body, signed([secret]), '', { nowMs: NOW_MS, replayStore: recording })).rejects.toBeInstanceOf(LastroWebhookSecretError);
    expect(calls).toEqual([]);
    await constructEventOnce(body, signed([secret]), secret, { nowMs: NOW_MS, replayStore: recording, toleranceSeconds: 600 });
    expect(calls).toEqual([[`evt_01.${NOW_S}`, new Date((NOW_S + 600) * 1000)]]);
    await expect(constructEventOnce(body, signed([secret]), secret, { nowMs: NOW_MS, replayStore: recording })).rejects.toBeInstanceOf(LastroWebhookReplayError);
  });

  it('the memory store forgets an attempt once it expires (the timestamp check refuses it from then on)', async () => {
    let now = NOW_MS;
    const replays = memoryReplayStore({ now: () => now });
    const expires = new Date(NOW_MS + 300_000);
    expect(await replays.seen('evt_01.1', expires)).toBe(false);
    expect(await replays.seen('evt_01.1', expires)).toBe(true);
    now = NOW_MS + 300_000;
    expect(await replays.seen('evt_01.1', new Date(now + 300_000))).toBe(false);
  });

  it('needs a store', async () => {
    const secret = generateWebhookSecret();
    await expect(constructEventOnce(body, signed([secret]), secret, undefined as never)).rejects.toThrow(/needs a replayStore/);
    expect(webhooks.constructEventOnce).toBe(constructEventOnce);
  });
});
