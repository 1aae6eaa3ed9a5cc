import { authorizeAll, type AuthorizationRequest } from '../../src/payments/payment-gateway';
import { CieloAcquirerError, createCieloAcquirer, type CieloAcquirer, type CieloConnection, type CieloOptions } from '../../src/processors/cards/cielo';
import { startEmbeddedCielo, type EmbeddedCieloProcess } from './embedded-cielo-process';

/**
 * Contract tests of the Cielo adapter against the embedded acquirer running as its own process:
 * what Lastro observes through the card port (approved, refused, failed; voids; refunds) and what
 * the acquirer's books say about it. The heart of it: however the sale POST's answer is lost, a
 * card is charged once, which the books (`GET /embedded/sales`) count.
 */

const VOID_GUARD_MS = 300;
// Short backoffs keep retries quick; the timeout stays generous so a loaded machine does not fail a healthy call.
const FAST: CieloOptions = { timeoutMs: 5_000, attempts: 3, saleAttempts: 2, retryBaseMs: 10, duplicateVoidWaitMs: VOID_GUARD_MS * 2 };

interface BookedSale {
  PaymentId: string;
  MerchantOrderId: string;
  Status: number;
  ReturnCode: string;
  Amount: number;
  VoidedAmount: number;
  Voids: Array<{ Amount: number }>;
}

let acquirer: EmbeddedCieloProcess;
let connection: CieloConnection;
let adapter: CieloAcquirer;
const opened: CieloAcquirer[] = [];

const open = (conn: CieloConnection = connection, options: CieloOptions = FAST): CieloAcquirer => {
  const a = createCieloAcquirer(conn, options);
  opened.push(a);
  return a;
};

let counter = 0;
/** A Lastro payment id: `pay_` and 26 characters, unique per test. */
const newKey = (): string => `pay_${Date.now().toString(36)}${(++counter).toString(36)}`.padEnd(30, '0').slice(0, 30);
const orderIdOf = (key: string) => key.replace('_', '');

const request = (extra: Partial<AuthorizationRequest> = {}, card: Partial<AuthorizationRequest['card']> = {}): AuthorizationRequest => ({
  idempotencyKey: newKey(),
  amount: 10_000,
  currency: 'BRL',
  installments: 1,
  card: { pan: '4111111111111111', cvv: '123', holder: 'Maria da Silva', expMonth: 12, expYear: 2035, document: '12345678909', ...card },
  ...extra,
});

const salesOf = async (key: string): Promise<BookedSale[]> => {
  const r = await acquirer.control('GET', `/embedded/sales?merchantOrderId=${orderIdOf(key)}`);
  expect(r.status).toBe(200);
  return r.body.sales;
};
const onlySale = async (key: string): Promise<BookedSale> => {
  const sales = await salesOf(key);
  expect(sales).toHaveLength(1);
  return sales[0];
};
const fault = async (f: Record<string, unknown>) => expect((await acquirer.control('POST', '/embedded/faults', f)).status).toBe(201);
const requestCount = async (): Promise<number> => {
  const stats = (await acquirer.control('GET', '/embedded/stats')).body as { requests: Record<string, number> };
  return Object.entries(stats.requests)
    .filter(([route]) => !route.includes('/embedded/'))
    .reduce((n, [, c]) => n + c, 0);
};

async function failure(p: Promise<unknown>): Promise<CieloAcquirerError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(CieloAcquirerError);
    return err as CieloAcquirerError;
  }
  throw new Error('expected a CieloAcquirerError');
}

async function approved(key: string) {
  const r = await adapter.authorize(request({ idempotencyKey: key }));
  expect(r.status).toBe('approved');
  return r;
}

beforeAll(async () => {
  acquirer = await startEmbeddedCielo(['--void-guard-ms', String(VOID_GUARD_MS)]);
  connection = { ...acquirer.info };
  adapter = open();
});

