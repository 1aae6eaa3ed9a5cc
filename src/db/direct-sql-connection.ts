import type { Configuration, Transaction } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import { LastroPostgreSqlPlatform } from './postgres-platform';

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
  /** Off (`DATABASE_PREPARED_STATEMENTS=off`) behind a pooler that moves sessions between transactions: every statement goes inlined. */
  preparedStatements = true;

  override async execute<T = unknown>(queryOrKnex: unknown, params: unknown[] = [], method: Method = 'all', ctx?: Transaction, loggerContext?: Record<string, unknown>): Promise<T> {
    if (ctx instanceof DirectTransaction) return this.executeIn(ctx, queryOrKnex, params, method);
    if (typeof queryOrKnex !== 'string' || this.logger.isEnabled('query')) {
      return super.execute(queryOrKnex as string, params, method, ctx, loggerContext) as Promise<T>;
    }
    // A transaction's client hands out the transaction's connection and releases nothing.
    const client = (ctx ? (ctx as unknown as { client: KnexClient }).client : this.getKnex().client) as KnexClient;
    const connection = await client.acquireConnection();
    try {
      const statement = this.statementOf(connection, queryOrKnex, params);
      return this.transformRawResult<T>(await this.sendStatements(connection, [statement]), method);
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
   * the first statement, a statement held for the next round trip (`executeWithNext`,
   * `readWithNext`) in the same as the statement after it or as the COMMIT, which else goes on
   * its own (ROLLBACK when `work` throws).
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
      trx.end();
      await client.releaseConnection(connection);
    }
  }

  queryLogging(): boolean {
    return this.logger.isEnabled('query');
  }

  /** Holds a write of `trx` for its next round trip (`executeWithNext`). */
  holdForNext(trx: DirectTransaction, sql: string, params: unknown[], mapError?: ErrorMap): void {
    trx.hold({ statement: this.statementOf(trx.connection, sql, params), mapError });
  }

  /** Holds a read of `trx` for its next round trip (`readWithNext`); sent on its own once this turn of the event loop ends without one. */
  holdRead<T>(trx: DirectTransaction, sql: string, params: unknown[]): Promise<T> {
    const statement = this.statementOf(trx.connection, sql, params);
    return new Promise<T>((resolve, reject) => {
      const held: Held = { statement, answer: { resolve: (res) => resolve(this.transformRawResult<T>(res, 'all')), reject } };
      trx.hold(held);
      setImmediate(() => {
        if (trx.open && trx.held.includes(held)) this.roundTrip(trx, []).catch(() => undefined);
      });
    });
  }

  private async executeIn<T>(trx: DirectTransaction, queryOrKnex: unknown, params: unknown[], method: Method): Promise<T> {
    if (typeof queryOrKnex !== 'string') throw new Error('A direct transaction runs statements as text: a knex builder has no connection in it');
    if (!trx.open) throw new Error('A direct transaction ended: its EntityManager is used after its work returned');
    trx.refuseAfterLast();
    const own = await this.roundTrip(trx, [this.statementOf(trx.connection, queryOrKnex, params)]);
    return this.transformRawResult<T>(own.length === 1 ? own[0] : own, method);
  }

  /**
   * COMMIT in one round trip with the statements held for it; their error converted as any
   * statement's, then read by their callers (`mapError`). PostgreSQL answers COMMIT with
   * ROLLBACK when a statement of the transaction failed and its error was caught: that throws
   * too, nothing of it was written.
   */
  private async commitDirect(em: EntityManager, trx: DirectTransaction): Promise<void> {
    const maps = trx.held.flatMap((h) => (h.mapError ? [h.mapError] : []));
    let own: unknown[];
    try {
      own = await this.roundTrip(trx, [COMMIT]);
    } catch (err) {
      throw maps.reduce((e, map) => map(e), em.getDriver().convertException(err as Error) as unknown);
    }
    if ((own.at(-1) as { command?: string }).command === 'ROLLBACK') throw new Error('A direct transaction was rolled back at its commit: a statement in it failed and its error was caught');
  }

  /**
   * One round trip of `trx` (one simple-protocol query: the texts have their values inlined, and
   * each is still its own statement for PostgreSQL and `pg_stat_statements`): BEGIN when none went
   * yet, the statements held for it, then `own`. Each held read gets its answer (or the error, converted);
   * the caller gets the answers of `own`. An error names the held statements and `own`, not BEGIN or COMMIT.
   */
  private async roundTrip(trx: DirectTransaction, own: Statement[]): Promise<unknown[]> {
    const held = trx.held.splice(0);
    const lead = trx.begun ? [] : [BEGIN];
    trx.begun = true;
    let all: unknown[];
    try {
      const res = await this.sendStatements(trx.connection, [...lead, ...held.map((h) => h.statement), ...own]);
      all = Array.isArray(res) ? res : [res];
    } catch (err) {
      for (const h of held) h.answer?.reject(this.platform.getExceptionConverter().convertException(err as Error));
      throw err;
    }
    held.forEach((h, i) => h.answer?.resolve(all[lead.length + i]));
    return all.slice(lead.length + held.length);
  }

  /**
   * What `connection` is sent for a statement: its text with the values inlined, or, for a
   * statement marked `prepared`, EXECUTE of the connection's prepared statement with the values
   * as its arguments (PREPAREd in front of it the first time on this connection).
   */
  private statementOf(connection: PgConnection, sql: string, params: unknown[]): Statement {
    const query = this.config.get('onQuery')(sql, params);
    const shape = PREPARED_SHAPES.get(query);
    if (!shape || !this.preparedStatements || params.length !== shape.arity || params.some((p) => Array.isArray(p))) {
      const text = this.platform.formatQuery(query, params);
      return { text, shown: text };
    }
    const args = params.length === 0 ? '' : `(${params.map((p) => this.platform.quoteValue(p) as string).join(', ')})`;
    const prepared = preparedOn(connection);
    const name = prepared.names.get(query);
    if (name) return { text: `execute ${name}${args}`, shown: shape.text };
    if (prepared.names.size >= PREPARED_PER_CONNECTION) {
      const text = this.platform.formatQuery(query, params);
      return { text, shown: text };
    }
    const fresh = `lastro_${shape.id}_${++prepared.seq}`;
    prepared.names.set(query, fresh);
    // Forgotten again if its round trip fails: whether PostgreSQL got to the PREPARE is unknown, and
    // a new name next time never collides with one it did prepare.
    const forget = () => prepared.names.get(query) === fresh && prepared.names.delete(query);
    return { text: `prepare ${fresh} as ${shape.text}; execute ${fresh}${args}`, shown: shape.text, forget };
  }

  /**
   * One round trip: the statements as one simple-protocol query (each still its own statement for
   * PostgreSQL and `pg_stat_statements`), answered with their results, a PREPARE's left out. An
   * error names the statements (without BEGIN or COMMIT), as knex writes them before PostgreSQL's
   * message: what the log's redaction expects and takes apart.
   */
  private async sendStatements(connection: PgConnection, statements: Statement[]): Promise<unknown> {
    try {
      const res = await connection.query(statements.map((s) => s.text).join('; '));
      if (!statements.some((s) => s.forget)) return res;
      const answers = (res as Array<{ command?: string }>).filter((r) => r.command !== 'PREPARE');
      return answers.length === 1 ? answers[0] : answers;
    } catch (err) {
      for (const s of statements) s.forget?.();
      const shown = statements.filter((s) => s !== BEGIN && s !== COMMIT).map((s) => s.shown).join('; ') || 'commit';
      if (err instanceof Error) err.message = `${shown.replace(/\\\?/g, '?')} - ${err.message}`;
      throw err;
    }
  }
}

