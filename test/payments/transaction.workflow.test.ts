import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import {
  CHARGEBACK_WINDOW_DAYS,
  cancelTransactionSignal,
  chargebackSignal,
  decisionUpdate,
  paymentReceivedSignal,
  scheduledStepsQuery,
  type SettlementReleaseStep,
  type TransactionActivities,
  type TransactionPlan,
} from '../../workflows/payments/transaction.contract';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { recordHistory } from '../replay/history-files';

/** The transaction workflow alone, with recorded activities and time skipping. */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTimeSkippingEnv();
});
afterAll(() => env?.teardown());

const DAY = 86_400_000;

/**
 * The distinct steps in order of first run. Local activities run at least once: on a loaded
 * machine a workflow task can time out and run its local activities again (they are
 * idempotent), so a repeat is not a different sequence.
 */
const distinct = (calls: Array<[string, unknown]>) => [...new Map(calls.map((c) => [JSON.stringify(c), c])).values()];

function recorder(plan: TransactionPlan, outcomes: Record<string, 'approved' | 'refused' | 'failed'>, releasesAfter: number[] = []) {
  const calls: Array<[string, unknown]> = [];
  const activities: TransactionActivities = {
    loadTransactionPlan: async () => plan,
    authorizeTransactionCard: async ({ paymentId }) => {
      calls.push(['authorize', paymentId]);
      const status = outcomes[paymentId];
      return { status, code: status === 'approved' ? null : status === 'refused' ? 'card_declined' : 'processor_error' };
    },
    voidTransactionCards: async (i) => void calls.push(['void', i.paymentIds]),
    markTransactionWaitingPayment: async () => void calls.push(['waiting', null]),
    finishUnpaidTransaction: async (i) => void calls.push(['finish', [i.status, i.reason, i.voidedPaymentIds]]),
    settleTransaction: async (i) => {
      calls.push(['settle', Object.keys(i.paidAt)]);
      const now = Date.now();
      return releasesAfter.map((ms, k): SettlementReleaseStep => ({ paymentId: 'pay_1', postingId: 'pst_1', index: k + 1, releaseAt: new Date(now + ms).toISOString(), amount: 100 }));
    },
    releaseTransactionSettlement: async (r) => void calls.push(['release', r.index]),
    openTransactionChargeback: async (c) => void calls.push(['chargeback', [c.chargebackId, c.amount, c.reason]]),
  };
  return { calls, activities };
}