afterEach(async () => {
  await acquirer.control('DELETE', '/embedded/faults');
});

afterAll(async () => {
  await Promise.all(opened.map((a) => a.close()));
  await acquirer?.stop();
});

describe('authorize: the outcome by test card', () => {
  it('approves a good card: the PaymentId as reference, the authorization code, one captured sale under the order', async () => {
    const req = request({ amount: 15_700, installments: 3 });
    const r = await adapter.authorize(req);
    expect(r).toEqual({ status: 'approved', code: null, reference: expect.stringMatching(/^[0-9a-f-]{36}$/), authorizationCode: expect.stringMatching(/^\d{6}$/) });
    const sale = await onlySale(req.idempotencyKey);
    expect(sale).toMatchObject({ PaymentId: r.reference, MerchantOrderId: orderIdOf(req.idempotencyKey), Status: 2, Amount: 15_700 });
  });

  it('approves a saved card (no CVV) of another brand', async () => {
    const r = await adapter.authorize(request({}, { pan: '5555555555554444', cvv: null }));
    expect(r.status).toBe('approved');
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('refuses %s: %s', async (pan, code) => {
    const req = request({}, { pan });
    const r = await adapter.authorize(req);
    expect(r).toEqual({ status: 'refused', code, reference: (await onlySale(req.idempotencyKey)).PaymentId, authorizationCode: null });
  });

  it('refuses an expired card (the sandbox answers 57, read as production reads it: card_declined)', async () => {
    const req = request({}, { expMonth: 1, expYear: 2020 });
    expect(await adapter.authorize(req)).toMatchObject({ status: 'refused', code: 'card_declined' });
    expect((await onlySale(req.idempotencyKey)).ReturnCode).toBe('57');
  });

  it('fails a sale the acquirer aborts (Status 13): processor_error', async () => {
    const req = request({}, { pan: '4000000000000119' });
    const r = await adapter.authorize(req);
    expect(r).toMatchObject({ status: 'failed', code: 'processor_error', authorizationCode: null });
    expect((await onlySale(req.idempotencyKey)).Status).toBe(13);
  });

  it('refuses a brand Cielo does not take without a call', async () => {
    const before = await requestCount();
    expect(await adapter.authorize(request({}, { pan: '6370950000000005' }))).toMatchObject({ status: 'refused', code: 'card_not_supported' });
    expect(await requestCount()).toBe(before);
  });
});

describe('authorize: one sale per key', () => {
  it('the same key twice: the first answer again, one sale', async () => {
    const key = newKey();
    const first = await approved(key);
    expect(await adapter.authorize(request({ idempotencyKey: key }))).toEqual(first);
    expect(await salesOf(key)).toHaveLength(1);
  });

  it('the same key from another adapter (another worker): one sale', async () => {
    const key = newKey();
    const first = await approved(key);
    expect(await open().authorize(request({ idempotencyKey: key }))).toEqual(first);
    expect(await salesOf(key)).toHaveLength(1);
  });

  it('a refusal asked again is the same refusal, not a new try at the issuer', async () => {
    const req = request({}, { pan: '4000000000009995' });
    const first = await adapter.authorize(req);
    expect(await adapter.authorize(req)).toEqual(first);
    expect(await salesOf(req.idempotencyKey)).toHaveLength(1);
  });

  it('a sale charged and its answer dropped: approved from the query, exactly one sale', async () => {
    await fault({ path: '^POST /1/sales$', dropAnswerAfterCommit: true, times: 1 });
    const key = newKey();
    const r = await adapter.authorize(request({ idempotencyKey: key }));
    expect(r.status).toBe('approved');
    const sale = await onlySale(key);
    expect(r.reference).toBe(sale.PaymentId);
    expect(sale.Status).toBe(2);
  });

  it('a refusal whose answer was dropped: refused from the query, one sale', async () => {
    await fault({ path: '^POST /1/sales$', dropAnswerAfterCommit: true, times: 1 });
    const req = request({}, { pan: '4000000000000002' });
    expect(await adapter.authorize(req)).toMatchObject({ status: 'refused', code: 'card_declined' });
    expect(await salesOf(req.idempotencyKey)).toHaveLength(1);
  });

  it('a 503 on the POST, then success: one sale', async () => {
    await fault({ path: '^POST /1/sales$', status: 503, retryAfter: 0, times: 1 });
    const key = newKey();
    const r = await approved(key);
    expect((await onlySale(key)).PaymentId).toBe(r.reference);
  });

  it('a 503 on every POST: failed, nothing charged', async () => {
    await fault({ path: '^POST /1/sales$', status: 503, times: 2 });
    const key = newKey();
    expect(await adapter.authorize(request({ idempotencyKey: key }))).toMatchObject({ status: 'failed', code: 'processor_error' });
    expect(await salesOf(key)).toHaveLength(0);
  });

  it('a POST that outlives its timeout is not sent again in that call; asked again, the query decides: one sale', async () => {
    // The acquirer takes the POST up only after the adapter stopped waiting for it.
    await fault({ path: '^POST /1/sales$', delayMs: 1_500, times: 1 });
    const impatient = open(connection, { ...FAST, timeoutMs: 300 });
    const key = newKey();
    const before = await requestCount();
    let first: Awaited<ReturnType<CieloAcquirer['authorize']>> | null = null;
    try {
      first = await impatient.authorize(request({ idempotencyKey: key }));
    } catch (err) {
      // The query after the timeout found no sale yet: the POST may still land, so it is not sent again.
      expect(err).toBeInstanceOf(CieloAcquirerError);
      expect((err as CieloAcquirerError).retryable).toBe(true);
    }
    // The query, the POST, the query after it: once the late POST is done at the acquirer, nothing more can land.
    while ((await requestCount()) < before + 3) await new Promise((r) => setTimeout(r, 50));
    expect(await requestCount()).toBe(before + 3);
    const again = await adapter.authorize(request({ idempotencyKey: key }));
    expect(again.status).toBe('approved');
    if (first) expect(again).toEqual(first);
    expect((await onlySale(key)).PaymentId).toBe(again.reference);
  });

  it('a first attempt (nothing sent before for its key) is one call: the sale, no query before it', async () => {
    const key = newKey();
    const before = await requestCount();
    const r = await adapter.authorize(request({ idempotencyKey: key, firstAttemptUntil: Date.now() + 60_000 }));
    expect(r.status).toBe('approved');
    expect(await requestCount()).toBe(before + 1);
    // Asked again (a retry is no first attempt), the query finds it: the same answer, one sale.
    expect(await adapter.authorize(request({ idempotencyKey: key }))).toEqual(r);
    expect((await onlySale(key)).PaymentId).toBe(r.reference);
  });

  it('a first attempt whose window has passed is no first attempt: the query, then the sale', async () => {
    const before = await requestCount();
    expect((await adapter.authorize(request({ firstAttemptUntil: Date.now() - 1 }))).status).toBe('approved');
    expect(await requestCount()).toBe(before + 2);
  });

  it('a first attempt charged and its answer dropped: still resolved by the query before any other POST, one sale', async () => {
    await fault({ path: '^POST /1/sales$', dropAnswerAfterCommit: true, times: 1 });
    const key = newKey();
    const r = await adapter.authorize(request({ idempotencyKey: key, firstAttemptUntil: Date.now() + 60_000 }));
    expect(r.status).toBe('approved');
    expect(r.reference).toBe((await onlySale(key)).PaymentId);
  });

  it('a first attempt answered 503, then success: the query between them, one sale', async () => {
    await fault({ path: '^POST /1/sales$', status: 503, retryAfter: 0, times: 1 });
    const key = newKey();
    const before = await requestCount();
    const r = await adapter.authorize(request({ idempotencyKey: key, firstAttemptUntil: Date.now() + 60_000 }));
    expect(r.status).toBe('approved');
    // POST (503), the query by MerchantOrderId (nothing), POST.
    expect(await requestCount()).toBe(before + 3);
    expect((await onlySale(key)).PaymentId).toBe(r.reference);
  });

  it('reads retried through a 503 of the query host', async () => {
    await fault({ path: '^GET /1/sales$', status: 503, times: 1 });
    const key = newKey();
    await approved(key);
    expect(await salesOf(key)).toHaveLength(1);
  });

  it('authorizeAll: a batch side by side under the concurrency bound, one sale each', async () => {
    const bounded = open(connection, { ...FAST, maxConcurrency: 2 });
    const reqs = Array.from({ length: 6 }, (_, i) => request({}, i === 3 ? { pan: '4000000000000002' } : {}));
    const results = await authorizeAll(bounded, reqs);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.status : 'rejected'))).toEqual(['approved', 'approved', 'approved', 'refused', 'approved', 'approved']);
    for (const r of reqs) expect(await salesOf(r.idempotencyKey)).toHaveLength(1);
  });
});

