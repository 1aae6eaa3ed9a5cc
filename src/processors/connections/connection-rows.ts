import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { open, seal } from '../../cards/card-vault.crypto';
import { deriveVaultKey, type VaultKey } from '../../cards/card-vault.key';
import { Company } from '../../companies/company.entity';
import { ApiError, conflict, notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { ProcessorConnection, type ConnectionSettings } from './processor-connection.entity';
import { connectionVersion, DEFAULT_CONNECTION_ID, type ProcessorRail } from './processor-connections.rules';

/**
 * The row and sealing code every rail's connections share: one row per company and rail, its
 * secrets one sealed JSON bound to the row's id, its version changed by every write.
 */

/** The derivation purpose of the key that seals connections' secrets: no other use of the vault key shares it. */
const SECRETS_KEY_PURPOSE = 'lastro processor connection secrets';

/**
 * The vault key, or how to get it: read only when a stored connection is opened, so a deployment
 * whose companies all use the default (configuration, no sealed row) needs no CARD_VAULT_KEY for it.
 */
export type VaultKeySource = VaultKey | (() => VaultKey);

const keyOf = (source: VaultKeySource): VaultKey => (typeof source === 'function' ? source() : source);

const RAIL_NAMES: Record<'pix' | 'card' | 'boleto', string> = { pix: 'Pix', card: 'card', boleto: 'boleto' };

/** 409 when a company has no processor for a method and the deployment has no default either. */
export function processorNotConfigured(rail: 'pix' | 'card' | 'boleto'): ApiError {
  return conflict('processor_not_configured', `No ${RAIL_NAMES[rail]} processor is connected for this company: an operator connects one with \`lastro processors connect ${rail}\``);
}

/** The company's row for a rail, or null; 404 when the company does not exist. */
export async function existingConnection(em: EntityManager, companyId: string, rail: ProcessorRail): Promise<ProcessorConnection | null> {
  if ((await em.count(Company, { id: companyId, deletedAt: null })) === 0) throw notFound('Company');
  return em.findOne(ProcessorConnection, { companyId, rail });
}

export interface ConnectionWrite<S extends ConnectionSettings, T> {
  companyId: string;
  rail: ProcessorRail;
  adapter: string;
  settings: S;
  secrets: T;
  callbackIdentity?: string | null;
}

/**
 * Writes a company's connection for a rail: `existing` (from `existingConnection`) replaced
 * whole, else a new row; `secrets` sealed under the vault key. 409 when another connect of the
 * company's rail wins the race.
 */
export async function storeConnection<S extends ConnectionSettings, T>(em: EntityManager, vaultKey: VaultKey, existing: ProcessorConnection | null, w: ConnectionWrite<S, T>): Promise<ProcessorConnection> {
  const row = existing ?? em.create(ProcessorConnection, { id: newId('pcn'), companyId: w.companyId, rail: w.rail, adapter: w.adapter, settings: w.settings, secrets: Buffer.alloc(0), keyId: vaultKey.id });
  row.adapter = w.adapter;
  row.settings = w.settings;
  row.secrets = seal(secretsKey(vaultKey), secretsAad(row.id), JSON.stringify(w.secrets));
  row.keyId = vaultKey.id;
  row.callbackIdentity = w.callbackIdentity ?? null;
  // Strictly later than the last change, even within one millisecond: the version must change.
  row.updatedAt = new Date(Math.max(Date.now(), existing ? existing.updatedAt.getTime() + 1 : 0));
  try {
    await em.flush();
  } catch (err) {
    // Two connects of one company at once: the second insert meets the first's row.
    if (err instanceof UniqueConstraintViolationException) throw conflict('processor_connection_conflict', 'Another connection of this company was made at the same time: run the command again');
    throw err;
  }
  return row;
}

export function openSecrets<T>(row: ProcessorConnection, vaultKey: VaultKeySource): T {
  const key = keyOf(vaultKey);
  if (row.keyId !== key.id) {
    throw new Error(`Processor connection ${row.id} was sealed with vault key ${row.keyId}, this process has key ${key.id} (CARD_VAULT_KEY differs between processes?)`);
  }
  return JSON.parse(open(secretsKey(key), secretsAad(row.id), row.secrets, `secrets of ${row.id}`)) as T;
}

/** How a rail's rows and deployment default become its connections. */
export interface RailConnections<C> {
  rail: 'pix' | 'card' | 'boleto';
  open(row: ProcessorConnection, vaultKey: VaultKeySource): C;
  fallback(): C | null;
}

/**
 * The connection a company's payments on a rail use: its own, else the deployment default (in
 * both modes: the default is what the operator configured for this deployment), else 409
 * processor_not_configured.
 */
export async function connectionOf<C>(em: EntityManager, vaultKey: VaultKeySource, r: RailConnections<C>, companyId: string): Promise<C> {
  const row = await em.findOne(ProcessorConnection, { companyId, rail: r.rail });
  if (row) return r.open(row, vaultKey);
  const fallback = r.fallback();
  if (fallback) return fallback;
  throw processorNotConfigured(r.rail);
}

/** A rail's connection by id (`default`: the deployment default); null when there is no such connection. */
export async function connectionById<C>(em: EntityManager, vaultKey: VaultKeySource, r: RailConnections<C>, id: string): Promise<C | null> {
  if (id === DEFAULT_CONNECTION_ID) return r.fallback();
  const row = await em.findOne(ProcessorConnection, { id, rail: r.rail });
  return row ? r.open(row, vaultKey) : null;
}

/** Who a row's connection is and which version of it: the fields every rail's connection starts with. */
export function rowIdentity(row: ProcessorConnection): { id: string; companyId: string; version: string } {
  return { id: row.id, companyId: row.companyId, version: connectionVersion(row.id, row.updatedAt) };
}

/** The version of a deployment default: changes with any of its values; a digest, so it names no secret. */
export function defaultVersion(d: object): string {
  return `${DEFAULT_CONNECTION_ID}:${createHash('sha256').update(JSON.stringify(d)).digest('hex').slice(0, 16)}`;
}

const secretsKey = (vaultKey: VaultKey): Buffer => deriveVaultKey(vaultKey, SECRETS_KEY_PURPOSE);
const secretsAad = (id: string): string => `${id}:secrets`;
