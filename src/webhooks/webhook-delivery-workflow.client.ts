import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { attemptNowSignal, WEBHOOK_DELIVERY_WORKFLOW, webhookDeliveryWorkflowId, type WebhookDeliveryInput } from '../../workflows/webhooks/webhook-delivery.contract';

/**
 * How the delivery lanes and the API reach the retry workflow: every start and signal of it
 * goes through here.
 */

/**
 * Hands failed deliveries to their retry workflows. A delivery whose workflow is running
 * already keeps it (a lane that died after starting it and before recording the hand-off
 * starts it again: the start is a no-op). ALLOW_DUPLICATE: a delivery a manual retry finished
 * while the lane's own attempt failed gets a new run, never a `retrying` row with no workflow.
 */
export async function startRetryWorkflows(temporal: Client, taskQueue: string, inputs: WebhookDeliveryInput[]): Promise<void> {
  await Promise.all(
    inputs.map(async (input) => {
      try {
        await temporal.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
          workflowId: webhookDeliveryWorkflowId(input.deliveryId),
          taskQueue,
          args: [input],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
}

/**
 * The retry endpoint: signal-with-start is race-free whichever state the workflow is in. A
 * running workflow gets `attemptNow` (it cuts its current wait short); a finished one, or a
 * delivery that never had one, gets a new run under the same id, which attempts at once.
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
