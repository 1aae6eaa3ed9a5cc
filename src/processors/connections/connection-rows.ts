import { createHash, randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { open, seal } from '../../cards/card-vault.crypto';
import { deriveVaultKey, type VaultKey } from '../../cards/card-vault.key';
import { Company } from '../../companies/company.entity';
import { ApiError, conflict, notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { prepared, readWithNext } from '../../db/direct-sql-connection';
import { ProcessorConnection, type ConnectionSettings } from './processor-connection.entity';
import { connectionVersion, DEFAULT_CONNECTION_ID, type ProcessorRail } from './processor-connections.rules';

/**
 * The row and sealing code every rail's connections share: one active row per company and rail
 * (retired rows kept for what was made under them), its secrets one sealed JSON bound to the
 * row's id, its version changed by every write.
 */

/** The derivation purpose of the key that seals connections' secrets: no other use of the vault key shares it. */
const SECRETS_KEY_PURPOSE = 'lastro processor connection secrets';

/**
 * The vault key, or how to get it: read only when a stored connection is opened, so a deployment
 * whose companies all use the default (configuration, no sealed row) needs no CARD_VAULT_KEY for it.
 */
export type VaultKeySource = VaultKey | (() => VaultKey);

const keyOf = (source: VaultKeySource): VaultKey => (typeof source === 'function' ? source() : source);

const RAIL_NAMES: Record<ProcessorRail, string> = { pix: 'Pix', card: 'card', boleto: 'boleto', payout: 'payout' };

/** 409 when a company has no processor for a rail and the deployment has no default either. */
export function processorNotConfigured(rail: ProcessorRail): ApiError {
  return conflict('processor_not_configured', `No ${RAIL_NAMES[rail]} processor is connected for this company: an operator connects one with \`lastro processors connect ${rail}\``);
}

/** 404 when the company does not exist (or was deleted). */
async function assertCompany(em: EntityManager, companyId: string): Promise<void> {
  if ((await em.count(Company, { id: companyId, deletedAt: null })) === 0) throw notFound('Company');
}

export interface ConnectionWrite<S extends ConnectionSettings, T> {
  companyId: string;
  rail: ProcessorRail;
  adapter: string;
  settings: S;
  /**
   * The processor account settings name (an acquirer's store, a PSP's key, a BB convênio): what
   * the rail's earlier payments were made at. Same account: its row is updated (a key rotation).
   */
  accountOf(settings: S): string;
  /** The secrets to seal into `target`, the row updated or revived (whose own secrets may be kept), or null for a new row. */
  secrets(target: ProcessorConnection | null, vaultKey: VaultKey): T;
  callbackIdentity?: string | null;
}

/** What `storeConnection` wrote: the row, its secrets in clear, and whether the row is new (its callback secret made now). */
export interface StoredConnection<T> {
  row: ProcessorConnection;
  secrets: T;
  created: boolean;
}

/**
 * Writes a company's connection for a rail, in one transaction. The same account as its active
 * row: that row is updated in place (new credentials; every payment pinned to it uses them from
 * now on). Another account: the active row is retired (kept, with its credentials, for what was
 * made under it) and the account's own row takes over, a retired one of the company revived with
 * the new credentials, else a new row. 409 when another connect of the company's rail wins the race.
 */
export async function storeConnection<S extends ConnectionSettings, T>(em: EntityManager, vaultKey: VaultKey, w: ConnectionWrite<S, T>): Promise<StoredConnection<T>> {
  await assertCompany(em, w.companyId);
  try {
    return await em.transactional(async (tx) => {
      const rows = await tx.find(ProcessorConnection, { companyId: w.companyId, rail: w.rail }, { orderBy: { retiredAt: 'desc nulls first' } });
      const account = w.accountOf(w.settings);
      const sameAccount = (r: ProcessorConnection) => w.accountOf(r.settings as S) === account;
      const active = rows.find((r) => r.retiredAt === null) ?? null;
      const target = active && sameAccount(active) ? active : (rows.find((r) => r.retiredAt !== null && sameAccount(r)) ?? null);
      if (active && active !== target) {
        // Retired by its own statement first: the one-active-row index is checked per statement.
        active.retiredAt = new Date();
        await tx.nativeUpdate(ProcessorConnection, { id: active.id }, { retiredAt: active.retiredAt });
      }
      const secrets = w.secrets(target, vaultKey);
      const row = target ?? tx.create(ProcessorConnection, { id: newId('pcn'), companyId: w.companyId, rail: w.rail, adapter: w.adapter, settings: w.settings, secrets: Buffer.alloc(0), keyId: vaultKey.id });
      row.adapter = w.adapter;
      row.settings = w.settings;
      row.secrets = seal(secretsKey(vaultKey), secretsAad(row.id), JSON.stringify(secrets));
      row.keyId = vaultKey.id;
      row.callbackIdentity = w.callbackIdentity ?? null;
      row.retiredAt = null;
      // Strictly later than the last change, even within one millisecond: the version must change.
      row.updatedAt = new Date(Math.max(Date.now(), target ? target.updatedAt.getTime() + 1 : 0));
      await tx.flush();
      return { row, secrets, created: !target };
    });
  } catch (err) {
    // Two connects of one company at once: the second meets the first's active row.
    if (err instanceof UniqueConstraintViolationException) throw conflict('processor_connection_conflict', 'Another connection of this company was made at the same time: run the command again');
    throw err;
  }
}

/**
 * The callback secret a write seals: `target`'s own (its callback URL, registered at the
 * processor, stays valid), a new one when asked to rotate or when the row is new. 409 when the
 * target was sealed under another vault key, so its secret cannot be kept.
 */
export function keptCallbackSecret(target: ProcessorConnection | null, vaultKey: VaultKey, rotate: boolean | undefined): string {
  if (!target || rotate) return randomBytes(32).toString('base64url');
  if (target.keyId !== vaultKey.id) {
    throw conflict('vault_key_changed', `Connection ${target.id} was sealed with vault key ${target.keyId}, this process has ${vaultKey.id}: its callback secret cannot be kept; reconnect with a new one (--rotate-callback-secret) and register the new callback URL`);
  }
  return openSecrets<{ callbackSecret: string }>(target, vaultKey).callbackSecret;
}

/**
 * Retires a company's active connection for a rail: new payments use the deployment default (or
 * get 409 processor_not_configured); what was made under it still resolves it by id. False when
 * the company had none.
 */
export async function retireConnection(em: EntityManager, companyId: string, rail: ProcessorRail): Promise<boolean> {
  return (await em.nativeUpdate(ProcessorConnection, { companyId, rail, retiredAt: null }, { retiredAt: new Date() })) > 0;
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
  rail: ProcessorRail;
  open(row: ProcessorConnection, vaultKey: VaultKeySource): C;
  fallback(): C | null;
}

/** A company's active connection rows, every rail's, read once when first asked (`activeConnectionRows`). */
export type ActiveConnectionRows = () => Promise<ProcessorConnection[]>;

/**
 * Reads a company's active rows of every rail in one statement, once, for a request that needs
 * several rails (a boleto with its bolepix: the issuer and the PSP). Per request only: a
 * revoked connection is never served from it afterwards.
 */
export function activeConnectionRows(em: EntityManager, companyId: string): ActiveConnectionRows {
  let rows: Promise<ProcessorConnection[]> | undefined;
  // Written out and mapped by hand, never managed: every creation reads them, and the ORM's find
  // (query building, hydration, the identity map) cost more than the statement (docs/performance.md).
  // In a direct transaction it goes with the statements started beside it (`readWithNext`).
  return () => (rows ??= readWithNext<ConnectionRow[]>(em, ACTIVE_CONNECTIONS_SQL, [companyId]).then((r) => r.map(connectionOfRow)));
}

const CONNECTION_COLUMNS = 'id, company_id, rail, adapter, settings, secrets, callback_identity, key_id, retired_at, created_at, updated_at';
// Read by every creation that reaches a processor: prepared once per connection.
const ACTIVE_CONNECTIONS_SQL = prepared(`select ${CONNECTION_COLUMNS} from processor_connections where company_id = ? and retired_at is null`);

interface ConnectionRow {
  id: string;
  company_id: string;
  rail: ProcessorRail;
  adapter: string;
  settings: ConnectionSettings;
  secrets: Buffer;
  callback_identity: string | null;
  key_id: string;
  // timestamptz comes back as text on MikroORM's connection (its type parsers).
  retired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A row read for reading only (`activeConnectionRows`): a plain ProcessorConnection, not in any identity map. */
function connectionOfRow(r: ConnectionRow): ProcessorConnection {
  return Object.assign(new ProcessorConnection(), {
    id: r.id,
    companyId: r.company_id,
    rail: r.rail,
    adapter: r.adapter,
    settings: r.settings,
    secrets: r.secrets,
    callbackIdentity: r.callback_identity,
    keyId: r.key_id,
    retiredAt: r.retired_at === null ? null : new Date(r.retired_at),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  });
}

/**
 * The connection a company's payments on a rail use: its own, else the deployment default (in
 * both modes: the default is what the operator configured for this deployment), else 409
 * processor_not_configured. `active`: the company's rows already read for this request.
 */
export async function connectionOf<C>(em: EntityManager, vaultKey: VaultKeySource, r: RailConnections<C>, companyId: string, active?: ActiveConnectionRows): Promise<C> {
  const row = active ? ((await active()).find((x) => x.rail === r.rail) ?? null) : await em.findOne(ProcessorConnection, { companyId, rail: r.rail, retiredAt: null });
  if (row) return r.open(row, vaultKey);
  const fallback = r.fallback();
  if (fallback) return fallback;
  throw processorNotConfigured(r.rail);
}

/**
 * A rail's connection by id (`default`: the deployment default), retired or not: what a payment,
 * boleto or withdrawal pinned to it is refunded, queried, called back and swept with. Null when
 * there is no such connection.
 */
export async function connectionById<C>(em: EntityManager, vaultKey: VaultKeySource, r: RailConnections<C>, id: string): Promise<C | null> {
  if (id === DEFAULT_CONNECTION_ID) return r.fallback();
  const row = await em.findOne(ProcessorConnection, { id, rail: r.rail });
  return row ? r.open(row, vaultKey) : null;
}

/**
 * Every connection of a rail, the deployment default first, then the rows, retired ones too (a
 * charge opened under a retired row may still be paid, its boletos still need a sweep): what
 * reconciliation runs and sweeps walk.
 */
export async function allConnections<C>(em: EntityManager, vaultKey: VaultKeySource, r: RailConnections<C>): Promise<C[]> {
  const rows = await em.find(ProcessorConnection, { rail: r.rail }, { orderBy: { id: 'asc' } });
  const fallback = r.fallback();
  return [...(fallback ? [fallback] : []), ...rows.map((row) => r.open(row, vaultKey))];
}

/** Who a row's connection is and which version of it: the fields every rail's connection starts with. */
export function rowIdentity(row: ProcessorConnection): { id: string; companyId: string; version: string } {
  return { id: row.id, companyId: row.companyId, version: connectionVersion(row.id, row.updatedAt) };
}

/** The version of a deployment default: changes with any of its values; a digest, so it names no secret. */
export function defaultVersion(d: object): string {
  // Once per configuration object: every card decision resolves the default, and its values never change in place.
  let version = defaultVersions.get(d);
  if (version === undefined) {
    version = `${DEFAULT_CONNECTION_ID}:${createHash('sha256').update(JSON.stringify(d)).digest('hex').slice(0, 16)}`;
    defaultVersions.set(d, version);
  }
  return version;
}

const defaultVersions = new WeakMap<object, string>();

const secretsKey = (vaultKey: VaultKey): Buffer => deriveVaultKey(vaultKey, SECRETS_KEY_PURPOSE);
const secretsAad = (id: string): string => `${id}:secrets`;
