import type { EntityManager } from '@mikro-orm/postgresql';
import { anticipateAutomatically } from '../../src/anticipations/anticipations.service';
import { listCompaniesToRun, listDueReceivables, releaseDueReceivables } from '../../src/receivables/receivables.service';
import type { ReleaseRunActivities } from '../../workflows/receivables/release-run.contract';
import type { ActivityDeps } from '../deps';

/** Activities of the release runs (signatures in their contract), thin over receivables.service. */
export function createReleaseRunActivities(deps: ActivityDeps): ReleaseRunActivities {
  const fork = () => deps.orm.em.fork() as EntityManager;
  return {
    listCompaniesToRun: ({ on, after, limit }) => listCompaniesToRun(fork(), on, after, limit),
    listDueReceivables: ({ companyId, on, after, limit }) => listDueReceivables(fork(), companyId, on, after, limit),
    releaseDueReceivables: (input) => releaseDueReceivables(fork(), input),
    async anticipateAutomatically({ companyId, on }) {
      const { anticipations, amount, events } = await anticipateAutomatically(fork(), companyId, on);
      deps.dispatcher.dispatchSoon(events.map((e) => e.id));
      return { anticipations, amount };
    },
  };
}
