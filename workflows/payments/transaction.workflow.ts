import { allHandlersFinished, condition, log, proxyActivities, proxyLocalActivities, setHandler, sleep, type RetryPolicy } from '@temporalio/workflow';
import {
  CHARGEBACK_WINDOW_DAYS,
  cancelTransactionSignal,
  chargebackSignal,
  paymentReceivedSignal,
  type CancelRequest,
  type SettlementReleaseStep,
  type TransactionActivities,
  type TransactionDecision,
  type TransactionWorkflowInput,
} from './transaction.contract';

const DAY_MS = 86_400_000;
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
 * One transaction, from creation to the last settlement release (workflow id = txn_ id). It
 * is started through the outbox (the transaction.created event) once the transaction committed;
 * by then the API has usually decided its cards already (src/payments/card-decision.service.ts),
 * so the workflow takes it from where the database says it is:
 *
 * 1. cards still pending (the API crashed, the gateway failed, a billing charge): the same
 *    decision runs as an activity: refused / failed ends it, Pix/boleto left make it wait,
 *    card-only is paid and settled;
 * 2. Pix and boleto payments wait for `paymentReceived` until the earliest expiry; expiry
 *    or `cancel` removes the unpaid Pix charges at their PSP (one found paid meanwhile counts as
 *    paid) and ends it canceled (approved cards voided); paid: one balanced sale posting per payment;
 * 3. a durable timer per release (Pix at payment, boleto D+1, card installment n at D+30·n)
 *    moves it from pending to available;
 * 4. it stays open until CHARGEBACK_WINDOW_DAYS after settlement (or the last release), so
 *    a `chargeback` signal always finds it; each is handled as it arrives.
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
  // Handled as it arrives, beside the release timers: the activity locks the sale and keys its posting on chargebackId.
  setHandler(chargebackSignal, async (s) => {
    if (typeof s?.chargebackId !== 'string' || typeof s.paymentId !== 'string') return log.warn('chargeback ignored: chargebackId and paymentId are required');
    const amount = typeof s.amount === 'number' && Number.isSafeInteger(s.amount) && s.amount > 0 ? s.amount : null;
    const reason = typeof s.reason === 'string' && s.reason ? s.reason : 'chargeback';
    await db.openTransactionChargeback({ transactionId: input.transactionId, chargebackId: s.chargebackId, paymentId: s.paymentId, amount, reason });
  });

  let plan = await db.loadTransactionPlan({ transactionId: input.transactionId });
  if (plan.status === 'pending') plan = await gateway.decideTransactionCards({ transactionId: input.transactionId });
  if (plan.status !== 'paid' && plan.status !== 'waiting_payment') return { status: plan.status as TransactionDecision['status'], reason: plan.reason };

  let releases = plan.releases;
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
    releases = await db.settleTransaction({ transactionId: input.transactionId, paidAt });
  }

  const settledAt = Date.now();
  await runReleases(releases);
  const open = settledAt + CHARGEBACK_WINDOW_DAYS * DAY_MS - Date.now();
  if (open > 0) await sleep(open);
  await condition(allHandlersFinished);
  return { status: 'paid', reason: null };
}


/** Sleeps until each release date (durable timers) and releases it. */
async function runReleases(releases: SettlementReleaseStep[]): Promise<void> {
  const pending = [...releases].sort((a, b) => Date.parse(a.releaseAt) - Date.parse(b.releaseAt) || a.index - b.index);
  for (const next of pending) {
    const wait = Date.parse(next.releaseAt) - Date.now();
    if (wait > 0) await sleep(wait);
    await db.releaseTransactionSettlement(next);
  }
}
