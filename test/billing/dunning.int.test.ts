import { cardToken, setCompanyFees } from '../payments/fixtures';
import { useTestStack } from '../helpers/stack';
import { eventually } from './eventually';

/**
 * Dunning through the API: each company's retry schedule (GET/PUT /billing/dunning-settings,
 * validated, company-scoped), which the subscription workflow reads for every retry; and the
 * fallback after a declined card: the next attempt offers the invoice's bolepix (no mandate),
 * which stays payable while the card is retried.
 */
const t = useTestStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme', 'Other'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }])) });
  },
});
type Company = 'Acme' | 'Other';
const post = (path: string, body: object = {}, c: Company = 'Acme') => t.stack.http.post(path).set(t.company[c].headers).send(body);
const put = (path: string, body: object, c: Company = 'Acme') => t.stack.http.put(path).set(t.company[c].headers).send(body);
const get = (path: string, c: Company = 'Acme') => t.stack.http.get(path).set(t.company[c].headers);
const DAY = 86_400_000;
const eventTypes = async (id: string) => (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [id])).map((e) => e.type);

/** A subscription of 49.90/month charged to a card the issuer declines. */
async function declinedSubscription(): Promise<{ id: string; invoiceId: string }> {
  const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
  const card = await post('/payment-methods/cards', { customerId: customer.body.id, token: await cardToken(t.stack, t.company.Acme, '4000000000000002') });
  expect(card.status).toBe(201);
  const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Club', unitAmount: 4990 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', defaultPaymentMethodRef: card.body.id });
  expect(sub.status).toBe(201);
  const [invoice] = await eventually(async () => (await get(`/invoices?subscriptionId=${sub.body.id}`)).body.data ?? [], (l) => l[0]?.status === 'past_due' && !!l[0]?.nextAttemptAt);
  return { id: sub.body.id, invoiceId: invoice.id };
}

describe('dunning settings', () => {
  it('default 1/3/5 days; a PUT replaces them for that company only; bad schedules are 400', async () => {
    expect((await get('/billing/dunning-settings', 'Other')).body).toEqual({ object: 'dunning_settings', retryDays: [1, 3, 5], custom: false });
    const set = await put('/billing/dunning-settings', { retryDays: [2, 6, 10] }, 'Other');
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ object: 'dunning_settings', retryDays: [2, 6, 10], custom: true });
    expect((await get('/billing/dunning-settings', 'Other')).body.retryDays).toEqual([2, 6, 10]);
    // Another company keeps its own.
    expect((await get('/billing/dunning-settings')).body.retryDays).toEqual([1, 3, 5]);

    const unordered = await put('/billing/dunning-settings', { retryDays: [3, 1] }, 'Other');
    expect(unordered.status).toBe(400);
    expect(unordered.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'retryDays.1', message: expect.stringContaining('ascending') }] });
    expect((await put('/billing/dunning-settings', { retryDays: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'Other')).status).toBe(400);
    expect((await put('/billing/dunning-settings', { retryDays: [0] }, 'Other')).status).toBe(400);
    expect((await put('/billing/dunning-settings', { retryDays: [61] }, 'Other')).status).toBe(400);
    expect((await put('/billing/dunning-settings', { days: [1] }, 'Other')).status).toBe(400);
    expect((await get('/billing/dunning-settings', 'Other')).body.retryDays).toEqual([2, 6, 10]);
    expect((await t.stack.http.get('/billing/dunning-settings')).status).toBe(401);
  });
});

describe('a declined card', () => {
  it("is retried on the company's schedule; the next attempt offers the invoice's bolepix (no mandate), and the card is tried again after it", async () => {
    expect((await put('/billing/dunning-settings', { retryDays: [2, 4] })).status).toBe(200);
    const { id, invoiceId } = await declinedSubscription();
    const first = (await get(`/invoices/${invoiceId}`)).body;
    expect(first).toMatchObject({ attemptCount: 1, lastFailureCode: 'card_declined', bolepix: null });
    expect(Date.parse(first.nextAttemptAt) - Date.parse(first.dueAt)).toBe(2 * DAY);

    // The sandbox clock runs the retry now: attempt 2 offers the invoice to be paid by hand.
    expect((await post(`/sandbox/subscriptions/${id}/advance`)).status).toBe(202);
    const second = await eventually(async () => (await get(`/invoices/${invoiceId}`)).body, (i) => i.attemptCount === 2 && Date.parse(i.nextAttemptAt) - Date.parse(i.dueAt) === 4 * DAY);
    expect(second).toMatchObject({ status: 'past_due', attemptCount: 2, lastFailureCode: 'awaiting_payment' });
    expect(second.bolepix).toMatchObject({ transactionId: expect.stringMatching(/^txn_/), amount: 4990 });
    expect(second.boleto.digitableLine).toMatch(/^\d{47}$/);

    // Attempt 3: the card again; the bolepix stays as it was.
    expect((await post(`/sandbox/subscriptions/${id}/advance`)).status).toBe(202);
    const third = await eventually(async () => (await get(`/invoices/${invoiceId}`)).body, (i) => i.attemptCount === 3);
    expect(third).toMatchObject({ lastFailureCode: 'card_declined', bolepix: { transactionId: second.bolepix.transactionId } });
    // Spent: uncollectible, the subscription canceled.
    const ended = await eventually(async () => (await get(`/subscriptions/${id}`)).body, (s) => s.status === 'canceled', 60_000);
    expect(ended).toMatchObject({ status: 'canceled', cancellationReason: 'payment_failed' });
    expect((await get(`/invoices/${invoiceId}`)).body.status).toBe('uncollectible');
    const types = await eventTypes(invoiceId);
    expect(types.filter((e) => e === 'invoice.payment_attempted')).toHaveLength(3);
    expect(types.filter((e) => e === 'invoice.rescheduled')).toHaveLength(2);
    // Company B sees none of it.
    expect((await get(`/invoices/${invoiceId}`, 'Other')).status).toBe(404);
  });
});
