/**
 * `Processors.cardFor` / `cardById` (src/processors/processors.ts) against the embedded acquirer
 * (Cielo E-commerce 3.0) running as its own process: a company's card connection row, or the
 * deployment default from CARD_ACQUIRER_*, gives an acquirer that authorizes a test card, and a
 * reconnected store is used from the next resolution on.
 */
import { randomInt } from 'node:crypto';
import { generateVaultKey, keyFingerprint } from '../../src/cards/card-vault.crypto';
import { createCompany } from '../../src/companies/companies.service';
import { loadConfig } from '../../src/config';
import { ApiError } from '../../src/http/errors';
import type { AuthorizationRequest } from '../../src/payments/payment-gateway';
import { connectCard } from '../../src/processors/connections/card-connections.service';
import { createProcessors, type Processors } from '../../src/processors/processors';
import { useTestDatabase } from '../helpers/stack';
import { startEmbeddedCielo, type EmbeddedCieloProcess } from './embedded-cielo-process';

const em = useTestDatabase();
const vault = generateVaultKey();
const vaultKey = { key: vault, id: keyFingerprint(vault) };

let acquirer: EmbeddedCieloProcess;
beforeAll(async () => {
  acquirer = await startEmbeddedCielo();
});
afterAll(() => acquirer?.stop());

const processors = (env: Record<string, string> = {}): Processors => createProcessors(loadConfig({ CARD_VAULT_KEY: vault.toString('base64'), ...env }));

const company = () => createCompany(em(), { name: `Loja ${randomInt(1e6)}`, mode: 'sandbox' });

let counter = 0;
const request = (): AuthorizationRequest => ({
  idempotencyKey: `pay_${Date.now().toString(36)}${(++counter).toString(36)}`.padEnd(30, '0').slice(0, 30),
  amount: 10_000,
  currency: 'BRL',
  installments: 1,
  card: { pan: '4111111111111111', cvv: '123', holder: 'Maria da Silva', expMonth: 12, expYear: 2035, document: '12345678909' },
});

const salesAtAcquirer = async (idempotencyKey: string): Promise<number> => {
  const r = await acquirer.control('GET', `/embedded/sales?merchantOrderId=${idempotencyKey.replace('_', '')}`);
  return (r.body as { sales: unknown[] }).sales.length;
};

describe('Processors.cardFor', () => {
  it("authorizes a test card through a company's connection row; a reconnected store is used at once", async () => {
    const p = processors();
    const c = await company();
    const { connection } = await connectCard(em(), vaultKey, c.id, { adapter: 'cielo', ...acquirer.info });
    const rail = await p.cardFor(em(), c);
    expect(rail.connection).toMatchObject({ id: connection.id, companyId: c.id, adapter: 'cielo', merchantId: acquirer.info.merchantId });
    const req = request();
    expect(await rail.acquirer.authorize(req)).toMatchObject({ status: 'approved', code: null });
    expect(await salesAtAcquirer(req.idempotencyKey)).toBe(1);
    expect((await p.cardById(em(), connection.id))?.connection).toEqual(rail.connection);

    // The store's key replaced by a wrong one: the next resolution speaks with it, and Cielo refuses it.
    await connectCard(em(), vaultKey, c.id, { adapter: 'cielo', ...acquirer.info, merchantKey: 'a-wrong-merchant-key-0123456789abcdefghij' });
    const reconnected = await p.cardFor(em(), c);
    expect(reconnected.connection.version).not.toBe(rail.connection.version);
    const refused = request();
    expect(await reconnected.acquirer.authorize(refused)).toMatchObject({ status: 'failed', code: 'processor_error' });
    expect(await salesAtAcquirer(refused.idempotencyKey)).toBe(0);
    await reconnected.acquirer.close();
  });

  it('authorizes a test card through the deployment default (CARD_ACQUIRER_*)', async () => {
    const p = processors({
      CARD_ACQUIRER_BASE_URL: acquirer.info.baseUrl,
      CARD_ACQUIRER_QUERY_URL: acquirer.info.queryUrl,
      CARD_ACQUIRER_MERCHANT_ID: acquirer.info.merchantId,
      CARD_ACQUIRER_MERCHANT_KEY: acquirer.info.merchantKey,
    });
    const rail = await p.cardFor(em(), await company());
    expect(rail.connection).toMatchObject({ id: 'default', companyId: null, adapter: 'cielo' });
    const req = request();
    expect(await rail.acquirer.authorize(req)).toMatchObject({ status: 'approved', code: null });
    expect(await salesAtAcquirer(req.idempotencyKey)).toBe(1);
    expect((await p.cardById(em(), 'default'))?.connection).toEqual(rail.connection);
    await rail.acquirer.close();
  });

  it('without a connection or a default: 409 processor_not_configured', async () => {
    const err = await processors().cardFor(em(), await company()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'processor_not_configured' });
  });
});
