import type { EntityManager } from '@mikro-orm/postgresql';
import { decideAnticipation } from '../../src/anticipations/anticipations.service';
import type { AnticipationActivities } from '../../workflows/anticipations/anticipation.contract';
import type { ActivityDeps } from '../deps';

/** Activities of the anticipation approval (signatures in its contract), thin over anticipations.service; events dispatched after commit (the outbox sweeper is the backstop). */
export function createAnticipationActivities(deps: ActivityDeps): AnticipationActivities {
  return {
    async decideAnticipation(input) {
      const { status, events } = await decideAnticipation(deps.orm.em.fork() as EntityManager, input);
      deps.dispatcher.dispatchSoon(events.map((e) => e.id));
      return { status };
    },
  };
}
