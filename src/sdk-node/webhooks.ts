import { createHmac, timingSafeEqual } from 'node:crypto';
import { LastroSignatureVerificationError } from './errors';
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

/** The HMAC key of a webhook secret: `whsec_` secrets are base64 of the key, others its UTF-8 text. */
function signingKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

/**
 * Checks a delivery's Standard Webhooks signature and returns its event. `rawBody` must be the
 * body's bytes as received (re-serialized JSON does not verify). Throws
 * LastroSignatureVerificationError when a header is missing, the timestamp is outside the
 * tolerance, or no `v1` signature matches (during a secret rotation any one of them may).
 */
export function constructEvent(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: ConstructEventOptions = {}): LastroEvent {
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
  const expected = createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.`).update(body).digest();
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
  return event;
}

/** `lastro.webhooks` (also importable alone: no API key is needed to verify). */
export const webhooks = { constructEvent };
