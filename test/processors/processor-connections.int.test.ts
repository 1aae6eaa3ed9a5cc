/**
 * Processors per company (src/processors/connections/) on a real PostgreSQL: connecting a
 * company's Pix PSP seals its secrets, reconnecting the same account keeps the row and the
 * callback secret unless rotated, another account retires the row (kept, readable by id), as
 * does a disconnect; no view carries a secret, and a company's Pix connection resolves to its
 * active row, else the deployment default, else 409 processor_not_configured. The card rail
 * alike: the acquirer's MerchantKey sealed, a key rotation in place, another store a new row,
 * resolved row > default > 409.
 */
import { randomInt } from 'node:crypto';
import { generateVaultKey, keyFingerprint } from '../../src/cards/card-vault.crypto';
import type { VaultKey } from '../../src/cards/card-vault.key';
import { createCompany } from '../../src/companies/companies.service';
import type { Company } from '../../src/companies/company.entity';
import { ApiError } from '../../src/http/errors';
import { cardConnectionById, cardConnectionOf, connectCard, defaultCardConnectionView } from '../../src/processors/connections/card-connections.service';
import type { ProcessorsConfig } from '../../src/processors/connections/pix-connection';
import {
  allPixConnections,
  connectPix,
  defaultConnectionView,
  disconnect,
  listConnections,
  pixConnectionById,
  pixConnectionOf,
} from '../../src/processors/connections/processor-connections.service';
import { withCheckDigits } from '../../src/shared/documents';
import { useTestDatabase } from '../helpers/stack';
import { allStrings } from '../helpers/strings';
import { useClientCertificate } from './client-certificate';

const em = useTestDatabase();
const withKey = (key: Buffer): VaultKey => ({ key, id: keyFingerprint(key) });
const vaultKey = withKey(generateVaultKey());

const noDefault: { processors: ProcessorsConfig } = { processors: {} };
const DEFAULT_CALLBACK_SECRET = 'd'.repeat(43);
const withDefault: { processors: ProcessorsConfig } = {
  processors: {
    pix: {
      baseUrl: 'https://default.psp.example',
      tokenUrl: 'https://default.psp.example/oauth/token',
      clientId: 'deployment',
      clientSecret: 'deployment-client-secret',
      chave: '11222333000181',
      callbackSecret: DEFAULT_CALLBACK_SECRET,
      callbackIdentity: null,
    },
  },
};

const certificate = useClientCertificate();
let cert: string;
let key: string;
let ca: string;
let keyBody: string;
beforeAll(() => ({ cert, key, ca, keyBody } = certificate()));

async function company(mode: 'sandbox' | 'production' = 'sandbox'): Promise<Company> {
  const owner = mode === 'production' ? { document: withCheckDigits(`${randomInt(10_000_000, 100_000_000)}0001`), email: 'owner@example.com' } : undefined;
  return createCompany(em(), { name: `Loja ${randomInt(1e6)}`, mode, owner });
}

const account = (clientSecret = 'company-client-secret') => ({
  baseUrl: 'https://pix.psp.example/api/v2/',
  tokenUrl: 'https://pix.psp.example/oauth/token',
  clientId: 'lastro-loja',
  clientSecret,
  chave: 'pix@loja.com.br',
  scopes: 'cob.write cob.read pix.read webhook.write',
});

/** Deletes a company's rows (a disconnect keeps them): those sealed for a test's purpose would not open in `allPixConnections`. */
async function forget(companyId: string): Promise<void> {
  await em().getConnection().execute('delete from processor_connections where company_id = ?', [companyId]);
}

async function expectApiError(promise: Promise<unknown>, status: number, code: string): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ status, code });
  return err as ApiError;
}

