import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { EventSubscriber } from '../events/dispatcher';
import { cancelLiveMandate } from '../billing/mandates.service';
import { signalSubscription } from '../billing/subscription-workflow.client';
import { cancelSubscriptionSignal } from '../../workflows/billing/subscription.contract';
import { endUnpaidSessionSubscription } from './checkout-subscriptions.service';

/**
 * A subscription session that ends unpaid (`checkout.session.expired`, `checkout.session.canceled`)
 * ends what its confirmation started (`endUnpaidSessionSubscription`, in the dispatch
 * transaction): the subscription still incomplete canceled, then, after the commit, its workflow
 * told and the session's pending mandate cancelled at the PSP, so the payer can no longer approve
 * it. A PSP that fails leaves the event to the outbox sweeper, which finds the subscription ended
 * and asks the PSP again.
 */
export function checkoutSubscriptionEndSubscriber(deps: { temporal: Client; config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber {
  return {
    name: 'checkout-subscription-end',
    async handle(em, event) {
      if ((event.type !== 'checkout.session.expired' && event.type !== 'checkout.session.canceled') || !event.entityId) return;
      const ended = await endUnpaidSessionSubscription(em, event.entityId);
      if (!ended) return;
      await em.flush();
      return async () => {
        dispatchSoon(ended.events.map((e) => e.id));
        if (ended.canceled) await signalSubscription(deps.temporal, ended.subscriptionId, cancelSubscriptionSignal, { mode: 'immediately' });
        if (!ended.pendingMandateId) return;
        const mandate = await cancelLiveMandate(deps, em.fork(), ended.pendingMandateId);
        if (mandate?.events.length) dispatchSoon(mandate.events.map((e) => e.id));
      };
    },
  };
}