/**
 * A statement as sent: its text, what an error names (the values inlined as knex shows them, or a
 * prepared statement's text, with none), and for one PREPAREd in this round trip (a PREPARE's
 * answer comes first), how to forget it.
 */
interface Statement {
  text: string;
  shown: string;
  forget?: () => void;
}

const BEGIN: Statement = { text: 'begin', shown: 'begin' };
const COMMIT: Statement = { text: 'commit', shown: 'commit' };

/**
 * The statements marked `prepared`, by their text as written (with `?`): their PostgreSQL text
 * (`$1`, `$2`…) and how many values they take. Bounded, as built texts are marked too (a
 * `with` part more or less is another text): past the bound a statement is sent as any other.
 */
interface PreparedShape {
  id: number;
  text: string;
  arity: number;
}
const PREPARED_SHAPES = new Map<string, PreparedShape>();
const SHAPES_BY_ID: PreparedShape[] = [];
const PREPARED_SHAPES_MAX = 256;
/** Prepared statements per connection, at most (each holds its plan in that backend's memory). */
const PREPARED_PER_CONNECTION = 64;

/**
 * A connection's prepared statements, by text. Their names (`lastro_<shape>_<n>`) are never
 * reused on it: a PREPARE whose round trip failed may or may not exist.
 */
const PREPARED_ON = new WeakMap<PgConnection, { names: Map<string, string>; seq: number }>();

function preparedOn(connection: PgConnection): { names: Map<string, string>; seq: number } {
  let prepared = PREPARED_ON.get(connection);
  if (!prepared) PREPARED_ON.set(connection, (prepared = { names: new Map(), seq: 0 }));
  return prepared;
}

/** The text a prepared statement's name stands for (an EXECUTE read back, in a statement count). */
export function preparedStatementText(name: string): string | undefined {
  const id = /^lastro_(\d+)_\d+$/.exec(name)?.[1];
  return id === undefined ? undefined : SHAPES_BY_ID[Number(id)]?.text;
}

