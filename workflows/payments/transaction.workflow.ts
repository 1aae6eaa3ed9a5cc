import { condition, log, proxyActivities, proxyLocalActivities, setHandler, type RetryPolicy } from '@temporalio/workflow';
import { cancelTransactionSignal, paymentReceivedSignal, type CancelRequest, type TransactionActivities, type TransactionDecision, type TransactionWorkflowInput } from './transaction.contract';

const retry: RetryPolicy = { initialInterval: '1 second', maximumInterval: '1 minute' };
/** The acquirer calls: regular activities, with their own timeout and retries, off the workflow task. */
type ProcessorCalls = 'decideTransactionCards' | 'voidTransactionCards' | 'cancelTransactionCharges';
const gateway = proxyActivities<Pick<TransactionActivities, ProcessorCalls>>({ startToCloseTimeout: '30 seconds', retry });
/**
 * Short, idempotent database steps run as local activities, inside the workflow task: no
 * task-queue round trip each. A worker that dies mid-task loses nothing: the task is retried
 * elsewhere and the steps run again.
 */
const db = proxyLocalActivities<Omit<TransactionActivities, ProcessorCalls>>({ startToCloseTimeout: '30 seconds', retry });

/**
 * One transaction that still waits on something, from creation to its settlement (workflow id
 * = txn_ id). It is started through the outbox (the transaction.created event) once the
 * transaction committed, only when something waits: a card the API left pending, a Pix or
 * boleto waiting for its buyer (src/payments/transactions.subscriber.ts). It takes the
 * transaction from where the database says it is:
 *
 * 1. cards still pending (the API crashed, the gateway failed, a billing charge): the same
 *    decision runs as an activity: refused / failed ends it, Pix/boleto left make it wait,
 *    card-only is paid and settled;
 * 2. Pix and boleto payments wait for `paymentReceived` until the earliest expiry; expiry
 *    or `cancel` removes the unpaid Pix charges at their PSP (one found paid meanwhile counts as
 *    paid) and ends it canceled (approved cards voided); paid: one balanced sale posting per
 *    payment, with its receivables.
 *
 * It ends there: the receivables mature in the daily release runs (workflows/receivables) and
 * chargebacks are opened by the acquirer's notification directly, with no workflow.
 */
export async function transactionWorkflow(input: TransactionWorkflowInput): Promise<TransactionDecision> {
  let cancel: CancelRequest | undefined;
  const paidAt: Record<string, string> = {};

  setHandler(paymentReceivedSignal, (s) => {
    if (typeof s?.paymentId !== 'string') return log.warn('paymentReceived ignored: paymentId is required');
    paidAt[s.paymentId] ??= typeof s.paidAt === 'string' ? s.paidAt : new Date().toISOString();
  });
  setHandler(cancelTransactionSignal, (s) => {
    cancel ??= { reason: typeof s?.reason === 'string' && s.reason ? s.reason : 'canceled_by_merchant' };
  });

  let plan = await db.loadTransactionPlan({ transactionId: input.transactionId, marksCreated: input.marksCreated === true });
  if (plan.status === 'pending') plan = await gateway.decideTransactionCards({ transactionId: input.transactionId });
  if (plan.status !== 'paid' && plan.status !== 'waiting_payment') return { status: plan.status as TransactionDecision['status'], reason: plan.reason };

  if (plan.status === 'waiting_payment') {
    const awaited = plan.payments.filter((p) => p.method !== 'credit_card');
    const expiresAt = Math.min(...awaited.map((p) => Date.parse(p.expiresAt!)));
    const allPaid = () => awaited.every((p) => paidAt[p.id] !== undefined);
    await condition(() => allPaid() || cancel !== undefined, Math.max(0, expiresAt - Date.now()));
    // A Pix (or a boleto) may have been paid while its callback was still on the way: removing
    // the charge (cancelling the boleto at its issuer) first tells which was, and those settle
    // instead of being canceled unseen.
    if (!allPaid() && awaited.some((p) => (p.method === 'pix' || p.method === 'boleto') && paidAt[p.id] === undefined)) {
      for (const p of (await gateway.cancelTransactionCharges({ transactionId: input.transactionId })).paid) paidAt[p.paymentId] ??= p.paidAt;
    }
    if (!allPaid()) {
      const reason = cancel?.reason ?? 'expired';
      const approvedCards = plan.payments.filter((p) => p.method === 'credit_card' && p.status === 'paid').map((p) => p.id);
      if (approvedCards.length) await gateway.voidTransactionCards({ paymentIds: approvedCards });
      await db.finishUnpaidTransaction({ transactionId: input.transactionId, status: 'canceled', reason, voidedPaymentIds: approvedCards });
      return { status: 'canceled', reason };
    }
    await db.settleTransaction({ transactionId: input.transactionId, paidAt });
  }
  return { status: 'paid', reason: null };
}
