import { processorsOf } from '../../src/processors/processors';
import { eventually } from './eventually';
import { useEmbeddedPixStack } from '../processors/embedded-pix-stack';
import { customerAndMonthlyPlan } from './monthly-plan';

/**
 * Pix Automático's journey 3 through the API, with the embedded Pix PSP as a process of its own:
 * `authorization: qr_with_payment` puts the subscription's open invoice (an immediate Pix charge)
 * and the mandate in one BR Code. Paying it pays the invoice through the usual Pix path; the
 * payer's approval makes the mandate active; paying while declining the mandate leaves the
 * invoice paid and the mandate rejected; its Pix expiring unpaid cancels the mandate at the PSP.
 * No open invoice: 409. A retried start charges once.
 */
let customerId: string;
let planId: string;

const { t, psp, pspMandateIdOf } = useEmbeddedPixStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme'],
  async setup(t) {
    ({ customerId, planId } = await customerAndMonthlyPlan(t, 'Acme', 'pro'));
  },
});

const post = (path: string, body: object = {}, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post(path).set(headers).send(body);
const get = (path: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.get(path).set(headers);
const firstPayments = async (invoiceId: string) => t.stack.em().execute<{ id: string; status: string }[]>(`select id, status from transactions where reference_code like ?`, [`${invoiceId}-pixauto-%`]);

/** A subscription with its first invoice open (send_invoice: issued at creation, paid by hand). */
async function withOpenInvoice(): Promise<{ id: string; invoice: { id: string; total: number } }> {
  const res = await post('/subscriptions', { customerId, planId, collectionMethod: 'send_invoice' });
  expect(res.status).toBe(201);
  const list = await eventually(() => get(`/invoices?subscriptionId=${res.body.id}`), (r) => r.body.data?.length === 1);
  expect(list.body.data[0]).toMatchObject({ status: 'open', total: 4990 });
  return { id: res.body.id, invoice: list.body.data[0] };
}

async function txidOf(transactionId: string): Promise<string> {
  const txn = await get(`/transactions/${transactionId}`);
  expect(txn.body).toMatchObject({ status: 'waiting_payment', amount: 4990, metadata: { invoiceId: expect.any(String) } });
  return txn.body.payments[0].pix.txid;
}

describe('qr_with_payment (journey 3)', () => {
  it('one BR Code pays the open invoice by Pix and carries the mandate; paid and approved: invoice paid, mandate active', async () => {
    const { id, invoice } = await withOpenInvoice();
    const res = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', journey: 'qr_with_payment', firstPayment: { invoiceId: invoice.id, transactionId: expect.stringMatching(/^txn_/) } });
    const txid = await txidOf(res.body.firstPayment.transactionId);
    const cob = (await get(`/transactions/${res.body.firstPayment.transactionId}`)).body.payments[0].pix.qrCode as string;
    // The composite code: the Pix charge's location and the mandate's (field 80) in one payload.
    expect(res.body.qrCode).toMatch(/^000201/);
    expect(res.body.qrCode).not.toBe(cob);
    expect(res.body.qrCode).toContain(`0014br.gov.bcb.pix25${String(res.body.location.length).padStart(2, '0')}${res.body.location}`);

    // Started again: 409, and still one transaction for the invoice.
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' })).body.error.code).toBe('mandate_exists');
    expect(await firstPayments(invoice.id)).toHaveLength(1);

    expect((await psp.control('POST', `/embedded/cob/${txid}/pay`, {})).status).toBe(201);
    const paid = await eventually(() => get(`/invoices/${invoice.id}`), (r) => r.body.status === 'paid');
    expect(paid.body).toMatchObject({ status: 'paid', lastTransactionId: res.body.firstPayment.transactionId });
    expect((await get(`/transactions/${res.body.firstPayment.transactionId}`)).body.status).toBe('paid');
    const active = await eventually(() => get(`/subscriptions/${id}/pix-automatico`), (r) => r.body.status === 'active');
    expect(active.body).toMatchObject({ status: 'active', journey: 'qr_with_payment', approvedAt: expect.any(String) });
    const events = await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id in (?, ?) order by created_at`, [invoice.id, res.body.firstPayment.transactionId]);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['transaction.paid', 'invoice.paid']));
  });

  it('the payer pays but declines the mandate: the invoice is paid, the mandate rejected (AP13), the subscription not past due', async () => {
    const { id, invoice } = await withOpenInvoice();
    const res = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' });
    expect(res.status).toBe(201);
    const txid = await txidOf(res.body.firstPayment.transactionId);
    expect((await psp.control('POST', `/embedded/cob/${txid}/pay`, { recorrencia: 'recusada' })).status).toBe(201);
    expect((await eventually(() => get(`/invoices/${invoice.id}`), (r) => r.body.status === 'paid')).body.status).toBe('paid');
    const rejected = await eventually(() => get(`/subscriptions/${id}/pix-automatico`), (r) => r.body.status === 'rejected');
    expect(rejected.body).toMatchObject({ status: 'rejected', closing: { code: 'AP13' } });
    expect((await get(`/subscriptions/${id}`)).body.status).not.toBe('past_due');
    // A new authorization can start: no invoice is open now, so by QR alone.
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' })).body.error.code).toBe('no_open_invoice');
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr' })).status).toBe(201);
  });

  it('no open invoice: 409 no_open_invoice, nothing at the PSP or in Lastro', async () => {
    const res = await post('/subscriptions', { customerId, planId });
    expect(res.status).toBe(201);
    const started = await post(`/subscriptions/${res.body.id}/pix-automatico`, { authorization: 'qr_with_payment' });
    expect(started.status).toBe(409);
    expect(started.body.error.code).toBe('no_open_invoice');
    expect((await get(`/subscriptions/${res.body.id}/pix-automatico`)).status).toBe(404);
  });

  it('a start the PSP fails after the Pix was opened: the retry reuses that Pix, never a second charge', async () => {
    const { id, invoice } = await withOpenInvoice();
    expect((await psp.control('POST', '/embedded/faults', { path: 'POST /rec', status: 503, times: 20 })).status).toBe(201);
    const failed = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' });
    expect(failed.status).toBe(503);
    expect((await psp.control('DELETE', '/embedded/faults')).status).toBe(204);
    const [opened] = await firstPayments(invoice.id);
    expect(opened.status).toBe('waiting_payment');

    const res = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' });
    expect(res.status).toBe(201);
    expect(res.body.firstPayment.transactionId).toBe(opened.id);
    expect(await firstPayments(invoice.id)).toHaveLength(1);
    // The PSP holds the journey-3 mandate on that very charge.
    const rec = await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default');
    expect(await rec!.psp.mandates!.getMandate(await pspMandateIdOf(res.body.id))).toMatchObject({ journey: 'qr_with_payment', firstPaymentTxid: await txidOf(opened.id) });
  });

  it("tenancy: company B neither starts nor sees a journey 3 on company A's subscription (404), nothing charged", async () => {
    const { id, invoice } = await withOpenInvoice();
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' }, t.company.Other.headers)).status).toBe(404);
    expect(await firstPayments(invoice.id)).toHaveLength(0);
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' })).status).toBe(201);
    expect((await get(`/subscriptions/${id}/pix-automatico`, t.company.Other.headers)).status).toBe(404);
  });
});

// Last in the file: it moves the Temporal test server's clock a day on, past the expiry of any Pix opened before.
describe('journey 3 unpaid', () => {
  it('the Pix expires unpaid: the pending mandate is cancelled at the PSP and canceled in Lastro, and a new start works at once', async () => {
    const { id, invoice } = await withOpenInvoice();
    const res = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' });
    expect(res.status).toBe(201);
    const first = res.body.firstPayment.transactionId as string;
    await txidOf(first);
    // Its day passes with nobody paying: the transaction's workflow expires the Pix.
    await t.stack.env.sleep('25 hours');
    expect((await eventually(() => get(`/transactions/${first}`), (r) => r.body.status === 'canceled')).body.status).toBe('canceled');
    const canceled = await eventually(() => get(`/subscriptions/${id}/pix-automatico`), (r) => r.body.status !== 'pending');
    expect(canceled.body).toMatchObject({ id: res.body.id, status: 'canceled', closing: { code: 'SLCR', by: 'USUARIO_RECEBEDOR' } });
    const rail = await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default');
    expect(await rail!.psp.mandates!.getMandate(await pspMandateIdOf(res.body.id))).toMatchObject({ status: 'CANCELADA' });
    expect((await get(`/invoices/${invoice.id}`)).body.status).toBe('open');

    // A new start: no 409 mandate_exists; a new Pix for the same invoice, under the next reference.
    const again = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr_with_payment' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'pending', firstPayment: { invoiceId: invoice.id } });
    expect(again.body.firstPayment.transactionId).not.toBe(first);
    expect((await firstPayments(invoice.id)).map((p) => p.status).sort()).toEqual(['canceled', 'waiting_payment']);
  });
});
