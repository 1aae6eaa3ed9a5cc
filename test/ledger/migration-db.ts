import { randomBytes } from 'node:crypto';
import { ensureDatabase } from '../../src/db/embedded-postgres';
import { createOrm, type Orm } from '../../src/db/orm';

/** Raw SQL on a migration test's database. */
export const sql = <T = Record<string, unknown>>(orm: Orm, query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

/** A fresh database migrated up to the migration before `migration`, to seed in the shape that migration meets. */
export async function databaseBefore(migration: string): Promise<Orm> {
  const url = await ensureDatabase(process.env.LASTRO_TEST_PG_SERVER!, `m_${randomBytes(6).toString('hex')}`);
  const orm = await createOrm(url);
  const pending = (await orm.getMigrator().getPendingMigrations()).map((m) => m.name);
  await orm.getMigrator().up({ to: pending[pending.indexOf(migration) - 1] });
  return orm;
}
