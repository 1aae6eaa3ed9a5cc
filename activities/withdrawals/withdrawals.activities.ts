import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { lockWithdrawal } from '../../src/withdrawals/withdrawal-history';
import { applyWithdrawalDecision, completeWithdrawalPayout, markWithdrawalProcessing, payoutRequestFor, type MoveResult } from '../../src/withdrawals/withdrawal-payout.service';
import { SandboxPayoutGateway } from '../../src/withdrawals/sandbox-payout-gateway';
import type { WithdrawalActivities } from '../../workflows/withdrawals/withdrawal.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/**
 * Activities of the withdrawal workflow (signatures in its contract). Each move runs in one
 * transaction on a forked EntityManager, with its ledger postings and outbox events, and
 * dispatches the events after commit (the outbox sweeper is the backstop). Idempotent under
 * retry: a move applies only from the status it starts at, postings are keyed per withdrawal,
 * and the PSP transfer is keyed by the withdrawal id.
 */
/** Well inside the payout activity's heartbeat timeout (withdrawal.workflow.ts). */
const PAYOUT_HEARTBEAT_MS = 5_000;

export function createWithdrawalActivities({ orm, dispatcher, payoutGateway, config }: ActivityDeps): WithdrawalActivities {
  const fork = () => orm.em.fork() as EntityManager;
  const gateway = payoutGateway ?? new SandboxPayoutGateway(fork, config.sandboxGatewayLatencyMs);
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
      let request;
      try {
        request = await payoutRequestFor(fork(), withdrawalId);
      } catch (err) {
        // The row is not in processing: retrying cannot change that.
        throw ApplicationFailure.nonRetryable((err as Error).message, 'WithdrawalNotProcessing');
      }
      // Heartbeats say this worker is alive while the PSP answers: if it dies mid-transfer the
      // attempt times out after the workflow's heartbeat timeout and runs again elsewhere, with
      // the same idempotency key, instead of waiting out the whole start-to-close timeout.
      return whileHeartbeating(PAYOUT_HEARTBEAT_MS, () => gateway.transfer(request));
    },
    completeWithdrawalPayout: ({ withdrawalId, payout }) => move((em) => completeWithdrawalPayout(em, withdrawalId, payout)),
  };
}
