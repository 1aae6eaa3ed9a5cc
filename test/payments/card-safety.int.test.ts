import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import { Context } from '@temporalio/activity';
import { Worker } from '@temporalio/worker';
import pino from 'pino';
import request from 'supertest';
import { createActivities } from '../../activities';
import { createApp } from '../../src/app';
import type { AuthorizationRequest, AuthorizationResult, PaymentGateway } from '../../src/payments/payment-gateway';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { workflowBundle } from '../helpers/workflow-bundle';
import { acquirerSalesOf } from './acquirer';
import { cardBody, cardToken, eventually, expectLedgerConsistent, newRecipient, newReference } from './fixtures';
import { allStrings } from '../helpers/strings';

/**
 * Crash safety and card secrecy, with the stack's embedded acquirer (through the Cielo adapter).
 * The stack's worker is replaced by workers of this file: A dies in the middle of an
 * authorization (after the acquirer charged), B takes over. The
 * API and worker B log at trace level into memory, so the log scan sees every line.
 */
let stack: TestStack;
let acme: SeededCompany;
const logs: string[] = [];
let logger: pino.Logger;
let app: Server;
let api: ReturnType<typeof request>;
let workerB: { worker: Worker; running: Promise<void> } | undefined;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.seedCompany('Acme');
  await newRecipient(stack, acme, { role: 'owner' });
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  logger = pino({ level: 'trace' }, sink);
  app = createApp({ ...stack.deps, logger, wrapCardAcquirer: apiAcquirer }).listen(0, '127.0.0.1');
  api = request(app);
  // The stack's own worker leaves; this file's workers run the task queue.
  stack.worker.shutdown();
  while (stack.worker.getState() !== 'STOPPED') await new Promise((r) => setTimeout(r, 50));
  (stack.worker as { shutdown: () => void }).shutdown = () => undefined;
});
afterAll(async () => {
  app?.close();
  if (workerB) {
    workerB.worker.shutdown();
    await workerB.running;
  }
  await stack?.close();
});

function startWorker(observed: ObservedAcquirer, shutdownGraceTime: '1s' | '10s' = '10s'): { worker: Promise<Worker> } {
  const deps = { config: stack.config, orm: stack.orm, dispatcher: stack.deps.dispatcher, logger, temporal: stack.client, wrapCardAcquirer: observed.around };
  return {
    worker: Worker.create({
      connection: stack.env.nativeConnection,
      namespace: 'default',
      taskQueue: stack.config.temporal.taskQueue,
      activities: createActivities(deps),
      workflowBundle: workflowBundle(),
      shutdownGraceTime,
      // No sticky queue: the Java test server never moves a task off a dead worker's sticky queue.
      maxCachedWorkflows: 0,
    }),
  };
}

/** Wraps a worker's acquirer: counts authorizations, and can hang after the acquirer charged until the activity is cancelled (the worker dies). */
class ObservedAcquirer {
  calls = 0;
  /** Each authorization's `firstAttemptUntil` as a yes or no: whether the adapter was told no earlier call could have charged. */
  firstAttempts: boolean[] = [];
  charged: Promise<void>;
  private markCharged!: () => void;
  constructor(private readonly hangAfterCharge: boolean) {
    this.charged = new Promise((r) => (this.markCharged = r));
  }
  around = (inner: PaymentGateway): PaymentGateway => ({
    name: inner.name,
    authorize: async (req: AuthorizationRequest): Promise<AuthorizationResult> => {
      this.calls++;
      this.firstAttempts.push(isFirstAttempt(req));
      const result = await inner.authorize(req);
      this.markCharged();
      if (this.hangAfterCharge) await Context.current().cancelled;
      return result;
    },
    void: (key: string) => inner.void(key),
  });
}

/** The API's acquirer: the stack's, unless a test makes it unreachable or makes the API fail right after the charge (as a crash would). */
let apiGatewayMode: 'ok' | 'unreachable' | 'fails-after-charge' = 'ok';
/** Whether the acquirer adapter was told an authorization is the first for its key (`firstAttemptUntil` still ahead). */
const isFirstAttempt = (req: AuthorizationRequest): boolean => (req.firstAttemptUntil ?? 0) > Date.now();
/** The API's authorizations, first attempts or not. */
const apiFirstAttempts: boolean[] = [];
const apiAcquirer = (inner: PaymentGateway): PaymentGateway => ({
  name: inner.name,
  async authorize(req) {
    apiFirstAttempts.push(isFirstAttempt(req));
    if (apiGatewayMode === 'unreachable') throw new Error('acquirer unreachable');
    const result = await inner.authorize(req);
    if (apiGatewayMode === 'fails-after-charge') throw new Error('the API failed after the acquirer charged');
    return result;
  },
  void: (key) => inner.void(key),
});

/** What one approved card payment leaves, whoever decided it: one sale at the acquirer, each event once, one sale posting, a consistent ledger. */
async function expectPaidOnce(transactionId: string, paymentId: string): Promise<void> {
  expect(await acquirerSalesOf(stack.config, paymentId)).toHaveLength(1);
  const events = await stack.em().execute<{ type: string }[]>(`select type from events where entity_id in (?, ?) order by created_at, id`, [transactionId, paymentId]);
  expect(events.map((e) => e.type).sort()).toEqual(['payment.created', 'payment.paid', 'transaction.created', 'transaction.paid']);
  const postings = await stack.em().execute(`select id from ledger_postings where source_id = ? and kind = 'sale'`, [transactionId]);
  expect(postings).toHaveLength(1);
  await expectLedgerConsistent(stack);
}

