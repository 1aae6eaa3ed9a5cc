import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/workflow';
import {
  SUBSCRIPTION_WORKFLOW,
  subscriptionWorkflowId,
  type SubscriptionWorkflowInput,
} from '../../workflows/billing/subscription.contract';

/**
 * How the API reaches a subscription's workflow. The start runs after the creating transaction
 * committed (the workflow's first activity reads the row); a retried start finds the run it
 * made. Signals are sent after the action's transaction committed: the row is already changed,
 * the signal only moves the workflow's timers.
 */
export async function startSubscriptionWorkflow(temporal: Client, taskQueue: string, subscriptionId: string): Promise<void> {
  try {
    await startRun(temporal, taskQueue, subscriptionId);
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

function startRun(temporal: Client, taskQueue: string, subscriptionId: string) {
  return temporal.workflow.start(SUBSCRIPTION_WORKFLOW, {
    workflowId: subscriptionWorkflowId(subscriptionId),
    taskQueue,
    args: [{ subscriptionId } satisfies SubscriptionWorkflowInput] as [SubscriptionWorkflowInput],
    // Started twice (API and the outbox subscriber) is one run; a finished run is never started again.
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  });
}

/** Signals the running workflow; a finished one (the subscription ended meanwhile) is left alone. */
export async function signalSubscription<Args extends unknown[]>(temporal: Client, subscriptionId: string, signal: SignalDefinition<Args>, ...args: Args): Promise<void> {
  try {
    await temporal.workflow.getHandle(subscriptionWorkflowId(subscriptionId)).signal(signal, ...args);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}
