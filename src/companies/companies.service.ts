import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { ensureOwnerRecipient } from '../recipients/recipients.service';
import { newId } from '../shared/ids';
import { ApiKey, Company, DEFAULT_COMPANY_SETTINGS, type CompanyRecord, type CompanySettings, type Mode } from './company.entity';
import { apiKeyCache, forgetNowAndAtCommit, type ApiKeyAuth } from './api-key-cache';
import { generateApiKey, hashApiKey, keyPrefix } from './api-keys';

export interface CreatedKey {
  keyId: string;
  apiKey: string;
}

/**
 * A company, with its owner recipient (its own account to receive payments) made from the
 * same data in the same transaction: a new company can take a payment at once.
 */
export async function createCompany(em: EntityManager, input: { name: string; mode: Mode; owner?: { document?: string; email?: string } }): Promise<Company> {
  const create = async (tem: EntityManager): Promise<Company> => {
    const company = tem.create(Company, {
      id: newId('comp'),
      tenantId: newId('ten'),
      name: input.name,
      mode: input.mode,
      settings: { ...DEFAULT_COMPANY_SETTINGS },
    });
    tem.persist(company);
    await ensureOwnerRecipient(tem as unknown as SqlEntityManager, company, input.owner, true);
    return company;
  };
  return em.isInTransaction() ? create(em) : em.transactional(create);
}

/**
 * Issues a key for a company. The clear key is returned once and never stored; `fixedKey`
 * lets the dev stack honour DEV_API_KEY.
 */
export async function createApiKey(em: EntityManager, company: Pick<CompanyRecord, 'id' | 'mode'>, fixedKey?: string): Promise<CreatedKey> {
  const apiKey = fixedKey ?? generateApiKey(company.mode);
  if (!apiKey.startsWith(keyPrefix(company.mode))) {
    throw new Error(`A ${company.mode} company's key must start with ${keyPrefix(company.mode)}`);
  }
  const key = em.create(ApiKey, {
    id: newId('key'),
    companyId: company.id,
    mode: company.mode,
    hash: hashApiKey(apiKey),
    last4: apiKey.slice(-4),
  });
  em.persist(key);
  return { keyId: key.id, apiKey };
}

export interface RevokedKey {
  id: string;
  companyId: string;
  revokedAt: Date;
}

/** Raw rows: timestamps come back as PostgreSQL's text (the ORM's type parsers), read with `platform.parseDate`. */
interface KeyRow {
  id: string;
  company_id: string;
  hash: string;
  revoked_at: string;
}

const KEY_COLUMNS = 'id, company_id, hash, revoked_at';

/**
 * Revokes a key (a key already revoked keeps its date); null when there is no such key. The
 * write runs at once, on `em`'s transaction if it has one: this process refuses the key from
 * the moment the revocation commits (the key cache forgets it now and at commit); other API
 * processes within API_KEY_CACHE_TTL_MS.
 */
export async function revokeApiKey(em: EntityManager, keyId: string): Promise<RevokedKey | null> {
  const row = (await revokeActiveKey(em, keyId)) ?? (await keyRow(em, keyId));
  if (!row) return null;
  forgetNowAndAtCommit(em, () => apiKeyCache.forgetKey(row.hash));
  return revokedKey(em, row);
}

/**
 * Replaces an active key with a new one for the same company, in one transaction: the old
 * value is refused from the commit on (as `revokeApiKey`), the new one works at once. Null
 * when there is no active key of that id.
 */
export async function rotateApiKey(em: EntityManager, keyId: string): Promise<{ revoked: RevokedKey; created: CreatedKey } | null> {
  const rotate = async (tem: EntityManager) => {
    const old = await revokeActiveKey(tem, keyId);
    if (!old) return null;
    forgetNowAndAtCommit(tem, () => apiKeyCache.forgetKey(old.hash));
    const company = await tem.findOne(Company, { id: old.company_id, deletedAt: null });
    if (!company) throw new Error(`Company ${old.company_id} is deleted: its keys cannot be rotated`);
    return { revoked: revokedKey(tem, old), created: await createApiKey(tem, company) };
  };
  return em.isInTransaction() ? rotate(em) : em.transactional(rotate);
}

/** The key this call revoked, or null when it is unknown or was revoked already. */
async function revokeActiveKey(em: EntityManager, keyId: string): Promise<KeyRow | null> {
  const [row] = await em.getConnection().execute<KeyRow[]>(
    `update api_keys set revoked_at = now(), updated_at = now() where id = ? and revoked_at is null returning ${KEY_COLUMNS}`,
    [keyId],
    'all',
    em.getTransactionContext(),
  );
  return row ?? null;
}

