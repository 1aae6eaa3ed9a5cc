import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, decisions.md "Webhooks").
 *
 * A Lastro-generated secret is `whsec_<base64 of 32 random bytes>` and the HMAC key is the
 * decoded bytes, exactly as Standard Webhooks libraries expect, so merchants can verify with
 * them unchanged. A merchant-supplied secret (any other text, min 8 chars) is used as its
 * UTF-8 bytes, which is what a hand-written `createHmac('sha256', secret)` does.
 */
export const GENERATED_SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return `${GENERATED_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The HMAC key a secret stands for. */
export function signingKey(secret: string): Uint8Array {
  const bytes = secret.startsWith(GENERATED_SECRET_PREFIX) ? Buffer.from(secret.slice(GENERATED_SECRET_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
  return new Uint8Array(bytes);
}

/**
 * A supplied secret starting with `whsec_` must really be one (base64 of 24-64 bytes), since
 * its key is the decoded bytes; returns the problem, or null when the secret is usable.
 */
export function checkSuppliedSecret(secret: string): string | null {
  if (!secret.startsWith(GENERATED_SECRET_PREFIX)) return null;
  const b64 = secret.slice(GENERATED_SECRET_PREFIX.length);
  const bytes = Buffer.from(b64, 'base64');
  const canonical = /^[A-Za-z0-9+/]+={0,2}$/.test(b64) && bytes.toString('base64').replace(/=+$/, '') === b64.replace(/=+$/, '');
  if (!canonical || bytes.length < 24 || bytes.length > 64) {
    return 'A secret starting with whsec_ must be base64 of 24 to 64 bytes (or omit the prefix to use the text as is)';
  }
  return null;
}

/** Keys of the secrets signed with lately: a key made from raw bytes at every attempt cost most of its signing time. */
const keyCache = new Map<string, KeyObject>();
const KEY_CACHE_MAX = 1_000;

function cachedKey(secret: string): KeyObject {
  let key = keyCache.get(secret);
  if (!key) {
    // A rotation or a deleted endpoint leaves old secrets behind: start over rather than grow.
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
    key = createSecretKey(signingKey(secret));
    keyCache.set(secret, key);
  }
  return key;
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. */
export function signPayload(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', cachedKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The three Standard Webhooks headers for one attempt. Several secrets (during a rotation)
 * give several space-separated signatures; a receiver accepts the message if any verifies.
 */
export function signatureHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signPayload(s, id, timestampSeconds, body)).join(' '),
  };
}
