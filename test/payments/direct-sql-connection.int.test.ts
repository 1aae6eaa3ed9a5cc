import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import { createConfiguredOrm, createOrm, type Orm } from '../../src/db/orm';
import { DirectSqlConnection, directTransactional, executeWithNext, prepared, readWithNext } from '../../src/db/direct-sql-connection';
import { Client } from 'pg';
import { Transaction } from '../../src/payments/transaction.entity';
import { IdempotencyKey } from '../../src/http/idempotency-key.entity';
import { createTestDatabase } from '../helpers/stack';

/**
 * The written-out statements of every path (a card sale's among them) go from MikroORM straight to
 * the connection knex holds (src/db/direct-sql-connection.ts). What they answer, how they fail and
 * which transaction they run in must be what MikroORM's own path gives: the same statements run
 * through both, on one database, side by side.
 */
let direct: Orm;
let plain: Orm;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  direct = await createOrm(databaseUrl);
  plain = await createOrm(databaseUrl, { driver: PostgreSqlDriver });
  await direct.em.fork().execute('create table direct_sql_probe (id text primary key, data jsonb, blob bytea, at timestamptz)');
});
afterAll(async () => {
  await direct?.close();
  await plain?.close();
});

const emOf = (orm: Orm) => orm.em.fork() as unknown as EntityManager;

it('runs on the direct connection, MikroORM’s own path beside it for comparison', () => {
  expect(direct.em.getConnection()).toBeInstanceOf(DirectSqlConnection);
  expect(plain.em.getConnection()).not.toBeInstanceOf(DirectSqlConnection);
});

it('answers the same rows and write results as MikroORM’s own path, whatever the values', async () => {
  const values = ['a ? question', { nested: { quote: "it's", q: '?' } }, Buffer.from([0, 1, 255]), new Date('2026-11-29T12:00:00.123Z'), null, 42];
  const select = 'select ?::text as t, ?::jsonb as j, ?::bytea as b, ?::timestamptz as at, ? as n, ?::int as i, \'{"k":1}\'::jsonb \\? \'k\' as has';
  for (const method of ['all', 'get', 'run'] as const) {
    expect(await emOf(direct).execute(select, values, method)).toEqual(await emOf(plain).execute(select, values, method));
  }
  const insert = (id: string): [string, unknown[]] => ['insert into direct_sql_probe (id, data, blob, at) values (?, ?, ?, ?) returning id', [id, { a: 1 }, Buffer.from('x'), new Date(0)]];
  const a = await emOf(direct).execute(...insert('d1'), 'run');
  const b = await emOf(plain).execute(...insert('p1'), 'run');
  expect({ ...a, insertId: undefined, row: undefined, rows: undefined }).toEqual({ ...b, insertId: undefined, row: undefined, rows: undefined });
  expect(a).toMatchObject({ affectedRows: 1, insertId: 'd1' });
});

it('fails as MikroORM’s own path does: the converted exception, the statement before PostgreSQL’s message', async () => {
  const dup = 'insert into direct_sql_probe (id) values (?)';
  await emOf(direct).execute(dup, ['dup'], 'run');
  const errorOf = (orm: Orm) => emOf(orm).execute(dup, ['dup'], 'run').then(() => null, (err: unknown) => err as Error);
  const [d, p] = [await errorOf(direct), await errorOf(plain)];
  expect(d).toBeInstanceOf(UniqueConstraintViolationException);
  expect(p).toBeInstanceOf(UniqueConstraintViolationException);
  expect(d!.message).toBe(p!.message);
  expect(d!.message).toMatch(/^insert into direct_sql_probe \(id\) values \('dup'\) - duplicate key value violates unique constraint/);
});

