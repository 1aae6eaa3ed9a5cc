import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../app-deps';
import type { Event } from '../../events/event.entity';
import { applyRefundTransferState } from '../../refunds/refund-lifecycle.service';
import { refundTransferOfPayout } from '../../refunds/refund-transfer';
import { restartRefundWorkflow } from '../../refunds/refund-workflow.client';
import { Refund } from '../../refunds/refund.entity';
import { Withdrawal } from '../../withdrawals/withdrawal.entity';
import { applyWithdrawalPayoutState } from '../../withdrawals/withdrawal-payout.service';
import { withdrawalIdOfPayout } from './payout.rules';
import type { PayoutState } from './payout-provider.port';

/**
 * What a payout provider shows of a transfer, applied to what it pays: the one path of the
 * provider's callback (payout-callbacks.routes.ts) and of the payout reconciliation
 * (workflows/payouts/payout-reconciliation.workflow.ts), so a lost callback loses nothing. The
 * state must have been read from the provider by the transfer's id (never taken from a
 * callback's body). Every move applies only from where it starts, so telling it twice changes
 * nothing; nothing here sends a transfer.
 *
 * - `recorded`: a transfer still in flight got its outcome (paid or failed);
 * - `returned`: money the receiving bank sent back after it was paid was applied (or was already);
 * - `pending`: the provider still processes it; `unchanged`: nothing new;
 * - `ignored`: the id names no transfer of Lastro's through this connection.
 */
export type PayoutApplied = 'recorded' | 'returned' | 'pending' | 'unchanged' | 'ignored';

type Deps = Pick<AppDeps, 'orm' | 'temporal' | 'config' | 'logger' | 'dispatcher'>;

const fork = (deps: Deps) => deps.orm.em.fork() as unknown as EntityManager;

export async function applyPayoutState(deps: Deps, connectionId: string, payoutId: string, state: PayoutState): Promise<PayoutApplied> {
  const withdrawalId = withdrawalIdOfPayout(payoutId);
  if (withdrawalId) return applyToWithdrawal(deps, connectionId, withdrawalId, state);
  const transfer = refundTransferOfPayout(payoutId);
  if (transfer) return applyToRefund(deps, connectionId, transfer, state);
  return 'ignored';
}

async function applyToWithdrawal(deps: Deps, connectionId: string, withdrawalId: string, state: PayoutState): Promise<PayoutApplied> {
  const w = await fork(deps).findOne(Withdrawal, { id: withdrawalId });
  // Only the connection the withdrawal was sent through speaks for it.
  if (!w || w.payoutConnectionId !== connectionId) return 'ignored';
  if (state.status === 'processing') return w.status === 'processing' ? 'pending' : 'unchanged';
  const r = await fork(deps).transactional((em) => applyWithdrawalPayoutState(em, withdrawalId, state));
  dispatch(deps, r.events);
  return r.applied;
}

async function applyToRefund(deps: Deps, connectionId: string, transfer: { refundId: string; attempt: number }, state: PayoutState): Promise<PayoutApplied> {
  const em = fork(deps);
  const refund = await em.findOne(Refund, { id: transfer.refundId });
  if (!refund) return 'ignored';
  // Only the connection the refund's transfer was sent through speaks for it.
  if (refund.transferConnectionId !== connectionId) return 'ignored';
  if (state.status === 'processing') return refund.status === 'ted_processing' ? 'pending' : 'unchanged';
  const r = await fork(deps).transactional((tem) => applyRefundTransferState(tem, transfer, state, deps.config.urls.publicBase));
  dispatch(deps, r.events);
  if (r.applied === 'returned') {
    deps.logger.warn({ refundId: refund.id, connectionId }, 'A refund transfer was returned by the receiving bank after it completed: the buyer is asked for bank details again');
    await restartRefundWorkflow(deps.temporal, deps.config.temporal.taskQueue, refund.id);
  }
  return r.applied;
}

function dispatch(deps: Deps, events: Event[]): void {
  if (events.length > 0) deps.dispatcher.dispatchSoon(events.map((e) => e.id));
}
