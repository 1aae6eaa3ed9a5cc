import fs from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, Company } from '../companies/company.entity';
import { createApiKey, createCompany } from '../companies/companies.service';
import { hashApiKey } from '../companies/api-keys';
import { ensureOwnerRecipient } from '../recipients/recipients.service';

export interface DevCredentials {
  companyId: string;
  apiKey: string;
}

/**
 * The sandbox company of the dev stack, created on first start. Its clear key is kept in the
 * local data folder (never in the database) so every later start can print it again;
 * DEV_API_KEY makes the key that exact value.
 */
export async function seedDevCompany(em: EntityManager, credentialsFile: string, fixedKey?: string): Promise<DevCredentials & { created: boolean }> {
  const saved = readCredentials(credentialsFile);
  let company = saved ? await em.findOne(Company, { id: saved.companyId }) : null;
  let created = false;
  if (!company) {
    company = await createCompany(em, { name: 'Lastro Dev', mode: 'sandbox' });
    created = true;
  } else {
    // A data folder from before companies came with their owner recipient.
    await ensureOwnerRecipient(em, company);
  }
  let apiKey = saved && !created ? saved.apiKey : undefined;
  if (fixedKey) apiKey = fixedKey;
  const known = apiKey ? await em.findOne(ApiKey, { hash: hashApiKey(apiKey), companyId: company.id, revokedAt: null }) : null;
  if (!known) apiKey = (await createApiKey(em, company, apiKey)).apiKey;
  await em.flush();
  const credentials = { companyId: company.id, apiKey: apiKey! };
  fs.writeFileSync(credentialsFile, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return { ...credentials, created };
}

function readCredentials(file: string): DevCredentials | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as DevCredentials;
  } catch {
    return null;
  }
}
