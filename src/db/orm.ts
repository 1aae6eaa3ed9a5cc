import { MikroORM, type Options } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import path from 'node:path';
import { Client } from 'pg';
import { entities } from './entities';
import { DirectSqlConnection, LastroPostgreSqlDriver } from './direct-sql-connection';
import type { Config } from '../config';

export type Orm = MikroORM<PostgreSqlDriver>;

export function ormOptions(databaseUrl: string, overrides: Partial<Options<PostgreSqlDriver>> = {}): Options<PostgreSqlDriver> {
  return {
    // PostgreSqlDriver whose written-out statements skip knex's per-statement plumbing (./direct-sql-connection.ts).
    driver: LastroPostgreSqlDriver,
    clientUrl: databaseUrl,
    entities,
    // No `extensions: [Migrator]`: MikroORM requires @mikro-orm/migrations when `getMigrator()` is
    // first called, so a process that never migrates does not load it (~0.2 s at every start).
    forceUtcTimezone: true,
    // The global EntityManager is never used for work: requests and activities fork their own.
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 10 },
    migrations: {
      path: path.join(__dirname, 'migrations'),
      pathTs: path.join(__dirname, 'migrations'),
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    ...overrides,
  };
}

export async function createOrm(databaseUrl: string, overrides: Partial<Options<PostgreSqlDriver>> = {}): Promise<Orm> {
  return MikroORM.init<PostgreSqlDriver>(ormOptions(databaseUrl, overrides));
}

/** A process's ORM from its config: its database, and whether its hot statements run prepared (`DATABASE_PREPARED_STATEMENTS`). */
export async function createConfiguredOrm(config: Pick<Config, 'databaseUrl' | 'databasePreparedStatements'>): Promise<Orm> {
  const orm = await createOrm(config.databaseUrl);
  const connection = orm.em.getConnection();
  if (connection instanceof DirectSqlConnection) connection.preparedStatements = config.databasePreparedStatements;
  return orm;
}

/** Applies every pending migration; safe to run on each start and from several processes. */
export async function migrate(orm: Orm, databaseUrl: string): Promise<void> {
  // One migrator at a time across processes (api, worker and dev launcher may start together).
  // An advisory lock belongs to a session, so it is held on a connection of its own.
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(424242)');
    await orm.getMigrator().up();
  } finally {
    await lock.end();
  }
}
