import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { ensureOwnerRecipient } from '../recipients/recipients.service';
import { newId } from '../shared/ids';
import { ApiKey, Company, DEFAULT_COMPANY_SETTINGS, type Mode } from './company.entity';
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
export async function createApiKey(em: EntityManager, company: Company, fixedKey?: string): Promise<CreatedKey> {
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

export async function revokeApiKey(em: EntityManager, keyId: string): Promise<ApiKey | null> {
  const key = await em.findOne(ApiKey, { id: keyId });
  if (!key) return null;
  key.revokedAt ??= new Date();
  return key;
}

/**
 * The company behind a clear API key, or null when the key is unknown, revoked or of the other
 * mode, or its company is deleted. One statement (it runs on every authenticated request); no
 * cache, so a revocation takes effect on the next request in every process.
 */
export async function findCompanyByApiKey(em: EntityManager, apiKey: string, mode: Mode): Promise<{ company: Company; keyId: string } | null> {
  if (!apiKey.startsWith(keyPrefix(mode))) return null;
  const [row] = await em.getConnection().execute<(Record<string, unknown> & { api_key_id: string })[]>(
    `select c.*, k.id as api_key_id from api_keys k join companies c on c.id = k.company_id
      where k.hash = ? and k.revoked_at is null and k.mode = ? and c.deleted_at is null limit 1`,
    [hashApiKey(apiKey), mode],
  );
  if (!row) return null;
  const { api_key_id: keyId, ...company } = row;
  return { company: em.map(Company, company), keyId };
}

/** The company's refund settings (spec: automatic approval, on by default). */
export function refundSettingsOf(company: Company): { autoApprove: boolean } {
  return { autoApprove: company.settings?.autoRefundApproval ?? DEFAULT_COMPANY_SETTINGS.autoRefundApproval };
}

/** Sets automatic refund approval; one JSON key written in place, so a concurrent change to another setting is kept. */
export async function setAutoRefundApproval(em: EntityManager, companyId: string, on: boolean): Promise<{ autoApprove: boolean }> {
  const rows = await em.getConnection().execute<{ on: boolean }[]>(
    `update companies set settings = jsonb_set(settings::jsonb, '{autoRefundApproval}', to_jsonb(?::boolean)), updated_at = now() where id = ? returning (settings->>'autoRefundApproval')::boolean as on`,
    [on, companyId],
    'all',
    em.getTransactionContext(),
  );
  if (rows.length === 0) throw new Error(`No company ${companyId}`);
  return { autoApprove: rows[0].on };
}
