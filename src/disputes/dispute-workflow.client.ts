import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/client';
import { DISPUTE_WORKFLOW, disputeWorkflowId, resolvedSignal, type DisputeWorkflowInput } from '../../workflows/disputes/dispute.contract';
import type { DisputeOutcome } from './dispute.rules';

/**
 * How the API reaches a dispute's workflow. The start is made inside the transaction that opens
 * the dispute, before it commits (as withdrawals do): no Temporal, no dispute (the acquirer
 * notifies again). A start whose transaction then rolls back is harmless: at the deadline the
 * workflow finds no dispute and ends.
 */
export async function startDisputeWorkflow(temporal: Client, taskQueue: string, input: DisputeWorkflowInput): Promise<void> {
  await temporal.workflow.start(DISPUTE_WORKFLOW, {
    workflowId: disputeWorkflowId(input.disputeId),
    taskQueue,
    args: [input],
    // A notice sent again finds the run it already made.
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}

/** Tells the workflow the outcome is booked, so it stops waiting; a run already over is fine. */
export async function signalDisputeResolved(temporal: Client, disputeId: string, outcome: DisputeOutcome): Promise<void> {
  await temporal.workflow
    .getHandle(disputeWorkflowId(disputeId))
    .signal(resolvedSignal, { outcome })
    .catch((err: unknown) => {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    });
}
