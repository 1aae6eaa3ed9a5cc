import { condition, log, proxyActivities, setHandler, upsertMemo, upsertSearchAttributes } from '@temporalio/workflow';
import type { WithdrawalStatus } from '../../src/withdrawals/withdrawal.rules';
import {
  WITHDRAWAL_STAGE_ATTRIBUTE,
  approveSignal,
  cancelSignal,
  rejectSignal,
  withdrawalStateQuery,
  type WithdrawalActivities,
  type WithdrawalMemo,
  type WithdrawalOutcome,
  type WithdrawalStage,
  type WithdrawalState,
  type WithdrawalWorkflowInput,
} from './withdrawal.contract';

// Database moves retry without limit (backing off to every 10 minutes): giving up would leave a
// withdrawal stuck with its money reserved, or a transfer made but never recorded as paid.
const { loadWithdrawal, decideWithdrawal, startWithdrawalProcessing, completeWithdrawalPayout } = proxyActivities<WithdrawalActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

// Money is in flight: a PSP outage is retried for as long as it lasts (backing off to every
// 10 minutes), never turned into a silent failure. A definitive refusal is a result, not an
// error. The idempotency key (the withdrawal id) makes every retry safe, including one after
// the worker died mid-transfer: the activity heartbeats while the PSP answers, so a dead
// worker's attempt times out after 20 seconds and runs again on another worker.
const { sendWithdrawalPayout } = proxyActivities<WithdrawalActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});


type Decision = { outcome: 'approved'; operator: string } | { outcome: 'rejected'; operator: string; reason: string };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * One withdrawal (workflow id = wdr_ id), started by POST /withdrawals inside the request's
 * transaction. The row in PostgreSQL is the truth; the workflow drives it forward:
 *
 *   requested ──approve──▶ approved ─▶ processing ─▶ paid | failed
 *             ──reject───▶ rejected
 *             ──cancel (API)──▶ cancelled
 *
 * It waits for the operator as long as it takes: no timer, so a withdrawal left for days is
 * still `requested` and still approvable. The first decision wins; later ones are ignored.
 */
export async function withdrawalWorkflow(input: WithdrawalWorkflowInput): Promise<WithdrawalOutcome> {
  let stage: WithdrawalStage = 'loading';
  let status: WithdrawalStatus | null = null;
  let decision: Decision | undefined;
  let cancelPending = false;

  // Signals cannot be refused, so a malformed one (a hand-typed Temporal UI payload) is logged and dropped.
  setHandler(approveSignal, (s) => {
    const operator = text(s?.operator);
    if (!operator) return log.warn('approve ignored: operator is required', { withdrawalId: input.withdrawalId });
    decision ??= { outcome: 'approved', operator };
  });
  setHandler(rejectSignal, (s) => {
    const operator = text(s?.operator);
    const reason = text(s?.reason);
    if (!operator || !reason) return log.warn('reject ignored: operator and reason are required', { withdrawalId: input.withdrawalId });
    decision ??= { outcome: 'rejected', operator, reason };
  });
  setHandler(cancelSignal, () => {
    cancelPending = true;
  });
  setHandler(
    withdrawalStateQuery,
    (): WithdrawalState => ({
      withdrawalId: input.withdrawalId,
      stage,
      status,
      waitingFor: stage === 'awaiting_approval' && !decision ? ['approve', 'reject', 'cancel'] : [],
      decidedBy: decision?.operator ?? null,
    }),
  );
  // The memo's `stage` is what an operator sees in the Temporal UI; written only when it changes.
  // The search attribute lets the operator's list query filter on it.
  const moveTo = (next: WithdrawalStage) => {
    if (next === stage) return;
    stage = next;
    upsertMemo({ stage } satisfies WithdrawalMemo);
    upsertSearchAttributes([{ key: WITHDRAWAL_STAGE_ATTRIBUTE, value: stage }]);
  };

  const row = await loadWithdrawal({ withdrawalId: input.withdrawalId });
  if (!row) {
    moveTo('done');
    return { status: 'abandoned' };
  }
  status = row.status;
  // A run started by a signal (CLI, cancel) has no memo yet: describe the withdrawal for the UI.
  upsertMemo({ companyId: row.companyId, amount: row.amount, netAmount: row.netAmount, currency: row.currency } satisfies Partial<WithdrawalMemo>);

  while (status === 'requested') {
    moveTo('awaiting_approval');
    await condition(() => decision !== undefined || cancelPending);
    if (decision) {
      status = await decideWithdrawal({
        withdrawalId: input.withdrawalId,
        outcome: decision.outcome,
        operator: decision.operator,
        reason: decision.outcome === 'rejected' ? decision.reason : null,
      });
    } else {
      // The API cancelled the row (or tried to: its transaction may have rolled back); re-read it.
      cancelPending = false;
      status = (await loadWithdrawal({ withdrawalId: input.withdrawalId }))?.status ?? status;
    }
  }

  if (status === 'approved') {
    moveTo('processing');
    status = await startWithdrawalProcessing({ withdrawalId: input.withdrawalId });
  }
  if (status === 'processing') {
    // Also reached directly when a new run finds a payout in flight (its transfer is idempotent).
    moveTo('processing');
    const payout = await sendWithdrawalPayout({ withdrawalId: input.withdrawalId });
    status = await completeWithdrawalPayout({ withdrawalId: input.withdrawalId, payout });
  }
  moveTo('done');
  return { status };
}
