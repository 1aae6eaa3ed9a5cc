import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { cancelTransactionSignal, paymentReceivedSignal, type TransactionActivities, type PaymentReceived, type TransactionPlan } from '../../workflows/payments/transaction.contract';
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

const DECLINED = { status: 'refused', reason: 'card_declined' } as const;

/** Activities that record their calls: the plan as the database shows it, and what deciding the cards makes of it. */
function recorder(plan: TransactionPlan, decided: Partial<TransactionPlan> = {}, paidAtRemoval: PaymentReceived[] = []) {
  const calls: Array<[string, unknown]> = [];
  const activities: TransactionActivities = {
    loadTransactionPlan: async () => plan,
    decideTransactionCards: async () => {
      calls.push(['decide', null]);
      return { ...plan, ...decided };
    },
    voidTransactionCards: async (i) => void calls.push(['void', i.paymentIds]),
    cancelTransactionCharges: async () => {
      calls.push(['removePix', null]);
      return { paid: paidAtRemoval };
    },
    finishUnpaidTransaction: async (i) => void calls.push(['finish', [i.status, i.reason, i.voidedPaymentIds]]),
    settleTransaction: async (i) => void calls.push(['settle', Object.keys(i.paidAt)]),
  };
  return { calls, activities };
}

const plan = (status: TransactionPlan['status'], payments: TransactionPlan['payments'], reason: string | null = null): TransactionPlan => ({ status, reason, payments });
const card = (id: string, status = 'pending') => ({ id, method: 'credit_card' as const, status, expiresAt: null });

async function withWorker<T>(activities: TransactionActivities, fn: (taskQueue: string) => Promise<T>): Promise<T> {
  const taskQueue = `wf-${randomUUID()}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  return worker.runUntil(fn(taskQueue));
}

/** A date `ms` ahead on the test server's clock, which earlier tests moved forward. */
const expiresIn = async (ms: number) => new Date((await env.currentTimeMs()) + ms).toISOString();

it('cards left pending (the API could not decide them): decided by the activity; card approved + Pix waits, settles on payment and ends (the release runs take it from there)', async () => {
  const pix = { id: 'pay_p', method: 'pix' as const, status: 'waiting_payment', expiresAt: await expiresIn(3_600_000) };
  const { calls, activities } = recorder(plan('pending', [card('pay_c'), pix]), { status: 'waiting_payment', payments: [card('pay_c', 'paid'), pix] });
  await withWorker(activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_1' }] });
    await handle.signal(paymentReceivedSignal, { paymentId: 'pay_p', paidAt: new Date().toISOString() });
    await handle.signal(paymentReceivedSignal, { paymentId: 'pay_p', paidAt: new Date().toISOString() });
    expect(await handle.result()).toEqual({ status: 'paid', reason: null });
    await recordHistory('payments', 'card-and-pix-paid', handle);
  });
  expect(distinct(calls)).toEqual([
    ['decide', null],
    ['settle', ['pay_p']],
  ]);
});

it('a refusal the decision recorded ends the run refused, with nothing else to do', async () => {
  const { calls, activities } = recorder(plan('pending', [card('pay_a'), card('pay_b')]), DECLINED);
  await withWorker(activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_2' }] });
    expect(await handle.result()).toEqual(DECLINED);
    await recordHistory('payments', 'cards-refused', handle);
  });
  expect(distinct(calls)).toEqual([['decide', null]]);
});

it('cancel while waiting voids the approved card; expiry ends it canceled too; neither settles', async () => {
  const boleto = { id: 'pay_p', method: 'boleto' as const, status: 'waiting_payment', expiresAt: await expiresIn(3 * DAY) };
  const canceled = recorder(plan('waiting_payment', [card('pay_c', 'paid'), boleto]));
  await withWorker(canceled.activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_3' }] });
    await handle.signal(cancelTransactionSignal, { reason: 'canceled_by_merchant' });
    expect(await handle.result()).toEqual({ status: 'canceled', reason: 'canceled_by_merchant' });
    await recordHistory('payments', 'card-and-boleto-canceled', handle);
  });
  // The boleto is cancelled at its issuer first (the processors' step), then the card voided.
  expect(distinct(canceled.calls)).toEqual([
    ['removePix', null],
    ['void', ['pay_c']],
    ['finish', ['canceled', 'canceled_by_merchant', ['pay_c']]],
  ]);

  const expired = recorder(plan('waiting_payment', [boleto]));
  await withWorker(expired.activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_4' }] });
    expect(await handle.result()).toEqual({ status: 'canceled', reason: 'expired' });
    await recordHistory('payments', 'boleto-expired', handle);
  });
  expect(distinct(expired.calls)).toEqual([['removePix', null], ['finish', ['canceled', 'expired', []]]]);
});

it('a Pix left unpaid at its expiry: its charge is removed at the PSP, then the transaction is canceled; one the PSP saw paid settles instead', async () => {
  const pix = { id: 'pay_p', method: 'pix' as const, status: 'waiting_payment', expiresAt: await expiresIn(3_600_000) };
  const expired = recorder(plan('waiting_payment', [pix]));
  await withWorker(expired.activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_6' }] });
    expect(await handle.result()).toEqual({ status: 'canceled', reason: 'expired' });
    await recordHistory('payments', 'pix-expired-charge-removed', handle);
  });
  expect(distinct(expired.calls)).toEqual([
    ['removePix', null],
    ['finish', ['canceled', 'expired', []]],
  ]);

  const paidAt = new Date((await env.currentTimeMs()) + 3_599_000).toISOString();
  const raced = recorder(plan('waiting_payment', [{ ...pix, expiresAt: await expiresIn(3_600_000) }]), {}, [{ paymentId: 'pay_p', paidAt }]);
  await withWorker(raced.activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_7' }] });
    await handle.signal(cancelTransactionSignal, { reason: 'canceled_by_merchant' });
    expect(await handle.result()).toEqual({ status: 'paid', reason: null });
    await recordHistory('payments', 'pix-paid-before-its-charge-was-removed', handle);
  });
  expect(distinct(raced.calls)).toEqual([
    ['removePix', null],
    ['settle', ['pay_p']],
  ]);
});

it('paid by the API before the start (a late start: the sweeper after a crash): nothing left to do, it ends at once', async () => {
  const { calls, activities } = recorder(plan('paid', [card('pay_c', 'paid')]));
  await withWorker(activities, async (taskQueue) => {
    const handle = await env.client.workflow.start('transactionWorkflow', { taskQueue, workflowId: `txn_${randomUUID()}`, args: [{ transactionId: 'txn_5' }] });
    expect(await handle.result()).toEqual({ status: 'paid', reason: null });
    await recordHistory('payments', 'card-paid-before-start', handle);
  });
  expect(calls).toEqual([]);
});
