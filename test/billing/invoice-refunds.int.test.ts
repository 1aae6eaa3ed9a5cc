import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { cardToken } from '../payments/fixtures';
import { EventDispatcher } from '../../src/events/dispatcher';
import { recordEvent } from '../../src/events/outbox';
import { invoiceRefundSubscriber } from '../../src/billing/invoice-refunds.subscriber';
import { eventually } from './eventually';

/**
 * invoice.refunded: a completed refund of the transaction that paid an invoice (the refunds
 * module's transaction.refunded, recorded here directly with the data it carries) adds to the
 * invoice's amountRefunded and records invoice.refunded once per refund.
 */

let dispatcher: EventDispatcher;
const dispatchedSoon: string[] = [];

const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Acme.headers).send(body);
const get = (path: string) => t.stack.http.get(path).set(t.company.Acme.headers);


async function refunded(transactionId: string, refundId: string, refundAmount: number): Promise<void> {
  const em = t.stack.em();
  const event = recordEvent(em as unknown as EntityManager, {
    companyId: t.company.Acme.company.id,
    type: 'transaction.refunded',
    entityType: 'transaction',
    data: { id: transactionId, status: 'partially_refunded', refundId, refundAmount, transactionId, paymentId: 'pay_x' },
  });
  await em.flush();
  await dispatcher.dispatch(event.id);
}

const invoiceEvents = async (invoiceId: string) =>
  t.stack.em().execute<{ payload: { data: Record<string, unknown> } }[]>(`select payload from events where entity_id = ? and type = 'invoice.refunded' order by created_at`, [invoiceId]);

let paidInvoice: Record<string, any>;

const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    dispatcher = new EventDispatcher(t.stack.em() as unknown as EntityManager);
    dispatcher.subscribe(invoiceRefundSubscriber((ids) => dispatchedSoon.push(...ids)));
    const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
    expect(customer.status).toBe(201);
    const customerId = customer.body.id;
    const card = await post('/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company.Acme) });
    expect(card.status).toBe(201);
    const sub = await post('/subscriptions', { customerId, items: [{ description: 'Hosting', unitAmount: 5000 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', defaultPaymentMethodRef: card.body.id });
    expect(sub.body).toMatchObject({ status: 'active' });
    const list = await eventually(() => get(`/invoices?subscriptionId=${sub.body.id}`), (r) => r.body.data?.[0]?.status === 'paid');
    paidInvoice = list.body.data[0];
  },
});

describe('a refund of the transaction that paid an invoice', () => {
  it('adds to amountRefunded, keeps the invoice paid and records invoice.refunded (with the refund) once per refund', async () => {
    expect(paidInvoice).toMatchObject({ status: 'paid', total: 5000, amountRefunded: 0 });
    await refunded(paidInvoice.lastTransactionId, 'ref_first', 2000);
    const after = await get(`/invoices/${paidInvoice.id}`);
    expect(after.body).toMatchObject({ status: 'paid', amountRefunded: 2000 });
    const events = await invoiceEvents(paidInvoice.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload.data).toMatchObject({ id: paidInvoice.id, status: 'paid', amountRefunded: 2000, refundId: 'ref_first', refundAmount: 2000, transactionId: paidInvoice.lastTransactionId });

    // A second refund adds up; the same refund handled again (a re-dispatch) changes nothing.
    await refunded(paidInvoice.lastTransactionId, 'ref_second', 3000);
    await refunded(paidInvoice.lastTransactionId, 'ref_second', 3000);
    expect((await get(`/invoices/${paidInvoice.id}`)).body.amountRefunded).toBe(5000);
    expect((await invoiceEvents(paidInvoice.id)).map((e) => e.payload.data.refundId)).toEqual(['ref_first', 'ref_second']);
  });

  it('the invoice.refunded event goes to dispatch (webhooks) after the commit', async () => {
    const ids = (await t.stack.em().execute<{ id: string }[]>(`select id from events where entity_id = ? and type = 'invoice.refunded'`, [paidInvoice.id])).map((r) => r.id);
    expect(dispatchedSoon).toEqual(expect.arrayContaining(ids));
  });

  it('a refund of a transaction that paid no invoice records nothing', async () => {
    const before = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from events where type = 'invoice.refunded'`);
    await refunded('txn_not_an_invoice', 'ref_other', 100);
    const after = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from events where type = 'invoice.refunded'`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('through the refunds API', () => {
  it('a partial refund of the paying card transaction makes invoice.refunded with amountRefunded', async () => {
    const customerId = (await post('/customers', { name: 'Bia Lima', email: 'bia@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990001' })).body.id;
    const card = await post('/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company.Acme) });
    const sub = await post('/subscriptions', { customerId, items: [{ description: 'Hosting', unitAmount: 8000 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', defaultPaymentMethodRef: card.body.id });
    const paid = (await eventually(() => get(`/invoices?subscriptionId=${sub.body.id}`), (r) => r.body.data?.[0]?.status === 'paid')).body.data[0];
    const txn = (await get(`/v1/transactions/${paid.lastTransactionId}`)).body;
    const refund = await t.stack.http
      .post(`/v1/transactions/${txn.id}/payments/${txn.payments[0].id}/refund`)
      .set(t.company.Acme.headers)
      .set('Idempotency-Key', `refund-${txn.id}`)
      .send({ amount: 3000, reason: 'Service outage credit' });
    expect(refund.status).toBe(201);
    const after = await eventually(() => get(`/invoices/${paid.id}`), (r) => r.body.amountRefunded === 3000);
    expect(after.body).toMatchObject({ status: 'paid', amountRefunded: 3000 });
    const [event] = await eventually(() => invoiceEvents(paid.id), (e) => e.length === 1);
    expect(event.payload.data).toMatchObject({ refundId: refund.body.id, refundAmount: 3000, transactionId: txn.id });
  });
});
