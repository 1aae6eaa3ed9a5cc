import { startChaosStack, type ChaosStack, type SeededChaosCompany } from './chaos-stack';
import { activeRecipient, activityInFlight, cardTransactionBody, chaosReference, completedAttempt, paidCardTransaction, paidPixTransaction, subscribeToEverything, tokenizeCard, withdrawableBalance } from './fixtures';
import { approveSignal } from '../../workflows/withdrawals/withdrawal.contract';
import { OUTBOX_GRACE_MS } from '../../workflows/maintenance/maintenance.contract';
import { expectInvariantsWithin } from './invariants';
import { acquirerFault, acquirerSales } from './card-acquirer-control';

/**
 * SIGKILL the worker while an activity that moves money (or delivers a webhook) is running
 * on it (or the API while it decides a card), start a new one, and check that the work
 * completes exactly once. The sandbox payout PSP answers after SANDBOX_GATEWAY_LATENCY_MS,
 * having booked its side first; the embedded acquirer is told to (an `answerDelayMs` fault): the
 * kill lands after the acquirer/PSP acted and before Lastro heard, the window where a retry with
 * a fresh key would charge or pay twice.
 */
const LATENCY_MS = 3_000;
/** How long recovery may take: the activity's timeout, a worker restart (it bundles the workflows) and a retry. */
const RECOVERY_MS = 120_000;

let stack: ChaosStack;
let acme: SeededChaosCompany;
let ownerId: string;
let webhookId: string;

beforeAll(async () => {
  stack = await startChaosStack({ env: { SANDBOX_GATEWAY_LATENCY_MS: String(LATENCY_MS) } });
  acme = await stack.seedCompany('Acme Chaos');
  webhookId = await subscribeToEverything(stack, acme);
  ownerId = await activeRecipient(stack, acme, 'owner');
}, 300_000);

afterAll(async () => {
  await stack?.stop();
}, 120_000);

/** Kills the worker, starts a new one, and returns once it polls. */
async function killAndRestartWorker(): Promise<void> {
  await stack.killWorker();
  await stack.startWorker();
}

const countRows = async (sql: string, params: unknown[]) => Number((await stack.sql<{ n: string }>(sql, params))[0].n);
/** The Pix the stack's payout provider holds for a withdrawal (its simulator's books). */
const payoutSends = async (wdrId: string) =>
  ((await (await fetch(`${stack.payoutProvider.baseUrl}/embedded/pix`)).json()) as { envios: Array<{ idEnvio: string; endToEndId: string; status: string }> }).envios.filter((e) => e.idEnvio === wdrId.replace('_', ''));

