import { SubscriptionBilling } from '../../src/billing/subscription-billing.service';
import { acceptRenewal, activate, advanceCycle, endSubscriptionRow, parkRow, subscriptionProgress } from '../../src/billing/subscription-lifecycle.service';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionActivities } from '../../workflows/billing/subscription.contract';
import type { ActivityDeps } from '../deps';

/** Activities of the subscription workflow (signatures in its contract), thin over the billing services. */
export function createSubscriptionActivities(deps: ActivityDeps): SubscriptionActivities {
  const billing = new SubscriptionBilling(deps);
  return {
    loadSubscriptionProgress: ({ subscriptionId }) => subscriptionProgress(deps.orm.em.fork() as EntityManager, subscriptionId),
    acceptSubscriptionRenewal: ({ subscriptionId, claim, runId }) => acceptRenewal(deps.orm.em.fork() as EntityManager, subscriptionId, claim, runId),
    parkSubscription: (input) => parkRow(deps.orm.em.fork() as EntityManager, input),
    activateSubscription: ({ subscriptionId, status }) => billing.move((em) => activate(em, subscriptionId, status)),
    issueSubscriptionInvoice: ({ subscriptionId, ...input }) => billing.issue(subscriptionId, input),
    startInvoiceCollection: (input) => billing.start(input),
    settleInvoiceCollection: (input) => billing.settle(input),
    rescheduleInvoice: (input) => billing.reschedule(input),
    advanceSubscriptionCycle: (input) => billing.move((em) => advanceCycle(em, input)),
    endSubscription: (input) => billing.move((em) => endSubscriptionRow(em, input)),
  };
}
