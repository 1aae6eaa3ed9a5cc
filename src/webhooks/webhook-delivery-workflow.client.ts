import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  attemptDoneSignal,
  attemptNowSignal,
  deliveriesDueSignal,
  WEBHOOK_DELIVERY_WORKFLOW,
  WEBHOOK_LANE_WORKFLOW,
  webhookDeliveryWorkflowId,
  webhookLaneWorkflowId,
  type AttemptOutcome,
  type LaneInput,
  type WebhookDeliveryInput,
} from '../../workflows/webhooks/webhook-delivery.contract';

/**
 * How the API, the event subscriber and the lane's activities reach the delivery and lane
 * workflows: every start and signal of them goes through here.
 */

/**
 * Starts a delivery workflow per input, safely more than once: REJECT_DUPLICATE means a
 * delivery whose workflow ever ran (running or finished) is never started again by dispatch;
 * only the retry endpoint starts a new run of a finished one.
 */
export async function startDeliveryWorkflows(temporal: Client, taskQueue: string, inputs: WebhookDeliveryInput[]): Promise<void> {
  await Promise.all(
    inputs.map(async (input) => {
      try {
        await temporal.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
          workflowId: webhookDeliveryWorkflowId(input.deliveryId),
          taskQueue,
          args: [input],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
}

/**
 * The retry endpoint: signal-with-start is race-free whichever state the workflow is in. A
 * running workflow gets `attemptNow` (it cuts its current wait short); a finished one (or one
 * never started) is started again under the same id, which attempts at once.
 */
export async function requestDeliveryAttemptNow(temporal: Client, taskQueue: string, input: WebhookDeliveryInput): Promise<void> {
  await temporal.workflow.signalWithStart(WEBHOOK_DELIVERY_WORKFLOW, {
    workflowId: webhookDeliveryWorkflowId(input.deliveryId),
    taskQueue,
    args: [input],
    signal: attemptNowSignal,
    signalArgs: [],
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  });
}

/**
 * The lane's answer to a delivery. False when no run is there to hear it: its run has not
 * started yet (its request will find the recorded outcome) or was terminated.
 */
export async function signalAttemptDone(temporal: Client, deliveryId: string, outcome: AttemptOutcome): Promise<boolean> {
  try {
    await temporal.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId)).signal(attemptDoneSignal, outcome);
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

/** Wakes a webhook's lane: signal-with-start, so a lane exists whenever a delivery is requested. */
export async function signalDeliveriesDue(temporal: Client, taskQueue: string, webhookId: string): Promise<void> {
  const workflowId = webhookLaneWorkflowId(webhookId);
  try {
    await temporal.workflow.signalWithStart(WEBHOOK_LANE_WORKFLOW, { workflowId, taskQueue, args: [{ webhookId } satisfies LaneInput], signal: deliveriesDueSignal, signalArgs: [] });
  } catch (err) {
    // Two processes starting the same lane at once: the loser (some servers report it this
    // way) signals the lane the winner started. Anything else is the caller's to retry.
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    await temporal.workflow.getHandle(workflowId).signal(deliveriesDueSignal);
  }
}
