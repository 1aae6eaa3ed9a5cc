import { LastroSignatureVerificationError, LastroWebhookSecretError } from './errors';
import type { LastroEvent } from './webhook-events';

/**
 * Lastro's webhook signature (Standard Webhooks, docs/webhooks.md), the parts that do not depend
 * on the HMAC implementation: the secret's key, the headers, the timestamp tolerance, the
 * comparison. No Node module is imported here: `constructEventAsync` (WebCrypto) runs on edge
 * runtimes with it, `constructEvent` (node:crypto) in Node.
 */

/** Request headers as Node (`req.headers`), Fetch (`Headers`) or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface ConstructEventOptions {
  /** How far `webhook-timestamp` may be from now, either way (default 300 s): replay protection. */
  toleranceSeconds?: number;
  /** Now, in ms (default Date.now()). */
  nowMs?: number;
}

export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

const GENERATED_PREFIX = 'whsec_';
/** What Lastro accepts as a supplied secret (src/webhooks/webhooks.schemas.ts): at least 8 characters. */
const MIN_TEXT_SECRET = 8;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const found = Object.entries(headers as Record<string, string | string[] | undefined>).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join(' ') : found;
}

export function base64ToBytes(b64: string): Uint8Array {
  const text = atob(b64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/**
 * The HMAC key of a webhook secret: `whsec_` secrets are base64 of the key (24 to 64 bytes, as
 * Standard Webhooks and Lastro make them), others their UTF-8 text (at least 8 characters).
 * Anything else is refused: an empty key (an unset variable, a `whsec_` whose base64 decodes
 * to nothing) would verify a signature anyone can compute.
 */
export function signingKey(secret: unknown): Uint8Array {
  if (typeof secret !== 'string' || secret.trim() === '') {
    throw new LastroWebhookSecretError('The webhook secret is empty: pass the secret of your webhook (e.g. process.env.LASTRO_WEBHOOK_SECRET is unset)');
  }
  if (!secret.startsWith(GENERATED_PREFIX)) {
    if (secret.length < MIN_TEXT_SECRET) throw new LastroWebhookSecretError(`The webhook secret is shorter than ${MIN_TEXT_SECRET} characters: not a secret Lastro signs with`);
    return new TextEncoder().encode(secret);
  }
  const b64 = secret.slice(GENERATED_PREFIX.length);
  // Only canonical base64 (atob alone would accept whitespace, and a cut secret gives another key).
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(b64) && b64.length % 4 !== 1 ? base64ToBytes(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')) : new Uint8Array();
  const canonical = key.length > 0 && bytesToBase64(key).replace(/=+$/, '') === b64.replace(/=+$/, '');
  if (!canonical || key.length < 24 || key.length > 64) {
    throw new LastroWebhookSecretError('The webhook secret starts with whsec_ but is not base64 of 24 to 64 bytes: copy it whole, as Lastro showed it');
  }
  return key;
}

/** A delivery's signed headers, checked for presence, form and the timestamp tolerance. */
export interface SignedDelivery {
  id: string;
  timestamp: number;
  /** The `v1` signatures, decoded (any one may match: a rotation sends two). */
  signatures: Uint8Array[];
  tolerance: number;
}

export function signedDelivery(headers: WebhookHeaders, options: ConstructEventOptions): SignedDelivery {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new LastroSignatureVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d+$/.test(timestamp)) throw new LastroSignatureVerificationError('webhook-timestamp is not unix seconds');
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = (options.nowMs ?? Date.now()) / 1000;
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) {
    throw new LastroSignatureVerificationError(`webhook-timestamp is more than ${tolerance} s from now`);
  }
  const decoded: Uint8Array[] = [];
  for (const entry of signatures.split(' ')) {
    const [version, mac] = entry.split(',');
    if (version !== 'v1' || !mac || !/^[A-Za-z0-9+/]+={0,2}$/.test(mac) || mac.length % 4 !== 0) continue;
    decoded.push(base64ToBytes(mac));
  }
  return { id, timestamp: Number(timestamp), signatures: decoded, tolerance };
}

/** What is signed: `{id}.{timestamp}.{body}` as bytes. */
export function signedContent(id: string, timestamp: number, body: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  return content;
}

export function bodyBytes(rawBody: string | Uint8Array): Uint8Array {
  return typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody;
}

/** Compares in time independent of where the bytes differ. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** The event of a delivery whose expected MAC was computed: throws unless a signature matches. */
export function verifiedEvent(delivery: SignedDelivery, expected: Uint8Array, body: Uint8Array): LastroEvent {
  if (!delivery.signatures.some((given) => equalBytes(given, expected))) throw new LastroSignatureVerificationError('No signature matches the body and the secret');
  try {
    return JSON.parse(new TextDecoder().decode(body)) as LastroEvent;
  } catch {
    throw new LastroSignatureVerificationError('The signed body is not JSON');
  }
}

/** The three Standard Webhooks headers of a test delivery (`v1,<base64 MAC>`). */
export type TestHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

export interface TestHeaderOptions {
  /** The raw body to sign, exactly as it will be sent. */
  payload: string | Uint8Array;
  /** The webhook secret (`whsec_…` or the text you supplied). */
  secret: string;
  /** `webhook-id` (default a random `evt_test_…`). */
  id?: string;
  /** Unix seconds (default now). */
  timestamp?: number;
}

export function testDeliveryId(options: TestHeaderOptions): { id: string; timestamp: number } {
  return { id: options.id ?? `evt_test_${globalThis.crypto.randomUUID().replace(/-/g, '')}`, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) };
}

