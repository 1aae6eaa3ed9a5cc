import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { VaultKey } from '../../cards/card-vault.key';
import { iso } from '../../db/base.entity';
import { conflict, validationError } from '../../http/errors';
import { connectionById, connectionOf, defaultVersion, existingConnection, openSecrets, rowIdentity, storeConnection, type RailConnections, type VaultKeySource } from './connection-rows';
import type { PixConnection, ProcessorsConfig } from './pix-connection';
import { ProcessorConnection, type ApiPixSecrets, type ApiPixSettings, type ConnectionSettings } from './processor-connection.entity';
import { DEFAULT_CONNECTION_ID, type ProcessorRail } from './processor-connections.rules';
import { connectPixInput, type ConnectPixInput } from './processor-connections.schemas';
import { certificateSummary } from './tls-material';

export { processorNotConfigured, type VaultKeySource } from './connection-rows';

export type ProcessorsConfigHolder = { processors: ProcessorsConfig };

/** A connection as an operator may see it: everything but the secrets. */
export interface ProcessorConnectionView {
  id: string;
  companyId: string;
  rail: ProcessorRail;
  adapter: string;
  settings: ConnectionSettings;
  hasClientCertificate: boolean;
  callbackIdentity: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Connects a company's Pix PSP, or replaces its connection: settings and secrets are replaced
 * whole (a reconnect without `cert` drops the certificate), the callback secret is kept so the
 * webhook registered at the PSP stays valid, unless `rotateCallbackSecret`. `created`: no
 * connection existed. 400 validation_failed on a bad input, 404 for an unknown company.
 */
export async function connectPix(em: EntityManager, vaultKey: VaultKey, companyId: string, input: ConnectPixInput): Promise<{ connection: PixConnection; created: boolean }> {
  const parsed = connectPixInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const i = parsed.data;
  const existing = await existingConnection(em, companyId, 'pix');
  if (existing && !i.rotateCallbackSecret && existing.keyId !== vaultKey.id) {
    throw conflict('vault_key_changed', `Connection ${existing.id} was sealed with vault key ${existing.keyId}, this process has ${vaultKey.id}: its callback secret cannot be kept; reconnect with a new one (--rotate-callback-secret) and register the new callback URL`);
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
  const row = await storeConnection(em, vaultKey, existing, { companyId, rail: 'pix', adapter: 'api_pix', settings, secrets, callbackIdentity: i.callbackIdentity });
  return { connection: toPixConnection(row, secrets), created: !existing };
}

/** Removes a company's connection for a rail (its secrets with it); false when there was none. */
export async function disconnect(em: EntityManager, companyId: string, rail: ProcessorRail): Promise<boolean> {
  const removed = await em.nativeDelete(ProcessorConnection, { companyId, rail });
  return removed > 0;
}

/** The stored connections, of one company or of all, without their secrets. */
export async function listConnections(em: EntityManager, companyId?: string): Promise<ProcessorConnectionView[]> {
  const rows = await em.find(ProcessorConnection, companyId ? { companyId } : {}, { orderBy: { companyId: 'asc', rail: 'asc' } });
  return rows.map(connectionView);
}

export function connectionView(row: ProcessorConnection): ProcessorConnectionView {
  return {
    id: row.id,
    companyId: row.companyId,
    rail: row.rail,
    adapter: row.adapter,
    settings: row.settings,
    hasClientCertificate: 'clientCertificate' in row.settings,
    callbackIdentity: row.callbackIdentity,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const pixConnections = (config: ProcessorsConfigHolder): RailConnections<PixConnection> => ({
  rail: 'pix',
  open: openPixConnection,
  fallback: () => defaultPixConnection(config),
});

/** The Pix connection a company's charges use: its own, else the deployment default, else 409 processor_not_configured. */
export async function pixConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string; mode: 'sandbox' | 'production' }): Promise<PixConnection> {
  return connectionOf(em, vaultKey, pixConnections(config), company.id);
}

/** A Pix connection by id (`default`: the deployment default); null when there is no such connection. */
export async function pixConnectionById(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, id: string): Promise<PixConnection | null> {
  return connectionById(em, vaultKey, pixConnections(config), id);
}

/** Every Pix connection, the deployment default first: what the reconciliation run walks. */
export async function allPixConnections(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder): Promise<PixConnection[]> {
  const rows = await em.find(ProcessorConnection, { rail: 'pix' }, { orderBy: { id: 'asc' } });
  const fallback = defaultPixConnection(config);
  return [...(fallback ? [fallback] : []), ...rows.map((row) => openPixConnection(row, vaultKey))];
}

/** The deployment default as a connection, or null when the deployment has none. */
export function defaultPixConnection(config: ProcessorsConfigHolder): PixConnection | null {
  const d = config.processors.pix;
  if (!d) return null;
  return {
    id: DEFAULT_CONNECTION_ID,
    companyId: null,
    adapter: 'api_pix',
    baseUrl: d.baseUrl,
    tokenUrl: d.tokenUrl,
    clientId: d.clientId,
    clientSecret: d.clientSecret,
    ...(d.scopes ? { scopes: d.scopes } : {}),
    ...(d.tls ? { tls: d.tls } : {}),
    chave: d.chave,
    callbackSecret: d.callbackSecret,
    callbackIdentity: d.callbackIdentity,
    version: defaultVersion(d),
  };
}

/** The deployment default as an operator may see it (it has no row, so no company and no timestamps). */
export type DefaultConnectionView = Pick<ProcessorConnectionView, 'id' | 'adapter' | 'settings' | 'hasClientCertificate' | 'callbackIdentity'>;

/** The deployment default without its secrets, for `lastro processors list`. */
export function defaultConnectionView(config: ProcessorsConfigHolder): DefaultConnectionView | null {
  const d = config.processors.pix;
  if (!d) return null;
  return {
    id: DEFAULT_CONNECTION_ID,
    adapter: 'api_pix',
    settings: {
      baseUrl: d.baseUrl,
      tokenUrl: d.tokenUrl,
      clientId: d.clientId,
      chave: d.chave,
      ...(d.scopes ? { scopes: d.scopes } : {}),
      ...(d.tls ? { clientCertificate: certificateSummary(d.tls.cert) } : {}),
    },
    hasClientCertificate: Boolean(d.tls),
    callbackIdentity: d.callbackIdentity,
  };
}

function openPixConnection(row: ProcessorConnection, vaultKey: VaultKeySource): PixConnection {
  return toPixConnection(row, openSecrets<ApiPixSecrets>(row, vaultKey));
}

function toPixConnection(row: ProcessorConnection, secrets: ApiPixSecrets): PixConnection {
  const s = row.settings as ApiPixSettings;
  const { id, companyId, version } = rowIdentity(row);
  return {
    id,
    companyId,
    adapter: 'api_pix',
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl,
    clientId: s.clientId,
    clientSecret: secrets.clientSecret,
    ...(s.scopes ? { scopes: s.scopes } : {}),
    ...(secrets.cert && secrets.key ? { tls: { cert: secrets.cert, key: secrets.key, ...(secrets.ca ? { ca: secrets.ca } : {}) } } : {}),
    chave: s.chave,
    callbackSecret: secrets.callbackSecret,
    callbackIdentity: row.callbackIdentity,
    version,
  };
}
