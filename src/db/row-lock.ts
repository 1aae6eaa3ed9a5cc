import type { EntityManager } from '@mikro-orm/postgresql';

/** Tables whose rows are locked by id before their entity is read (one writer at a time). */
export type LockedTable = 'billing_subscriptions' | 'checkout_sessions' | 'refunds' | 'payments';

/**
 * Takes a row's lock for the caller's transaction; false when there is no row. Plain
 * `FOR UPDATE` by id, which waits for a concurrent writer, then the caller reads the entity
 * with `refresh: true` and sees what that writer committed. Never SKIP LOCKED here: a row
 * another request holds would look missing (test/hardening/row-locks.int.test.ts).
 */
export async function lockRowById(em: EntityManager, table: LockedTable, id: string): Promise<boolean> {
  const rows = await em.execute(`select id from ${table} where id = ? for update`, [id], 'all');
  return rows.length === 1;
}
