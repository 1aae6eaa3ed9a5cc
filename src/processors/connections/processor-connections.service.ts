import type { EntityManager } from '@mikro-orm/postgresql';
import type { VaultKey } from '../../cards/card-vault.key';
import { iso } from '../../db/base.entity';
import { validationError } from '../../http/errors';
import type { ApiPixConnection } from '../pix/api-pix/api-pix.connection';
import { allConnections, connectionById, connectionOf, defaultVersion, keptCallbackSecret, openSecrets, retireConnection, rowIdentity, storeConnection, type ActiveConnectionRows, type RailConnections, type VaultKeySource } from './connection-rows';
import type { PixConnection, ProcessorsConfig } from './pix-connection';
import { ProcessorConnection, type ApiPixSecrets, type ApiPixSettings, type ConnectionSettings } from './processor-connection.entity';
import { DEFAULT_CONNECTION_ID, type ProcessorRail } from './processor-connections.rules';
import { connectPixInput, type ConnectPixInput, type ConnectPixParsed } from './processor-connections.schemas';
import { certificateSummary } from './tls-material';
import type { PixReceiverAccount } from '../pix/pix-psp.port';

export { processorNotConfigured, type VaultKeySource } from './connection-rows';

export type ProcessorsConfigHolder = { processors: ProcessorsConfig };

/**
 * A Pix connection's settings as an operator sees them: the receiving account Pix Automático
 * charges settle into (agência, conta, tipoConta) always named, null when unset (a mandate start
 * is then 409 pix_receiver_account_missing).
 */
export type PixSettingsView = Omit<ApiPixSettings, 'receiverAccount'> & { receiverAccount: PixReceiverAccount | null };

/** A connection as an operator may see it: everything but the secrets. */
export interface ProcessorConnectionView {
  id: string;
  companyId: string;
  rail: ProcessorRail;
  adapter: string;
  settings: ConnectionSettings | PixSettingsView;
  hasClientCertificate: boolean;
  callbackIdentity: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the company disconnected it or moved the rail to another account; null for the connection new payments use. */
  retiredAt: string | null;
}

/**
 * Connects a company's Pix PSP: settings and secrets replaced whole (a reconnect without `cert`
 * drops the certificate). The same account (PSP and chave) updates its row; another retires it
 * (storeConnection). The callback secret of the row written is kept, so the webhook registered at
 * the PSP stays valid, unless `rotateCallbackSecret`. `created`: a new row (a new callback
 * secret). 400 validation_failed on a bad input, 404 for an unknown company.
 */
export async function connectPix(em: EntityManager, vaultKey: VaultKey, companyId: string, input: ConnectPixInput): Promise<{ connection: PixConnection; created: boolean }> {
  const parsed = connectPixInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const i = parsed.data;
  const { row, secrets, created } = await storeConnection(em, vaultKey, {
    companyId,
    rail: 'pix',
    adapter: 'api_pix',
    settings: apiPixSettings(i),
    accountOf: apiPixAccount,
    secrets: (target, key) => apiPixSecrets(i, keptCallbackSecret(target, key, i.rotateCallbackSecret)),
    callbackIdentity: i.callbackIdentity,
  });
  return { connection: toPixConnection(row, secrets), created };
}

/** What an API Pix-style account keeps in clear (a Pix PSP's, and Efí's payout account, reached alike). */
export function apiPixSettings(i: ConnectPixParsed): ApiPixSettings {
  return {
    baseUrl: i.baseUrl,
    tokenUrl: i.tokenUrl,
    clientId: i.clientId,
    chave: i.chave,
    ...(i.scopes ? { scopes: i.scopes } : {}),
    ...(i.cert ? { clientCertificate: certificateSummary(i.cert) } : {}),
    ...(i.receiverAccount ? { receiverAccount: i.receiverAccount } : {}),
  };
}

/** What an API Pix-style account seals: the client secret, the mTLS PEMs, the callback secret. */
export function apiPixSecrets(i: ConnectPixParsed, callbackSecret: string): ApiPixSecrets {
  return { clientSecret: i.clientSecret, ...(i.cert && i.key ? { cert: i.cert, key: i.key, ...(i.ca ? { ca: i.ca } : {}) } : {}), callbackSecret };
}

/** The account an API Pix-style connection is: the PSP and the receiver's (or sender's) key; a new client or certificate is a rotation. */
export const apiPixAccount = (s: ApiPixSettings): string => `${s.baseUrl} ${s.chave}`;

/** How an adapter reaches an API Pix-style account: OAuth2 client credentials, over mutual TLS when the row has a certificate. */
export function apiPixTransport(s: ApiPixSettings, secrets: ApiPixSecrets): ApiPixConnection {
  return {
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl,
    clientId: s.clientId,
    clientSecret: secrets.clientSecret,
    ...(s.scopes ? { scopes: s.scopes } : {}),
    ...(secrets.cert && secrets.key ? { tls: { cert: secrets.cert, key: secrets.key, ...(secrets.ca ? { ca: secrets.ca } : {}) } } : {}),
  };
}

