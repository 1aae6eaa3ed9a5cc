import { startChaosStack, type ChaosStack, type SeededChaosCompany } from './chaos-stack';
import { acquirerFault, acquirerRequests, acquirerSales } from './card-acquirer-control';
import { activeRecipient, cardTransactionBody, chaosReference, tokenizeCard } from './fixtures';
import { expectInvariantsWithin } from './invariants';

/**
 * A card is never charged twice, with the embedded acquirer as a process of its own: the API
 * process that authorizes the card is SIGKILLed while the acquirer charges it and drops the answer
 * (`dropAnswerAfterCommit`, held back by `answerDelayMs` so the kill lands after the sale and
 * before any answer). After the restart the client retries with the same Idempotency-Key: the
 * adapter's query by MerchantOrderId finds the sale, no second sale is sent, and the ledger and
 * payment agree with the acquirer's books.
 */
const HOLD_MS = 5_000;
const RECOVERY_MS = 120_000;

let stack: ChaosStack;
let acme: SeededChaosCompany;

beforeAll(async () => {
  stack = await startChaosStack();
  acme = await stack.seedCompany('Acme Cards');
  await activeRecipient(stack, acme, 'owner');
}, 300_000);

afterAll(async () => {
  await stack?.stop();
}, 120_000);

it('the API dies mid-authorization after the acquirer charged and dropped the answer; the retry with the same Idempotency-Key charges nothing more', async () => {
  const token = await tokenizeCard(stack, acme);
  const referenceCode = chaosReference('card-drop');
  const body = cardTransactionBody(token, 23_456, referenceCode);
  const key = `chaos-${referenceCode}`;
  await acquirerFault(stack, { path: '^POST /1/sales$', dropAnswerAfterCommit: true, answerDelayMs: HOLD_MS, times: 1 });
  const before = await acquirerRequests(stack);
  const first = stack.http.post('/v1/transactions').set(acme.headers).set('Idempotency-Key', key).send(body).then((r) => r, (err: Error) => err);

  const paymentId = await stack.waitFor(
    'the payment row',
    async () => (await stack.sql<{ id: string }>(`select p.id from payments p join transactions t on t.id = p.transaction_id where t.reference_code = $1`, [referenceCode]))[0]?.id,
    30_000,
    100,
  );
  // The acquirer made the sale; its answer is held, then dropped: the API is killed in between.
  await stack.waitFor('the acquirer to charge', async () => (await acquirerSales(stack, paymentId)).length === 1, 30_000, 50);
  await stack.killApi();
  expect(await first).not.toHaveProperty('status');
  await stack.startApi();

  // The client retries with the same key until the API answers (a dead request's key is released after its lease).
  const retried = await stack.waitFor(
    'the retry to be answered',
    async () => {
      const res = await stack.http.post('/v1/transactions').set(acme.headers).set('Idempotency-Key', key).send(body);
      return res.status === 201 && res;
    },
    RECOVERY_MS,
    1_000,
  );
  expect(retried.body.payments[0].id).toBe(paymentId);
  await stack.waitFor('the transaction to be paid', async () => (await stack.http.get(`/v1/transactions/${retried.body.id}`).set(acme.headers)).body.status === 'paid', RECOVERY_MS, 500);

  // One sale at the acquirer: every later authorization asked by MerchantOrderId first and found it.
  const sales = await acquirerSales(stack, paymentId);
  expect(sales).toHaveLength(1);
  expect(sales[0]).toMatchObject({ Status: 2, Amount: 23_456, VoidedAmount: 0 });
  const after = await acquirerRequests(stack);
  expect((after['POST /1/sales'] ?? 0) - (before['POST /1/sales'] ?? 0)).toBe(1);
  const [payment] = await stack.sql<{ status: string; gateway_reference: string; processor_connection_id: string }>(
    `select status, gateway_reference, processor_connection_id from payments where id = $1`,
    [paymentId],
  );
  expect(payment).toEqual({ status: 'paid', gateway_reference: sales[0].PaymentId, processor_connection_id: 'default' });
  expect(Number((await stack.sql<{ n: string }>(`select count(*)::text as n from ledger_postings where key = $1`, [`sale:${paymentId}`]))[0].n)).toBe(1);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 420_000);
