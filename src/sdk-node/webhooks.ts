import { createHmac, timingSafeEqual } from 'node:crypto';
import { LastroSignatureVerificationError, LastroWebhookReplayError, LastroWebhookSecretError } from './errors';
import type { CheckoutLink, CheckoutSession, Customer, Invoice, Payment, Recipient, Subscription, Transaction, Withdrawal } from './types';

/**
 * The event codes a webhook receives (GET /webhooks/listeners; test/sdk-node checks this list
 * against the live one).
 */
export const EVENT_TYPES = [
  'transaction.created', 'transaction.waiting_payment', 'transaction.paid', 'transaction.refused', 'transaction.failed',
  'transaction.canceled', 'transaction.refunded', 'transaction.chargeback',
  'payment.created', 'payment.waiting_payment', 'payment.paid', 'payment.refused', 'payment.failed', 'payment.refunded', 'payment.chargeback',
  'customer.created', 'customer.updated',
  'recipient.created', 'recipient.updated', 'recipient.approved', 'recipient.refused', 'recipient.deleted',
  'withdrawal.requested', 'withdrawal.paid', 'withdrawal.rejected',
  'invoice.issued', 'invoice.payment_attempted', 'invoice.paid', 'invoice.voided', 'invoice.refunded', 'invoice.rescheduled',
  'subscription.created', 'subscription.activated', 'subscription.canceled', 'subscription.cycle_advanced', 'subscription.paused', 'subscription.resumed',
  'checkout.session.created', 'checkout.session.paid', 'checkout.session.partially_paid', 'checkout.session.expired', 'checkout.session.canceled', 'checkout.session.failed',
  'checkout.link.created', 'checkout.link.updated', 'checkout.link.archived',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** `data` of an event: the entity as the API shows it, by the event code's domain. */
export type EventData<E extends EventType> = E extends `checkout.session.${string}`
  ? CheckoutSession
  : E extends `checkout.link.${string}`
    ? CheckoutLink
    : E extends `transaction.${string}`
      ? Transaction
      : E extends `payment.${string}`
        ? Payment
        : E extends `customer.${string}`
          ? Customer
          : E extends `recipient.${string}`
            ? Recipient
            : E extends `withdrawal.${string}`
              ? Withdrawal
              : E extends `invoice.${string}`
                ? Invoice
                : E extends `subscription.${string}`
                  ? Subscription
                  : never;

/** The envelope Lastro POSTs (docs/webhooks.md), one member per event code: narrow on `event`. */
export type LastroEvent = {
  [E in EventType]: { id: string; event: E; companyId: string; createdAt: string; data: EventData<E> };
}[EventType];

/** Request headers as Node (`req.headers`), Fetch (`Headers`) or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface ConstructEventOptions {
  /** How far `webhook-timestamp` may be from now, either way (default 300 s): replay protection. */
  toleranceSeconds?: number;
  /** Now, in ms (default Date.now()). */
  nowMs?: number;
}

export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const found = Object.entries(headers as Record<string, string | string[] | undefined>).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join(' ') : found;
}

const GENERATED_PREFIX = 'whsec_';
/** What Lastro accepts as a supplied secret (src/webhooks/webhooks.schemas.ts): at least 8 characters. */
const MIN_TEXT_SECRET = 8;

/**
 * The HMAC key of a webhook secret: `whsec_` secrets are base64 of the key (24 to 64 bytes, as
 * Standard Webhooks and Lastro make them), others their UTF-8 text (at least 8 characters).
 * Anything else is refused: an empty key (an unset variable, a `whsec_` whose base64 decodes
 * to nothing) would verify a signature anyone can compute.
 */
function signingKey(secret: unknown): Buffer {
  if (typeof secret !== 'string' || secret.trim() === '') {
    throw new LastroWebhookSecretError('The webhook secret is empty: pass the secret of your webhook (e.g. process.env.LASTRO_WEBHOOK_SECRET is unset)');
  }
  if (!secret.startsWith(GENERATED_PREFIX)) {
    if (secret.length < MIN_TEXT_SECRET) throw new LastroWebhookSecretError(`The webhook secret is shorter than ${MIN_TEXT_SECRET} characters: not a secret Lastro signs with`);
    return Buffer.from(secret, 'utf8');
  }
  const b64 = secret.slice(GENERATED_PREFIX.length);
  const key = Buffer.from(b64, 'base64');
  // Buffer.from skips what is not base64, so a damaged secret would quietly give another (or no) key.
  const canonical = /^[A-Za-z0-9+/]+={0,2}$/.test(b64) && key.toString('base64').replace(/=+$/, '') === b64.replace(/=+$/, '');
  if (!canonical || key.length < 24 || key.length > 64) {
    throw new LastroWebhookSecretError('The webhook secret starts with whsec_ but is not base64 of 24 to 64 bytes: copy it whole, as Lastro showed it');
  }
  return key;
}

/**
 * Checks a delivery's Standard Webhooks signature and returns its event. `rawBody` must be the
 * body's bytes as received (re-serialized JSON does not verify). Throws
 * LastroWebhookSecretError when `secret` is empty or malformed (before reading the request),
 * and LastroSignatureVerificationError when a header is missing, the timestamp is outside the
 * tolerance, or no `v1` signature matches (during a secret rotation any one of them may).
 */
export function constructEvent(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: ConstructEventOptions = {}): LastroEvent {
  return verify(rawBody, headers, secret, options).event;
}

function verify(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: ConstructEventOptions): { event: LastroEvent; id: string; timestamp: number; tolerance: number } {
  const key = signingKey(secret);
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
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, mac] = entry.split(',');
    if (version !== 'v1' || !mac) return false;
    const given = Buffer.from(mac, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new LastroSignatureVerificationError('No signature matches the body and the secret');
  let event: LastroEvent;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new LastroSignatureVerificationError('The signed body is not JSON');
  }
  return { event, id, timestamp: Number(timestamp), tolerance };
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

export interface ConstructEventOnceOptions extends ConstructEventOptions {
  replayStore: WebhookReplayStore;
}

/**
 * constructEvent, then a replay guard: a delivery attempt already accepted (the same
 * `webhook-id` and `webhook-timestamp`, so the same signature) throws LastroWebhookReplayError,
 * which extends LastroSignatureVerificationError. Keyed on the attempt, not the id alone:
 * Lastro retries a failed delivery under the same `webhook-id` with a new timestamp and
 * signature, and that retry must get through; deduplicate the processing on `event.id`. Only a
 * verified request is recorded, so nobody can fill the store. The key is kept until the
 * timestamp leaves the tolerance (`expiresAt` = timestamp + toleranceSeconds).
 */
export async function constructEventOnce(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: ConstructEventOnceOptions): Promise<LastroEvent> {
  if (!options?.replayStore) throw new TypeError('constructEventOnce needs a replayStore (memoryReplayStore() or one over your database)');
  const { event, id, timestamp, tolerance } = verify(rawBody, headers, secret, options);
  if (await options.replayStore.seen(`${id}.${timestamp}`, new Date((timestamp + tolerance) * 1000))) {
    throw new LastroWebhookReplayError(`Delivery attempt ${id} at ${timestamp} was already accepted: a replay`);
  }
  return event;
}

/** `lastro.webhooks` (also importable alone: no API key is needed to verify). */
export const webhooks = { constructEvent, constructEventOnce, memoryReplayStore };
