import { constructEvent, LastroError, LastroSignatureVerificationError, webhooks, type LastroEvent } from 'lastro-node';
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