/**
 * Marks a written-out statement (`em.execute(sql, params)`) to run as a prepared statement on
 * each connection, and returns it. A hot statement's parse and plan cost PostgreSQL more than
 * running it (a card sale's statements: planning alone was a third of their time), and values
 * inlined into the text make every run a new one to parse and plan. Prepared once per connection
 * and then EXECUTEd with its values, it is parsed once, and planned with the plan cache's
 * custom/generic choice, while it still travels in the same simple-protocol round trip as the
 * statements beside it (a direct transaction's BEGIN, held statements, COMMIT). The values go as
 * EXECUTE's arguments, quoted as when inlined; each `?` must be a value whose type PostgreSQL can
 * tell from where it stands (a column, a cast), and `??` (an identifier) is refused.
 */
export function prepared(sql: string): string {
  if (PREPARED_SHAPES.has(sql) || PREPARED_SHAPES.size >= PREPARED_SHAPES_MAX) return sql;
  if (sql.includes('??')) throw new Error('A prepared statement takes values only: `??` (an identifier) cannot be a parameter');
  let arity = 0;
  const text = sql.replace(/\\\?|\?/g, (m) => (m === '?' ? `$${++arity}` : '?'));
  const shape = { id: SHAPES_BY_ID.length, text, arity };
  SHAPES_BY_ID.push(shape);
  PREPARED_SHAPES.set(sql, shape);
  return sql;
}

/** What a held write's caller makes of an error of its commit (its own constraint's, say); other errors unchanged. */
type ErrorMap = (err: unknown) => unknown;

/** A statement held for its transaction's next round trip: a write (its error read by `mapError` at the commit), or a read waiting for its `answer`. */
interface Held {
  statement: Statement;
  mapError?: ErrorMap;
  answer?: { resolve: (res: unknown) => void; reject: (err: unknown) => void };
}

/** The transaction `DirectSqlConnection.directTransactional` holds: its connection, whether BEGIN went, the statements held for its next round trip. */
class DirectTransaction {
  begun = false;
  open = true;
  readonly held: Held[] = [];
  constructor(readonly connection: PgConnection) {}

  hold(held: Held): void {
    if (!this.open) throw new Error('A direct transaction ended: its EntityManager is used after its work returned');
    this.refuseAfterLast();
    this.held.push(held);
  }

  /** A write held with its own error reading is the last statement: one after it would surface its error where nobody reads it as the write's. */
  refuseAfterLast(): void {
    if (this.held.some((h) => h.mapError)) throw new Error("A write held with its own error reading (executeWithNext with mapError) must be its transaction's last");
  }

  /** Ended (committed or rolled back): a statement still held is never sent, nor its PREPARE. */
  end(): void {
    this.open = false;
    for (const h of this.held.splice(0)) {
      h.statement.forget?.();
      h.answer?.reject(new Error('A direct transaction ended before its held read was sent'));
    }
  }

  /** What MikroORM asks of a transaction context for a nested `transactional` (a savepoint): not offered. */
  transaction(): never {
    throw new Error('A direct transaction has no nested transactions (savepoints): use em.transactional for that work');
  }
}

/** MikroORM's PostgreSQL driver on a DirectSqlConnection, with strings quoted by `quoteLiteral` (LastroPostgreSqlPlatform). */
export class LastroPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    Object.assign(this, { connection: new DirectSqlConnection(this.config), platform: new LastroPostgreSqlPlatform() });
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
 * A write whose answer nobody reads, sent in `em`'s direct transaction with its next statement or
 * its COMMIT, in the same round trip: one round trip fewer. Its error surfaces from that round
 * trip, converted as any statement's, and the transaction rolls back as for any failed statement.
 * With `mapError` (which turns the errors of this write it tells apart, by constraint, into the
 * caller's answer) it must be the transaction's last statement: its error is read at the COMMIT,
 * and a statement after it is refused. Elsewhere (no direct transaction, query logging on) it
 * runs at once, its error through `mapError` the same way.
 */
export async function executeWithNext(em: EntityManager, sql: string, params: unknown[], mapError?: ErrorMap): Promise<void> {
  const connection = em.getConnection();
  const trx = em.getTransactionContext();
  if (connection instanceof DirectSqlConnection && trx instanceof DirectTransaction) return connection.holdForNext(trx, sql, params, mapError);
  await em.execute(sql, params, 'run').catch((err: unknown) => {
    throw mapError ? mapError(err) : err;
  });
}

/**
 * A read sent in `em`'s direct transaction with its next statement or its COMMIT, in the same
 * round trip: it answers when that round trip does (its error converted as any statement's).
 * Held past the current turn of the event loop, it goes on its own, so awaiting it never waits
 * for a statement that does not come. Elsewhere it runs at once.
 */
export function readWithNext<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T> {
  const connection = em.getConnection();
  const trx = em.getTransactionContext();
  if (connection instanceof DirectSqlConnection && trx instanceof DirectTransaction) return connection.holdRead<T>(trx, sql, params);
  return em.execute(sql, params) as Promise<T>;
}
