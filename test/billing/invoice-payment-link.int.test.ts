import { randomUUID } from 'node:crypto';
import { useTestStack } from '../helpers/stack';
import { cardToken } from '../payments/fixtures';
import { eventually } from '../webhooks/receiver';

/**
 * The payment link of a send_invoice invoice: an open invoice gets a checkout charge (Pix or
 * boleto) whose page is its paymentUrl; the buyer paying that session pays the invoice, and the
 * subscription advances its cycle.
 */

const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Links.headers).send(body);
const get = (path: string) => t.stack.http.get(path).set(t.company.Links.headers);
const buyer = { name: 'Ana Souza', email: 'ana@example.com', document: '529.982.247-25', phone: '+55 11 91234-5678' };

const t = useTestStack({ companies: ['Links'], owners: ['Links'] });

it('an open send_invoice invoice has a checkout payment link; paying it by Pix pays the invoice and advances the cycle', async () => {
  const customer = await post('/customers', { ...buyer, type: 'individual' });
  expect(customer.status).toBe(201);
  const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Hosting', unitAmount: 4500 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice' });
  expect(sub.status).toBe(201);
  const invoice = await eventually(async () => {
    const [inv] = (await get(`/invoices?subscriptionId=${sub.body.id}`)).body.data ?? [];
    return inv?.paymentUrl ? inv : null;
  }, 30_000, 'the invoice and its payment link');
  expect(invoice).toMatchObject({ status: 'open', total: 4500, checkoutSessionId: expect.stringMatching(/^cs_/), paymentUrl: expect.stringContaining(`/pay/${invoice.checkoutSessionId}`) });

  // The link is a checkout charge of the invoice's total, Pix or boleto, naming the invoice.
  const charge = await get(`/checkout/charges/${invoice.checkoutSessionId}`);
  expect(charge.status).toBe(200);
  expect(charge.body).toMatchObject({ url: invoice.paymentUrl, metadata: { invoiceId: invoice.id, subscriptionId: sub.body.id } });
  // The subscription's customer prefilled, its CPF the payer a boleto would be registered with.
  expect(charge.body.customer).toMatchObject({ name: 'Ana Souza', document: '52998224725' });

  // The buyer pays on the page by Pix; the sandbox settles the Pix.
  const confirm = await t.stack.http.post(`/checkout/public/sessions/${invoice.checkoutSessionId}/confirm`).set('Idempotency-Key', randomUUID()).send({ customer: buyer, payments: [{ method: 'pix' }] });
  expect(confirm.status).toBe(200);
  const [pix] = confirm.body.payments;
  expect(pix).toMatchObject({ method: 'pix', amount: 4500 });
  expect((await post(`/sandbox/payments/${pix.id}/pay`)).status).toBe(202);

  const paid = await eventually(async () => {
    const res = await get(`/invoices/${invoice.id}`);
    return res.body.status === 'paid' ? res.body : null;
  }, 30_000, 'the invoice paid');
  expect(paid).toMatchObject({ status: 'paid', paidAt: expect.any(String), lastTransactionId: expect.stringMatching(/^txn_/) });
  const txn = await get(`/v1/transactions/${paid.lastTransactionId}`);
  expect(txn.body).toMatchObject({ status: 'paid', amount: 4500, metadata: { invoiceId: invoice.id, checkoutSessionId: invoice.checkoutSessionId } });
  await eventually(async () => (await get(`/subscriptions/${sub.body.id}`)).body.cyclesCompleted === 1, 30_000, 'the cycle advanced');
  const types = (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [invoice.id])).map((e) => e.type);
  expect(types).toEqual(['invoice.issued', 'invoice.paid']);
});

it("an invoice paid by boleto names the subscription's customer as the payer, the buyer giving only a name", async () => {
  const customer = await post('/customers', { ...buyer, name: 'Bruno Lima', email: 'bruno@example.com', document: '111.444.777-35', type: 'individual' });
  const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Hosting', unitAmount: 3000 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice' });
  const invoice = await eventually(async () => {
    const [inv] = (await get(`/invoices?subscriptionId=${sub.body.id}`)).body.data ?? [];
    return inv?.checkoutSessionId ? inv : null;
  }, 30_000, 'the invoice and its payment link');
  const confirm = await t.stack.http.post(`/checkout/public/sessions/${invoice.checkoutSessionId}/confirm`).set('Idempotency-Key', randomUUID()).send({ customer: { name: 'Bruno Lima' }, payments: [{ method: 'boleto' }] });
  expect(confirm.status).toBe(200);
  const [row] = await t.stack.em().execute<{ boleto: { payer: unknown } }[]>('select boleto from payments where id = ?', [confirm.body.payments[0].id]);
  expect(row.boleto.payer).toMatchObject({ name: 'Bruno Lima', document: '11144477735' });
});

it('an invoice charged automatically on a saved card gets no payment link', async () => {
  const customer = await post('/customers', { ...buyer, email: 'b@example.com', type: 'individual' });
  const card = await post('/payment-methods/cards', { customerId: customer.body.id, token: await cardToken(t.stack, t.company.Links) });
  const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Hosting', unitAmount: 1000 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', defaultPaymentMethodRef: card.body.id });
  const invoice = await eventually(async () => {
    const [inv] = (await get(`/invoices?subscriptionId=${sub.body.id}`)).body.data ?? [];
    return inv?.status === 'paid' ? inv : null;
  }, 30_000, 'the invoice paid by card');
  expect(invoice).toMatchObject({ collectionMethod: 'charge_automatically', paymentUrl: null, checkoutSessionId: null });
});
