import { createHmac } from 'node:crypto';
import { LastroWebhookReplayError } from './errors';
import type { LastroEvent } from './webhook-events';
import {
  bodyBytes,
  bytesToBase64,
  constructEventAsync,
  generateTestHeadersAsync,
  memoryReplayStore,
  signedContent,
  signedDelivery,
  signingKey,
  testDeliveryId,
  verifiedEvent,
  type ConstructEventOptions,
  type TestHeaderOptions,
  type TestHeaders,
  type WebhookHeaders,
  type WebhookReplayStore,
} from './webhook-signature';

/** The HMAC-SHA256 of Node (synchronous, unlike WebCrypto's). */
function hmacNode(key: Uint8Array, content: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', key).update(content).digest());
}

/**
 * Checks a delivery's Standard Webhooks signature and returns its event. `rawBody` must be the
 * body's bytes as received (re-serialized JSON does not verify). Throws
 * LastroWebhookSecretError when `secret` is empty or malformed (before reading the request),
 * and LastroSignatureVerificationError when a header is missing, the timestamp is outside the
 * tolerance, or no `v1` signature matches (during a secret rotation any one of them may).
 * On runtimes without node:crypto, `constructEventAsync` does the same with WebCrypto.
 */
export function constructEvent(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: ConstructEventOptions = {}): LastroEvent {
  return verify(rawBody, headers, secret, options).event;
}

function verify(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: ConstructEventOptions) {
  const key = signingKey(secret);
  const delivery = signedDelivery(headers, options);
  const body = bodyBytes(rawBody);
  const event = verifiedEvent(delivery, hmacNode(key, signedContent(delivery.id, delivery.timestamp, body)), body);
  return { event, ...delivery };
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

/**
 * The headers Lastro would send with `payload`, signed with `secret`: for testing a webhook
 * handler without a delivery (as Stripe's `generateTestHeaderString`).
 */
export function generateTestHeaders(options: TestHeaderOptions): TestHeaders {
  const { id, timestamp } = testDeliveryId(options);
  const mac = hmacNode(signingKey(options.secret), signedContent(id, timestamp, bodyBytes(options.payload)));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${bytesToBase64(mac)}` };
}

/** The `webhook-signature` value alone for `payload` under `id` and `timestamp` (both required here: they are signed too). */
export function generateTestHeaderString(options: TestHeaderOptions & { id: string; timestamp: number }): string {
  return generateTestHeaders(options)['webhook-signature'];
}

/** `lastro.webhooks` (also importable alone: no API key is needed to verify). */
export const webhooks = {
  constructEvent,
  constructEventAsync,
  constructEventOnce,
  memoryReplayStore,
  generateTestHeaders,
  generateTestHeadersAsync,
  generateTestHeaderString,
};
