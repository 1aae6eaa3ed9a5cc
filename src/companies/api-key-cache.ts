import type { EntityManager, EventArgs, EventSubscriber } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/postgresql';
import { ApiKey, Company, type CompanyRecord } from './company.entity';

/** What a valid API key authenticates: its company (plain, frozen data) and the key's id. */
export interface ApiKeyAuth {
  company: CompanyRecord;
  keyId: string;
}

/** Taken before a lookup reads the database: its answer is kept only if nothing was forgotten meanwhile. */
export interface LookupTicket {
  readonly generation: number;
  readonly startedAt: number;
}

interface Entry {
  auth: ApiKeyAuth;
  expiresAt: number;
}

/**
 * API key (by its SHA-256 digest) → the company it authenticates, in this process, for a
 * short time (`API_KEY_CACHE_TTL_MS`): the key lookup runs on every authenticated request,
 * and its answer rarely changes.
 *
 * - Only valid keys are kept. An unknown key is looked up every time, so a key created by
 *   another process (the CLI) works on its first request; failures are throttled per address.
 * - An answer is kept for the TTL counted from when its lookup *started*, so no process
 *   answers from a row older than the TTL: that is the bound on a change made by another
 *   process (a revocation from the CLI, a setting changed through another API replica).
 * - A change made in this process forgets at once (`forgetKey`, `forgetCompany`), and every
 *   forget also voids the lookups still in flight (the generation): a lookup that read the
 *   row before the change never stores its answer after it.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly maxEntries = 10_000,
  ) {}

  get(hash: string): ApiKeyAuth | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAt) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.auth;
  }

  ticket(): LookupTicket {
    return { generation: this.generation, startedAt: this.now() };
  }

  /** Keeps a lookup's answer unless something was forgotten since its ticket (or caching is off). */
  set(hash: string, auth: ApiKeyAuth, ticket: LookupTicket, ttlMs: number): void {
    if (ttlMs <= 0 || ticket.generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.evict();
    this.entries.delete(hash);
    this.entries.set(hash, { auth, expiresAt: ticket.startedAt + ttlMs });
  }

  forgetKey(hash: string): void {
    this.generation++;
    this.entries.delete(hash);
  }

  forgetCompany(companyId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.auth.company.id === companyId) this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Expired entries first; then the oldest kept (a Map iterates in insertion order). */
  private evict(): void {
    const now = this.now();
    for (const [hash, entry] of this.entries) if (now >= entry.expiresAt) this.entries.delete(hash);
    for (const hash of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(hash);
    }
  }
}

/** The process's cache: every API app of the process reads it, every change made in the process forgets in it. */
export const apiKeyCache = new ApiKeyCache();

/**
 * Runs `forget` now and again when the transaction `em` writes in ends (commit or rollback),
 * so that a lookup running between the change and its commit, which still reads the old row,
 * cannot keep that answer. Outside a transaction the change is already committed: once is
 * enough. The second run happens as the commit resolves, before `transactional` returns to
 * its caller.
 */
export function forgetNowAndAtCommit(em: Pick<EntityManager, 'getTransactionContext'>, forget: () => void): void {
  forget();
  let trx = em.getTransactionContext<Knex.Transaction>();
  while (trx?.parentTransaction) trx = trx.parentTransaction;
  void trx?.executionPromise?.then(forget, forget);
}

/**
 * Forgets what an entity write through the ORM changes (a key revoked, a company's settings or
 * deletion), whoever makes it in this process; raw SQL writes forget themselves
 * (companies.service.ts). Registered once per ORM by the API app (`watchApiKeyWrites`).
 */
class ApiKeyWriteWatcher implements EventSubscriber<Company | ApiKey> {
  getSubscribedEntities() {
    return [Company, ApiKey];
  }

  afterUpdate(args: EventArgs<Company | ApiKey>): void {
    forgetWritten(args);
  }

  afterDelete(args: EventArgs<Company | ApiKey>): void {
    forgetWritten(args);
  }
}

function forgetWritten({ entity, em }: EventArgs<Company | ApiKey>): void {
  if (entity instanceof ApiKey) forgetNowAndAtCommit(em, () => apiKeyCache.forgetKey(entity.hash));
  else forgetNowAndAtCommit(em, () => apiKeyCache.forgetCompany(entity.id));
}

const watched = new WeakSet<object>();

export function watchApiKeyWrites(em: Pick<EntityManager, 'getEventManager'>): void {
  const events = em.getEventManager();
  if (watched.has(events)) return;
  watched.add(events);
  events.registerSubscriber(new ApiKeyWriteWatcher());
}
