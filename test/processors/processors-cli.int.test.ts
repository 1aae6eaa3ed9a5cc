/**
 * `lastro processors …` as an operator runs it (npm run lastro), against a private database:
 * secrets go in through files or the environment, the callback URL comes out once, and nothing
 * the CLI prints afterwards carries a secret.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runLastro, type CliResult } from '../helpers/lastro-cli';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateVaultKey, keyFingerprint } from '../../src/cards/card-vault.crypto';
import { createCompany } from '../../src/companies/companies.service';
import { createOrm, type Orm } from '../../src/db/orm';
import { cardConnectionOf } from '../../src/processors/connections/card-connections.service';
import { pixConnectionOf } from '../../src/processors/connections/processor-connections.service';
import { createTestDatabase } from '../helpers/stack';
import { createApiPixPsp } from '../../src/processors/pix/api-pix';
import { startEmbeddedPix } from './embedded-pix-process';
import { allStrings } from '../helpers/strings';
import { useClientCertificate, type ClientCertificate } from './client-certificate';

const PUBLIC_BASE = 'https://api.lastro.test';
const CLIENT_SECRET = 'psp-client-secret-from-a-file';
const ENV_CLIENT_SECRET = 'psp-client-secret-from-the-environment';
const vault = generateVaultKey();
const vaultKey = { key: vault, id: keyFingerprint(vault) };

let databaseUrl: string;
let orm: Orm;
const certificate = useClientCertificate();
let certs: ClientCertificate;
let secretFile: string;
const em = () => orm.em.fork() as unknown as EntityManager;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await createOrm(databaseUrl);
  certs = certificate();
  secretFile = path.join(certs.dir, 'client-secret');
  writeFileSync(secretFile, `${CLIENT_SECRET}\n`, { mode: 0o600 });
});
afterAll(() => orm?.close());

async function lastro(args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  // Only what the test sets: no PIX_*, CARD_ACQUIRER_* or LASTRO_* secret of the machine running it.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PIX_|CARD_ACQUIRER_)/.test(name) && !['LASTRO_PIX_CLIENT_SECRET', 'LASTRO_CARD_MERCHANT_KEY'].includes(name)));
  const env = { ...inherited, DATABASE_URL: databaseUrl, CARD_VAULT_KEY: vault.toString('base64'), PUBLIC_BASE_URL: PUBLIC_BASE, ...extraEnv };
  return runLastro(['processors', ...args], { env });
}

const connectArgs = (companyId: string) => [
  'connect', 'pix', '--company', companyId,
  // A loopback port nobody listens on: the PSP cannot be reached, and nothing outside is asked.
  '--base-url', 'https://127.0.0.1:9/api/v2', '--token-url', 'https://127.0.0.1:9/oauth/token',
  '--client-id', 'lastro-loja', '--chave', 'pix@loja.com.br', '--scopes', 'cob.write pix.read',
];
const tlsArgs = () => ['--cert-file', certs.certFile, '--key-file', certs.keyFile, '--ca-file', certs.caFile];

async function newCompany(): Promise<string> {
  return (await createCompany(em(), { name: 'Loja', mode: 'sandbox' })).id;
}

function expectNoSecret(output: string, secrets: string[]): void {
  for (const secret of secrets) expect(output).not.toContain(secret);
}

describe('lastro processors', () => {
  it("connect pix registers the callback URL at the PSP (PUT /webhook/{chave})", async () => {
    const psp = await startEmbeddedPix();
    try {
      const companyId = await newCompany();
      const chave = randomUUID();
      const args = ['connect', 'pix', '--company', companyId, '--base-url', psp.info.baseUrl, '--token-url', psp.info.tokenUrl, '--client-id', psp.info.clientId, '--chave', chave];
      const res = await lastro(args, { LASTRO_PIX_CLIENT_SECRET: psp.info.clientSecret });
      expect(res).toMatchObject({ code: 0 });
      const out = JSON.parse(res.stdout);
      expect(out.webhook).toEqual({ registered: true });
      const adapter = createApiPixPsp(psp.info);
      expect(await adapter.getWebhook(chave)).toBe(out.callbackUrl);
      await adapter.close();
    } finally {
      await psp.stop();
    }
  });

  it('connect pix: reads the secret and the PEM files, prints the connection and, once, the callback URL', async () => {
    const companyId = await newCompany();
    const res = await lastro([...connectArgs(companyId), '--client-secret-file', secretFile, ...tlsArgs()]);
    expect(res).toMatchObject({ code: 0 });
    const out = JSON.parse(res.stdout);
    const connection = await pixConnectionOf(em(), vaultKey, { processors: {} }, { id: companyId, mode: 'sandbox' });
    expect(connection).toMatchObject({ clientSecret: CLIENT_SECRET, chave: 'pix@loja.com.br', tls: { cert: certs.cert } });
    expect(out).toEqual({
      created: true,
      connection: expect.objectContaining({ id: connection.id, companyId, rail: 'pix', adapter: 'api_pix', hasClientCertificate: true }),
      callbackUrl: `${PUBLIC_BASE}/processors/pix/callbacks/${connection.id}/${connection.callbackSecret}`,
      callbackUrlNotice: expect.stringMatching(/^SECRET: .*shown only now/),
      webhook: { registered: false, error: expect.stringMatching(/register the callbackUrl there/) },
    });
    expectNoSecret(res.stdout + res.stderr, [CLIENT_SECRET, certs.keyBody]);

    // Again, with the secret from the environment: the same connection and callback secret, which is not printed again.
    const again = await lastro(connectArgs(companyId), { LASTRO_PIX_CLIENT_SECRET: ENV_CLIENT_SECRET });
    expect(again).toMatchObject({ code: 0 });
    expect(JSON.parse(again.stdout)).toMatchObject({ created: false, connection: { id: connection.id, hasClientCertificate: false }, callbackUrl: null, callbackUrlNotice: expect.stringMatching(/^Unchanged and not shown again/) });
    expectNoSecret(again.stdout + again.stderr, [ENV_CLIENT_SECRET, connection.callbackSecret]);
    const reconnected = await pixConnectionOf(em(), vaultKey, { processors: {} }, { id: companyId, mode: 'sandbox' });
    expect(reconnected).toMatchObject({ clientSecret: ENV_CLIENT_SECRET, callbackSecret: connection.callbackSecret });

    const rotated = await lastro([...connectArgs(companyId), '--client-secret-file', secretFile, '--rotate-callback-secret']);
    const { callbackSecret } = await pixConnectionOf(em(), vaultKey, { processors: {} }, { id: companyId, mode: 'sandbox' });
    expect(callbackSecret).not.toBe(connection.callbackSecret);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ created: false, callbackUrl: `${PUBLIC_BASE}/processors/pix/callbacks/${connection.id}/${callbackSecret}` });

    const list = await lastro(['list', '--company', companyId]);
    expect(list).toMatchObject({ code: 0 });
    const listed = JSON.parse(list.stdout);
    expect(listed).toEqual({ deploymentDefault: expect.objectContaining({ pix: null, card: null, payout: null }), connections: [expect.objectContaining({ id: connection.id, settings: expect.objectContaining({ clientId: 'lastro-loja' }) })] });
    expect(allStrings(listed).filter((s) => [CLIENT_SECRET, callbackSecret].some((secret) => s.includes(secret)))).toEqual([]);
    expectNoSecret(list.stdout + list.stderr, [CLIENT_SECRET, callbackSecret, certs.keyBody]);
  });

  it('connect card: reads the MerchantKey from a file, prints the connection without it; list and the default show no key', async () => {
    const companyId = await newCompany();
    const merchantKey = 'merchant-key-from-a-file-0123456789abcde';
    const keyFile = path.join(certs.dir, 'merchant-key');
    writeFileSync(keyFile, `${merchantKey}\n`, { mode: 0o600 });
    const merchantId = randomUUID();
    const res = await lastro(['connect', 'card', '--company', companyId, '--adapter', 'cielo', '--base-url', 'https://127.0.0.1:9/', '--query-url', 'https://127.0.0.1:9/query', '--merchant-id', merchantId, '--merchant-key-file', keyFile]);
    expect(res).toMatchObject({ code: 0 });
    const connection = await cardConnectionOf(em(), vaultKey, { processors: {} }, { id: companyId, mode: 'sandbox' });
    expect(connection).toMatchObject({ adapter: 'cielo', baseUrl: 'https://127.0.0.1:9', queryUrl: 'https://127.0.0.1:9/query', merchantId, merchantKey });
    expect(JSON.parse(res.stdout)).toEqual({
      created: true,
      connection: expect.objectContaining({ id: connection.id, companyId, rail: 'card', adapter: 'cielo', settings: { baseUrl: 'https://127.0.0.1:9', queryUrl: 'https://127.0.0.1:9/query', merchantId } }),
      callbackUrl: expect.stringMatching(new RegExp(`/processors/cards/callbacks/${connection.id}/[A-Za-z0-9_-]{43}$`)),
    });
    expectNoSecret(res.stdout + res.stderr, [merchantKey]);

    const onArgv = await lastro(['connect', 'card', '--company', companyId, '--adapter', 'cielo', '--base-url', 'https://127.0.0.1:9', '--query-url', 'https://127.0.0.1:9', '--merchant-id', merchantId, '--merchant-key', merchantKey]);
    expect(onArgv.code).toBe(1);
    expect(onArgv.stderr).toContain("unknown option '--merchant-key'");

    const defaultKey = 'deployment-merchant-key-0123456789abcdef';
    const list = await lastro(['list', '--company', companyId], {
      CARD_ACQUIRER_BASE_URL: 'https://api.cieloecommerce.cielo.com.br',
      CARD_ACQUIRER_QUERY_URL: 'https://apiquery.cieloecommerce.cielo.com.br',
      CARD_ACQUIRER_MERCHANT_ID: merchantId,
      CARD_ACQUIRER_MERCHANT_KEY: defaultKey,
    });
    expect(list).toMatchObject({ code: 0 });
    const listed = JSON.parse(list.stdout);
    expect(listed.deploymentDefault).toEqual(expect.objectContaining({ pix: null, payout: null, card: { id: 'default', adapter: 'cielo', settings: { baseUrl: 'https://api.cieloecommerce.cielo.com.br', queryUrl: 'https://apiquery.cieloecommerce.cielo.com.br', merchantId }, hasClientCertificate: false, callbackIdentity: null } }));
    expect(listed.connections).toEqual([expect.objectContaining({ id: connection.id, rail: 'card' })]);
    expectNoSecret(list.stdout + list.stderr, [merchantKey, defaultKey]);

    const disconnected = await lastro(['disconnect', 'card', '--company', companyId]);
    expect(JSON.parse(disconnected.stdout)).toEqual({ companyId, rail: 'card', disconnected: true });
  });

  it('takes no secret from the command line, and says where it reads one', async () => {
    const companyId = await newCompany();
    const onArgv = await lastro([...connectArgs(companyId), '--client-secret', CLIENT_SECRET]);
    expect(onArgv.code).toBe(1);
    expect(onArgv.stderr).toContain("unknown option '--client-secret'");
    const none = await lastro(connectArgs(companyId));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('The client secret is read from --client-secret-file <file> or from LASTRO_PIX_CLIENT_SECRET');
    expect(JSON.parse((await lastro(['list', '--company', companyId])).stdout).connections).toEqual([]);
  });

  it('names every wrong option, by its option name', async () => {
    const companyId = await newCompany();
    const res = await lastro(['connect', 'pix', '--company', companyId, '--base-url', 'http://pix.psp.example', '--token-url', 'https://pix.psp.example/oauth/token', '--client-id', 'x', '--chave', '529.982.247-25', '--client-secret-file', secretFile, '--cert-file', certs.certFile]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Invalid connection:');
    expect(res.stderr).toContain('--base-url: Must be https://');
    expect(res.stderr).toContain('--chave: A CPF or CNPJ key is written without punctuation');
    expect(res.stderr).toContain('--key-file: The client certificate and its private key go together');
    expectNoSecret(res.stderr, [CLIENT_SECRET]);
  });

  it("connect pix --receiver-*: the receiving account printed with the connection and by list (null without one); a bad one names each option, nothing stored", async () => {
    const companyId = await newCompany();
    const receiver = ['--receiver-branch', '0001', '--receiver-account', '123456', '--receiver-account-type', 'CORRENTE'];
    const res = await lastro([...connectArgs(companyId), '--client-secret-file', secretFile, ...receiver]);
    expect(res).toMatchObject({ code: 0 });
    const receiverAccount = { branch: '0001', number: '123456', type: 'CORRENTE' };
    expect(JSON.parse(res.stdout).connection).toMatchObject({ rail: 'pix', settings: { chave: 'pix@loja.com.br', receiverAccount } });
    const without = await newCompany();
    expect((await lastro([...connectArgs(without), '--client-secret-file', secretFile])).code).toBe(0);
    const listed = JSON.parse((await lastro(['list'])).stdout) as { connections: Array<{ companyId: string; settings: { receiverAccount?: unknown } }> };
    const settingsOf = (id: string) => listed.connections.find((c) => c.companyId === id)?.settings;
    expect(settingsOf(companyId)).toMatchObject({ receiverAccount });
    expect(settingsOf(without)).toMatchObject({ receiverAccount: null });

    const other = await newCompany();
    const bad = await lastro([...connectArgs(other), '--client-secret-file', secretFile, '--receiver-branch', '00012', '--receiver-account', '12-3', '--receiver-account-type', 'SALARIO']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid connection:');
    for (const option of ['--receiver-branch: ', '--receiver-account: ', '--receiver-account-type: ']) expect(bad.stderr).toContain(option);
    expect(bad.stderr).not.toContain('12-3');
    expect(JSON.parse((await lastro(['list', '--company', other])).stdout).connections).toEqual([]);
  });

  it('disconnect: retires the connection (list shows it with its retiredAt); a second time there is none', async () => {
    const companyId = await newCompany();
    expect((await lastro([...connectArgs(companyId), '--client-secret-file', secretFile])).code).toBe(0);
    const res = await lastro(['disconnect', 'pix', '--company', companyId]);
    expect(res).toMatchObject({ code: 0 });
    expect(JSON.parse(res.stdout)).toEqual({ companyId, rail: 'pix', disconnected: true });
    const list = JSON.parse((await lastro(['list', '--company', companyId])).stdout);
    expect(list.connections).toEqual([expect.objectContaining({ companyId, rail: 'pix', retiredAt: expect.any(String) })]);
    const again = await lastro(['disconnect', 'pix', '--company', companyId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Company ${companyId} has no pix connection`);
  });

  it('list shows the deployment default without its secrets, with its receiving account (PIX_PSP_RECEIVER_*)', async () => {
    const defaultSecret = 'deployment-client-secret';
    const callbackSecret = 'k'.repeat(43);
    const res = await lastro(['list'], {
      PIX_PSP_BASE_URL: 'https://default.psp.example',
      PIX_PSP_TOKEN_URL: 'https://default.psp.example/oauth/token',
      PIX_PSP_CLIENT_ID: 'deployment',
      PIX_PSP_CLIENT_SECRET: defaultSecret,
      PIX_PSP_CHAVE: '11222333000181',
      PIX_PSP_CALLBACK_SECRET: callbackSecret,
      PIX_PSP_CERT_PATH: certs.certFile,
      PIX_PSP_KEY_PATH: certs.keyFile,
      PIX_PSP_RECEIVER_BRANCH: '0001',
      PIX_PSP_RECEIVER_ACCOUNT: '0012345',
      PIX_PSP_RECEIVER_ACCOUNT_TYPE: 'POUPANCA',
    });
    expect(res).toMatchObject({ code: 0 });
    expect(JSON.parse(res.stdout).deploymentDefault.pix).toMatchObject({
      id: 'default',
      adapter: 'api_pix',
      hasClientCertificate: true,
      settings: { clientId: 'deployment', chave: '11222333000181', receiverAccount: { branch: '0001', number: '0012345', type: 'POUPANCA' } },
    });
    expectNoSecret(res.stdout + res.stderr, [defaultSecret, callbackSecret, certs.keyBody]);
  });
});