async function withWorker<T>(activities: TransactionActivities, fn: (taskQueue: string) => Promise<T>): Promise<T> {
  const taskQueue = `wf-${randomUUID()}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  return worker.runUntil(fn(taskQueue));
}

const expiresIn = (ms: number) => new Date(Date.now() + ms).toISOString();

it('card approved + Pix: answers waiting_payment, settles on payment, releases on its timers', async () => {
  const plan: TransactionPlan = { status: 'pending', payments: [{ id: 'pay_c', method: 'credit_card', status: 'pending', expiresAt: null }, { id: 'pay_p', method: 'pix', status: 'waiting_payment', expiresAt: expiresIn(3_600_000) }] };
  const { calls, activities } = recorder(plan, { pay_c: 'approved' }, [DAY, 30 * DAY]);
  await withWorker(activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_1' }] });
    expect(await handle.executeUpdate(decisionUpdate)).toEqual({ status: 'waiting_payment', reason: null });
    expect((await handle.query(scheduledStepsQuery)).map((s) => s.kind)).toEqual(['expiry']);
    await handle.signal(paymentReceivedSignal, { paymentId: 'pay_p', paidAt: new Date().toISOString() });
    await handle.signal(paymentReceivedSignal, { paymentId: 'pay_p', paidAt: new Date().toISOString() });
    expect(await handle.result()).toEqual({ status: 'paid', reason: null });
    await recordHistory('payments', 'card-and-pix-paid-released', handle);
  });
  expect(distinct(calls)).toEqual([
    ['authorize', 'pay_c'],
    ['waiting', null],
    ['settle', ['pay_p']],
    ['release', 1],
    ['release', 2],
  ]);
});

it('a refused second card voids the approved first and ends refused', async () => {
  const plan: TransactionPlan = { status: 'pending', payments: [{ id: 'pay_a', method: 'credit_card', status: 'pending', expiresAt: null }, { id: 'pay_b', method: 'credit_card', status: 'pending', expiresAt: null }] };
  const { calls, activities } = recorder(plan, { pay_a: 'approved', pay_b: 'refused' });
  await withWorker(activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_2' }] });
    expect(await handle.result()).toEqual({ status: 'refused', reason: 'card_declined' });
    await recordHistory('payments', 'second-card-refused-first-voided', handle);
  });
  expect(distinct(calls)).toEqual([
    ['authorize', 'pay_a'],
    ['authorize', 'pay_b'],
    ['void', ['pay_a']],
    ['finish', ['refused', 'card_declined', ['pay_a']]],
  ]);
});

it('cancel while waiting, and expiry, end canceled without settling', async () => {
  const plan = (): TransactionPlan => ({ status: 'waiting_payment', payments: [{ id: 'pay_p', method: 'boleto', status: 'waiting_payment', expiresAt: expiresIn(3 * DAY) }] });
  const canceled = recorder(plan(), {});
  await withWorker(canceled.activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_3' }] });
    await handle.signal(cancelTransactionSignal, { reason: 'canceled_by_merchant' });
    expect(await handle.result()).toEqual({ status: 'canceled', reason: 'canceled_by_merchant' });
    await recordHistory('payments', 'boleto-canceled', handle);
  });
  expect(distinct(canceled.calls)).toEqual([['finish', ['canceled', 'canceled_by_merchant', []]]]);

  const expired = recorder(plan(), {});
  await withWorker(expired.activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_4' }] });
    expect(await handle.result()).toEqual({ status: 'canceled', reason: 'expired' });
    await recordHistory('payments', 'boleto-expired', handle);
  });
  expect(distinct(expired.calls)).toEqual([['finish', ['canceled', 'expired', []]]]);
});

it('chargebacks: handled as they arrive, during the release timers and after the last release until the window closes', async () => {
  const plan: TransactionPlan = { status: 'pending', payments: [{ id: 'pay_c', method: 'credit_card', status: 'pending', expiresAt: null }] };
  const { calls, activities } = recorder(plan, { pay_c: 'approved' }, [30 * DAY]);
  await withWorker(activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_5' }] });
    expect(await handle.executeUpdate(decisionUpdate)).toEqual({ status: 'paid', reason: null });
    const reached = async (step: string) => {
      while (!calls.some(([s]) => s === step)) await new Promise((r) => setTimeout(r, 20));
    };
    await handle.signal(chargebackSignal, { chargebackId: 'cbk_1', paymentId: 'pay_c', amount: 300, reason: 'fraud' });
    await reached('chargeback');
    await env.sleep(31 * DAY);
    await reached('release');
    // After the last release the run is still open (chargeback window): a late chargeback is taken.
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.signal(chargebackSignal, { chargebackId: 'cbk_2', paymentId: 'pay_c', amount: null, reason: '' });
    await env.sleep(CHARGEBACK_WINDOW_DAYS * DAY);
    expect(await handle.result()).toEqual({ status: 'paid', reason: null });
    await recordHistory('payments', 'card-paid-chargebacks-in-window', handle);
  });
  // The test server may fire the 30-day timer before the first signal lands: those two are unordered.
  const steps = distinct(calls);
  expect(steps.slice(0, 2)).toEqual([['authorize', 'pay_c'], ['settle', []]]);
  expect(steps.slice(2, 4)).toEqual(expect.arrayContaining([['chargeback', ['cbk_1', 300, 'fraud']], ['release', 1]]));
  expect(steps.slice(4)).toEqual([['chargeback', ['cbk_2', null, 'chargeback']]]);
});
