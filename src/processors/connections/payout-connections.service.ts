import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { VaultKey } from '../../cards/card-vault.key';
import { validationError } from '../../http/errors';
import { EFI_PAYOUT_SCOPES } from '../payouts/efi/efi.connection';
import { connectionById, connectionOf, defaultVersion, keptCallbackSecret, openSecrets, rowIdentity, storeConnection, type RailConnections, type VaultKeySource } from './connection-rows';
import { PAYOUT_ADAPTERS, type PayoutConnection } from './payout-connection';
import type { ApiPixSecrets, ApiPixSettings, ProcessorConnection } from './processor-connection.entity';
import { DEFAULT_CONNECTION_ID } from './processor-connections.rules';
import { connectPixInput, type ConnectPixInput } from './processor-connections.schemas';
import { apiPixAccount, apiPixDefaultView, apiPixSecrets, apiPixSettings, apiPixTransport, type DefaultConnectionView, type ProcessorsConfigHolder } from './processor-connections.service';

/**
 * A company's payout provider: one active `payout` row per company, kept as a Pix connection is (the
 * same settings in clear, the OAuth2 client secret, mTLS PEMs and callback secret sealed),
 * because Efí's Pix Envio is reached like its API Pix. What withdrawals and boleto refund
 * transfers use: the company's own, else the deployment default (PAYOUT_PROVIDER_*), else 409.
 */

export type ConnectPayoutInput = { adapter: string } & Omit<ConnectPixInput, 'callbackIdentity'>;
const adapterInput = z.object({ adapter: z.enum(PAYOUT_ADAPTERS) });

/** Connects a company's payout provider account (its key at the provider), as `connectPix` connects a PSP's; the callback secret of the row written is kept unless `rotateCallbackSecret`. */
export async function connectPayout(em: EntityManager, vaultKey: VaultKey, companyId: string, input: ConnectPayoutInput): Promise<{ connection: PayoutConnection; created: boolean }> {
  const { adapter, ...rest } = input;
  const a = adapterInput.safeParse({ adapter });
  if (!a.success) throw validationError(a.error, 'body');
  const parsed = connectPixInput.safeParse({ scopes: EFI_PAYOUT_SCOPES, ...rest });
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const i = parsed.data;
  const { row, secrets, created } = await storeConnection(em, vaultKey, {
    companyId,
    rail: 'payout',
    adapter: a.data.adapter,
    settings: apiPixSettings(i),
    accountOf: apiPixAccount,
    secrets: (target, key) => apiPixSecrets(i, keptCallbackSecret(target, key, i.rotateCallbackSecret)),
  });
  return { connection: toPayoutConnection(row, secrets), created };
}

const payoutConnections = (config: ProcessorsConfigHolder): RailConnections<PayoutConnection> => ({
  rail: 'payout',
  open: (row, vaultKey) => toPayoutConnection(row, openSecrets<ApiPixSecrets>(row, vaultKey)),
  fallback: () => defaultPayoutConnection(config),
});

/** The payout connection of a company: its own, else the deployment default, else 409 processor_not_configured naming payouts. */
export async function payoutConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string }): Promise<PayoutConnection> {
  return connectionOf(em, vaultKey, payoutConnections(config), company.id);
}

/** A payout connection by id (`default`: the deployment default), retired or not; null when there is none. */
export function payoutConnectionById(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, id: string): Promise<PayoutConnection | null> {
  return connectionById(em, vaultKey, payoutConnections(config), id);
}

export function defaultPayoutConnection(config: ProcessorsConfigHolder): PayoutConnection | null {
  const d = config.processors.payout;
  if (!d) return null;
  return { id: DEFAULT_CONNECTION_ID, companyId: null, adapter: 'efi', ...d, version: defaultVersion(d) };
}

/** The deployment's payout provider without its secrets, for `lastro processors list`. */
export function defaultPayoutConnectionView(config: ProcessorsConfigHolder): DefaultConnectionView | null {
  const d = config.processors.payout;
  return d ? apiPixDefaultView('efi', d, null) : null;
}

function toPayoutConnection(row: ProcessorConnection, secrets: ApiPixSecrets): PayoutConnection {
  const s = row.settings as ApiPixSettings;
  return { ...rowIdentity(row), adapter: 'efi', ...apiPixTransport(s, secrets), chave: s.chave, callbackSecret: secrets.callbackSecret };
}
