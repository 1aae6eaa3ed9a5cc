import type { EntityManager } from '@mikro-orm/postgresql';
import { expireDispute } from '../../src/disputes/disputes.service';
import type { DisputeActivities } from '../../workflows/disputes/dispute.contract';
import type { ActivityDeps } from '../deps';

/** Activities of the dispute workflow: one transaction each, events dispatched after commit (the outbox sweeper is the backstop). */
export function createDisputeActivities(deps: ActivityDeps): DisputeActivities {
  return {
    async expireDispute({ disputeId }) {
      const { status, eventIds } = await (deps.orm.em.fork() as EntityManager).transactional((em) => expireDispute(em as EntityManager, disputeId));
      deps.dispatcher.dispatchSoon(eventIds);
      return status;
    },
  };
}
