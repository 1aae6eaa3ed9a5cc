import type { EntityManager } from '@mikro-orm/postgresql';
import { expireSession, sessionUrls, syncSession } from '../../src/checkout/checkout-sessions.service';
import { cancelSessionTransactions } from '../../src/checkout/checkout-session-workflow.client';
import type { CheckoutSessionActivities } from '../../workflows/checkout/checkout-session.contract';
import type { ActivityDeps } from '../deps';

/**
 * Activities of the checkoutSession workflow. Each runs in one database transaction on a
 * forked EntityManager, with its outbox events dispatched after commit.
 */
export function createCheckoutSessionActivities(deps: ActivityDeps): CheckoutSessionActivities {
  const fork = () => deps.orm.em.fork() as EntityManager;
  const urls = sessionUrls(deps);
  return {
    async syncCheckoutSession({ sessionId }) {
      const { state, events, toCancel } = await fork().transactional((em) => syncSession(em, sessionId, urls));
      deps.dispatcher.dispatchSoon(events.map((e) => e.id));
      await cancelSessionTransactions(deps, toCancel, 'checkout_session_paid');
      return { status: state.session.status };
    },
    async expireCheckoutSession({ sessionId }) {
      const { status, events, openTransactionIds } = await fork().transactional((em) => expireSession(em, sessionId, urls));
      deps.dispatcher.dispatchSoon(events.map((e) => e.id));
      // Their workflows cancel Pix/boleto and void approved cards; a retried activity signals again, which they ignore.
      await cancelSessionTransactions(deps, openTransactionIds, 'checkout_session_expired');
      return { status };
    },
  };
}
