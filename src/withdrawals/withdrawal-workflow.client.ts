import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import {
  WITHDRAWAL_WORKFLOW,
  approveSignal,
  cancelSignal,
  rejectSignal,
  withdrawalWorkflowId,
  type WithdrawalMemo,
  type WithdrawalWorkflowInput,
} from '../../workflows/withdrawals/withdrawal.contract';
import type { Withdrawal } from './withdrawal.entity';
import { registerWithdrawalSearchAttributes } from './withdrawal-search-attributes';

/**
 * How the API reaches the withdrawal workflow. Both calls are made INSIDE the request's
 * transaction, before it commits: if Temporal cannot be reached the request fails (5xx) and
 * rolls back, so a 2xx always means "row committed and workflow running". The reverse crash
 * (workflow started, transaction rolled back) is harmless: the workflow's first read waits
 * for the transaction on the withdrawal's lock and ends as `abandoned` when there is no row.
 */

const runOptions = (taskQueue: string, withdrawalId: string) => ({
  workflowId: withdrawalWorkflowId(withdrawalId),
  taskQueue,
  args: [{ withdrawalId } satisfies WithdrawalWorkflowInput] as [WithdrawalWorkflowInput],
});

const startOptions = (config: Config, w: Withdrawal) => ({
  ...runOptions(config.temporal.taskQueue, w.id),
  // A retried start (lost response) finds the run it already made.
  workflowIdConflictPolicy: 'USE_EXISTING' as const,
  // An approved one (instant payout, payout schedule) goes straight to its payout.
  memo: { stage: w.status === 'requested' ? 'awaiting_approval' : 'processing', companyId: w.companyId, amount: w.amount, netAmount: w.netAmount, currency: w.currency } satisfies WithdrawalMemo,
});

const registered = new WeakMap<Client, Promise<void>>();

/**
 * The workflow upserts the `WithdrawalStage` search attribute, which a server must know. The
 * dev server and the test harness register it at start; for any other server (docker-compose,
 * production) the API registers it once per process before its first start. A refusal
 * (no operator permission) is left to the operator's own registration (docs/operations.md).
 */
function ensureSearchAttributes(temporal: Client, config: Config): Promise<void> {
  let done = registered.get(temporal);
  if (!done) {
    done = registerWithdrawalSearchAttributes(temporal.connection, config.temporal.namespace).catch(() => undefined);
    registered.set(temporal, done);
  }
  return done;
}

export async function startWithdrawalWorkflow(temporal: Client, config: Config, w: Withdrawal): Promise<void> {
  await ensureSearchAttributes(temporal, config);
  await temporal.workflow.start(WITHDRAWAL_WORKFLOW, startOptions(config, w));
}

/**
 * Tells the workflow the API cancelled the row, so it stops waiting for an operator. Signal-
 * with-start: if the run were missing, a new one reads the row and ends at once.
 */
export async function signalWithdrawalCancelled(temporal: Client, config: Config, w: Withdrawal, reason: string | null): Promise<void> {
  await ensureSearchAttributes(temporal, config);
  await temporal.workflow.signalWithStart(WITHDRAWAL_WORKFLOW, { ...startOptions(config, w), signal: cancelSignal, signalArgs: [{ reason }] });
}

export type WithdrawalDecision = { withdrawalId: string; operator: string } & ({ outcome: 'approve' } | { outcome: 'reject'; reason: string });

/**
 * Sends the operator's decision: the same `approve` / `reject` signal an operator sends from
 * the Temporal UI. Signal-with-start, so a decision still lands (and the withdrawal moves on)
 * if its workflow is not running for any reason: a new run reads the row and applies it.
 */
export async function sendWithdrawalDecision(temporal: Client, taskQueue: string, d: WithdrawalDecision): Promise<void> {
  const options = runOptions(taskQueue, d.withdrawalId);
  if (d.outcome === 'approve') {
    await temporal.workflow.signalWithStart(WITHDRAWAL_WORKFLOW, { ...options, signal: approveSignal, signalArgs: [{ operator: d.operator }] });
  } else {
    await temporal.workflow.signalWithStart(WITHDRAWAL_WORKFLOW, { ...options, signal: rejectSignal, signalArgs: [{ operator: d.operator, reason: d.reason }] });
  }
}
