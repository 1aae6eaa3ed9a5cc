import { createHash, randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { open, seal } from '../../cards/card-vault.crypto';
import { deriveVaultKey, type VaultKey } from '../../cards/card-vault.key';
import { Company } from '../../companies/company.entity';
import { iso } from '../../db/base.entity';
import { ApiError, conflict, notFound, validationError } from '../../http/errors';
import { newId } from '../../shared/ids';
import type { PixConnection, PixDefaultConfig, ProcessorsConfig } from './pix-connection';
import { ProcessorConnection, type ApiPixSecrets, type ApiPixSettings } from './processor-connection.entity';
import { connectionVersion, DEFAULT_CONNECTION_ID, type ProcessorRail } from './processor-connections.rules';
import { connectPixInput, type ConnectPixInput } from './processor-connections.schemas';
import { certificateSummary } from './tls-material';

/** The derivation purpose of the key that seals connections' secrets: no other use of the vault key shares it. */
const SECRETS_KEY_PURPOSE = 'lastro processor connection secrets';

type ProcessorsConfigHolder = { processors: ProcessorsConfig };

/** 409 when a company has no processor for a method and the deployment has no default either. */
export function processorNotConfigured(rail: 'pix'): ApiError {
  const method = { pix: 'Pix' }[rail];
  return conflict('processor_not_configured', `No ${method} processor is connected for this company: an operator connects one with \`lastro processors connect ${rail}\``);
}

/** A connection as an operator may see it: everything but the secrets. */
export interface ProcessorConnectionView {
  id: string;
  companyId: string;
  rail: ProcessorRail;
  adapter: string;
  settings: ApiPixSettings;
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
  if ((await em.count(Company, { id: companyId, deletedAt: null })) === 0) throw notFound('Company');

  const existing = await em.findOne(ProcessorConnection, { companyId, rail: 'pix' });
  if (existing && !i.rotateCallbackSecret && existing.keyId !== vaultKey.id) {
    throw conflict('vault_key_changed', `Connection ${existing.id} was sealed with vault key ${existing.keyId}, this process has ${vaultKey.id}: its callback secret cannot be kept; reconnect with a new one (--rotate-callback-secret) and register the new callback URL`);
  }
  const row = existing ?? em.create(ProcessorConnection, { id: newId('pcn'), companyId, rail: 'pix', adapter: 'api_pix', settings: {} as ApiPixSettings, secrets: Buffer.alloc(0), keyId: vaultKey.id });
  const keptSecret = existing && !i.rotateCallbackSecret ? openSecrets(existing, vaultKey).callbackSecret : undefined;
  const secrets: ApiPixSecrets = {
    clientSecret: i.clientSecret,
    ...(i.cert && i.key ? { cert: i.cert, key: i.key, ...(i.ca ? { ca: i.ca } : {}) } : {}),
    callbackSecret: keptSecret ?? randomBytes(32).toString('base64url'),
  };
  row.adapter = 'api_pix';
  row.settings = {
    baseUrl: i.baseUrl,
    tokenUrl: i.tokenUrl,
    clientId: i.clientId,
    chave: i.chave,
    ...(i.scopes ? { scopes: i.scopes } : {}),
    ...(i.cert ? { clientCertificate: certificateSummary(i.cert) } : {}),
  };
  row.secrets = seal(secretsKey(vaultKey), secretsAad(row.id), JSON.stringify(secrets));
  row.keyId = vaultKey.id;
  row.callbackIdentity = i.callbackIdentity ?? null;
  // Strictly later than the last change, even within one millisecond: the version must change.
  row.updatedAt = new Date(Math.max(Date.now(), existing ? existing.updatedAt.getTime() + 1 : 0));
  try {
    await em.flush();
  } catch (err) {
    // Two connects of one company at once: the second insert meets the first's row.
    if (err instanceof UniqueConstraintViolationException) throw conflict('processor_connection_conflict', 'Another connection of this company was made at the same time: run the command again');
    throw err;
  }
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
    hasClientCertificate: Boolean(row.settings.clientCertificate),
    callbackIdentity: row.callbackIdentity,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * The vault key, or how to get it: read only when a stored connection is opened, so a deployment
 * whose companies all use the default (configuration, no sealed row) needs no CARD_VAULT_KEY for Pix.
 */
export type VaultKeySource = VaultKey | (() => VaultKey);

/**
 * The Pix connection a company's charges use: its own, else the deployment default (in both
 * modes: the default is what the operator configured for this deployment), else 409
 * processor_not_configured.
 */
export async function pixConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string; mode: 'sandbox' | 'production' }): Promise<PixConnection> {
  const row = await em.findOne(ProcessorConnection, { companyId: company.id, rail: 'pix' });
  if (row) return openPixConnection(row, vaultKey);
  const fallback = defaultPixConnection(config);
  if (fallback) return fallback;
  throw processorNotConfigured('pix');
}

/** A Pix connection by id (`default`: the deployment default); null when there is no such connection. */
export async function pixConnectionById(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, id: string): Promise<PixConnection | null> {
  if (id === DEFAULT_CONNECTION_ID) return defaultPixConnection(config);
  const row = await em.findOne(ProcessorConnection, { id, rail: 'pix' });
  return row ? openPixConnection(row, vaultKey) : null;
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
    version: `${DEFAULT_CONNECTION_ID}:${defaultFingerprint(d)}`,
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

/** Changes with any of the default's values; a digest, so the version names no secret. */
function defaultFingerprint(d: PixDefaultConfig): string {
  return createHash('sha256').update(JSON.stringify(d)).digest('hex').slice(0, 16);
}

function openPixConnection(row: ProcessorConnection, vaultKey: VaultKeySource): PixConnection {
  return toPixConnection(row, openSecrets(row, typeof vaultKey === 'function' ? vaultKey() : vaultKey));
}

function toPixConnection(row: ProcessorConnection, secrets: ApiPixSecrets): PixConnection {
  const s = row.settings;
  return {
    id: row.id,
    companyId: row.companyId,
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
    version: connectionVersion(row.id, row.updatedAt),
  };
}

function openSecrets(row: ProcessorConnection, vaultKey: VaultKey): ApiPixSecrets {
  if (row.keyId !== vaultKey.id) {
    throw new Error(`Processor connection ${row.id} was sealed with vault key ${row.keyId}, this process has key ${vaultKey.id} (CARD_VAULT_KEY differs between processes?)`);
  }
  return JSON.parse(open(secretsKey(vaultKey), secretsAad(row.id), row.secrets, `secrets of ${row.id}`)) as ApiPixSecrets;
}

const secretsKey = (vaultKey: VaultKey): Buffer => deriveVaultKey(vaultKey, SECRETS_KEY_PURPOSE);
const secretsAad = (id: string): string => `${id}:secrets`;
