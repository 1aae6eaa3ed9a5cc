import type { Configuration, Transaction } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';

/** The part of knex's client a pooled or transaction connection is taken from and given back to. */
type PgConnection = { query(text: string): Promise<unknown> };

interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

type Method = 'all' | 'get' | 'run';

/**
 * MikroORM's PostgreSQL connection, with the written-out statements (`em.execute(sql, params)`,
 * what every hot path runs) sent straight to the connection knex holds for them: the pooled one,
 * or the transaction's. The text sent is the one MikroORM would send (its own `formatQuery`, so
 * the same values inlined the same way, the same `pg_stat_statements` entries), and its errors
 * reach the driver's exception conversion as before; what is skipped is knex's raw builder and
 * runner and the query log (kept whenever query logging is on: then the ORM's own path runs).
 * Per statement, that plumbing cost the API more CPU than the node-postgres client itself
 * (docs/performance.md, "Where the time goes today").
 */
export class DirectSqlConnection extends PostgreSqlConnection {
  override async execute<T = unknown>(queryOrKnex: unknown, params: unknown[] = [], method: Method = 'all', ctx?: Transaction, loggerContext?: Record<string, unknown>): Promise<T> {
    if (ctx instanceof DirectTransaction) return this.executeIn(ctx, queryOrKnex, params, method);
    if (typeof queryOrKnex !== 'string' || this.logger.isEnabled('query')) {
      return super.execute(queryOrKnex as string, params, method, ctx, loggerContext) as Promise<T>;
    }
    // A transaction's client hands out the transaction's connection and releases nothing.
    const client = (ctx ? (ctx as unknown as { client: KnexClient }).client : this.getKnex().client) as KnexClient;
    const connection = await client.acquireConnection();
    try {
      return await this.run<T>(connection, this.textOf(queryOrKnex, params), method);
    } finally {
      if (!ctx) await client.releaseConnection(connection);
    }
  }

  /**
   * Runs `work` in a database transaction of its own on one pooled connection, without
   * MikroORM's (no knex transaction built, no transaction context entered): every statement of
   * the EntityManager it gets runs on that connection (its finds and query builders too, as
   * their text; what it persisted is flushed before the commit, as `em.transactional` does), and
   * a nested `em.transactional` (a savepoint) is refused. BEGIN goes in the same round trip as
   * the first statement, COMMIT in the same round trip as the last write when it was held for it
   * (`executeWithCommit`), else on its own (ROLLBACK when `work` throws).
   */
  async directTransactional<T>(em: EntityManager, work: (em: EntityManager) => Promise<T>): Promise<T> {
    const client = this.getKnex().client as KnexClient;
    const connection = await client.acquireConnection();
    const trx = new DirectTransaction(connection);
    const tem = em.fork({ clear: true });
    tem.setTransactionContext(trx as unknown as Transaction);
    try {
      const result = await work(tem);
      await tem.flush();
      if (trx.begun || trx.held.length > 0) await this.commitDirect(tem, trx);
      return result;
    } catch (err) {
      // A connection whose ROLLBACK fails is in an unknown state: knex's pool discards it instead of handing it out again.
      if (trx.begun) await connection.query('rollback').catch((e: unknown) => Object.assign(connection, { __knex__disposed: e }));
      throw err;
    } finally {
      trx.open = false;
      await client.releaseConnection(connection);
    }
  }

  queryLogging(): boolean {
    return this.logger.isEnabled('query');
  }

  /** Holds `trx`'s last statement for its COMMIT (`executeWithCommit`). */
  holdForCommit(trx: DirectTransaction, sql: string, params: unknown[], mapError: ErrorMap = (err) => err): void {
    if (!trx.open) throw new Error('A direct transaction ended: its EntityManager is used after its work returned');
    trx.held.push({ text: this.textOf(sql, params), mapError });
  }

  private async executeIn<T>(trx: DirectTransaction, queryOrKnex: unknown, params: unknown[], method: Method): Promise<T> {
    if (typeof queryOrKnex !== 'string') throw new Error('A direct transaction runs statements as text: a knex builder has no connection in it');
    if (!trx.open) throw new Error('A direct transaction ended: its EntityManager is used after its work returned');
    // Its error would surface from this statement, where nobody reads it as the held one's.
    if (trx.held.length > 0) throw new Error('A statement held for the commit (executeWithCommit) must be its transaction\'s last');
    const text = this.textOf(queryOrKnex, params);
    if (trx.begun) return this.run<T>(trx.connection, text, method);
    trx.begun = true;
    return this.run<T>(trx.connection, text, method, true);
  }

