import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes the subscription's row lock for the caller's transaction; false when there is no row.
 * An ORM `findOne` asked for `lockMode: 4` was seen to come back empty under load although the
 * row existed: 4 is PESSIMISTIC_PARTIAL_WRITE, FOR UPDATE SKIP LOCKED, so a row held by the
 * workflow's concurrent move was skipped (the services now ask for PESSIMISTIC_WRITE). The lock
 * here is plain SQL by id, which waits; the entity is read afterwards.
 */
export async function lockSubscriptionRow(em: EntityManager, id: string): Promise<boolean> {
  for (let tries = 0; tries < 5; tries++) {
    const rows = await em.execute('select id from billing_subscriptions where id = ? for update', [id], 'all');
    if (rows.length === 1) return true;
  }
  return false;
}
