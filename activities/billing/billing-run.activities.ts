import { Context } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { listDueSubscriptions, renewDueSubscriptions } from '../../src/billing/billing-run.service';
import type { BillingRunActivities } from '../../workflows/billing/billing-run.contract';
import type { ActivityDeps } from '../deps';

/** Activities of the billing run (signatures in its contract), thin over billing-run.service. */
export function createBillingRunActivities(deps: ActivityDeps): BillingRunActivities {
  return {
    listDueSubscriptions: ({ at, after, limit }) => listDueSubscriptions(deps.orm.em.fork() as EntityManager, at, after, limit),
    renewDueSubscriptions: ({ at, claim, ids }) => renewDueSubscriptions(deps, { at, claim, ids }, () => Context.current().heartbeat()),
  };
}
