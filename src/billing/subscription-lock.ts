import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes the subscription's row lock for the caller's transaction; false when there is no row.
 * An ORM `findOne` with a FOR UPDATE lock that had waited on the workflow's concurrent move was
 * seen to come back empty under load although the row existed: the lock is taken by id with
 * plain SQL, retried while it comes back empty, and the entity is read afterwards.
 */
export async function lockSubscriptionRow(em: EntityManager, id: string): Promise<boolean> {
  for (let tries = 0; tries < 5; tries++) {
    const rows = await em.execute('select id from billing_subscriptions where id = ? for update', [id], 'all');
    if (rows.length === 1) return true;
  }
  return false;
}