  /**
   * COMMIT in one round trip with the statements held for it (BEGIN first when none went yet);
   * their error converted as any statement's, then read by their callers (`mapError`). PostgreSQL
   * answers COMMIT with ROLLBACK when a statement of the transaction failed and its error was
   * caught: that throws too, nothing of it was written.
   */
  private async commitDirect(em: EntityManager, trx: DirectTransaction): Promise<void> {
    const held = trx.held.splice(0);
    const texts = [...(trx.begun ? [] : ['begin']), ...held.map((h) => h.text), 'commit'];
    trx.begun = true;
    let results: Array<{ command?: string }>;
    try {
      const res = await this.send(trx.connection, texts.join('; '), held.map((h) => h.text).join('; ') || 'commit');
      results = (texts.length === 1 ? [res] : res) as Array<{ command?: string }>;
    } catch (err) {
      throw held.reduce((e, h) => h.mapError(e), em.getDriver().convertException(err as Error) as unknown);
    }
    if (results.at(-1)?.command === 'ROLLBACK') throw new Error('A direct transaction was rolled back at its commit: a statement in it failed and its error was caught');
  }

  private textOf(sql: string, params: unknown[]): string {
    return this.platform.formatQuery(this.config.get('onQuery')(sql, params), params);
  }

  /** `begin`: BEGIN goes first in the same simple-protocol round trip (the text has its values inlined); the results after its are the statement's. */
  private async run<T>(connection: PgConnection, text: string, method: Method, begin = false): Promise<T> {
    const res = await this.send(connection, begin ? `begin; ${text}` : text, text);
    const own = begin ? (res as unknown[]).slice(1) : res;
    return this.transformRawResult<T>(begin && (own as unknown[]).length === 1 ? (own as unknown[])[0] : own, method);
  }

  /** One round trip; an error names `shown`, the caller's statements without the BEGIN or COMMIT sent with them. */
  private async send(connection: PgConnection, text: string, shown: string): Promise<unknown> {
    try {
      return await connection.query(text);
    } catch (err) {
      // The statement before PostgreSQL's message, as knex writes it: what the log's redaction expects and takes apart.
      if (err instanceof Error) err.message = `${shown.replace(/\\\?/g, '?')} - ${err.message}`;
      throw err;
    }
  }
}

/** What a held statement's caller makes of an error of its commit (its own constraint's, say); other errors unchanged. */
type ErrorMap = (err: unknown) => unknown;

/** The transaction `DirectSqlConnection.directTransactional` holds: its connection, whether BEGIN went, the statements held for its COMMIT. */
class DirectTransaction {
  begun = false;
  open = true;
  readonly held: Array<{ text: string; mapError: ErrorMap }> = [];
  constructor(readonly connection: PgConnection) {}

  /** What MikroORM asks of a transaction context for a nested `transactional` (a savepoint): not offered. */
  transaction(): never {
    throw new Error('A direct transaction has no nested transactions (savepoints): use em.transactional for that work');
  }
}

/** MikroORM's PostgreSQL driver on a DirectSqlConnection. */
export class LastroPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    Object.assign(this, { connection: new DirectSqlConnection(this.config) });
  }
}

/**
 * `work` in a database transaction of its own without MikroORM's (`DirectSqlConnection.directTransactional`):
 * for a hot path whose transaction runs written-out statements only. Inside a transaction
 * already, or with query logging on, or on another connection class, it is `em.transactional`.
 */
export function directTransactional<T>(em: EntityManager, work: (em: EntityManager) => Promise<T>): Promise<T> {
  const connection = em.getConnection();
  if (!(connection instanceof DirectSqlConnection) || em.getTransactionContext() || connection.queryLogging()) return em.transactional(work);
  return connection.directTransactional(em, work);
}

/**
 * The last write of `em`'s direct transaction, whose answer nobody reads, sent with its COMMIT in
 * one round trip: one round trip fewer. Its error surfaces from the commit, converted as any
 * statement's and passed through `mapError` (which turns the errors of this statement it tells
 * apart, by constraint, into the caller's answer); no statement may follow it. Elsewhere (no
 * direct transaction, query logging on) it runs at once, its error through `mapError` the same way.
 */
export async function executeWithCommit(em: EntityManager, sql: string, params: unknown[], mapError?: ErrorMap): Promise<void> {
  const connection = em.getConnection();
  const trx = em.getTransactionContext();
  if (connection instanceof DirectSqlConnection && trx instanceof DirectTransaction) return connection.holdForCommit(trx, sql, params, mapError);
  await em.execute(sql, params, 'run').catch((err: unknown) => {
    throw mapError ? mapError(err) : err;
  });
}