/**
 * `constructEventAsync`'s HMAC: WebCrypto (`crypto.subtle`), which Node 20+, Deno, Bun,
 * Cloudflare Workers and Vercel's edge runtime all have.
 */
export async function hmacSubtle(key: Uint8Array, content: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new TypeError('crypto.subtle is not available in this runtime: use webhooks.constructEvent (node:crypto)');
  const cryptoKey = await subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, content as BufferSource));
}

/**
 * Checks a delivery's signature with WebCrypto and returns its event: the same checks and errors
 * as `constructEvent`, for runtimes without node:crypto (edge functions, workers).
 */
export async function constructEventAsync(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: ConstructEventOptions = {}): Promise<LastroEvent> {
  const key = signingKey(secret);
  const delivery = signedDelivery(headers, options);
  const body = bodyBytes(rawBody);
  return verifiedEvent(delivery, await hmacSubtle(key, signedContent(delivery.id, delivery.timestamp, body)), body);
}

/** `generateTestHeaders` on WebCrypto: signed headers for a payload, to test a handler. */
export async function generateTestHeadersAsync(options: TestHeaderOptions): Promise<TestHeaders> {
  const { id, timestamp } = testDeliveryId(options);
  const mac = await hmacSubtle(signingKey(options.secret), signedContent(id, timestamp, bodyBytes(options.payload)));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${bytesToBase64(mac)}` };
}

/**
 * Where `constructEventOnce` remembers the delivery attempts it accepted. `seen` records `key`
 * and answers whether it was recorded already; it must do both in one atomic step (two
 * concurrent calls with one key: exactly one answers false), e.g. in PostgreSQL
 * `insert into lastro_webhook_attempts (key, expires_at) values ($1, $2) on conflict do nothing`
 * and seen = no row inserted. A key may be forgotten after `expiresAt`: from then on the
 * timestamp check refuses that attempt by itself.
 */
export interface WebhookReplayStore {
  seen(key: string, expiresAt: Date): boolean | Promise<boolean>;
}

/**
 * A WebhookReplayStore in this process's memory: enough for one process; several processes
 * (replicas, serverless) need a shared one (WebhookReplayStore over your database). Expired
 * keys are dropped as it goes.
 */
export function memoryReplayStore(options: { now?: () => number } = {}): WebhookReplayStore {
  const now = options.now ?? Date.now;
  const keys = new Map<string, number>();
  let sweepAt = 0;
  return {
    seen(key, expiresAt) {
      const at = now();
      if (at >= sweepAt) {
        for (const [k, until] of keys) if (until <= at) keys.delete(k);
        sweepAt = at + 60_000;
      }
      const until = keys.get(key);
      if (until !== undefined && until > at) return true;
      keys.set(key, expiresAt.getTime());
      return false;
    },
  };
}
