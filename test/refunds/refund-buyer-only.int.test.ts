import { randomUUID } from 'node:crypto';
import { useTestStack } from '../helpers/stack';
import { eventually, expectLedgerConsistent } from '../payments/fixtures';
import { newCpf } from '../recipients/fixtures';
import { Receiver } from '../webhooks/receiver';
import { eventTypesOf, newCustomer, paidPixOrBoleto, refundOf, refundReaches } from './fixtures';

/**
 * docs/refunds.md "Refunds to the buyer only" and docs/security.md: the bank-details token is
 * the buyer's credential, read only with the merchant's key; the account must be the buyer's.
 */

const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.close());

const t = useTestStack({
  env: () => ({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` }),
  companies: ['Loja'],
  owners: ['Loja'],
  async setup(t) {
    // Every event the catalog offers, delivered: nothing of a refund may reach a receiver's log.
    const hook = await t.stack.http.post('/webhooks').set(t.company.Loja.headers).send({ name: 'all', url: receiver.url('/all'), events: [] });
    expect(hook.status).toBe(201);
  },
});

const bankDetails = (document: string, account = '12345-6') => ({ bankCode: '237', agency: '1234', account, accountType: 'checking', holderName: 'Comprador', holderDocument: document });
const refundAll = (ids: { txnId: string; payId: string }) =>
  t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(t.company.Loja.headers).send({ reason: 'Devolução' });
const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => pathOf(url).split('/').pop()!;

describe('no bearer token in stored events or deliveries', () => {
  it('a boleto refund’s events say it awaits bank details without the link; no event, delivery row or delivered body holds a token; the merchant reads the link with its key', async () => {
    const customer = await newCustomer(t.stack, t.company.Loja);
    const ids = await paidPixOrBoleto(t.stack, t.company.Loja, 'boleto', 3_300, { customerId: customer.id });
    const created = await refundAll(ids);
    expect(created.status).toBe(201);
    const links = [created.body.bankDetailsUrl as string];
    expect(pathOf(links[0])).toMatch(/^\/refunds\/bank-details\/[A-Za-z0-9_-]{20,}$/);
    expect((await refundOf(t.stack, t.company.Loja, created.body.id)).body.bankDetailsUrl).toBe(links[0]);

    // A bounced TED issues a second link; the second details are paid.
    expect((await t.stack.http.post(pathOf(links[0])).send(bankDetails(customer.document, '99999'))).status).toBe(200);
    const invalid = await refundReaches(t.stack, t.company.Loja, created.body.id, 'invalid_bank_details');
    links.push(invalid.bankDetailsUrl);
    expect(links[1]).not.toBe(links[0]);
    expect((await t.stack.http.post(pathOf(links[1])).send(bankDetails(customer.document))).status).toBe(200);
    await refundReaches(t.stack, t.company.Loja, created.body.id, 'refunded');
    expect(await eventTypesOf(t.stack, created.body.id)).toEqual(['refund.created', 'refund.awaiting_bank_details', 'refund.awaiting_bank_details', 'refund.refunded']);
    await eventually(async () => receiver.received('/all').some((r) => r.body.includes('"transaction.refunded"')));

    const events = await t.stack.em().execute<{ type: string; payload: { data: Record<string, unknown> } }[]>(`select type, payload from events where company_id = ? order by created_at, id`, [t.company.Loja.company.id]);
    const awaiting = events.filter((e) => e.type === 'refund.awaiting_bank_details').map((e) => e.payload.data);
    expect(awaiting.map((d) => d.status)).toEqual(['awaiting_bank_details', 'invalid_bank_details']);
    for (const d of awaiting) expect(d).not.toHaveProperty('bankDetailsUrl');
    const deliveries = await t.stack.em().execute<{ payload: unknown }[]>(`select payload from webhook_deliveries where company_id = ?`, [t.company.Loja.company.id]);
    expect(deliveries.length).toBeGreaterThan(0);
    const stored = [JSON.stringify(events), JSON.stringify(deliveries), ...receiver.received('/all').map((r) => r.body)].join('\n');
    expect(stored).not.toContain('/refunds/bank-details/');
    for (const link of links) expect(stored).not.toContain(tokenOf(link));
    // Nor the buyer's account.
    expect(stored).not.toContain('"holderDocument"');
  });
});

describe('a hosted-checkout sale is refunded only to the buyer of the checkout form', () => {
  it('a holder whose CPF differs from the form’s is refused (400 holder_not_buyer, nothing stored); the buyer’s own account is paid', async () => {
    const buyerCpf = newCpf();
    const charge = await t.stack.http
      .post('/checkout/charges')
      .set(t.company.Loja.headers)
      .send({ items: [{ name: 'Curso', quantity: 1, unitAmount: 4_500 }], paymentMethods: { boleto: { enabled: true } } });
    expect(charge.status).toBe(201);
    const confirm = await t.stack.http
      .post(`/checkout/public/sessions/${charge.body.id}/confirm`)
      .set('Idempotency-Key', randomUUID())
      .send({ customer: { name: 'Maria Compradora', email: 'maria@example.com', document: buyerCpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') }, payments: [{ method: 'boleto' }] });
    expect(confirm.status).toBe(200);
    const payId = confirm.body.payments[0].id as string;
    const [{ transaction_id: txnId }] = await t.stack.em().execute<{ transaction_id: string }[]>(`select transaction_id from payments where id = ?`, [payId]);
    // Hosted checkout never names a customer: the form is the only record of the buyer.
    expect((await t.stack.http.get(`/v1/transactions/${txnId}`).set(t.company.Loja.headers)).body.customerId).toBeNull();
    expect((await t.stack.http.post(`/sandbox/payments/${payId}/pay`).set(t.company.Loja.headers).send()).status).toBe(202);
    await eventually(async () => (await t.stack.http.get(`/v1/transactions/${txnId}`).set(t.company.Loja.headers)).body.status === 'paid');

    const created = await refundAll({ txnId, payId });
    expect(created.body.status).toBe('awaiting_bank_details');
    const link = pathOf(created.body.bankDetailsUrl);

    const stranger = await t.stack.http.post(link).send(bankDetails(newCpf()));
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatchObject({
      code: 'holder_not_buyer',
      message: expect.stringContaining('mesmo do comprador'),
      details: [{ path: 'holderDocument', message: expect.stringContaining('mesmo do comprador') }],
      requestId: expect.stringMatching(/^req_/),
    });
    const [row] = await t.stack.em().execute<{ status: string; bank_details: unknown }[]>(`select status, bank_details from refunds where id = ?`, [created.body.id]);
    expect(row).toEqual({ status: 'awaiting_bank_details', bank_details: null });
    expect((await refundOf(t.stack, t.company.Loja, created.body.id)).body).toMatchObject({ status: 'awaiting_bank_details', bankAccount: null, bankDetailsUrl: created.body.bankDetailsUrl });

    const buyer = await t.stack.http.post(link).send(bankDetails(buyerCpf));
    expect(buyer.status).toBe(200);
    expect(buyer.body).toEqual({ status: 'bank_details_received' });
    const done = await refundReaches(t.stack, t.company.Loja, created.body.id, 'refunded');
    expect(done.bankAccount).toMatchObject({ holderDocument: buyerCpf, confirmedBy: null });
    await expectLedgerConsistent(t.stack);
  });
});

describe('a link cannot be used to test guesses of the buyer’s CPF', () => {
  it('past 5 wrong holders a minute the link answers 429, the buyer’s own document included, and nothing is stored', async () => {
    const customer = await newCustomer(t.stack, t.company.Loja);
    const created = await refundAll(await paidPixOrBoleto(t.stack, t.company.Loja, 'boleto', 2_100, { customerId: customer.id }));
    const link = pathOf(created.body.bankDetailsUrl);

    for (let i = 0; i < 5; i++) {
      const guess = await t.stack.http.post(link).send(bankDetails(newCpf()));
      expect([guess.status, guess.body.error.code]).toEqual([400, 'holder_not_buyer']);
    }
    const sixth = await t.stack.http.post(link).send(bankDetails(newCpf()));
    expect([sixth.status, sixth.body.error.code]).toEqual([429, 'rate_limited']);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Answered before the document is compared: the right guess says nothing either.
    const right = await t.stack.http.post(link).send(bankDetails(customer.document));
    expect([right.status, right.body.error.code]).toEqual([429, 'rate_limited']);

    const [row] = await t.stack.em().execute<{ status: string; bank_details: unknown }[]>(`select status, bank_details from refunds where id = ?`, [created.body.id]);
    expect(row).toEqual({ status: 'awaiting_bank_details', bank_details: null });
    // The count is the link's: another refund's link is untouched.
    const other = await refundAll(await paidPixOrBoleto(t.stack, t.company.Loja, 'boleto', 2_200, { customerId: customer.id }));
    expect((await t.stack.http.post(pathOf(other.body.bankDetailsUrl)).send(bankDetails(customer.document))).status).toBe(200);
  });
});
