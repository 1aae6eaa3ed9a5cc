import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { open, seal } from '../cards/card-vault.crypto';
import { derivedVaultKey, VaultKeyUnavailableError } from '../cards/card-vault.key';
import { ApiError } from './errors';

/**
 * Idempotency-Key handling (decisions.md, "Idempotency"), stored in PostgreSQL so it holds
 * across API replicas:
 * - the first request claims (company, key) with its fingerprint, `in_progress`;
 * - its response (status < 500) is stored in the same transaction as the work it did, so a
 *   committed change and its stored response can never disagree;
 * - a repeat replays the stored response, a different fingerprint is 409
 *   `idempotency_conflict`, a repeat while the first runs is 409 `idempotency_in_progress`;
 * - a claim whose request crashed is released when its lease runs out (LEASE_SECONDS), so a
 *   retry can proceed; 5xx responses are never stored;
 * - a stored response is sealed (AES-256-GCM, bound to its company and key): responses carry
 *   bearer credentials that their own tables keep only as digests (a refund's bank-details link,
 *   a KYC page link, a webhook's signing secret), and a database dump must not hand them out.
 */
export const LEASE_SECONDS = 120;
export const DEFAULT_RETENTION_HOURS = 24;

export type ClaimResult = { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown };

export interface IdempotencyScope {
  companyId: string;
  key: string;
  fingerprint: string;
}

export function fingerprintRequest(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${canonicalJson(body ?? null)}`).digest('hex');
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` fingerprint alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function validateIdempotencyKey(key: string): void {
  if (key.length < 1 || key.length > 255) {
    throw new ApiError(400, 'validation_failed', 'Idempotency-Key must be 1-255 characters', [
      { path: 'Idempotency-Key', message: 'Must be 1-255 characters' },
    ]);
  }
}

export async function claimIdempotencyKey(em: EntityManager, scope: IdempotencyScope, retentionHours: number): Promise<ClaimResult> {
  const claimed = await em.execute(
    `insert into idempotency_keys (company_id, key, fingerprint, status, locked_until, expires_at, created_at)
     values (?, ?, ?, 'in_progress', now() + make_interval(secs => ?), now() + make_interval(hours => ?), now())
     on conflict (company_id, key) do update set
       fingerprint = excluded.fingerprint, status = 'in_progress', response_status = null, response_body = null,
       locked_until = excluded.locked_until, expires_at = excluded.expires_at, created_at = excluded.created_at
     where idempotency_keys.expires_at < now()
        or (idempotency_keys.status = 'in_progress' and idempotency_keys.locked_until < now()
            and idempotency_keys.fingerprint = excluded.fingerprint)
     returning key`,
    [scope.companyId, scope.key, scope.fingerprint, LEASE_SECONDS, retentionHours],
  );
  if (claimed.length > 0) return { kind: 'claimed' };

  const [row] = await em.execute<{ fingerprint: string; status: string; response_status: number | null; response_body: unknown }[]>(
    `select fingerprint, status, response_status, response_body from idempotency_keys where company_id = ? and key = ?`,
    [scope.companyId, scope.key],
  );
  // The row vanished between the two statements (released by a failing first request): try again.
  if (!row) return claimIdempotencyKey(em, scope, retentionHours);
  if (row.fingerprint !== scope.fingerprint) {
    throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was used with a different request');
  }
  if (row.status === 'completed' && row.response_status !== null) {
    return { kind: 'replay', status: row.response_status, body: openResponse(scope, row.response_body) };
  }
  throw new ApiError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed', undefined, {
    'Retry-After': '1',
  });
}

/** Stores the response; call inside the transaction that did the work. */
export async function completeIdempotencyKey(em: EntityManager, scope: IdempotencyScope, status: number, body: unknown): Promise<void> {
  await em.execute(
    `update idempotency_keys set status = 'completed', response_status = ?, response_body = ?::jsonb
     where company_id = ? and key = ? and fingerprint = ?`,
    [status, JSON.stringify(sealResponse(scope, body ?? null)), scope.companyId, scope.key, scope.fingerprint],
  );
}

const SEALED = 'sealed:';

/** The sealing key; none in production without CARD_VAULT_KEY (cards are off there too), and then responses are stored as they are. */
function responseKey(): Buffer | undefined {
  try {
    return derivedVaultKey('lastro idempotency responses');
  } catch (err) {
    if (err instanceof VaultKeyUnavailableError) return undefined;
    throw err;
  }
}

const sealedFor = (scope: IdempotencyScope): string => `idempotency:${scope.companyId}:${scope.key}`;

function sealResponse(scope: IdempotencyScope, body: unknown): unknown {
  const key = responseKey();
  return key ? SEALED + seal(key, sealedFor(scope), JSON.stringify(body)).toString('base64') : body;
}

function openResponse(scope: IdempotencyScope, stored: unknown): unknown {
  if (typeof stored !== 'string' || !stored.startsWith(SEALED)) return stored;
  const key = responseKey();
  if (!key) throw new Error('An idempotent response was sealed with a vault key this process does not have (CARD_VAULT_KEY)');
  return JSON.parse(open(key, sealedFor(scope), Buffer.from(stored.slice(SEALED.length), 'base64'), 'idempotent response'));
}

/** Frees a claim whose request failed with a 5xx, so the client may retry. */
export async function releaseIdempotencyKey(em: EntityManager, scope: IdempotencyScope): Promise<void> {
  await em.execute(`delete from idempotency_keys where company_id = ? and key = ? and status = 'in_progress'`, [scope.companyId, scope.key]);
}

/** Deletes keys past their retention; run by the maintenance schedule. */
export async function purgeExpiredIdempotencyKeys(em: EntityManager, asOf: Date): Promise<number> {
  const res = await em.execute(`delete from idempotency_keys where expires_at < ? returning key`, [asOf]);
  return res.length;
}