/**
 * Retires a company's connection for a rail (`lastro processors disconnect`): new payments use
 * the deployment default, else get 409 processor_not_configured; payments, boletos and
 * withdrawals made under it keep resolving it by id, its secrets with it. False when there was none.
 */
export async function disconnect(em: EntityManager, companyId: string, rail: ProcessorRail): Promise<boolean> {
  return retireConnection(em, companyId, rail);
}

/** The stored connections, of one company or of all, retired ones too (after the active ones), without their secrets. */
export async function listConnections(em: EntityManager, companyId?: string): Promise<ProcessorConnectionView[]> {
  const rows = await em.find(ProcessorConnection, companyId ? { companyId } : {}, { orderBy: { companyId: 'asc', rail: 'asc', retiredAt: 'desc nulls first' } });
  return rows.map(connectionView);
}

export function connectionView(row: ProcessorConnection): ProcessorConnectionView {
  return {
    id: row.id,
    companyId: row.companyId,
    rail: row.rail,
    adapter: row.adapter,
    settings: row.rail === 'pix' ? { ...(row.settings as ApiPixSettings), receiverAccount: (row.settings as ApiPixSettings).receiverAccount ?? null } : row.settings,
    hasClientCertificate: 'clientCertificate' in row.settings,
    callbackIdentity: row.callbackIdentity,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    retiredAt: row.retiredAt ? iso(row.retiredAt) : null,
  };
}

const pixConnections = (config: ProcessorsConfigHolder): RailConnections<PixConnection> => ({
  rail: 'pix',
  open: (row, vaultKey) => toPixConnection(row, openSecrets<ApiPixSecrets>(row, vaultKey)),
  fallback: () => defaultPixConnection(config),
});

/** The Pix connection a company's charges use: its own, else the deployment default, else 409 processor_not_configured. */
export async function pixConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string; mode: 'sandbox' | 'production' }, active?: ActiveConnectionRows): Promise<PixConnection> {
  return connectionOf(em, vaultKey, pixConnections(config), company.id, active);
}

/** A Pix connection by id (`default`: the deployment default), retired or not; null when there is no such connection. */
export async function pixConnectionById(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, id: string): Promise<PixConnection | null> {
  return connectionById(em, vaultKey, pixConnections(config), id);
}

/** Every Pix connection (retired ones too), the deployment default first: what the reconciliation run walks. */
export async function allPixConnections(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder): Promise<PixConnection[]> {
  return allConnections(em, vaultKey, pixConnections(config));
}

/** The deployment default as a connection, or null when the deployment has none. */
export function defaultPixConnection(config: ProcessorsConfigHolder): PixConnection | null {
  const d = config.processors.pix;
  if (!d) return null;
  return { id: DEFAULT_CONNECTION_ID, companyId: null, adapter: 'api_pix', ...d, receiverAccount: d.receiverAccount ?? null, version: defaultVersion(d) };
}

/** The deployment default as an operator may see it (it has no row, so no company and no timestamps). */
export type DefaultConnectionView = Pick<ProcessorConnectionView, 'id' | 'adapter' | 'settings' | 'hasClientCertificate' | 'callbackIdentity'>;

/** The deployment default without its secrets, for `lastro processors list`: its receiving account from PIX_PSP_RECEIVER_*. */
export function defaultConnectionView(config: ProcessorsConfigHolder): DefaultConnectionView | null {
  const d = config.processors.pix;
  if (!d) return null;
  const view = apiPixDefaultView('api_pix', d, d.callbackIdentity);
  return { ...view, settings: { ...(view.settings as ApiPixSettings), receiverAccount: d.receiverAccount ?? null } };
}

/** An API Pix-style deployment default (Pix, payouts) without its secrets. */
export function apiPixDefaultView(adapter: string, d: ApiPixConnection & { chave: string }, callbackIdentity: string | null): DefaultConnectionView {
  return {
    id: DEFAULT_CONNECTION_ID,
    adapter,
    settings: {
      baseUrl: d.baseUrl,
      tokenUrl: d.tokenUrl,
      clientId: d.clientId,
      chave: d.chave,
      ...(d.scopes ? { scopes: d.scopes } : {}),
      ...(d.tls ? { clientCertificate: certificateSummary(d.tls.cert) } : {}),
    },
    hasClientCertificate: Boolean(d.tls),
    callbackIdentity,
  };
}

function toPixConnection(row: ProcessorConnection, secrets: ApiPixSecrets): PixConnection {
  const s = row.settings as ApiPixSettings;
  return {
    ...rowIdentity(row),
    adapter: 'api_pix',
    ...apiPixTransport(s, secrets),
    chave: s.chave,
    receiverAccount: s.receiverAccount ?? null,
    callbackSecret: secrets.callbackSecret,
    callbackIdentity: row.callbackIdentity,
  };
}
