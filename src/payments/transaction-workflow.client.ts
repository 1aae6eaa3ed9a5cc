import { WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import {
  TRANSACTION_WORKFLOW,
  decisionUpdate,
  transactionWorkflowId,
  type TransactionDecision,
  type TransactionWorkflowInput,
} from '../../workflows/payments/transaction.contract';

/**
 * How the API drives a transaction's workflow. Both ways survive a crash at any step: the
 * workflow authorizes the cards on its own (the update only waits for the answer), and a
 * transaction committed without a running workflow is started by the `transaction.created`
 * event subscriber (the outbox sweeper retries it until it succeeds).
 */
const startOptions = (taskQueue: string, transactionId: string) => ({
  workflowId: transactionWorkflowId(transactionId),
  taskQueue,
  args: [{ transactionId } satisfies TransactionWorkflowInput] as [TransactionWorkflowInput],
  // Started twice (API and subscriber) is one run; a finished run is never started again.
  workflowIdConflictPolicy: 'USE_EXISTING' as const,
  workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
});

/** Starts the workflow if it has not run yet (idempotent). */
export async function ensureTransactionWorkflow(temporal: Client, taskQueue: string, transactionId: string): Promise<void> {
  try {
    await temporal.workflow.start(TRANSACTION_WORKFLOW, startOptions(taskQueue, transactionId));
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** A card answer normally takes milliseconds; past this the caller answers `pending` and the webhook follows. */
export const CARD_DECISION_WAIT_MS = 25_000;

/**
 * Starts the workflow of a just-committed transaction; with card payments, waits (bounded)
 * for the authorization answer. When it started, the row is marked (`workflow_started_at`)
 * before the events are dispatched, so the transaction.created subscriber has nothing to do.
 * When Temporal cannot be reached the transaction stays committed (2xx = committed) and that
 * subscriber starts the workflow once it can; past the bound the start may still be in
 * flight, so it is left unmarked for the subscriber to make sure.
 */
export async function driveTransactionWorkflow(
  deps: Pick<AppDeps, 'temporal' | 'config' | 'logger'>,
  em: EntityManager,
  transactionId: string,
  hasCard: boolean,
): Promise<void> {
  const queue = deps.config.temporal.taskQueue;
  try {
    let started = true;
    if (!hasCard) await ensureTransactionWorkflow(deps.temporal, queue, transactionId);
    else {
      let timer: NodeJS.Timeout | undefined;
      started = await Promise.race([
        startAndAwaitDecision(deps.temporal, queue, transactionId).then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CARD_DECISION_WAIT_MS))),
      ]);
      clearTimeout(timer);
    }
    if (started) await markWorkflowStarted(em, transactionId);
  } catch (err) {
    deps.logger.warn({ err, transactionId }, 'transaction workflow not reached; the outbox subscriber will start it');
  }
}

/** Records that the workflow was started, so the transaction.created subscriber leaves it alone. */
export async function markWorkflowStarted(em: EntityManager, transactionId: string): Promise<void> {
  await em.execute(`update transactions set workflow_started_at = now() where id = ? and workflow_started_at is null`, [transactionId]);
}

/** Servers known not to implement update-with-start (the Java time-skipping test server). */
const withoutUpdateWithStart = new WeakSet<Client>();

/**
 * Starts the workflow and waits for its card decision in one round trip (update-with-start).
 * On a server without update-with-start it starts the workflow, then sends the update:
 * two calls, with the same outcome and the same crash safety.
 */
export async function startAndAwaitDecision(temporal: Client, taskQueue: string, transactionId: string): Promise<TransactionDecision> {
  if (!withoutUpdateWithStart.has(temporal)) {
    try {
      return await temporal.workflow.executeUpdateWithStart(decisionUpdate, {
        startWorkflowOperation: new WithStartWorkflowOperation(TRANSACTION_WORKFLOW, startOptions(taskQueue, transactionId)),
      });
    } catch (err) {
      if (!isUnimplemented(err)) throw err;
      withoutUpdateWithStart.add(temporal);
    }
  }
  await ensureTransactionWorkflow(temporal, taskQueue, transactionId);
  return temporal.workflow.getHandle(transactionWorkflowId(transactionId)).executeUpdate(decisionUpdate);
}

/** gRPC status 12 (UNIMPLEMENTED), anywhere in the error's cause chain. */
const GRPC_UNIMPLEMENTED = 12;
function isUnimplemented(err: unknown): boolean {
  for (let e: any = err; e; e = e.cause) if (e.code === GRPC_UNIMPLEMENTED) return true;
  return false;
}

/**
 * Signals a transaction's workflow, starting it first when it has not run yet: a transaction
 * committed while Temporal was unreachable has no workflow until the outbox subscriber starts
 * it, and a buyer's payment (or a cancel) arriving before that must not be turned away.
 * A finished workflow is never started again (REJECT_DUPLICATE): false, and the caller answers
 * as it does when the database already shows the state.
 */
export async function signalTransactionWorkflow<Arg>(deps: Pick<AppDeps, 'temporal' | 'config'>, transactionId: string, signal: SignalDefinition<[Arg]>, arg: Arg): Promise<boolean> {
  const { workflowIdConflictPolicy: _, ...start } = startOptions(deps.config.temporal.taskQueue, transactionId);
  try {
    await deps.temporal.workflow.signalWithStart(TRANSACTION_WORKFLOW, { ...start, signal, signalArgs: [arg] });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}