describe('credentials', () => {
  it('a wrong MerchantKey: failed, not retried, no sale', async () => {
    const wrong = open({ ...connection, merchantKey: 'X'.repeat(40) });
    const key = newKey();
    const before = await requestCount();
    expect(await wrong.authorize(request({ idempotencyKey: key }))).toEqual({ status: 'failed', code: 'processor_error', reference: '', authorizationCode: null });
    // One query, refused; no POST.
    expect(await requestCount()).toBe(before + 1);
    expect(await salesOf(key)).toHaveLength(0);
  });

  it('a void with a wrong MerchantKey throws a message without the key', async () => {
    const key = 'Y'.repeat(40);
    const err = await failure(open({ ...connection, merchantKey: key }).void(newKey()));
    expect(err.retryable).toBe(false);
    expect(err.status).toBe(401);
    expect(err.message).not.toContain(key);
    expect(err.message).toMatch(/MerchantId or MerchantKey refused/);
  });
});

describe('void', () => {
  it('voids the sale of a key; again is a no-op', async () => {
    const key = newKey();
    await approved(key);
    await adapter.void(key);
    expect(await onlySale(key)).toMatchObject({ Status: 10, VoidedAmount: 10_000 });
    await adapter.void(key);
    expect((await onlySale(key)).Voids).toHaveLength(1);
  });

  it('a key with no sale, or a refused one: nothing to void', async () => {
    await adapter.void(newKey());
    const req = request({}, { pan: '4000000000000002' });
    await adapter.authorize(req);
    await adapter.void(req.idempotencyKey);
    expect((await onlySale(req.idempotencyKey)).Status).toBe(3);
  });

  it('a void whose answer was dropped is not sent again', async () => {
    const key = newKey();
    await approved(key);
    await fault({ path: '^PUT /1/sales/[^/]+/void$', dropAnswerAfterCommit: true, times: 1 });
    await adapter.void(key);
    expect(await onlySale(key)).toMatchObject({ Status: 10, Voids: [{ Amount: 10_000 }] });
  });
});

