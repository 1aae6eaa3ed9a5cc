import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { VaultKey } from '../../cards/card-vault.key';
import { conflict, validationError, type ApiError } from '../../http/errors';
import { EFI_PAYOUT_SCOPES } from '../payouts/efi/efi.connection';
import { connectionById, connectionOf, defaultVersion, existingConnection, openSecrets, rowIdentity, storeConnection, type RailConnections, type VaultKeySource } from './connection-rows';
import { PAYOUT_ADAPTERS, type PayoutConnection } from './payout-connection';
import type { ApiPixSecrets, ApiPixSettings, ProcessorConnection } from './processor-connection.entity';
import { DEFAULT_CONNECTION_ID } from './processor-connections.rules';
import { connectPixInput, type ConnectPixInput } from './processor-connections.schemas';
import type { DefaultConnectionView, ProcessorsConfigHolder } from './processor-connections.service';
import { certificateSummary } from './tls-material';

/**
 * A company's payout provider: one `payout` row per company, kept as a Pix connection is (the
 * same settings in clear, the OAuth2 client secret, mTLS PEMs and callback secret sealed),
 * because Efí's Pix Envio is reached like its API Pix. What withdrawals and boleto refund
 * transfers use: the company's own, else the deployment default (PAYOUT_PROVIDER_*), else 409.
 */

export type ConnectPayoutInput = { adapter: string } & Omit<ConnectPixInput, 'callbackIdentity'>;
const adapterInput = z.object({ adapter: z.enum(PAYOUT_ADAPTERS) });

export function payoutNotConfigured(): ApiError {
  return conflict('processor_not_configured', 'No payout processor is connected for this company: an operator connects one with `lastro processors connect payout`');
}

/** Connects (or replaces whole) a company's payout provider; the callback secret is kept unless `rotateCallbackSecret`. */
export async function connectPayout(em: EntityManager, vaultKey: VaultKey, companyId: string, input: ConnectPayoutInput): Promise<{ connection: PayoutConnection; created: boolean }> {
  const { adapter, ...rest } = input;
  const a = adapterInput.safeParse({ adapter });
  if (!a.success) throw validationError(a.error, 'body');
  const parsed = connectPixInput.safeParse({ scopes: EFI_PAYOUT_SCOPES, ...rest });
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const i = parsed.data;
  const existing = await existingConnection(em, companyId, 'payout');
  if (existing && !i.rotateCallbackSecret && existing.keyId !== vaultKey.id) {
    throw conflict('vault_key_changed', `Connection ${existing.id} was sealed with vault key ${existing.keyId}, this process has ${vaultKey.id}: reconnect with a new callback secret (--rotate-callback-secret)`);
  }
  const keptSecret = existing && !i.rotateCallbackSecret ? openSecrets<ApiPixSecrets>(existing, vaultKey).callbackSecret : undefined;
  const secrets: ApiPixSecrets = {
    clientSecret: i.clientSecret,
    ...(i.cert && i.key ? { cert: i.cert, key: i.key, ...(i.ca ? { ca: i.ca } : {}) } : {}),
    callbackSecret: keptSecret ?? randomBytes(32).toString('base64url'),
  };
  const settings: ApiPixSettings = {
    baseUrl: i.baseUrl,
    tokenUrl: i.tokenUrl,
    clientId: i.clientId,
    chave: i.chave,
    ...(i.scopes ? { scopes: i.scopes } : {}),
    ...(i.cert ? { clientCertificate: certificateSummary(i.cert) } : {}),
  };
  const row = await storeConnection(em, vaultKey, existing, { companyId, rail: 'payout', adapter: a.data.adapter, settings, secrets });
  return { connection: toPayoutConnection(row, secrets), created: !existing };
}

const payoutConnections = (config: ProcessorsConfigHolder): RailConnections<PayoutConnection> => ({
  // connection-rows names the rails it knows in its types; the payout rows are the same rows.
  rail: 'payout' as RailConnections<PayoutConnection>['rail'],
  open: (row, vaultKey) => toPayoutConnection(row, openSecrets<ApiPixSecrets>(row, vaultKey)),
  fallback: () => defaultPayoutConnection(config),
});

/** The payout connection of a company: its own, else the deployment default, else 409 processor_not_configured naming payouts. */
export async function payoutConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string }): Promise<PayoutConnection> {
  try {
    return await connectionOf(em, vaultKey, payoutConnections(config), company.id);
  } catch (err) {
    if ((err as ApiError).code === 'processor_not_configured') throw payoutNotConfigured();
    throw err;
  }
}

/** A payout connection by id (`default`: the deployment default); null when there is none. */
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
  if (!d) return null;
  const settings: ApiPixSettings = { baseUrl: d.baseUrl, tokenUrl: d.tokenUrl, clientId: d.clientId, chave: d.chave, ...(d.scopes ? { scopes: d.scopes } : {}) };
  return { id: DEFAULT_CONNECTION_ID, adapter: 'efi', settings, hasClientCertificate: Boolean(d.tls), callbackIdentity: null };
}

function toPayoutConnection(row: ProcessorConnection, secrets: ApiPixSecrets): PayoutConnection {
  const s = row.settings as ApiPixSettings;
  const { id, companyId, version } = rowIdentity(row);
  return {
    id,
    companyId,
    adapter: 'efi',
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl,
    clientId: s.clientId,
    clientSecret: secrets.clientSecret,
    chave: s.chave,
    ...(s.scopes ? { scopes: s.scopes } : {}),
    ...(secrets.cert && secrets.key ? { tls: { cert: secrets.cert, key: secrets.key, ...(secrets.ca ? { ca: secrets.ca } : {}) } } : {}),
    callbackSecret: secrets.callbackSecret,
    version,
  };
}
