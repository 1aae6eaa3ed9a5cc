import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { processorsOf } from '../../src/processors/processors';
import { sendAndAwaitPayout } from '../../src/processors/payouts/payout-outcome';
import { payoutResultOf } from '../../src/withdrawals/payout-result';
import { lockWithdrawal } from '../../src/withdrawals/withdrawal-history';
import {
  applyWithdrawalDecision,
  completeWithdrawalPayout,
  markWithdrawalProcessing,
  withdrawalPayoutRequest,
  WithdrawalNotProcessing,
  type MoveResult,
} from '../../src/withdrawals/withdrawal-payout.service';
import type { WithdrawalActivities } from '../../workflows/withdrawals/withdrawal.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/**
 * Activities of the withdrawal workflow (signatures in its contract). Each move runs in one
 * transaction on a forked EntityManager, with its ledger postings and outbox events, and
 * dispatches the events after commit (the outbox sweeper is the backstop). Idempotent under
 * retry: a move applies only from the status it starts at, postings are keyed per withdrawal,
 * and the payout is keyed by the withdrawal id at the provider, read by that id before any send.
 */
/** Well inside the payout activity's heartbeat timeout (withdrawal.workflow.ts). */
const PAYOUT_HEARTBEAT_MS = 5_000;

export function createWithdrawalActivities(deps: ActivityDeps): WithdrawalActivities {
  const { orm, dispatcher } = deps;
  const fork = () => orm.em.fork() as EntityManager;
  const processors = processorsOf(deps);
  const move = async (fn: (em: EntityManager) => Promise<MoveResult>) => {
    const { status, events } = await fork().transactional(fn);
    dispatcher.dispatchSoon(events.map((e) => e.id));
    return status;
  };
  return {
    async loadWithdrawal({ withdrawalId }) {
      const w = await fork().transactional((em) => lockWithdrawal(em, withdrawalId));
      return w && { status: w.status, companyId: w.companyId, amount: w.amount, netAmount: w.netAmount, currency: w.currency };
    },
    decideWithdrawal: ({ withdrawalId, ...decision }) => move((em) => applyWithdrawalDecision(em, withdrawalId, decision)),
    startWithdrawalProcessing: ({ withdrawalId }) => move((em) => markWithdrawalProcessing(em, withdrawalId)),
    async sendWithdrawalPayout({ withdrawalId }) {
      let sending;
      try {
        sending = await fork().transactional((em) => withdrawalPayoutRequest(em, withdrawalId, async (companyId) => (await processors.payoutFor(em, { id: companyId })).connection.id));
      } catch (err) {
        // The provider's callback or the payout reconciliation recorded the outcome first: carry on from it.
        if (err instanceof WithdrawalNotProcessing && err.recorded) return err.recorded;
        // The row is not in processing: retrying cannot change that.
        if (err instanceof WithdrawalNotProcessing) throw ApplicationFailure.nonRetryable(err.message, 'WithdrawalNotProcessing');
        throw err;
      }
      const rail = await processors.payoutById(fork(), sending.connectionId);
      // A connection removed with a payout in flight: retried until an operator restores it (docs/operations.md).
      if (!rail) throw new Error(`withdrawal ${withdrawalId}: its payout connection ${sending.connectionId} is gone`);
      const provider = deps.wrapPayoutProvider ? deps.wrapPayoutProvider(rail.provider) : rail.provider;
      // Heartbeats say this worker is alive while the provider answers: if it dies mid-transfer the
      // attempt times out after the workflow's heartbeat timeout and runs again elsewhere, and that
      // attempt reads the transfer by its id before it sends anything.
      const state = await whileHeartbeating(PAYOUT_HEARTBEAT_MS, () => sendAndAwaitPayout(provider, sending.request));
      return payoutResultOf(state, sending.request.id);
    },
    completeWithdrawalPayout: ({ withdrawalId, payout }) => move((em) => completeWithdrawalPayout(em, withdrawalId, payout)),
  };
}