/** The healthy worker that stays for the rest of the file (started once). */
let healthyGateway: ObservedAcquirer | undefined;
async function startWorkerB(): Promise<ObservedAcquirer> {
  if (!healthyGateway) {
    healthyGateway = new ObservedAcquirer(false);
    const worker = await startWorker(healthyGateway).worker;
    workerB = { worker, running: worker.run() };
  }
  return healthyGateway;
}

const statusOf = async (transactionId: string): Promise<string> => (await api.get(`/v1/transactions/${transactionId}`).set(acme.headers)).body.status;

describe('crash safety', () => {
  afterEach(() => (apiGatewayMode = 'ok'));

  it('the processor is unreachable from the API, then the worker deciding the card dies after the charge; a new worker completes the payment exactly once', async () => {
    apiGatewayMode = 'unreachable';
    apiFirstAttempts.length = 0;
    const dying = new ObservedAcquirer(true);
    const workerA = await startWorker(dying, '1s').worker;
    const runningA = workerA.run().catch(() => undefined);

    const token = await cardToken(stack, acme, '4111111111111111');
    const res = await api.post('/v1/transactions').set(acme.headers).send(cardBody(token, 12_345, 2));
    // The answer did not wait: the card is left to the transaction workflow, which retries it.
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');

    await dying.charged;
    workerA.shutdown();
    await runningA;

    const healthy = await startWorkerB();
    // The dead worker never reports: its attempt times out (startToClose, 30 s) and is retried on B,
    // and the next workflow task leaves A's sticky queue on its schedule-to-start timeout. Those
    // are server timers, so the test moves the (locked) test-server clock until the payment is decided.
    while ((await statusOf(res.body.id)) === 'pending') {
      await stack.env.sleep('10 seconds');
      await new Promise((r) => setTimeout(r, 300));
    }

    expect(await statusOf(res.body.id)).toBe('paid');
    // The API pinned the card: its call was the first attempt; every later one queries before any sale.
    expect(apiFirstAttempts).toEqual([true]);
    expect(dying.firstAttempts).toEqual([false]);
    expect(healthy.firstAttempts).toEqual([false]);
    expect(dying.calls).toBe(1);
    expect(healthy.calls).toBe(1); // the retried activity asked again, with the same idempotency key (Cielo's query found the sale)…
    await expectPaidOnce(res.body.id, res.body.payments[0].id); // …and the acquirer charged once.
  });

  it('the API fails right after the processor charged: the workflow decides the card again with the same key, charged once', async () => {
    apiGatewayMode = 'fails-after-charge';
    apiFirstAttempts.length = 0;
    const healthy = await startWorkerB();
    const before = healthy.firstAttempts.length;
    const token = await cardToken(stack, acme, '4111111111111111');
    const res = await api.post('/v1/transactions').set(acme.headers).send(cardBody(token, 7_777, 1));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    await eventually(async () => (await statusOf(res.body.id)) === 'paid');
    // The API's sale went out as a first attempt (one call); the workflow's, after it, was no first attempt: its query found the sale.
    expect(apiFirstAttempts).toEqual([true]);
    expect(healthy.firstAttempts.slice(before)).toEqual([false]);
    await expectPaidOnce(res.body.id, res.body.payments[0].id);
  });
});

describe('card secrecy', () => {
  it('after tokenizing over HTTP and paying, no PAN or CVV is in events, logs, workflow histories or API rows', async () => {
    await startWorkerB();
    const pan = '5555555555554444';
    const cvv = '739';
    let token: string;
    const tokenized = await api.post('/v1/tokens/cards').send({ companyId: acme.company.id, card: { number: pan, holder: 'Maria Silva', document: '52998224725', cvv, expiration: '12/2031' } });
    if (tokenized.status === 201) token = tokenized.body.tokenId;
    else token = await cardToken(stack, acme, pan, cvv); // the tokenization route not mounted in this build

    const refused = await cardToken(stack, acme, '4000000000000002', '640');
    const ok = await api.post('/v1/transactions').set(acme.headers).send(cardBody(token, 9_900, 3));
    const no = await api.post('/v1/transactions').set(acme.headers).send({ ...cardBody(refused, 1_000), referenceCode: newReference() });
    expect(ok.body.status).toBe('paid');
    expect(no.body.status).toBe('refused');

    const secrets = [pan, '4000000000000002'];
    const cvvs = [cvv, '640'];
    const leaks = (texts: string[]) => texts.filter((t) => secrets.some((s) => t.includes(s)) || cvvs.some((c) => t === c || t.includes(`"${c}"`)));

    const events = await stack.em().execute<{ payload: unknown }[]>(`select payload from events`);
    expect(events.length).toBeGreaterThan(0);
    expect(leaks(allStrings(events.map((e) => JSON.stringify(e.payload))))).toEqual([]);

    // Decided by the API: no workflow, so no Temporal history holds anything of these cards.
    for (const id of [ok.body.id, no.body.id]) await expect(stack.client.workflow.getHandle(id).fetchHistory()).rejects.toThrow(/not found/i);

    expect(logs.length).toBeGreaterThan(0);
    expect(leaks(logs)).toEqual([]);

    const rows = await stack.em().execute(`select t.*, p.* from transactions t join payments p on p.transaction_id = t.id`);
    const stored = await stack.em().execute(`select response_body from idempotency_keys`).catch(() => []);
    expect(leaks(allStrings([JSON.stringify(rows), JSON.stringify(stored)]))).toEqual([]);
  });
});