describe('refunds: partial voids', () => {
  const refund = (a: CieloAcquirer, reference: string, id: string, amount: number, refundedBefore?: number) =>
    a.refund({ idempotencyKey: id, chargeReference: reference, paymentId: 'pay_x', method: 'credit_card', processorConnectionId: null, amount, currency: 'BRL', reason: 'test', ...(refundedBefore === undefined ? {} : { refundedBefore }) });

  it('partial refunds add up to the sale; then nothing is left to refund', async () => {
    const key = newKey();
    const { reference } = await approved(key);
    expect(await refund(adapter, reference, 'ref_1', 3_000, 0)).toEqual({ status: 'refunded', code: null, reference });
    expect(await onlySale(key)).toMatchObject({ Status: 2, VoidedAmount: 3_000 });
    expect(await refund(adapter, reference, 'ref_2', 7_000, 3_000)).toEqual({ status: 'refunded', code: null, reference });
    expect(await onlySale(key)).toMatchObject({ Status: 10, VoidedAmount: 10_000, Voids: [{ Amount: 3_000 }, { Amount: 7_000 }] });
    expect(await refund(adapter, reference, 'ref_3', 1, 10_000)).toEqual({ status: 'failed', code: 'refund_rejected', reference });
  });

  it('a refund asked again (its answer lost): refunded, one void', async () => {
    const key = newKey();
    const { reference } = await approved(key);
    expect((await refund(adapter, reference, 'ref_a', 2_500, 0)).status).toBe('refunded');
    // The retried activity, maybe on another worker: Lastro still counts nothing refunded before it.
    expect(await refund(open(), reference, 'ref_a', 2_500, 0)).toEqual({ status: 'refunded', code: null, reference });
    expect(await onlySale(key)).toMatchObject({ VoidedAmount: 2_500, Voids: [{ Amount: 2_500 }] });
  });

  it('a partial void whose answer was dropped is not sent again', async () => {
    const key = newKey();
    const { reference } = await approved(key);
    await fault({ path: '^PUT /1/sales/[^/]+/void$', dropAnswerAfterCommit: true, times: 1 });
    expect((await refund(adapter, reference, 'ref_d', 1_200)).status).toBe('refunded');
    expect(await onlySale(key)).toMatchObject({ VoidedAmount: 1_200, Voids: [{ Amount: 1_200 }] });
  });

  it('a 503 on the void, then success: one void', async () => {
    const key = newKey();
    const { reference } = await approved(key);
    await fault({ path: '^PUT /1/sales/[^/]+/void$', status: 503, retryAfter: 0, times: 1 });
    expect((await refund(adapter, reference, 'ref_s', 800)).status).toBe('refunded');
    expect((await onlySale(key)).Voids).toHaveLength(1);
  });

  it('two refunds of one amount in a row: the second waits out the duplicate guard and is done too', async () => {
    const key = newKey();
    const { reference } = await approved(key);
    expect((await refund(adapter, reference, 'ref_p', 1_000, 0)).status).toBe('refunded');
    expect((await refund(adapter, reference, 'ref_q', 1_000, 1_000)).status).toBe('refunded');
    expect(await onlySale(key)).toMatchObject({ VoidedAmount: 2_000, Voids: [{ Amount: 1_000 }, { Amount: 1_000 }] });
  });

  it('books that do not match (voided outside Lastro): a retryable error, nothing voided', async () => {
    const key = newKey();
    const { reference } = await approved(key);
    expect((await refund(adapter, reference, 'ref_m', 500, 0)).status).toBe('refunded');
    const err = await failure(refund(adapter, reference, 'ref_n', 400, 200));
    expect(err.retryable).toBe(true);
    expect((await onlySale(key)).VoidedAmount).toBe(500);
  });

  it('more than is left, an unknown sale, no reference: failed', async () => {
    const key = newKey();
    const { reference } = await approved(key);
    expect(await refund(adapter, reference, 'ref_x', 10_001)).toMatchObject({ status: 'failed', code: 'refund_rejected' });
    expect(await refund(adapter, '00000000-0000-4000-8000-000000000000', 'ref_y', 100)).toMatchObject({ status: 'failed', code: 'charge_not_found' });
    expect(await adapter.refund({ idempotencyKey: 'ref_z', chargeReference: null, paymentId: 'pay_x', method: 'credit_card', processorConnectionId: null, amount: 100, currency: 'BRL', reason: 'test' })).toMatchObject({
      status: 'failed',
      code: 'charge_not_found',
    });
    expect((await onlySale(key)).VoidedAmount).toBe(0);
  });
});
