import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError } from '@temporalio/client';
import { expireSession, sessionUrls, syncSession } from '../../src/checkout/checkout-sessions.service';
import { cancelTransactionSignal, transactionWorkflowId } from '../../workflows/payments/transaction.contract';
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
      const { state, events } = await fork().transactional((em) => syncSession(em, sessionId, urls));
      deps.dispatcher.dispatchSoon(events.map((e) => e.id));
      return { status: state.session.status };
    },
    async expireCheckoutSession({ sessionId }) {
      const { status, events, openTransactionIds } = await fork().transactional((em) => expireSession(em, sessionId, urls));
      deps.dispatcher.dispatchSoon(events.map((e) => e.id));
      // The transaction workflows cancel their Pix/boleto payments and void approved cards; a
      // retried activity signals again, which they ignore once canceled.
      for (const id of openTransactionIds) {
        try {
          await deps.temporal.workflow.getHandle(transactionWorkflowId(id)).signal(cancelTransactionSignal, { reason: 'checkout_session_expired' });
        } catch (err) {
          if (!(err instanceof WorkflowNotFoundError)) throw err;
        }
      }
      return { status };
    },
  };
}