it('runs inside the caller’s transaction: a rollback undoes its writes, a commit keeps them, and the pool is not drained', async () => {
  await expect(
    emOf(direct).transactional(async (em) => {
      await em.execute('insert into direct_sql_probe (id) values (?)', ['rolled-back'], 'run');
      // Seen inside the transaction: the same connection.
      expect(await em.execute('select id from direct_sql_probe where id = ?', ['rolled-back'])).toHaveLength(1);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect(await emOf(direct).execute('select id from direct_sql_probe where id = ?', ['rolled-back'])).toHaveLength(0);
  await emOf(direct).transactional((em) => em.execute('insert into direct_sql_probe (id) values (?)', ['committed'], 'run'));
  expect(await emOf(direct).execute('select id from direct_sql_probe where id = ?', ['committed'])).toHaveLength(1);
  // More statements at once than the pool has connections (10): each connection goes back.
  const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => emOf(direct).execute<{ n: number }[]>('select ?::int as n, pg_sleep(0.01)', [i])));
  expect(ids.map((r) => r[0].n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
});

describe('a direct transaction (directTransactional: no MikroORM transaction, BEGIN sent with the first statement)', () => {
  const seen = async (id: string) => (await emOf(direct).execute('select id from direct_sql_probe where id = ?', [id])).length;

  it('commits its statements together: none is seen by another connection before the commit', async () => {
    const answer = await directTransactional(emOf(direct), async (em) => {
      const [row] = await em.execute<{ id: string }[]>('insert into direct_sql_probe (id) values (?) returning id', ['dt-a']);
      await em.execute('insert into direct_sql_probe (id) values (?)', ['dt-b'], 'run');
      // Another connection does not see them yet: they are one open transaction.
      expect(await seen('dt-a')).toBe(0);
      expect(await em.execute('select id from direct_sql_probe where id in (?, ?)', ['dt-a', 'dt-b'])).toHaveLength(2);
      return row.id;
    });
    expect(answer).toBe('dt-a');
    expect([await seen('dt-a'), await seen('dt-b')]).toEqual([1, 1]);
  });

  it('rolls back every statement when its work throws, a failing first statement included, and converts the error as MikroORM does', async () => {
    await expect(
      directTransactional(emOf(direct), async (em) => {
        await em.execute('insert into direct_sql_probe (id) values (?)', ['dt-undone'], 'run');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await seen('dt-undone')).toBe(0);
    await emOf(direct).execute('insert into direct_sql_probe (id) values (?)', ['dt-dup'], 'run');
    const err = await directTransactional(emOf(direct), (em) => em.execute('insert into direct_sql_probe (id) values (?)', ['dt-dup'], 'run')).catch((e: Error) => e);
    expect(err).toBeInstanceOf(UniqueConstraintViolationException);
    // The statement before PostgreSQL's message, without the BEGIN sent with it.
    expect((err as Error).message).toMatch(/^insert into direct_sql_probe \(id\) values \('dt-dup'\) - duplicate key value/);
  });

  it('runs the ORM’s own queries in it too, refuses a nested transaction and any use after it ended, leaving nothing written', async () => {
    await expect(
      directTransactional(emOf(direct), async (em) => {
        await em.execute('insert into direct_sql_probe (id) values (?)', ['dt-nested'], 'run');
        // A find is built by MikroORM and sent as text on the transaction's connection.
        expect(await em.find(Transaction, { id: 'txn_none' })).toEqual([]);
        await em.transactional((inner) => inner.execute('select 1'));
      }),
    ).rejects.toThrow(/no nested transactions/);
    expect(await seen('dt-nested')).toBe(0);
    let kept: EntityManager | undefined;
    await directTransactional(emOf(direct), async (em) => {
      kept = em;
    });
    await expect(kept!.execute('select 1')).rejects.toThrow(/ended/);
  });

  it('flushes what its work persisted before the commit, in the transaction: a throw after it writes nothing', async () => {
    const key = (k: string) => Object.assign(new IdempotencyKey(), { companyId: 'cmp_direct', key: k, fingerprint: 'f', status: 'in_progress', lockedUntil: new Date(), expiresAt: new Date() });
    const keys = async (k: string) => (await emOf(direct).execute('select key from idempotency_keys where company_id = ? and key = ?', ['cmp_direct', k])).length;
    await directTransactional(emOf(direct), async (em) => {
      await em.execute('insert into direct_sql_probe (id) values (?)', ['dt-flush'], 'run');
      em.persist(key('kept'));
    });
    expect([await seen('dt-flush'), await keys('kept')]).toEqual([1, 1]);
    await expect(
      directTransactional(emOf(direct), async (em) => {
        em.persist(key('undone'));
        await em.flush();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await keys('undone')).toBe(0);
  });

  it('joins the caller’s transaction when there is one: its rollback undoes the work', async () => {
    await expect(
      emOf(direct).transactional(async (em) => {
        await directTransactional(em, (inner) => inner.execute('insert into direct_sql_probe (id) values (?)', ['dt-joined'], 'run'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await seen('dt-joined')).toBe(0);
  });

  it('gives its connection back whatever happens: more transactions at once than the pool has connections', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        directTransactional(emOf(direct), async (em) => {
          if (i % 4 === 0) throw new Error(`fail ${i}`);
          const [row] = await em.execute<{ n: number }[]>('select ?::int as n, pg_sleep(0.01)', [i]);
          return row.n;
        }).catch(() => -1),
      ),
    );
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? -1 : i)));
  });

  it('refuses to commit a transaction PostgreSQL rolled back: a failed statement whose error the work caught leaves nothing written', async () => {
    await emOf(direct).execute('insert into direct_sql_probe (id) values (?)', ['dt-caught-dup'], 'run');
    const work = directTransactional(emOf(direct), async (em) => {
      await em.execute('insert into direct_sql_probe (id) values (?)', ['dt-before-caught'], 'run');
      await em.execute('insert into direct_sql_probe (id) values (?)', ['dt-caught-dup'], 'run').catch(() => undefined);
      return 'answered';
    });
    await expect(work).rejects.toThrow(/rolled back at its commit/);
    expect(await seen('dt-before-caught')).toBe(0);
  });
});

describe('a write held for the next round trip (executeWithNext)', () => {
  const seen = async (id: string) => (await emOf(direct).execute('select id from direct_sql_probe where id = ?', [id])).length;
  const insert = 'insert into direct_sql_probe (id) values (?)';
  const taken = (err: unknown) => (err instanceof UniqueConstraintViolationException ? new Error('that id is taken') : err);

  /** The round trips `work` makes to PostgreSQL (each `query` of node-postgres's client is one). */
  async function roundTrips(work: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(Client.prototype, 'query');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('goes with the COMMIT in one round trip, BEGIN with the first statement: a transaction of two writes is two round trips', async () => {
    const twoWrites = await roundTrips(() =>
      directTransactional(emOf(direct), async (em) => {
        await em.execute(insert, ['held-3'], 'run');
        await executeWithNext(em, insert, ['held-4']);
      }),
    );
    expect(twoWrites).toBe(2);
    expect([await seen('held-3'), await seen('held-4')]).toEqual([1, 1]);
    // Alone in its transaction: BEGIN, it and COMMIT in one.
    expect(await roundTrips(() => directTransactional(emOf(direct), (em) => executeWithNext(em, insert, ['held-5'])))).toBe(1);
    expect(await seen('held-5')).toBe(1);
  });

  it('fails the commit with its error, converted and read by its caller, and rolls back the transaction', async () => {
    await emOf(direct).execute(insert, ['held-dup'], 'run');
    const err = await directTransactional(emOf(direct), async (em) => {
      await em.execute(insert, ['held-with-dup'], 'run');
      await executeWithNext(em, insert, ['held-dup'], taken);
    }).catch((e: unknown) => e);
    expect(err).toEqual(new Error('that id is taken'));
    expect(await seen('held-with-dup')).toBe(0);
    // An error it does not tell apart goes on converted, as any statement's.
    const other = await directTransactional(emOf(direct), (em) => executeWithNext(em, insert, ['held-dup'])).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(UniqueConstraintViolationException);
    expect((other as Error).message).toMatch(/^insert into direct_sql_probe \(id\) values \('held-dup'\) - duplicate key value/);
  });

  it('goes with the statement after it, which sees it: the write and the read are one round trip', async () => {
    let read: unknown;
    const trips = await roundTrips(() =>
      directTransactional(emOf(direct), async (em) => {
        await executeWithNext(em, insert, ['held-then-read']);
        read = await em.execute('select id from direct_sql_probe where id = ?', ['held-then-read']);
      }),
    );
    expect(read).toEqual([{ id: 'held-then-read' }]);
    // BEGIN, the held write and the read; then COMMIT.
    expect(trips).toBe(2);
    // Its error is that round trip's, converted as any statement's, and nothing is written.
    await emOf(direct).execute(insert, ['held-dup-next'], 'run');
    const err = await directTransactional(emOf(direct), async (em) => {
      await em.execute(insert, ['held-before-dup'], 'run');
      await executeWithNext(em, insert, ['held-dup-next']);
      await em.execute('select 1');
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UniqueConstraintViolationException);
    expect((err as Error).message).toMatch(/^insert into direct_sql_probe \(id\) values \('held-dup-next'\); select 1 - duplicate key value/);
    expect(await seen('held-before-dup')).toBe(0);
  });

  it('with its own error reading, must be its transaction’s last: a statement after it is refused and nothing is written', async () => {
    await expect(
      directTransactional(emOf(direct), async (em) => {
        await executeWithNext(em, insert, ['held-then-more'], taken);
        await em.execute(insert, ['held-after'], 'run');
      }),
    ).rejects.toThrow(/must be its transaction's last/);
    expect([await seen('held-then-more'), await seen('held-after')]).toEqual([0, 0]);
  });

  it('holds a read the same way: it answers with the round trip of the statement after it, or on its own when none comes', async () => {
    let answers: unknown[] = [];
    const trips = await roundTrips(() =>
      directTransactional(emOf(direct), async (em) => {
        const held = readWithNext<{ n: number }[]>(em, 'select ?::int as n', [1]);
        const next = await em.execute<{ n: number }[]>('select ?::int as n', [2]);
        answers = [await held, next];
      }),
    );
    expect(answers).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    // BEGIN, the read and the statement; then COMMIT.
    expect(trips).toBe(2);
    // Awaited with nothing after it: it goes on its own, it does not wait for a statement that never comes.
    const alone = await directTransactional(emOf(direct), (em) => readWithNext<{ n: number }[]>(em, 'select ?::int as n', [3]));
    expect(alone).toEqual([{ n: 3 }]);
  });

  it('fails a held read with its round trip’s error, converted; a read still held when the work throws is never sent', async () => {
    await emOf(direct).execute(insert, ['held-read-dup'], 'run');
    let readError: unknown;
    await directTransactional(emOf(direct), async (em) => {
      const held = readWithNext(em, 'select 1 as n', []).catch((err: unknown) => (readError = err));
      await executeWithNext(em, insert, ['held-read-dup']);
      await em.execute('select 2').catch(() => undefined);
      await held;
    }).catch(() => undefined);
    expect(readError).toBeInstanceOf(UniqueConstraintViolationException);
    let unsent: unknown;
    await expect(
      directTransactional(emOf(direct), async (em) => {
        readWithNext(em, 'select 1', []).catch((err: unknown) => (unsent = err));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(String(unsent)).toMatch(/ended before its held read was sent/);
  });

  it('runs at once outside a direct transaction, in MikroORM’s or with no transaction, its error read the same way', async () => {
    await emOf(direct).transactional(async (em) => {
      await executeWithNext(em, insert, ['held-in-orm-trx']);
      expect(await em.execute('select id from direct_sql_probe where id = ?', ['held-in-orm-trx'])).toHaveLength(1);
    });
    expect(await seen('held-in-orm-trx')).toBe(1);
    await expect(executeWithNext(emOf(direct), insert, ['held-in-orm-trx'], taken)).rejects.toThrow('that id is taken');
    await expect(executeWithNext(emOf(plain), insert, ['held-in-orm-trx'], taken)).rejects.toThrow('that id is taken');
  });
});

describe('a prepared statement (prepared: PREPAREd once per connection, then EXECUTEd with its values)', () => {
  let shape = 0;
  /** A text no connection has prepared yet (its alias differs), as a new hot statement's is at a process's start. */
  const fresh = (sql: (alias: string) => string) => {
    const alias = `v${++shape}_${Date.now()}`;
    return { alias, sql: prepared(sql(alias)) };
  };
  /** The statements prepared on `em`'s connection whose text names `alias`. */
  const preparedHere = (em: EntityManager, alias: string) => em.execute<{ n: number }[]>(`select count(*)::int as n from pg_prepared_statements where statement like ?`, [`%${alias}%`]);

  it('answers what the same statement with its values inlined answers, whatever the values, pooled or in a direct transaction', async () => {
    const values = ['a ? question', { nested: { quote: "it's", q: '?' } }, Buffer.from([0, 1, 255]), new Date('2026-11-29T12:00:00.123Z'), null, 42, "o'brien"];
    const text = 'select ?::text as t, ?::jsonb as j, ?::bytea as b, ?::timestamptz as at, ?::text as n, ?::int as i, \'{"k":1}\'::jsonb \\? \'k\' as has, ?::text as quoted';
    const inlined = await emOf(plain).execute(text, values);
    const select = prepared(text);
    expect(await emOf(direct).execute(select, values)).toEqual(inlined);
    expect(await emOf(direct).execute(select, values)).toEqual(inlined);
    const inTransaction = await directTransactional(emOf(direct), async (em) => [await em.execute(select, values), await em.execute(select, values)]);
    expect(inTransaction).toEqual([inlined, inlined]);
    const write = prepared('insert into direct_sql_probe (id, data, at) values (?, ?::jsonb, ?) returning id');
    expect(await emOf(direct).execute(write, ['prep-1', { a: 1 }, new Date(0)], 'run')).toMatchObject({ affectedRows: 1, insertId: 'prep-1' });
  });

  it('is prepared once on each connection, and goes in one round trip with the statements beside it, held ones included', async () => {
    const { alias, sql: select } = fresh((alias) => `select ?::int as ${alias}`);
    const [count, answers] = await directTransactional(emOf(direct), async (em) => {
      const held = readWithNext<Record<string, number>[]>(em, select, [1]);
      const own = await em.execute<Record<string, number>[]>(select, [2]);
      const again = await em.execute<Record<string, number>[]>(select, [3]);
      return [await preparedHere(em, alias), [await held, own, again].map((rows) => Object.values(rows[0])[0])];
    });
    expect(answers).toEqual([1, 2, 3]);
    expect(count).toEqual([{ n: 1 }]);
  });

  it('fails as the inlined statement does, named by its text without its values; a failed first run is prepared again on the next', async () => {
    const { sql: insert } = fresh((alias) => `insert into direct_sql_probe as ${alias} (id) values (?)`);
    await emOf(direct).execute('insert into direct_sql_probe (id) values (?)', ['prep-dup'], 'run');
    // Its first run on the transaction's connection: BEGIN, its PREPARE and its EXECUTE in one round trip.
    const errors = await directTransactional(emOf(direct), (em) => em.execute(insert, ['prep-dup'], 'run')).catch((err: unknown) => err);
    expect(errors).toBeInstanceOf(UniqueConstraintViolationException);
    expect((errors as Error).message).toMatch(/^insert into direct_sql_probe as v\d+_\d+ \(id\) values \(\$1\) - duplicate key value violates unique constraint/);
    // The statement it names holds no value (PostgreSQL's own detail after it does, as for any statement).
    expect((errors as Error).message.split(' - ')[0]).not.toContain('prep-dup');
    // Whatever connection of the pool (10) runs it next, that one included, it runs.
    for (let i = 0; i < 12; i++) await emOf(direct).execute(insert, [`prep-after-${i}`], 'run');
    expect(await emOf(direct).execute('select count(*)::int as n from direct_sql_probe where id like ?', ['prep-after-%'])).toEqual([{ n: 12 }]);
  });

  it('is prepared again after a round trip that failed before its PREPARE ran', async () => {
    const { alias, sql: select } = fresh((alias) => `select ?::int as ${alias}`);
    await emOf(direct).execute('insert into direct_sql_probe (id) values (?)', ['prep-dup-before'], 'run');
    // BEGIN, the held insert (which fails), then its PREPARE and EXECUTE, which PostgreSQL never reaches.
    const err = await directTransactional(emOf(direct), async (em) => {
      await executeWithNext(em, 'insert into direct_sql_probe (id) values (?)', ['prep-dup-before']);
      await em.execute(select, [1]);
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UniqueConstraintViolationException);
    // On every connection of the pool (10), that one included, it runs: prepared there now.
    const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => directTransactional(emOf(direct), async (em) => [await em.execute<Record<string, number>[]>(select, [i]), await preparedHere(em, alias)])));
    expect(runs.map(([rows]) => Object.values(rows[0])[0])).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(runs.every(([, count]) => (count as Array<{ n: number }>)[0].n === 1)).toBe(true);
  });

  it('is prepared again after a transaction that ended with it still held, never sent', async () => {
    const { sql: select } = fresh((alias) => `select ?::int as ${alias}`);
    const { sql: insert } = fresh((alias) => `insert into direct_sql_probe as ${alias} (id) values (?)`);
    await expect(
      directTransactional(emOf(direct), async (em) => {
        readWithNext(em, select, [1]).catch(() => undefined);
        await executeWithNext(em, insert, ['prep-never-sent']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    // Every connection of the pool (10), that one included, runs both: prepared where they run now.
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        directTransactional(emOf(direct), async (em) => {
          await em.execute(insert, [`prep-after-unsent-${i}`], 'run');
          return Object.values((await em.execute<Record<string, number>[]>(select, [i]))[0])[0];
        }),
      ),
    );
    expect(runs).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });

  it('is sent inlined by a process configured without prepared statements (DATABASE_PREPARED_STATEMENTS=off)', async () => {
    const unprepared = await createConfiguredOrm({ databaseUrl, databasePreparedStatements: false });
    try {
      const { alias, sql: insert } = fresh((alias) => `insert into direct_sql_probe as ${alias} (id) values (?)`);
      // Run on a connection, then looked for on the same one (one direct transaction): nothing prepared there.
      const count = await directTransactional(emOf(unprepared), async (em) => {
        await em.execute(insert, ['unprepared-1'], 'run');
        return preparedHere(em, alias);
      });
      expect(count).toEqual([{ n: 0 }]);
      // Its error names its value, inlined as any statement's.
      const err = await emOf(unprepared).execute(insert, ['unprepared-1'], 'run').catch((e: unknown) => e as Error);
      expect((err as Error).message).toMatch(/^insert into direct_sql_probe as v\d+_\d+ \(id\) values \('unprepared-1'\) - duplicate key/);
    } finally {
      await unprepared.close();
    }
  });

  it('runs a text of another shape (more values, an array) inlined, as any statement, and refuses an identifier', async () => {
    const select = prepared('select ?::int as n');
    expect(await emOf(direct).execute(select, [[7]])).toEqual([{ n: 7 }]);
    expect(() => prepared('select ?? from direct_sql_probe')).toThrow(/takes values only/);
  });
});
