import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { ApiError } from '../../src/http/errors';
import {
  applyGatewayRefundOutcome,
  applyRefundTransferOutcome,
  expireRefundBankDetails,
  gatewayRefundRequest,
  markRefundProcessing,
  markRefundTedProcessing,
  refundSnapshot,
  refundTransferRequest,
  remindRefundBankDetails,
  type MoveResult,
} from '../../src/refunds/refund-lifecycle.service';
import { refundCard } from '../../src/refunds/card-refund.service';
import { refundPix } from '../../src/refunds/pix-refund.service';
import { processorsOf } from '../../src/processors/processors';
import { sendAndAwaitPayout } from '../../src/processors/payouts/payout-outcome';
import { isAccountFailure, refundPayoutRequest, refundTransferOutcome } from '../../src/refunds/refund-transfer';
import { approveOrConfirmRefund, loadRefund, refuseRefund } from '../../src/refunds/refunds.service';
import type { RefundActivities } from '../../workflows/refunds/refund.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside the money activities' heartbeat timeout (refund.workflow.ts). */
const MONEY_HEARTBEAT_MS = 5_000;

/**
 * Activities of the refund workflow (signatures in its contract). Each move runs in one
 * transaction on a forked EntityManager with its ledger posting and outbox events, and
 * dispatches the events after commit (the outbox sweeper is the backstop). The acquirer, the
 * Pix PSP and the bank are called with the refund's own idempotency keys.
 */
export function createRefundActivities(deps: ActivityDeps): RefundActivities {
  const { orm, dispatcher, config } = deps;
  const fork = () => orm.em.fork() as EntityManager;
  const base = config.urls.publicBase;
  const move = async (fn: (em: EntityManager) => Promise<MoveResult>) => {
    const { status, events } = await fork().transactional(fn);
    dispatcher.dispatchSoon(events.map((e) => e.id));
    return status;
  };
  return {
    loadRefund: ({ refundId }) => fork().transactional((em) => refundSnapshot(em, refundId)),
    async reviewRefund({ refundId, outcome, operator, reason }) {
      try {
        return await move(async (em) => {
          const { refund, events } = outcome === 'approve' ? await approveOrConfirmRefund(em, refundId, operator) : await refuseRefund(em, null, refundId, operator, reason);
          return { status: refund.status, events };
        });
      } catch (err) {
        // The refund moved on before the operator's decision arrived: the decision no longer applies.
        if (err instanceof ApiError && err.status === 409) return (await loadRefund(fork(), null, refundId)).status;
        throw err;
      }
    },
    startRefundProcessing: ({ refundId }) => move((em) => markRefundProcessing(em, refundId)),
    async sendRefundToGateway({ refundId }) {
      const request = await gatewayRefundRequest(fork(), refundId);
      if (!request) return null;
      if (request.method === 'pix') return whileHeartbeating(MONEY_HEARTBEAT_MS, () => refundPix(processorsOf(deps), deps.logger, fork(), request));
      if (request.method !== 'credit_card') throw ApplicationFailure.nonRetryable(`A ${request.method} payment is not refunded by a processor`, 'NoProcessorRefund');
      return whileHeartbeating(MONEY_HEARTBEAT_MS, () => refundCard(processorsOf(deps), fork, request));
    },
    completeGatewayRefund: ({ refundId, outcome }) => move((em) => applyGatewayRefundOutcome(em, refundId, outcome, base)),
    startRefundTed: ({ refundId }) => move((em) => markRefundTedProcessing(em, refundId)),
    async sendRefundTed({ refundId }) {
      const processors = processorsOf(deps);
      // The company's payout provider, as for withdrawals, pinned on the refund; the id is the refund's and its details request's.
      const pinned = await fork().transactional((em) => refundTransferRequest(em, refundId, async (companyId) => (await processors.payoutFor(em, { id: companyId })).connection.id));
      if (!pinned) return null;
      const rail = await processors.payoutById(fork(), pinned.connectionId);
      // Connections are retired, never deleted: a missing one is a broken database, left to an operator (the activity retries).
      if (!rail) throw new Error(`The refund transfer's payout connection ${pinned.connectionId} is not found`);
      const provider = deps.wrapPayoutProvider ? deps.wrapPayoutProvider(rail.provider) : rail.provider;
      const payout = refundPayoutRequest(pinned.request);
      const outcome = refundTransferOutcome(await whileHeartbeating(MONEY_HEARTBEAT_MS, () => sendAndAwaitPayout(provider, payout)), payout.id);
      if (outcome.status === 'bounced' && !isAccountFailure(outcome.code)) deps.logger.error({ refundId, code: outcome.code }, 'Refund transfer refused by the payout provider for a reason other than the account: the buyer is asked for details again; check the provider account');
      return outcome;
    },
    completeRefundTed: ({ refundId, outcome }) => move((em) => applyRefundTransferOutcome(em, refundId, outcome, base)),
    remindRefundBankDetails: ({ refundId }) => move((em) => remindRefundBankDetails(em, refundId)),
    expireRefundBankDetails: ({ refundId }) => move((em) => expireRefundBankDetails(em, refundId)),
  };
}