it('card authorization: the API dies after the acquirer charged; the workflow decides the card again, paid once, with one acquirer charge', async () => {
  const token = await tokenizeCard(stack, acme);
  const referenceCode = chaosReference('card');
  await acquirerFault(stack, { path: '^POST /1/sales$', answerDelayMs: LATENCY_MS, times: 1 });
  // The API decides the card itself; killed mid-request, it never answers.
  const pending = stack.http.post('/v1/transactions').set(acme.headers).send(cardTransactionBody(token, 12_345, referenceCode)).then((r) => r, (err: Error) => err);

  const txnId = await stack.waitFor(
    'the transaction row',
    async () => (await stack.sql<{ id: string }>(`select id from transactions where reference_code = $1`, [referenceCode]))[0]?.id,
    30_000,
    100,
  );
  const [payment] = await stack.sql<{ id: string }>(`select id from payments where transaction_id = $1`, [txnId]);
  const charges = async () => (await acquirerSales(stack, payment.id)).length;
  await stack.waitFor('the acquirer to charge', async () => (await charges()) === 1, 30_000, 50);
  await stack.killApi();
  expect(await pending).not.toHaveProperty('status'); // the connection was cut: no answer
  await stack.startApi();

  // Nothing dispatched transaction.created: the outbox sweep does, which starts the workflow.
  // The sweep takes events a grace period old, once per period (a minute each).
  await stack.waitFor('the transaction to be paid', async () => (await stack.http.get(`/v1/transactions/${txnId}`).set(acme.headers)).body.status === 'paid', 2 * OUTBOX_GRACE_MS + RECOVERY_MS, 500);
  expect(await charges()).toBe(1);
  expect(await countRows(`select count(*)::text as n from transactions where company_id = $1 and reference_code = $2`, [acme.companyId, referenceCode])).toBe(1);
  // The workflow decided the card the API left pending.
  expect(await completedAttempt(stack, txnId, 'decideTransactionCards')).toBeGreaterThanOrEqual(1);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 420_000);

it('withdrawal transfer: the worker killed with the Pix in flight at the payout provider; the withdrawal is paid once, with one Pix and one wallet debit', async () => {
  await paidPixTransaction(stack, acme, 50_000);
  const before = await stack.waitFor(
    'funds to be withdrawable',
    async () => {
      const balance = await withdrawableBalance(stack, acme, ownerId);
      return balance >= 20_000 && balance;
    },
    60_000,
    500,
  );
  const created = await stack.http.post('/withdrawals').set(acme.headers).send({ recipientId: ownerId, amount: 20_000 });
  expect(created.status).toBe(201);
  const wdrId: string = created.body.id;
  await stack.temporal.workflow.getHandle(wdrId).signal(approveSignal, { operator: 'chaos-operator' });

  // The provider holds the Pix EM_PROCESSAMENTO for a second (chaos-stack.ts): the worker dies after the send, before the outcome.
  await activityInFlight(stack, wdrId, 'sendWithdrawalPayout', async () => (await payoutSends(wdrId)).length === 1);
  await killAndRestartWorker();

  const paid = await stack.waitFor(
    'the withdrawal to be paid',
    async () => {
      const res = await stack.http.get(`/withdrawals/${wdrId}`).set(acme.headers);
      return res.body.status === 'paid' && res.body;
    },
    RECOVERY_MS,
    500,
  );
  const sends = await payoutSends(wdrId);
  expect(sends.map((e) => e.status)).toEqual(['REALIZADO']);
  expect(paid.pspTransferId).toBe(sends[0].endToEndId);
  expect(await countRows(`select count(*)::text as n from ledger_postings where key = $1`, [`withdrawal:${wdrId}:payout`])).toBe(1);
  // The wallet lost the withdrawal's amount once (net paid out plus its fee), no more.
  expect(await withdrawableBalance(stack, acme, ownerId)).toBe(before - 20_000);
  // The provider's callback may record the payout before the restarted worker's attempt does: that
  // attempt then finds it recorded, and the workflow ends paid too.
  expect(await stack.temporal.workflow.getHandle(wdrId).result()).toEqual({ status: 'paid' });
  expect(await completedAttempt(stack, wdrId, 'sendWithdrawalPayout')).toBeGreaterThanOrEqual(2);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 300_000);

it('refund: the card refund is refunded once, with one acquirer refund and one ledger posting', async () => {
  const { txnId, paymentId } = await paidCardTransaction(stack, acme, 8_000);
  // Automatic approval is on by default: the refund goes to the acquirer at once.
  await acquirerFault(stack, { path: '^PUT /1/sales/[^/]+/void$', answerDelayMs: LATENCY_MS, times: 1 });
  const created = await stack.http.post(`/transactions/${txnId}/payments/${paymentId}/refund`).set(acme.headers).send({ amount: 3_000, reason: 'chaos: buyer returned the item' });
  expect(created.status).toBe(201);
  const refundId: string = created.body.id;

  const voided = async () => (await acquirerSales(stack, paymentId)).map((x) => x.VoidedAmount);
  await activityInFlight(stack, refundId, 'sendRefundToGateway', async () => (await voided())[0] === 3_000);
  await killAndRestartWorker();

  await stack.waitFor('the refund to be refunded', async () => (await stack.http.get(`/refunds/${refundId}`).set(acme.headers)).body.status === 'refunded', RECOVERY_MS, 500);
  // Voided once at the acquirer: the retried activity found its void in the sale (refundedBefore 0 + 3 000).
  expect(await voided()).toEqual([3_000]);
  expect((await acquirerSales(stack, paymentId))[0].Voids).toHaveLength(1);
  expect(await countRows(`select count(*)::text as n from ledger_postings where key = $1`, [`refund:${refundId}`])).toBe(1);
  const refunds = await stack.http.get(`/refunds/payment/${paymentId}`).set(acme.headers);
  expect(refunds.body.data.map((r: { id: string; amount: number }) => [r.id, r.amount])).toEqual([[refundId, 3_000]]);
  expect(await completedAttempt(stack, refundId, 'sendRefundToGateway')).toBeGreaterThanOrEqual(2);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 300_000);

it('webhook attempt: the event is delivered, and its delivery records the answer once', async () => {
  const release = stack.receiver.hold();
  const customer = await stack.http
    .post('/customers')
    .set(acme.headers)
    .send({ name: 'Ana Souza', email: 'ana.chaos@example.com', type: 'individual', document: '52998224725', phone: '+5511999990000' });
  expect(customer.status).toBe(201);
  const eventId = await stack.waitFor(
    'the customer.created event',
    async () => (await stack.sql<{ id: string }>(`select id from events where entity_id = $1 and type = 'customer.created'`, [customer.body.id]))[0]?.id,
    30_000,
    100,
  );
  // The endpoint has the request and has not answered: the attempt is in flight in the worker's delivery lane.
  try {
    await stack.waitFor('the attempt in flight', async () => stack.receiver.heldEventIds().includes(eventId), 60_000, 100);
    await stack.killWorker();
  } finally {
    // Never leave the endpoint holding: later scenarios' events would all go undelivered.
    release();
  }
  await stack.startWorker();

  // The dead worker's lease on the webhook ends, and the new worker's lane takes it over and sends the event again.
  const delivery = await stack.waitFor(
    'the delivery to succeed',
    async () => {
      const res = await stack.http.get('/webhooks/deliveries').query({ eventType: 'customer.created', webhookId }).set(acme.headers);
      const found = (res.body.data as Array<{ eventId: string; status: string }>).filter((d) => d.eventId === eventId);
      return found.length === 1 && found[0].status === 'success' && found[0];
    },
    RECOVERY_MS,
    500,
  );
  // Recorded once: the killed attempt was never answered, so it is not counted.
  expect(delivery).toMatchObject({ status: 'success', returnStatus: 200, attemptCount: 1, lastAttemptAt: expect.any(String) });
  expect(stack.receiver.received.filter((r) => r.body.id === eventId).length).toBeGreaterThanOrEqual(1);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 300_000);

it('subscription charge: the enrollment invoice is paid once, with one charge for its one attempt', async () => {
  const post = (path: string, body: object) => stack.http.post(path).set(acme.headers).send(body);
  const customer = await post('/customers', { name: 'Bruno Lima', email: 'bruno.chaos@example.com', type: 'individual', document: '11144477735', phone: '+5511988887777' });
  expect(customer.status).toBe(201);
  const plan = await post('/plans', { code: 'chaos-pro', name: 'Chaos Pro' });
  expect(plan.status).toBe(201);
  expect((await post(`/plans/${plan.body.id}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: { amount: 4_990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } })).status).toBe(201);
  expect((await post(`/plans/${plan.body.id}/publish`, {})).status).toBe(200);
  const card = await post('/payment-methods/cards', { customerId: customer.body.id, token: await tokenizeCard(stack, acme) });
  expect(card.status).toBe(201);

  const created = await post('/subscriptions', { customerId: customer.body.id, planId: plan.body.id, defaultPaymentMethodRef: card.body.id });
  expect(created.status).toBe(201);
  const subId: string = created.body.id;
  await acquirerFault(stack, { path: '^POST /1/sales$', answerDelayMs: LATENCY_MS, times: 1 });
  // The subscription's charge step creates its enrollment charge (a card transaction, origin
  // subscription) and decides the card itself on the worker: killed once the acquirer booked it.
  const txnId = await stack.waitFor(
    'the enrollment charge',
    async () => (await stack.sql<{ id: string }>(`select id from transactions where metadata->>'subscriptionId' = $1`, [subId]))[0]?.id,
    60_000,
    100,
  );
  const [payment] = await stack.sql<{ id: string }>(`select id from payments where transaction_id = $1`, [txnId]);
  await stack.waitFor('the acquirer to charge', async () => (await acquirerSales(stack, payment.id)).length === 1, 60_000, 50);
  await killAndRestartWorker();

  const invoices = await stack.waitFor(
    'the enrollment invoice to be paid',
    async () => {
      const list = (await stack.http.get('/invoices').query({ subscriptionId: subId }).set(acme.headers)).body.data as Array<{ id: string; status: string; attemptCount: number; lastTransactionId: string }>;
      return list.length > 0 && list.every((i) => i.status === 'paid') && list;
    },
    RECOVERY_MS,
    500,
  );
  expect(invoices).toHaveLength(1);
  expect(invoices[0]).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: txnId });
  expect(await countRows(`select count(*)::text as n from transactions where metadata->>'invoiceId' = $1`, [invoices[0].id])).toBe(1);
  expect(await acquirerSales(stack, payment.id)).toHaveLength(1);
  expect((await stack.http.get(`/subscriptions/${subId}`).set(acme.headers)).body.status).toBe('active');
  // The new worker's charge step found the transaction still pending; its workflow decided it (same acquirer key).
  expect(await completedAttempt(stack, txnId, 'decideTransactionCards')).toBeGreaterThanOrEqual(1);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 300_000);
