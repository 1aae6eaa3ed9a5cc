import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import { ANTICIPATION_WORKFLOW, anticipationWorkflowId, approveAnticipationSignal, rejectAnticipationSignal, type AnticipationWorkflowInput } from '../../workflows/anticipations/anticipation.contract';

/**
 * Starts the approval of an anticipation INSIDE the request's transaction, before it commits: if
 * Temporal cannot be reached the request fails and rolls back (its receivables stay waiting). A
 * workflow started for a request that then rolled back finds no anticipation waiting when an
 * operator decides: its activity fails, and the operator sees it (nothing moves).
 */
export async function startAnticipationWorkflow(temporal: Client, config: Config, anticipationId: string): Promise<void> {
  await temporal.workflow.start(ANTICIPATION_WORKFLOW, {
    workflowId: anticipationWorkflowId(anticipationId),
    taskQueue: config.temporal.taskQueue,
    args: [{ anticipationId } satisfies AnticipationWorkflowInput],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}

/** An operator's decision (`lastro anticipations approve|reject`): the signal an operator can also send from the Temporal UI. */
export async function sendAnticipationDecision(temporal: Client, input: { anticipationId: string; approve: boolean; reason?: string }): Promise<void> {
  const signal = input.approve ? approveAnticipationSignal : rejectAnticipationSignal;
  await temporal.workflow.getHandle(anticipationWorkflowId(input.anticipationId)).signal(signal, input.reason === undefined ? {} : { reason: input.reason });
}
