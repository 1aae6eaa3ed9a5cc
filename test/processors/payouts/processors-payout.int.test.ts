/**
 * `Processors.payoutFor` / `payoutById` and the payout connections against the embedded payout
 * provider (Efí Pix Envio) running as its own process: a company's `payout` row (secrets sealed),
 * or the deployment default from PAYOUT_PROVIDER_*, gives a provider that pays a Pix; a
 * reconnected account is used at once; with neither, 409 processor_not_configured naming payouts.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { generateVaultKey, keyFingerprint } from '../../../src/cards/card-vault.crypto';
import { createCompany } from '../../../src/companies/companies.service';
import { loadConfig } from '../../../src/config';
import { embeddedPayoutProviderEnv } from '../../../src/dev/embedded-payout-provider';
import { ApiError } from '../../../src/http/errors';
import { connectPayout } from '../../../src/processors/connections/payout-connections.service';
import { disconnect } from '../../../src/processors/connections/processor-connections.service';
import { ProcessorConnection } from '../../../src/processors/connections/processor-connection.entity';
import { sendAndAwaitPayout } from '../../../src/processors/payouts/payout-outcome';
import type { PayoutRequest } from '../../../src/processors/payouts/payout-provider.port';
import { createProcessors, type Processors } from '../../../src/processors/processors';
import { useTestDatabase } from '../../helpers/stack';
import type { EmbeddedProcess } from '../embedded-process';
import { startEmbeddedEfi, type EmbeddedEfiInfo } from '../embedded-efi-process';

const em = useTestDatabase();
const vault = generateVaultKey();
const vaultKey = { key: vault, id: keyFingerprint(vault) };

let efi: EmbeddedProcess<EmbeddedEfiInfo>;
beforeAll(async () => {
  efi = await startEmbeddedEfi(['--settle-delay-ms', '10']);
});
afterAll(() => efi?.stop());

const processors = (env: Record<string, string> = {}): Processors => createProcessors(loadConfig({ CARD_VAULT_KEY: vault.toString('base64'), ...env }));
const company = () => createCompany(em(), { name: `Loja ${randomInt(1e6)}`, mode: 'sandbox' });
let counter = 0;
const request = (): PayoutRequest => ({
  id: `wdr${Date.now().toString(36)}${(++counter).toString().padStart(3, '0')}`,
  amount: 1_000,
  currency: 'BRL',
  destination: { bankCode: '260', agency: '1', account: '123456', accountType: 'checking', holderName: 'Maria Silva', holderDocument: '52998224725' },
});
const connectInput = (extra: Record<string, unknown> = {}) => ({ adapter: 'efi', baseUrl: efi.info.baseUrl, tokenUrl: efi.info.tokenUrl, clientId: efi.info.clientId, clientSecret: efi.info.clientSecret, chave: randomUUID(), ...extra });

describe('Processors.payoutFor', () => {
  it("pays through a company's connection row (its secrets sealed); a reconnected account is used at once", async () => {
    const p = processors();
    const c = await company();
    const { connection, created } = await connectPayout(em(), vaultKey, c.id, connectInput());
    expect(created).toBe(true);
    const rail = await p.payoutFor(em(), c);
    expect(rail.connection).toMatchObject({ id: connection.id, companyId: c.id, adapter: 'efi', scopes: 'pix.send gn.pix.send.read webhook.write webhook.read' });
    expect(await sendAndAwaitPayout(rail.provider, request(), { pollMs: 10 })).toMatchObject({ status: 'paid' });
    const row = await em().findOneOrFail(ProcessorConnection, { id: connection.id });
    expect(row.rail).toBe('payout');
    expect(row.secrets.toString('latin1')).not.toContain(efi.info.clientSecret);
    expect(JSON.stringify(row.settings)).not.toContain(efi.info.clientSecret);

    // The client secret replaced by a wrong one: the next resolution speaks with it, and the provider refuses it.
    const again = await connectPayout(em(), vaultKey, c.id, connectInput({ clientSecret: 'wrong-secret', chave: connection.chave }));
    expect(again.created).toBe(false);
    expect(again.connection.callbackSecret).toBe(connection.callbackSecret);
    const reconnected = await p.payoutFor(em(), c);
    await expect(reconnected.provider.get('wdrx')).rejects.toMatchObject({ retryable: false, status: 401 });
    expect((await p.payoutById(em(), connection.id))?.connection.clientSecret).toBe('wrong-secret');
  });

  it('a company without a row uses PAYOUT_PROVIDER_*; without either it is 409 processor_not_configured naming payouts', async () => {
    const c = await company();
    const withDefault = processors(embeddedPayoutProviderEnv(efi.info));
    const rail = await withDefault.payoutFor(em(), c);
    expect(rail.connection).toMatchObject({ id: 'default', companyId: null, adapter: 'efi' });
    expect(await sendAndAwaitPayout(rail.provider, request(), { pollMs: 10 })).toMatchObject({ status: 'paid' });
    const err = await processors().payoutFor(em(), c).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'processor_not_configured', message: expect.stringContaining('lastro processors connect payout') });
    expect(await processors().payoutById(em(), 'default')).toBeNull();
  });

  it('another account (another key) is a connection of its own; after a disconnect new payouts get 409, and a payout sent through a retired account is still read back through it', async () => {
    const p = processors();
    const c = await company();
    const first = await connectPayout(em(), vaultKey, c.id, connectInput());
    const sent = request();
    expect(await sendAndAwaitPayout((await p.payoutFor(em(), c)).provider, sent, { pollMs: 10 })).toMatchObject({ status: 'paid' });
    const second = await connectPayout(em(), vaultKey, c.id, connectInput());
    expect(second.created).toBe(true);
    expect(second.connection.id).not.toBe(first.connection.id);
    expect((await p.payoutFor(em(), c)).connection.id).toBe(second.connection.id);
    expect(await disconnect(em(), c.id, 'payout')).toBe(true);
    await expect(p.payoutFor(em(), c)).rejects.toMatchObject({ status: 409, code: 'processor_not_configured' });
    // The withdrawal pinned to the first account (its payout_connection_id) is still queried there.
    const pinned = await p.payoutById(em(), first.connection.id);
    expect(pinned?.connection).toMatchObject({ id: first.connection.id, chave: first.connection.chave, callbackSecret: first.connection.callbackSecret });
    expect(await pinned!.provider.get(sent.id)).toMatchObject({ status: 'paid' });
  });

  it('refuses a bad connect input with every problem and no value, and an adapter it does not know', async () => {
    const c = await company();
    await expect(connectPayout(em(), vaultKey, c.id, connectInput({ adapter: 'pagarme' }))).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    const err = (await connectPayout(em(), vaultKey, c.id, connectInput({ baseUrl: 'http://efi.example.com', chave: 'nope', clientSecret: 'TOPSECRET' })).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(err.details?.map((d) => d.path).sort()).toEqual(['baseUrl', 'chave']);
    expect(JSON.stringify(err)).not.toContain('TOPSECRET');
  });
});