async function keyRow(em: EntityManager, keyId: string): Promise<KeyRow | null> {
  const [row] = await em.getConnection().execute<KeyRow[]>(`select ${KEY_COLUMNS} from api_keys where id = ?`, [keyId], 'all', em.getTransactionContext());
  return row ?? null;
}

const revokedKey = (em: Pick<EntityManager, 'getPlatform'>, row: KeyRow): RevokedKey => ({
  id: row.id,
  companyId: row.company_id,
  revokedAt: em.getPlatform().parseDate(row.revoked_at),
});

interface CompanyRow {
  key_id: string;
  id: string;
  tenant_id: string;
  name: string;
  mode: Mode;
  settings: CompanySettings;
  created_at: string;
  updated_at: string;
}

/**
 * The company behind a clear API key, or null when the key is unknown, revoked or of the other
 * mode, or its company is deleted. It runs on every authenticated request: a valid key's answer
 * is kept `cacheTtlMs` in this process (src/companies/api-key-cache.ts; 0: not kept), an
 * invalid key is one statement each time. The company is plain frozen data, never an entity.
 */
export async function findCompanyByApiKey(em: Pick<EntityManager, 'getConnection' | 'getPlatform'>, apiKey: string, mode: Mode, cacheTtlMs = 0): Promise<ApiKeyAuth | null> {
  if (!apiKey.startsWith(keyPrefix(mode))) return null;
  const hash = hashApiKey(apiKey);
  const cached = apiKeyCache.get(hash);
  if (cached) return cached;
  const ticket = apiKeyCache.ticket();
  const auth = await lookUpApiKey(em, hash, mode);
  if (auth) apiKeyCache.set(hash, auth, ticket, cacheTtlMs);
  return auth;
}

/**
 * The same answer as `findCompanyByApiKey`, read from the database now, never from the cache:
 * for a request that outlives the cache (the event stream), which must not open on an answer up
 * to API_KEY_CACHE_TTL_MS old, since its key is then checked only by the request itself. A key
 * found invalid is forgotten in this process's cache as well: its next request here is refused
 * too, whoever revoked it.
 */
export async function findCompanyByApiKeyNow(em: Pick<EntityManager, 'getConnection' | 'getPlatform'>, apiKey: string, mode: Mode): Promise<ApiKeyAuth | null> {
  if (!apiKey.startsWith(keyPrefix(mode))) return null;
  const hash = hashApiKey(apiKey);
  const auth = await lookUpApiKey(em, hash, mode);
  if (!auth) apiKeyCache.forgetKey(hash);
  return auth;
}

async function lookUpApiKey(em: Pick<EntityManager, 'getConnection' | 'getPlatform'>, hash: string, mode: Mode): Promise<ApiKeyAuth | null> {
  const [row] = await em.getConnection().execute<CompanyRow[]>(
    `select k.id as key_id, c.id, c.tenant_id, c.name, c.mode, c.settings, c.created_at, c.updated_at
       from api_keys k join companies c on c.id = k.company_id
      where k.hash = ? and k.revoked_at is null and k.mode = ? and c.deleted_at is null limit 1`,
    [hash, mode],
  );
  if (!row) return null;
  return { keyId: row.key_id, company: companyRecord(row, (d) => em.getPlatform().parseDate(d)) };
}

function companyRecord(row: CompanyRow, date: (value: string) => Date): CompanyRecord {
  return Object.freeze({
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    mode: row.mode,
    settings: deepFreeze(row.settings),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deletedAt: null,
  });
}

/** The settings are JSON (objects, arrays, scalars): shared by the requests of a cache period, so nobody may change them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The company's refund settings (spec: automatic approval, on by default). */
export function refundSettingsOf(company: Pick<CompanyRecord, 'settings'>): { autoApprove: boolean } {
  return { autoApprove: company.settings?.autoRefundApproval ?? DEFAULT_COMPANY_SETTINGS.autoRefundApproval };
}

/**
 * Sets automatic refund approval; one JSON key written in place, so a concurrent change to
 * another setting is kept. The key cache forgets the company now and when `em`'s transaction
 * commits: this process's next request reads the new value.
 */
export async function setAutoRefundApproval(em: EntityManager, companyId: string, on: boolean): Promise<{ autoApprove: boolean }> {
  const rows = await em.getConnection().execute<{ on: boolean }[]>(
    `update companies set settings = jsonb_set(settings::jsonb, '{autoRefundApproval}', to_jsonb(?::boolean)), updated_at = now() where id = ? returning (settings->>'autoRefundApproval')::boolean as on`,
    [on, companyId],
    'all',
    em.getTransactionContext(),
  );
  if (rows.length === 0) throw new Error(`No company ${companyId}`);
  forgetNowAndAtCommit(em, () => apiKeyCache.forgetCompany(companyId));
  return { autoApprove: rows[0].on };
}
