import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/common';
import type { AppDeps } from '../app-deps';
import { startsEagerly } from '../temporal/client';
import { TRANSACTION_WORKFLOW, transactionWorkflowId, type TransactionWorkflowInput } from '../../workflows/payments/transaction.contract';

/**
 * How processes reach a transaction's workflow. It is started once its transaction committed,
 * by the transaction.created event's subscriber (the outbox: dispatched right after the commit,
 * and by the sweeper after a crash), and signalled here.
 */
const startOptions = (taskQueue: string, input: TransactionWorkflowInput) => ({
  workflowId: transactionWorkflowId(input.transactionId),
  taskQueue,
  args: [input] as [TransactionWorkflowInput],
  // A finished run is never started again.
  workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
});

/**
 * Starts the workflow if it has not run yet (idempotent): true when this call started it, false
 * when a run exists or ran. Started in the worker process (the outbox sweeper, a billing charge
 * left pending), its first task comes back in the start's answer and runs on this worker at
 * once: no task-queue round trip. `marksCreated` is the transaction.created dispatch's own start
 * (`TransactionWorkflowInput`): only a run it started marks the event.
 */
export async function ensureTransactionWorkflow(temporal: Client, taskQueue: string, transactionId: string, marksCreated = false): Promise<boolean> {
  try {
    await temporal.workflow.start(TRANSACTION_WORKFLOW, {
      ...startOptions(taskQueue, marksCreated ? { transactionId, marksCreated } : { transactionId }),
      requestEagerStart: startsEagerly(temporal),
    });
    return true;
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return false;
  }
}

/**
 * Signals a transaction's workflow, starting it first when it has not run yet: a transaction
 * committed while Temporal was unreachable has no workflow until the outbox subscriber starts
 * it, and a buyer's payment (or a cancel) arriving before that must not be turned away.
 * A finished workflow is never started again (REJECT_DUPLICATE): false, and the caller answers
 * as it does when the database already shows the state.
 */
export async function signalTransactionWorkflow<Arg>(deps: Pick<AppDeps, 'temporal' | 'config'>, transactionId: string, signal: SignalDefinition<[Arg]>, arg: Arg): Promise<boolean> {
  const start = startOptions(deps.config.temporal.taskQueue, { transactionId });
  // Asked twice: the first "already started" may be a run being started at that very moment
  // (the outbox's start; some servers answer so then); the second means a finished run.
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.temporal.workflow.signalWithStart(TRANSACTION_WORKFLOW, { ...start, signal, signalArgs: [arg] });
      return true;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      if (attempt === 2) return false;
    }
  }
}
