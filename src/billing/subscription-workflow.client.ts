import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/workflow';
import {
  SUBSCRIPTION_WORKFLOW,
  advanceSubscriptionSignal,
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

/**
 * The API's start after the creating transaction committed: starts the workflow, then records
 * `workflowStartedAt`, before the subscription.created event is dispatched, so the outbox
 * subscriber has nothing left to do (one start per subscription on the normal path).
 */
export async function startSubscriptionWorkflowAfterCommit(em: EntityManager, temporal: Client, taskQueue: string, subscriptionId: string): Promise<void> {
  await startSubscriptionWorkflow(temporal, taskQueue, subscriptionId);
  await em.execute(`update billing_subscriptions set workflow_started_at = now() where id = ? and workflow_started_at is null`, [subscriptionId]);
}

/** Whether the API already started the subscription's workflow (or the row is gone). */
export async function subscriptionWorkflowStarted(em: EntityManager, subscriptionId: string): Promise<boolean> {
  const [row] = await em.execute<{ workflow_started_at: Date | null }[]>(`select workflow_started_at from billing_subscriptions where id = ?`, [subscriptionId]);
  return !row || row.workflow_started_at !== null;
}

/**
 * How every run of a subscription's workflow is started. Started twice at once is one run
 * (USE_EXISTING); a finished run may be followed by another (a parked subscription is started
 * again by the billing run or a sandbox advance), and a run for a subscription that already
 * ended returns at once.
 */
export function subscriptionRunOptions(taskQueue: string, input: SubscriptionWorkflowInput) {
  return {
    workflowId: subscriptionWorkflowId(input.subscriptionId),
    taskQueue,
    args: [input] as [SubscriptionWorkflowInput],
    workflowIdConflictPolicy: 'USE_EXISTING' as const,
    workflowIdReusePolicy: 'ALLOW_DUPLICATE' as const,
    // A cycle's steps are local activities inside one workflow task (several DB transactions and
    // a workflow start); on a loaded machine the 10 s default timed tasks out mid-chain, and each
    // timeout ran the chain again (36 of 200 in the billing benchmark at load average 18).
    workflowTaskTimeout: '30 seconds' as const,
  };
}

function startRun(temporal: Client, taskQueue: string, subscriptionId: string) {
  return temporal.workflow.start(SUBSCRIPTION_WORKFLOW, subscriptionRunOptions(taskQueue, { subscriptionId }));
}

/**
 * The sandbox test clock: the running workflow gets `advance`; a parked subscription (no
 * workflow running) is started from its row with the advance already delivered, so its next
 * cycle runs at once, for this subscription alone.
 */
export async function advanceSubscription(temporal: Client, taskQueue: string, subscriptionId: string): Promise<void> {
  const options = { ...subscriptionRunOptions(taskQueue, { subscriptionId }), signal: advanceSubscriptionSignal, signalArgs: [] as [] };
  for (let attempt = 1; ; attempt++) {
    try {
      await temporal.workflow.signalWithStart(SUBSCRIPTION_WORKFLOW, options);
      return;
    } catch (err) {
      // The run was completing (parking its row) as the signal came: the server answers "Completed
      // workflow" instead of starting the next run, and the advance was lost. Sent again, it starts one.
      if (!(err instanceof WorkflowNotFoundError) || attempt >= 3) throw err;
    }
  }
}

/** Signals the running workflow; a finished one (the subscription ended meanwhile) is left alone. */
export async function signalSubscription<Args extends unknown[]>(temporal: Client, subscriptionId: string, signal: SignalDefinition<Args>, ...args: Args): Promise<void> {
  try {
    await temporal.workflow.getHandle(subscriptionWorkflowId(subscriptionId)).signal(signal, ...args);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}
