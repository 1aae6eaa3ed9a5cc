import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/workflow';
import { REFUND_WORKFLOW, approveRefundSignal, refundWorkflowId, refuseRefundSignal, type RefundWorkflowInput } from '../../workflows/refunds/refund.contract';

const runOptions = (taskQueue: string, refundId: string) => ({
  workflowId: refundWorkflowId(refundId),
  taskQueue,
  args: [{ refundId } satisfies RefundWorkflowInput] as [RefundWorkflowInput],
});

const startOptions = (taskQueue: string, refundId: string) => ({
  ...runOptions(taskQueue, refundId),
  // Started by the API after commit and by the refund.created subscriber: one run; a finished run is never started again.
  workflowIdConflictPolicy: 'USE_EXISTING' as const,
  workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
});

/** Starts the refund's workflow (idempotent). Called after the creating transaction committed. */
export async function ensureRefundWorkflow(temporal: Client, taskQueue: string, refundId: string): Promise<void> {
  try {
    await temporal.workflow.start(REFUND_WORKFLOW, startOptions(taskQueue, refundId));
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * Runs the refund's workflow again after it finished: a refund reopened after its transfer came
 * back (refund-lifecycle.service `applyRefundTransferState`). A new run reads the row and waits
 * for the buyer's new details; a run still going is left alone. Called after the move committed.
 */
export async function restartRefundWorkflow(temporal: Client, taskQueue: string, refundId: string): Promise<void> {
  try {
    await temporal.workflow.start(REFUND_WORKFLOW, { ...runOptions(taskQueue, refundId), workflowIdConflictPolicy: 'USE_EXISTING', workflowIdReusePolicy: 'ALLOW_DUPLICATE' });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * Tells the workflow its row changed (a review, the buyer's bank details), after the change
 * committed. Signal-with-start: a run that was never started (API crash) starts now and reads
 * the row; a finished one is left alone.
 */
export async function signalRefund(temporal: Client, taskQueue: string, refundId: string, signal: SignalDefinition<[]>): Promise<void> {
  try {
    await temporal.workflow.signalWithStart(REFUND_WORKFLOW, { ...runOptions(taskQueue, refundId), workflowIdReusePolicy: 'REJECT_DUPLICATE', signal, signalArgs: [] });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError) && !(err instanceof WorkflowNotFoundError)) throw err;
  }
}

export type RefundDecision = { refundId: string; operator: string } & ({ outcome: 'approve' } | { outcome: 'refuse'; reason: string | null });

/**
 * The operator's review: the same `approve` / `refuse` signal an operator can send from the
 * Temporal UI. Signal-with-start: it lands even if the run is missing (a new run reads the row).
 */
export async function sendRefundDecision(temporal: Client, taskQueue: string, d: RefundDecision): Promise<void> {
  const options = runOptions(taskQueue, d.refundId);
  if (d.outcome === 'approve') {
    await temporal.workflow.signalWithStart(REFUND_WORKFLOW, { ...options, signal: approveRefundSignal, signalArgs: [{ operator: d.operator }] });
  } else {
    await temporal.workflow.signalWithStart(REFUND_WORKFLOW, { ...options, signal: refuseRefundSignal, signalArgs: [{ operator: d.operator, reason: d.reason }] });
  }
}
