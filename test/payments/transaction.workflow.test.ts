import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import {
  cancelTransactionSignal,
  decisionUpdate,
  paymentReceivedSignal,
  scheduledStepsQuery,
  type SettlementReleaseStep,
  type TransactionActivities,
  type TransactionPlan,
} from '../../workflows/payments/transaction.contract';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';

/** The transaction workflow alone, with recorded activities and time skipping. */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTimeSkippingEnv();
});
afterAll(() => env?.teardown());

const DAY = 86_400_000;

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
  });
  expect(calls).toEqual([
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
  });
  expect(calls).toEqual([
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
  });
  expect(canceled.calls).toEqual([['finish', ['canceled', 'canceled_by_merchant', []]]]);

  const expired = recorder(plan(), {});
  await withWorker(expired.activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_4' }] });
    expect(await handle.result()).toEqual({ status: 'canceled', reason: 'expired' });
  });
  expect(expired.calls).toEqual([['finish', ['canceled', 'expired', []]]]);
});
