import { startEmbeddedCielo, type EmbeddedCieloProcess } from '../embedded-cielo-process';

/**
 * The embedded acquirer's stores (`POST /embedded/merchants`: each with its own credentials and
 * notification URL, seeing its own sales only) and its faults `answerDelayMs` and `refuse`.
 */
let acquirer: EmbeddedCieloProcess;
beforeAll(async () => {
  acquirer = await startEmbeddedCielo();
});
afterAll(() => acquirer?.stop());

const sale = (orderId: string) => ({
  MerchantOrderId: orderId,
  Payment: { Type: 'CreditCard', Amount: 1_000, Installments: 1, Capture: true, CreditCard: { CardNumber: '4111111111111111', Holder: 'MARIA SILVA', ExpirationDate: '12/2035', SecurityCode: '123', Brand: 'Visa' } },
});
const asStore = (store: { merchantId: string; merchantKey: string }) => ({ MerchantId: store.merchantId, MerchantKey: store.merchantKey });

it('a second store has its own credentials and sees only its own sales; another store key is refused', async () => {
  const opened = await acquirer.control('POST', '/embedded/merchants', {});
  expect(opened.status).toBe(201);
  const other = opened.body as { merchantId: string; merchantKey: string };
  expect(other.merchantId).not.toBe(acquirer.info.merchantId);

  const made = await acquirer.api('POST', '/1/sales/', sale('storeA1'));
  expect(made.status).toBe(201);
  const paymentId = made.body.Payment.PaymentId as string;
  expect((await acquirer.api('GET', `/1/sales/${paymentId}`, undefined, asStore(other))).status).toBe(404);
  expect((await acquirer.api('GET', '/1/sales?merchantOrderId=storeA1', undefined, asStore(other))).status).toBe(404);
  expect((await acquirer.api('GET', `/1/sales/${paymentId}`)).status).toBe(200);

  const wrongKey = await acquirer.api('GET', `/1/sales/${paymentId}`, undefined, { MerchantId: other.merchantId, MerchantKey: acquirer.info.merchantKey });
  expect(wrongKey.status).toBe(401);
  expect(wrongKey.body).toEqual([expect.objectContaining({ Code: 132 })]);

  const own = await acquirer.api('POST', '/1/sales/', sale('storeB1'), asStore(other));
  expect(own.status).toBe(201);
  const books = await acquirer.control('GET', `/embedded/sales?merchantId=${other.merchantId}`);
  expect(books.body.sales.map((s: { MerchantOrderId: string }) => s.MerchantOrderId)).toEqual(['storeB1']);
});

it('answerDelayMs: the sale is made at once and answered later; refuse: a void refused with nothing done', async () => {
  expect((await acquirer.control('POST', '/embedded/faults', { path: '^POST /1/sales$', answerDelayMs: 1_500, times: 1 })).status).toBe(201);
  const answer = acquirer.api('POST', '/1/sales/', sale('delayed1'));
  let booked: unknown[] = [];
  for (let i = 0; i < 50 && booked.length === 0; i++) {
    booked = (await acquirer.control('GET', '/embedded/sales?merchantOrderId=delayed1')).body.sales;
    if (booked.length === 0) await new Promise((r) => setTimeout(r, 20));
  }
  // Booked while the answer is still held.
  expect(booked).toHaveLength(1);
  const settled = await Promise.race([answer.then(() => 'answered'), new Promise((r) => setTimeout(() => r('held'), 200))]);
  expect(settled).toBe('held');
  const made = await answer;
  expect(made.status).toBe(201);

  expect((await acquirer.control('POST', '/embedded/faults', { path: '^PUT /1/sales/[^/]+/void$', refuse: true, times: 1 })).status).toBe(201);
  const refused = await acquirer.api('PUT', `/1/sales/${made.body.Payment.PaymentId}/void?amount=500`);
  expect(refused.status).toBe(400);
  expect((await acquirer.api('GET', `/1/sales/${made.body.Payment.PaymentId}`)).body.Payment).not.toHaveProperty('VoidedAmount');
  expect((await acquirer.control('POST', '/embedded/faults', { refuse: true, status: 503, times: 1 })).status).toBe(400);
});
