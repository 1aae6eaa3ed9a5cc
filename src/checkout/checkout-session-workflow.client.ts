import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import { cancelTransactionSignal } from '../../workflows/payments/transaction.contract';
import type { AppDeps } from '../app-deps';
import { signalTransactionWorkflow } from '../payments/transaction-workflow.client';
import {
  CHECKOUT_SESSION_WORKFLOW,
  checkoutSessionWorkflowId,
  type CheckoutSessionWorkflowInput,
} from '../../workflows/checkout/checkout-session.contract';

/**
 * Starts a session's workflow if it has not run yet. Called after the session commits and by
 * the `checkout.session.created` subscriber (the outbox backstop): started twice is one run,
 * and a finished run is never started again.
 */
export async function ensureSessionWorkflow(temporal: Client, taskQueue: string, session: { sessionId: string; expiresAt: string }): Promise<void> {
  const input: CheckoutSessionWorkflowInput = { ...session, expiresInMs: Math.max(0, Date.parse(session.expiresAt) - Date.now()) };
  try {
    await temporal.workflow.start(CHECKOUT_SESSION_WORKFLOW, {
      workflowId: checkoutSessionWorkflowId(input.sessionId),
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Signals a session's workflow; a workflow already finished (expired, canceled, paid) has nothing left to hear. */
export async function signalSessionWorkflow(temporal: Client, sessionId: string, send: (h: WorkflowHandle) => Promise<void>): Promise<void> {
  try {
    await send(temporal.workflow.getHandle(checkoutSessionWorkflowId(sessionId)));
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

/**
 * Cancels a session's transactions through their workflows (Pix/boleto canceled, approved cards
 * voided), starting a workflow that has not run yet so it cancels before it authorizes. A
 * finished one has nothing left to cancel; a repeat is ignored by the workflow.
 */
export async function cancelSessionTransactions(deps: Pick<AppDeps, 'temporal' | 'config'>, transactionIds: readonly string[], reason: string): Promise<void> {
  for (const id of transactionIds) await signalTransactionWorkflow(deps, id, cancelTransactionSignal, { reason });
}