describe('connecting a Pix PSP', () => {
  it('creates the connection, with a generated callback secret, and resolves it with its secrets', async () => {
    const c = await company();
    const { connection, created } = await connectPix(em(), vaultKey, c.id, { ...account(), cert, key, ca, callbackIdentity: 'AB:CD:EF' });
    expect(created).toBe(true);
    expect(connection).toEqual({
      id: expect.stringMatching(/^pcn_[0-9a-z]{26}$/),
      companyId: c.id,
      adapter: 'api_pix',
      baseUrl: 'https://pix.psp.example/api/v2',
      tokenUrl: 'https://pix.psp.example/oauth/token',
      clientId: 'lastro-loja',
      clientSecret: 'company-client-secret',
      scopes: 'cob.write cob.read pix.read webhook.write',
      tls: { cert, key, ca },
      chave: 'pix@loja.com.br',
      callbackSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      callbackIdentity: 'AB:CD:EF',
      receiverAccount: null,
      version: expect.stringMatching(new RegExp(`^${connection.id}:\\d+$`)),
    });
    expect(await pixConnectionOf(em(), vaultKey, withDefault, { id: c.id, mode: 'sandbox' })).toEqual(connection);
    expect(await pixConnectionById(em(), vaultKey, noDefault, connection.id)).toEqual(connection);
  });

  it('reconnecting the same account (PSP and chave) replaces settings and secrets, keeps the id and the callback secret, and changes the version', async () => {
    const c = await company();
    const first = await connectPix(em(), vaultKey, c.id, { ...account(), cert, key });
    const again = await connectPix(em(), vaultKey, c.id, { ...account('new-client-secret'), clientId: 'lastro-loja-2', scopes: undefined });
    expect(again.created).toBe(false);
    expect(again.connection).toMatchObject({ id: first.connection.id, clientId: 'lastro-loja-2', clientSecret: 'new-client-secret', callbackSecret: first.connection.callbackSecret, callbackIdentity: null });
    expect(again.connection).not.toHaveProperty('tls');
    expect(again.connection).not.toHaveProperty('scopes');
    expect(again.connection.version).not.toBe(first.connection.version);
    expect(await pixConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).toEqual(again.connection);
    expect(await listConnections(em(), c.id)).toEqual([expect.objectContaining({ id: first.connection.id, hasClientCertificate: false, retiredAt: null })]);
  });

  it('another account (another chave) is a new connection; the first is retired with its own secrets, still resolved by id', async () => {
    const c = await company();
    const first = await connectPix(em(), vaultKey, c.id, account());
    const moved = await connectPix(em(), vaultKey, c.id, { ...account('second-client-secret'), chave: '+5511987654321' });
    expect(moved.created).toBe(true);
    expect(moved.connection.id).not.toBe(first.connection.id);
    expect(moved.connection.callbackSecret).not.toBe(first.connection.callbackSecret);
    expect(await pixConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).toEqual(moved.connection);
    // What was made under the first (its charges' refunds, its callbacks) still opens it as it was.
    expect(await pixConnectionById(em(), vaultKey, noDefault, first.connection.id)).toEqual(first.connection);
    expect((await listConnections(em(), c.id)).map((v) => [v.id, v.retiredAt === null])).toEqual([[moved.connection.id, true], [first.connection.id, false]]);
  });

  it('rotates the callback secret when asked', async () => {
    const c = await company();
    const first = await connectPix(em(), vaultKey, c.id, account());
    const rotated = await connectPix(em(), vaultKey, c.id, { ...account(), rotateCallbackSecret: true });
    expect(rotated.connection.id).toBe(first.connection.id);
    expect(rotated.connection.callbackSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.connection.callbackSecret).not.toBe(first.connection.callbackSecret);
    expect((await pixConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).callbackSecret).toBe(rotated.connection.callbackSecret);
  });

  it('disconnecting retires the connection: new charges get the default or 409, the pinned ones still resolve it by id; a second disconnect finds none', async () => {
    const c = await company();
    const { connection } = await connectPix(em(), vaultKey, c.id, account());
    expect(await disconnect(em(), c.id, 'pix')).toBe(true);
    expect(await disconnect(em(), c.id, 'pix')).toBe(false);
    expect(await listConnections(em(), c.id)).toEqual([expect.objectContaining({ id: connection.id, retiredAt: expect.any(String) })]);
    expect((await pixConnectionOf(em(), vaultKey, withDefault, { id: c.id, mode: 'sandbox' })).id).toBe('default');
    await expectApiError(pixConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' }), 409, 'processor_not_configured');
    expect(await pixConnectionById(em(), vaultKey, noDefault, connection.id)).toEqual(connection);
    // Connected again to the same account: its row is back, with its callback secret (the URL registered at the PSP still works).
    const again = await connectPix(em(), vaultKey, c.id, account('rotated-client-secret'));
    expect(again.created).toBe(false);
    expect(again.connection).toMatchObject({ id: connection.id, callbackSecret: connection.callbackSecret, clientSecret: 'rotated-client-secret' });
    expect(await pixConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).toEqual(again.connection);
    expect((await listConnections(em(), c.id)).map((v) => v.retiredAt)).toEqual([null]);
  });

  it('refuses a bad input naming the fields and repeating no value, and an unknown company', async () => {
    const c = await company();
    const err = await expectApiError(connectPix(em(), vaultKey, c.id, { ...account(), baseUrl: 'http://pix.psp.example', chave: '52998224724', cert }), 400, 'validation_failed');
    expect(err.details!.map((d) => d.path).sort()).toEqual(['baseUrl', 'chave', 'key']);
    expect(JSON.stringify(err.details)).not.toContain('company-client-secret');
    expect(await listConnections(em(), c.id)).toEqual([]);
    await expectApiError(connectPix(em(), vaultKey, 'comp_00000000000000000000000000', account()), 404, 'not_found');
  });
});

describe("a Pix connection's receiving account (receiverAccount: agência, conta, tipoConta)", () => {
  it('is stored with the connection, shown by its view and resolved with it; reconnecting without it drops it (null)', async () => {
    const c = await company();
    const receiverAccount = { branch: '0001', number: '123456', type: 'CORRENTE' as const };
    const { connection } = await connectPix(em(), vaultKey, c.id, { ...account(), receiverAccount });
    expect(connection.receiverAccount).toEqual(receiverAccount);
    expect((await listConnections(em(), c.id))[0].settings).toMatchObject({ chave: 'pix@loja.com.br', receiverAccount });
    expect((await pixConnectionOf(em(), vaultKey, noDefault, c)).receiverAccount).toEqual(receiverAccount);
    // A payment account has no agência.
    await connectPix(em(), vaultKey, c.id, { ...account(), receiverAccount: { number: '98765', type: 'PAGAMENTO' } });
    expect((await listConnections(em(), c.id))[0].settings).toMatchObject({ receiverAccount: { branch: null, number: '98765', type: 'PAGAMENTO' } });
    await connectPix(em(), vaultKey, c.id, account());
    expect((await listConnections(em(), c.id))[0].settings).toMatchObject({ receiverAccount: null });
  });

  it('a bad one is 400 validation_failed naming each of its fields, and nothing is stored', async () => {
    const c = await company();
    const err = await expectApiError(connectPix(em(), vaultKey, c.id, { ...account(), receiverAccount: { branch: '00012', number: '12-3', type: 'SALARIO' as 'CORRENTE' } }), 400, 'validation_failed');
    expect(err.details!.map((d) => d.path).sort()).toEqual(['receiverAccount.branch', 'receiverAccount.number', 'receiverAccount.type']);
    expect(JSON.stringify(err.details)).not.toContain('12-3');
    await expectApiError(connectPix(em(), vaultKey, c.id, { ...account(), receiverAccount: { number: '123456' } as never }), 400, 'validation_failed');
    expect(await listConnections(em(), c.id)).toEqual([]);
  });

  it("the deployment default's, from PIX_PSP_RECEIVER_*, is in its view; none: null", () => {
    const receiverAccount = { branch: '1234', number: '0012345', type: 'POUPANCA' as const };
    const withAccount = { processors: { pix: { ...withDefault.processors.pix!, receiverAccount } } };
    expect(defaultConnectionView(withAccount)).toMatchObject({ id: 'default', settings: { chave: '11222333000181', receiverAccount } });
    expect(defaultConnectionView(withDefault)!.settings).toMatchObject({ receiverAccount: null });
  });
});

describe('secrecy', () => {
  it('no view carries a secret: not the client secret, the private key or the callback secret', async () => {
    const c = await company();
    const { connection } = await connectPix(em(), vaultKey, c.id, { ...account(), cert, key, ca });
    const views = [...(await listConnections(em(), c.id)), ...(await listConnections(em()))];
    expect(views.find((v) => v.id === connection.id)).toEqual({
      id: connection.id,
      companyId: c.id,
      rail: 'pix',
      adapter: 'api_pix',
      settings: {
        baseUrl: 'https://pix.psp.example/api/v2',
        tokenUrl: 'https://pix.psp.example/oauth/token',
        clientId: 'lastro-loja',
        chave: 'pix@loja.com.br',
        scopes: 'cob.write cob.read pix.read webhook.write',
        clientCertificate: { subject: 'CN=lastro-client', issuer: expect.stringContaining('CN='), validTo: expect.any(String), fingerprint256: expect.any(String) },
        receiverAccount: null,
      },
      hasClientCertificate: true,
      callbackIdentity: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      retiredAt: null,
    });
    const strings = allStrings(views);
    for (const secret of [connection.clientSecret, connection.callbackSecret, keyBody]) {
      expect(strings.filter((s) => s.includes(secret))).toEqual([]);
    }
    const defaultView = defaultConnectionView(withDefault);
    expect(defaultView).toMatchObject({ id: 'default', settings: { clientId: 'deployment' }, hasClientCertificate: false });
    const defaultStrings = allStrings(defaultView);
    for (const secret of [withDefault.processors.pix!.clientSecret, DEFAULT_CALLBACK_SECRET]) {
      expect(defaultStrings.filter((s) => s.includes(secret))).toEqual([]);
    }
  });

  it('the stored row holds the secrets only sealed, under the vault key it names', async () => {
    const c = await company();
    const { connection } = await connectPix(em(), vaultKey, c.id, { ...account(), cert, key });
    const [row] = await em().getConnection().execute('select * from processor_connections where id = ?', [connection.id]);
    expect(row.key_id).toBe(vaultKey.id);
    const sealed = row.secrets as Buffer;
    expect(Buffer.isBuffer(sealed)).toBe(true);
    for (const secret of [connection.clientSecret, connection.callbackSecret, keyBody]) {
      expect(sealed.includes(Buffer.from(secret))).toBe(false);
      expect(allStrings(row).filter((s) => s.includes(secret))).toEqual([]);
      expect(JSON.stringify(row)).not.toContain(secret);
    }
  });

  it('another vault key cannot open the secrets, even one claiming the right fingerprint', async () => {
    const c = await company();
    const { connection } = await connectPix(em(), vaultKey, c.id, account());
    const other = withKey(generateVaultKey());
    await expect(pixConnectionOf(em(), other, noDefault, { id: c.id, mode: 'sandbox' })).rejects.toThrow(`was sealed with vault key ${vaultKey.id}, this process has key ${other.id}`);
    await expect(pixConnectionById(em(), { key: other.key, id: vaultKey.id }, noDefault, connection.id)).rejects.toThrow(/unable to authenticate data/);
    // Reconnecting under another key cannot keep a callback secret it cannot read; rotating it can.
    await expectApiError(connectPix(em(), other, c.id, account()), 409, 'vault_key_changed');
    const rotated = await connectPix(em(), other, c.id, { ...account(), rotateCallbackSecret: true });
    expect((await pixConnectionOf(em(), other, noDefault, { id: c.id, mode: 'sandbox' })).callbackSecret).toBe(rotated.connection.callbackSecret);
    // Gone, so the file's other tests open every row with their key.
    await forget(c.id);
  });

  it("one connection's sealed secrets copied into another row do not open there", async () => {
    const [a, b] = [await company(), await company()];
    const sealedA = await connectPix(em(), vaultKey, a.id, account('secret-of-a'));
    const cb = await connectPix(em(), vaultKey, b.id, account('secret-of-b'));
    await em().getConnection().execute('update processor_connections set secrets = (select secrets from processor_connections where id = ?) where id = ?', [sealedA.connection.id, cb.connection.id]);
    await expect(pixConnectionOf(em(), vaultKey, noDefault, { id: b.id, mode: 'sandbox' })).rejects.toThrow(/unable to authenticate data/);
    await forget(b.id);
  });
});

describe('resolution', () => {
  it("a company's own connection first, else the deployment default, else 409 processor_not_configured", async () => {
    const own = await company();
    const { connection } = await connectPix(em(), vaultKey, own.id, account());
    expect(await pixConnectionOf(em(), vaultKey, withDefault, { id: own.id, mode: 'sandbox' })).toEqual(connection);

    const other = await company();
    const fallback = await pixConnectionOf(em(), vaultKey, withDefault, { id: other.id, mode: 'sandbox' });
    expect(fallback).toEqual({ ...withDefault.processors.pix, id: 'default', companyId: null, adapter: 'api_pix', receiverAccount: null, version: expect.stringMatching(/^default:[0-9a-f]{16}$/) });
    expect(fallback.version).not.toContain(DEFAULT_CALLBACK_SECRET);

    const err = await expectApiError(pixConnectionOf(em(), vaultKey, noDefault, { id: other.id, mode: 'sandbox' }), 409, 'processor_not_configured');
    expect(err.message).toBe('No Pix processor is connected for this company: an operator connects one with `lastro processors connect pix`');
  });

  it('a production company uses its own connection or the deployment default, and without either gets 409', async () => {
    const prod = await company('production');
    await expectApiError(pixConnectionOf(em(), vaultKey, noDefault, { id: prod.id, mode: 'production' }), 409, 'processor_not_configured');
    expect((await pixConnectionOf(em(), vaultKey, withDefault, { id: prod.id, mode: 'production' })).id).toBe('default');
    const { connection } = await connectPix(em(), vaultKey, prod.id, account());
    expect(await pixConnectionOf(em(), vaultKey, withDefault, { id: prod.id, mode: 'production' })).toEqual(connection);
  });

  it('by id: default is the deployment default (null without one); an unknown id is null', async () => {
    expect(await pixConnectionById(em(), vaultKey, withDefault, 'default')).toMatchObject({ id: 'default', clientId: 'deployment' });
    expect(await pixConnectionById(em(), vaultKey, noDefault, 'default')).toBeNull();
    expect(await pixConnectionById(em(), vaultKey, withDefault, 'pcn_00000000000000000000000000')).toBeNull();
  });

  it('every Pix connection, the deployment default first', async () => {
    const c = await company();
    const { connection } = await connectPix(em(), vaultKey, c.id, account());
    const all = await allPixConnections(em(), vaultKey, withDefault);
    expect(all[0].id).toBe('default');
    expect(all.slice(1).map((x) => x.id)).toContain(connection.id);
    expect(all.slice(1).every((x) => x.companyId !== null)).toBe(true);
    expect((await allPixConnections(em(), vaultKey, noDefault)).map((x) => x.id)).toEqual(all.slice(1).map((x) => x.id));
  });
});

describe('card connections (Cielo E-commerce 3.0)', () => {
  const MERCHANT_KEY = 'store-merchant-key-0123456789abcdefghijk';
  const store = (merchantKey = MERCHANT_KEY) => ({
    adapter: 'cielo' as const,
    baseUrl: 'https://api.cieloecommerce.cielo.com.br/',
    queryUrl: 'https://apiquery.cieloecommerce.cielo.com.br',
    merchantId: '5a3e1c2b-0d4f-4e6a-9b8c-7d6e5f4a3b2c',
    merchantKey,
  });
  const DEFAULT_KEY = 'deployment-merchant-key-0123456789abcdef';
  const cardDefault: { processors: ProcessorsConfig } = {
    processors: { card: { baseUrl: 'https://default.acquirer.example', queryUrl: 'https://query.default.acquirer.example', merchantId: '00000000-0000-4000-8000-000000000001', merchantKey: DEFAULT_KEY } },
  };

  it('connects a store, seals its MerchantKey, and resolves it with the key; the view shows none', async () => {
    const c = await company();
    const { connection, created } = await connectCard(em(), vaultKey, c.id, store());
    expect(created).toBe(true);
    expect(connection).toEqual({
      id: expect.stringMatching(/^pcn_[0-9a-z]{26}$/),
      companyId: c.id,
      adapter: 'cielo',
      baseUrl: 'https://api.cieloecommerce.cielo.com.br',
      queryUrl: 'https://apiquery.cieloecommerce.cielo.com.br',
      merchantId: '5a3e1c2b-0d4f-4e6a-9b8c-7d6e5f4a3b2c',
      merchantKey: MERCHANT_KEY,
      version: expect.stringMatching(new RegExp(`^${connection.id}:\\d+$`)),
    });
    expect(await cardConnectionOf(em(), vaultKey, cardDefault, { id: c.id, mode: 'sandbox' })).toEqual(connection);
    expect(await cardConnectionById(em(), vaultKey, noDefault, connection.id)).toEqual(connection);

    const views = await listConnections(em(), c.id);
    expect(views).toEqual([
      {
        id: connection.id,
        companyId: c.id,
        rail: 'card',
        adapter: 'cielo',
        settings: { baseUrl: connection.baseUrl, queryUrl: connection.queryUrl, merchantId: connection.merchantId },
        hasClientCertificate: false,
        callbackIdentity: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        retiredAt: null,
      },
    ]);
    expect(allStrings(views).filter((s) => s.includes(MERCHANT_KEY))).toEqual([]);
    const [row] = await em().getConnection().execute('select * from processor_connections where id = ?', [connection.id]);
    expect(row.key_id).toBe(vaultKey.id);
    expect((row.secrets as Buffer).includes(Buffer.from(MERCHANT_KEY))).toBe(false);
    expect(JSON.stringify(row)).not.toContain(MERCHANT_KEY);
  });

  it("a company's Pix and card connections are separate rows; reconnecting the card's store replaces its key and changes its version", async () => {
    const c = await company();
    const pix = await connectPix(em(), vaultKey, c.id, account());
    const first = await connectCard(em(), vaultKey, c.id, store());
    const again = await connectCard(em(), vaultKey, c.id, store('another-merchant-key-0123456789abcdefghi'));
    expect(again.created).toBe(false);
    expect(again.connection).toMatchObject({ id: first.connection.id, merchantKey: 'another-merchant-key-0123456789abcdefghi' });
    expect(again.connection.version).not.toBe(first.connection.version);
    expect(await cardConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).toEqual(again.connection);
    expect((await listConnections(em(), c.id)).map((v) => v.rail)).toEqual(['card', 'pix']);
    expect(await pixConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).toEqual(pix.connection);
    // Neither rail's id opens as the other's.
    expect(await cardConnectionById(em(), vaultKey, noDefault, pix.connection.id)).toBeNull();
    expect(await pixConnectionById(em(), vaultKey, noDefault, first.connection.id)).toBeNull();

    expect(await disconnect(em(), c.id, 'card')).toBe(true);
    // Retired: new cards get 409 (no default here), the store's payments are still refunded through it.
    await expectApiError(cardConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' }), 409, 'processor_not_configured');
    expect(await cardConnectionById(em(), vaultKey, noDefault, first.connection.id)).toEqual(again.connection);
    expect((await listConnections(em(), c.id)).map((v) => [v.rail, v.retiredAt === null])).toEqual([['card', false], ['pix', true]]);
  });

  it('another store is a new connection, the first kept with its own key; back to the first store (a new key) revives its row', async () => {
    const c = await company();
    const storeA = await connectCard(em(), vaultKey, c.id, store());
    const storeB = await connectCard(em(), vaultKey, c.id, { ...store('store-b-merchant-key-0123456789abcdefghij'), merchantId: '0b6f6c5e-1d2a-4b3c-8d4e-5f6a7b8c9d0e' });
    expect(storeB.created).toBe(true);
    expect(storeB.connection.id).not.toBe(storeA.connection.id);
    expect(await cardConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).toEqual(storeB.connection);
    expect(await cardConnectionById(em(), vaultKey, noDefault, storeA.connection.id)).toEqual(storeA.connection);
    // A's key rotated at Cielo while B was in use: the company connects A again; A's payments get the new key, B is retired.
    const backToA = await connectCard(em(), vaultKey, c.id, store('store-a-rotated-key-0123456789abcdefghijk'));
    expect(backToA.created).toBe(false);
    expect(backToA.connection).toMatchObject({ id: storeA.connection.id, merchantKey: 'store-a-rotated-key-0123456789abcdefghijk' });
    expect(await cardConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).toEqual(backToA.connection);
    expect(await cardConnectionById(em(), vaultKey, noDefault, storeB.connection.id)).toEqual(storeB.connection);
    expect((await listConnections(em(), c.id)).map((v) => [v.id, v.retiredAt === null])).toEqual([[storeA.connection.id, true], [storeB.connection.id, false]]);
  });

  it('two connects of one company to two stores at once: one wins, the other is 409 processor_connection_conflict or retired by it; one active row', async () => {
    const c = await company();
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    const results = await Promise.allSettled(ids.map((merchantId) => connectCard(em(), vaultKey, c.id, { ...store(), merchantId })));
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, code: 'processor_connection_conflict' });
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const active = (await listConnections(em(), c.id)).filter((v) => v.retiredAt === null);
    expect(active).toHaveLength(1);
    expect((await cardConnectionOf(em(), vaultKey, noDefault, { id: c.id, mode: 'sandbox' })).id).toBe(active[0].id);
  });

  it("resolves a company's own store, else the deployment default, else 409 processor_not_configured naming cards", async () => {
    const own = await company('production');
    const { connection } = await connectCard(em(), vaultKey, own.id, store());
    expect(await cardConnectionOf(em(), vaultKey, cardDefault, { id: own.id, mode: 'production' })).toEqual(connection);

    const other = await company();
    const fallback = await cardConnectionOf(em(), vaultKey, cardDefault, { id: other.id, mode: 'sandbox' });
    expect(fallback).toEqual({ ...cardDefault.processors.card, id: 'default', companyId: null, adapter: 'cielo', version: expect.stringMatching(/^default:[0-9a-f]{16}$/) });
    expect(await cardConnectionById(em(), vaultKey, cardDefault, 'default')).toEqual(fallback);
    expect(await cardConnectionById(em(), vaultKey, noDefault, 'default')).toBeNull();
    // The Pix default is no card default.
    const err = await expectApiError(cardConnectionOf(em(), vaultKey, withDefault, { id: other.id, mode: 'sandbox' }), 409, 'processor_not_configured');
    expect(err.message).toBe('No card processor is connected for this company: an operator connects one with `lastro processors connect card`');

    const view = defaultCardConnectionView(cardDefault);
    expect(view).toEqual({ id: 'default', adapter: 'cielo', settings: { baseUrl: 'https://default.acquirer.example', queryUrl: 'https://query.default.acquirer.example', merchantId: '00000000-0000-4000-8000-000000000001' }, hasClientCertificate: false, callbackIdentity: null });
    expect(defaultCardConnectionView(noDefault)).toBeNull();
  });

  it('refuses a bad store naming the fields and repeating no value, and an unknown company', async () => {
    const c = await company();
    const err = await expectApiError(connectCard(em(), vaultKey, c.id, { ...store(), baseUrl: 'http://api.cieloecommerce.cielo.com.br', merchantId: 'loja-42' }), 400, 'validation_failed');
    expect(err.details!.map((d) => d.path).sort()).toEqual(['baseUrl', 'merchantId']);
    expect(JSON.stringify(err.details)).not.toContain(MERCHANT_KEY);
    expect(await listConnections(em(), c.id)).toEqual([]);
    await expectApiError(connectCard(em(), vaultKey, 'comp_00000000000000000000000000', store()), 404, 'not_found');
  });

  it('another vault key cannot open the MerchantKey', async () => {
    const c = await company();
    await connectCard(em(), vaultKey, c.id, store());
    const other = withKey(generateVaultKey());
    await expect(cardConnectionOf(em(), other, noDefault, { id: c.id, mode: 'sandbox' })).rejects.toThrow(`was sealed with vault key ${vaultKey.id}, this process has key ${other.id}`);
    await forget(c.id);
  });
});
