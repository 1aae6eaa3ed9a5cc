import { createHash, createHmac } from 'node:crypto';
import { derivedVaultKey } from '../cards/card-vault.key';

/**
 * The bank-details page's credential. It is never stored: it is derived from the refund id
 * and its request number with a server key (HKDF of the vault key, which API and worker share),
 * so the merchant can be shown the current link again (GET /refunds/:id, reminders) while the
 * database holds only its SHA-256 digest, the lookup key. A new request (number + 1) makes a
 * new token, and the old link stops matching.
 */
const tokenSecret = (): Buffer => derivedVaultKey('lastro refund bank-details token');

export const bankDetailsToken = (refundId: string, request: number): string => createHmac('sha256', tokenSecret()).update(`${refundId}:${request}`).digest('base64url');

export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');
