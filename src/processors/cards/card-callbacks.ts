import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CardConnection } from '../connections/card-connection';

/**
 * Where an acquirer posts its notifications for one store (Cielo's "URL de Notificação"):
 * `<public base>/processors/cards/callbacks/<connection id>/<secret>`. The secret is derived
 * from the store's MerchantKey (HMAC-SHA256, bound to the connection id), so it needs no column of
 * its own, changes when the key does, and only Lastro and whoever holds the key can make it.
 * Cielo's notification carries no signature: the secret in the path authenticates it, and the
 * query to the acquirer that follows decides what it changes.
 */
export function cardCallbackSecret(connection: Pick<CardConnection, 'id' | 'merchantKey'>): string {
  return createHmac('sha256', connection.merchantKey).update(`lastro card notifications ${connection.id}`).digest('base64url');
}

export function cardCallbackPath(connection: Pick<CardConnection, 'id' | 'merchantKey'>): string {
  return `/processors/cards/callbacks/${encodeURIComponent(connection.id)}/${cardCallbackSecret(connection)}`;
}

/** The URL to register at the acquirer for a connection. */
export function cardCallbackUrl(publicBaseUrl: string, connection: Pick<CardConnection, 'id' | 'merchantKey'>): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${cardCallbackPath(connection)}`;
}

/** Fixed-time comparison of a given secret with the connection's. */
export function isCardCallbackSecret(connection: Pick<CardConnection, 'id' | 'merchantKey'>, given: string): boolean {
  const expected = Buffer.from(cardCallbackSecret(connection));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
