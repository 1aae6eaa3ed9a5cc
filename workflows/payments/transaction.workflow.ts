import { allHandlersFinished, condition, log, proxyActivities, proxyLocalActivities, setHandler, sleep, type RetryPolicy } from '@temporalio/workflow';
import {
  CHARGEBACK_WINDOW_DAYS,
  cancelTransactionSignal,
  chargebackSignal,
  decisionUpdate,
  paymentReceivedSignal,
  scheduledStepsQuery,
  type CancelRequest,
  type ScheduledStep,
  type SettlementReleaseStep,
  type TransactionActivities,
  type TransactionDecision,
  type TransactionWorkflowInput,
} from './transaction.contract';

const DAY_MS = 86_400_000;
const retry: RetryPolicy = { initialInterval: '1 second', maximumInterval: '1 minute' };
/** The acquirer calls: regular activities, with their own timeout and retries, off the workflow task. */
const gateway = proxyActivities<Pick<TransactionActivities, 'authorizeTransactionCard' | 'voidTransactionCards'>>({ startToCloseTimeout: '30 seconds', retry });
/**
 * Short, idempotent database steps run as local activities, inside the workflow task: no
 * task-queue round trip each, which is most of a card transaction's latency. A worker that
 * dies mid-task loses nothing: the task is retried elsewhere and the steps run again.
 */
const db = proxyLocalActivities<Omit<TransactionActivities, 'authorizeTransactionCard' | 'voidTransactionCards'>>({ startToCloseTimeout: '30 seconds', retry });

/**
 * One transaction, from creation to the last settlement release (workflow id = txn_ id):
 *
 * 1. card payments are authorized (gateway idempotency key = payment id); any refusal or
 *    failure voids the approved ones and ends the transaction refused / failed;
 * 2. Pix and boleto payments wait for `paymentReceived` until the earliest expiry; expiry
 *    or `cancel` ends it canceled (approved cards voided);
 * 3. paid: one balanced sale posting per payment, then a durable timer per release
 *    (Pix at payment, boleto D+1, card installment n at D+30·n) moves it to available;
 * 4. it stays open until CHARGEBACK_WINDOW_DAYS after settlement (or the last release), so
 *    a `chargeback` signal always finds it; each is handled as it arrives.
 *
 * The `decision` update answers as soon as step 1 is done (the card answer of the creation
 * request), so a request never waits for a Pix payment or a release.
 */
export async function transactionWorkflow(input: TransactionWorkflowInput): Promise<TransactionDecision> {
  let decision: TransactionDecision | undefined;
  let cancel: CancelRequest | undefined;
  const paidAt: Record<string, string> = {};
  let scheduled: ScheduledStep[] = [];

  setHandler(decisionUpdate, async () => {
    await condition(() => decision !== undefined);
    return decision!;
  });
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
  setHandler(scheduledStepsQuery, () => scheduled.filter((s) => Date.parse(s.at) >= Date.now()));

  const finishUnpaid = async (status: 'refused' | 'failed' | 'canceled', reason: string, approvedCards: string[]): Promise<TransactionDecision> => {
    if (approvedCards.length) await gateway.voidTransactionCards({ paymentIds: approvedCards });
    await db.finishUnpaidTransaction({ transactionId: input.transactionId, status, reason, voidedPaymentIds: approvedCards });
    scheduled = [];
    decision ??= { status, reason };
    return { status, reason };
  };

  const plan = await db.loadTransactionPlan({ transactionId: input.transactionId });
  const cards = plan.payments.filter((p) => p.method === 'credit_card');
  const awaited = plan.payments.filter((p) => p.method !== 'credit_card');

  const approved: string[] = [];
  for (const card of cards) {
    const outcome = await gateway.authorizeTransactionCard({ paymentId: card.id });
    if (outcome.status !== 'approved') return finishUnpaid(outcome.status, outcome.code ?? outcome.status, approved);
    approved.push(card.id);
  }

  if (awaited.length) {
    if (cards.length) await db.markTransactionWaitingPayment({ transactionId: input.transactionId });
    decision = { status: 'waiting_payment', reason: null };
    const expiresAt = Math.min(...awaited.map((p) => Date.parse(p.expiresAt!)));
    scheduled = [{ at: new Date(expiresAt).toISOString(), kind: 'expiry', paymentId: null, amount: null, description: 'Unpaid Pix/boleto payments expire and the transaction is canceled' }];
    const allPaid = () => awaited.every((p) => paidAt[p.id] !== undefined);
    await condition(() => allPaid() || cancel !== undefined, Math.max(0, expiresAt - Date.now()));
    if (!allPaid()) return finishUnpaid('canceled', cancel?.reason ?? 'expired', approved);
  }

  const releases = await db.settleTransaction({ transactionId: input.transactionId, paidAt });
  const settledAt = Date.now();
  decision ??= { status: 'paid', reason: null };
  await runReleases(releases, (steps) => (scheduled = steps));
  const open = settledAt + CHARGEBACK_WINDOW_DAYS * DAY_MS - Date.now();
  if (open > 0) await sleep(open);
  await condition(allHandlersFinished);
  return { status: 'paid', reason: null };
}


/** Sleeps until each release date (durable timers) and releases it; the remaining ones stay queryable. */
async function runReleases(releases: SettlementReleaseStep[], show: (steps: ScheduledStep[]) => void): Promise<void> {
  const pending = [...releases].sort((a, b) => Date.parse(a.releaseAt) - Date.parse(b.releaseAt) || a.index - b.index);
  const toStep = (r: SettlementReleaseStep): ScheduledStep => ({
    at: r.releaseAt,
    kind: 'release',
    paymentId: r.paymentId,
    amount: r.amount,
    description: `Release ${r.index} of ${r.paymentId}: pending → available`,
  });
  while (pending.length) {
    show(pending.map(toStep));
    const next = pending[0];
    const wait = Date.parse(next.releaseAt) - Date.now();
    if (wait > 0) await sleep(wait);
    await db.releaseTransactionSettlement(next);
    pending.shift();
  }
  show([]);
}
