/**
 * `lastro processors connect payout …` as an operator runs it (npm run lastro), against a private
 * database and the embedded payout provider: the client secret from a file (never argv), the
 * webhook registered for the key, the callback URL printed once, and nothing else carrying a secret.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLastro, type CliResult } from '../../helpers/lastro-cli';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateVaultKey } from '../../../src/cards/card-vault.crypto';
import { createCompany } from '../../../src/companies/companies.service';
import { createOrm, type Orm } from '../../../src/db/orm';
import { createTestDatabase } from '../../helpers/stack';
import type { EmbeddedProcess } from '../embedded-process';
import { startEmbeddedEfi, type EmbeddedEfiInfo } from '../embedded-efi-process';

const PUBLIC_BASE = 'https://api.lastro.test';
const vault = generateVaultKey();

let databaseUrl: string;
let orm: Orm;
let efi: EmbeddedProcess<EmbeddedEfiInfo>;
let secretFile: string;
const em = () => orm.em.fork() as unknown as EntityManager;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await createOrm(databaseUrl);
  efi = await startEmbeddedEfi();
  secretFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'payout-cli-')), 'client-secret');
  writeFileSync(secretFile, `${efi.info.clientSecret}\n`, { mode: 0o600 });
});
afterAll(async () => {
  await efi?.stop();
  await orm?.close();
});

async function lastro(args: string[]): Promise<CliResult> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PIX_|CARD_ACQUIRER_|PAYOUT_PROVIDER_|LASTRO_)/.test(name)));
  const env = { ...inherited, DATABASE_URL: databaseUrl, CARD_VAULT_KEY: vault.toString('base64'), PUBLIC_BASE_URL: PUBLIC_BASE };
  return runLastro(['processors', ...args], { env });
}

it('connect payout: reads the secret from a file, registers the webhook for the key, prints the callback URL once; list and a reconnect show no secret', async () => {
  const company = await createCompany(em(), { name: 'Payouts Co', mode: 'sandbox' });
  await em().flush();
  const chave = randomUUID();
  const args = ['connect', 'payout', '--company', company.id, '--adapter', 'efi', '--base-url', efi.info.baseUrl, '--token-url', efi.info.tokenUrl, '--client-id', efi.info.clientId, '--client-secret-file', secretFile, '--chave', chave];
  const res = await lastro(args);
  expect(res.code).toBe(0);
  const out = JSON.parse(res.stdout);
  expect(out).toMatchObject({ created: true, webhook: { registered: true }, connection: { rail: 'payout', adapter: 'efi', companyId: company.id }, callbackUrl: expect.stringMatching(new RegExp(`^${PUBLIC_BASE}/processors/payouts/callbacks/pcn_[0-9a-z]+/[A-Za-z0-9_-]{43}$`)) });
  expect(res.stdout).not.toContain(efi.info.clientSecret);
  // The provider holds the webhook for the key: the callback URL Lastro printed.
  const token = await (await fetch(efi.info.tokenUrl, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${efi.info.clientId}:${efi.info.clientSecret}`).toString('base64')}`, 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials' }) })).json();
  const hook = await (await fetch(`${efi.info.baseUrl}/v2/webhook/${chave}`, { headers: { authorization: `Bearer ${token.access_token}` } })).json();
  expect(hook.webhookUrl).toBe(out.callbackUrl);

  const again = await lastro(args);
  expect(JSON.parse(again.stdout)).toMatchObject({ created: false, callbackUrl: null });
  const listed = await lastro(['list', '--company', company.id]);
  expect(listed.code).toBe(0);
  expect(JSON.parse(listed.stdout)).toMatchObject({ deploymentDefault: { payout: null }, connections: [expect.objectContaining({ rail: 'payout' })] });
  expect(listed.stdout).not.toContain(efi.info.clientSecret);
  expect(listed.stdout).not.toContain(out.callbackUrl.split('/').pop());

  const bad = await lastro(['connect', 'payout', '--company', company.id, '--adapter', 'efi', '--base-url', 'http://efi.example.com', '--token-url', efi.info.tokenUrl, '--client-id', 'x', '--client-secret-file', secretFile, '--chave', 'nope']);
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toMatch(/baseUrl: Must be https/);
  expect(bad.stderr).toMatch(/chave:/);
}, 120_000);
