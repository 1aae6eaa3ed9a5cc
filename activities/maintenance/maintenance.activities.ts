import type { EntityManager } from '@mikro-orm/postgresql';
import { purgeExpiredIdempotencyKeys } from '../../src/http/idempotency';
import { purgeExpiredCardSecrets } from '../../src/cards/card-vault.service';
import { foldChangedAccounts } from '../../src/ledger/balance-fold';
import type { ActivityDeps } from '../deps';

export function createMaintenanceActivities({ orm, dispatcher }: ActivityDeps) {
  return {
    async purgeExpiredIdempotencyKeys({ asOf }: { asOf: string }): Promise<number> {
      return purgeExpiredIdempotencyKeys(orm.em.fork() as EntityManager, new Date(asOf));
    },
    async purgeExpiredCardSecrets({ asOf }: { asOf: string }): Promise<{ cvvsDestroyed: number; unusedTokensDeleted: number }> {
      return purgeExpiredCardSecrets(orm.em.fork() as EntityManager, new Date(asOf));
    },
    async findStaleEvents({ olderThan, limit }: { olderThan: string; limit: number }): Promise<string[]> {
      return dispatcher.findStale(new Date(olderThan), limit);
    },
    /** Idempotent: an event already dispatched is skipped (returns false). */
    async dispatchEvent({ eventId }: { eventId: string }): Promise<boolean> {
      return dispatcher.dispatch(eventId);
    },
    /** One page of the balance fold; idempotent (a page folded twice finds no changes the second time). */
    async foldBalanceChanges(page: { after: string | null; limit: number }): Promise<{ folded: number; last: string | null }> {
      return foldChangedAccounts(orm.em.fork() as EntityManager, page);
    },
  };
}

export type MaintenanceActivities = ReturnType<typeof createMaintenanceActivities>;
