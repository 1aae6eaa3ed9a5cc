import { useTestStack, startTestStack } from '../helpers/stack';
import { cardToken, setCompanyFees } from '../payments/fixtures';
import { Transaction } from '../../src/payments/transaction.entity';
import { StoredCard } from '../../src/cards/stored-card.entity';
import { Event } from '../../src/events/event.entity';
import { subscriptionWorkflowSubscriber } from '../../src/billing/subscriptions.subscriber';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { Subscription } from '../../src/billing/subscription.entity';
import { eventually } from './eventually';

let customerId: string;
let planId: string;
let cardId: string;

const post = (path: string, body: object = {}, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post(path).set(headers).send(body);
const get = (path: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.get(path).set(headers);
const monthly = { interval: 1, unit: 'month' };
const brl = (amount: number) => ({ amount, currency: 'BRL' });

const invoicesOf = async (subscriptionId: string) => (await get(`/invoices?subscriptionId=${subscriptionId}&limit=100`)).body.data as Array<Record<string, any>>;
const eventTypes = async (id: string) =>
  (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [id])).map((e) => e.type);

async function saveCard(pan = '4111111111111111', customer = customerId): Promise<string> {
  const res = await post('/payment-methods/cards', { customerId: customer, token: await cardToken(t.stack, t.company.Acme, pan) });
  expect(res.status).toBe(201);
  return res.body.id;
}

const t = useTestStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }])) });
    const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
    customerId = customer.body.id;
    planId = (await post('/plans', { code: 'pro', name: 'Pro' })).body.id;
    await post(`/plans/${planId}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: brl(4990), recurrence: monthly } });
    await post(`/plans/${planId}/charges`, { item: { key: 'seats', name: 'Seats', optional: true, quantityIncluded: 1 }, price: { billingScheme: 'per_unit', money: brl(1000), recurrence: monthly } });
    await post(`/plans/${planId}/charges`, { item: { key: 'setup', name: 'Setup', kind: 'activation' }, price: { money: brl(1500), recurrence: monthly } });
    expect((await post(`/plans/${planId}/publish`)).status).toBe(200);
    cardId = await saveCard();
  },
});

describe('saved cards', () => {
  it('saves a card from a single-use token (crd_); the token cannot be used again elsewhere', async () => {
    const token = await cardToken(t.stack, t.company.Acme);
    const res = await post('/payment-methods/cards', { customerId, token });
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^crd_/), customerId, brand: 'visa', last4: '1111' });
    const reuse = await post('/v1/transactions', { referenceCode: `r-${Date.now()}`, items: [{ description: 'x', quantity: 1, amount: 100 }], payments: [{ paymentMethod: 'credit_card', amount: 100, creditCard: { token } }] });
    expect(reuse.status).toBe(400);
    const missing = await post('/payment-methods/cards', { customerId: 'cust_missing', token: await cardToken(t.stack, t.company.Acme) });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', details: [{ path: 'customerId', message: 'Customer not found' }] });
    expect((await post('/payment-methods/cards', { customerId, token: 'tok_unknown' })).body.error.code).toBe('card_token_invalid');
  });
});

describe('a plan subscription charged on a saved card', () => {
  it('bills the enrollment invoice at once (activation included), then each sandbox advance bills the next cycle', async () => {
    const vaultCards = await t.stack.em().count(StoredCard, { companyId: t.company.Acme.company.id } as never);
    const res = await post('/subscriptions', { customerId, planId, items: [{ planItemKey: 'seats', quantity: 3 }], defaultPaymentMethodRef: cardId, metadata: { crm: '1' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^sub_/), status: 'active', currency: 'BRL', collectionMethod: 'charge_automatically', invoiceGenerationMode: 'just_in_time', planId });
    const id = res.body.id;
    const items = await get(`/subscriptions/${id}/items`);
    expect(items.body.map((i: { description: string; quantity: number }) => [i.description, i.quantity])).toEqual([['Base', 1], ['Seats', 3], ['Setup', 1]]);

    const first = await eventually(() => invoicesOf(id), (l) => l[0]?.status === 'paid');
    expect(first).toHaveLength(1);
    // 4990 + 2 billable seats × 1000 + setup 1500
    expect(first[0]).toMatchObject({ cycle: 0, total: 8490, status: 'paid', attemptCount: 1, lastTransactionId: expect.stringMatching(/^txn_/) });
    const lines = await get(`/invoices/${first[0].id}/line-items`);
    expect(lines.body.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([['recurring', 4990], ['recurring', 2000], ['activation', 1500]]);
    // A merchant-initiated recurring charge of the saved card itself: no new token, no CVV.
    const txn = await get(`/v1/transactions/${first[0].lastTransactionId}`);
    expect(txn.body).toMatchObject({ status: 'paid', amount: 8490, customerId, origin: 'subscription', referenceCode: `${first[0].id}-1`, metadata: { invoiceId: first[0].id, subscriptionId: id } });
    expect(txn.body.payments[0].creditCard).toMatchObject({ cardId, last4: '1111', authorizationCode: expect.any(String) });
    expect(await t.stack.em().count(StoredCard, { companyId: t.company.Acme.company.id } as never)).toBe(vaultCards);
    expect(await eventTypes(first[0].id)).toEqual(['invoice.issued', 'invoice.payment_attempted', 'invoice.paid']);

    for (let n = 1; n <= 3; n++) {
      expect((await post(`/sandbox/subscriptions/${id}/advance`)).status).toBe(202);
      const list = await eventually(() => invoicesOf(id), (l) => l.length === n + 1 && l.every((i) => i.status === 'paid'));
      expect(list.map((i) => i.status)).toEqual(Array(n + 1).fill('paid'));
    }
    const all = await invoicesOf(id);
    expect(all.find((i) => i.cycle === 1)?.total).toBe(6990); // no activation after enrollment
    const sub = await eventually(() => get(`/subscriptions/${id}`), (r) => r.body.cyclesCompleted === 4);
    expect(sub.body).toMatchObject({ cyclesCompleted: 4, currentPeriodStart: expect.any(String), nextInvoiceAt: expect.any(String) });
    expect((await eventTypes(id)).filter((t) => t === 'subscription.cycle_advanced')).toHaveLength(4);
    expect(await t.stack.em().count(Transaction, { companyId: t.company.Acme.company.id, origin: 'subscription', metadata: { subscriptionId: id } } as never)).toBe(4);
  });

  it('a declined card leaves the invoice past_due and reschedules it (dunning)', async () => {
    const declined = await saveCard('4000000000000002');
    const res = await post('/subscriptions', { customerId, planId, defaultPaymentMethodRef: declined });
    const list = await eventually(() => invoicesOf(res.body.id), (l) => l[0]?.status === 'past_due' && l[0]?.nextAttemptAt);
    expect(list[0]).toMatchObject({ status: 'past_due', attemptCount: 1, lastFailureCode: 'card_declined' });
    expect(Date.parse(list[0].nextAttemptAt) - Date.parse(list[0].dueAt)).toBe(86_400_000);
    expect(await eventTypes(list[0].id)).toEqual(['invoice.issued', 'invoice.payment_attempted', 'invoice.rescheduled']);
    expect((await get(`/subscriptions/${res.body.id}`)).body.status).toBe('past_due');
    // The card was decided by the charge step itself, right after its transaction committed.
    const txn = await get(`/v1/transactions/${list[0].lastTransactionId}`);
    expect(txn.body).toMatchObject({ status: 'refused', origin: 'subscription', referenceCode: `${list[0].id}-1` });
  });
});

describe('idempotency', () => {
  it('a retried POST /subscriptions with the same Idempotency-Key creates one subscription', async () => {
    const key = `sub-${Date.now()}`;
    const body = { customerId, planId, collectionMethod: 'send_invoice', metadata: { order: key } };
    const first = await t.stack.http.post('/subscriptions').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    const again = await t.stack.http.post('/subscriptions').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    expect(first.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const usage = await t.stack.http.post(`/subscriptions/${first.body.id}/usage`).set(t.company.Acme.headers).set('Idempotency-Key', key).send({ meterId: 'x', quantity: 1 });
    expect(usage.status).toBe(409);
    expect(usage.body.error.code).toBe('idempotency_conflict');
  });
});

describe('the outbox backstop', () => {
  const subscriber = () => subscriptionWorkflowSubscriber(t.stack.client, t.stack.config.temporal.taskQueue);
  const createdEvent = (id: string) => t.stack.em().findOneOrFail(Event, { entityId: id, type: 'subscription.created' });

  it('after the API started the workflow, subscription.created has nothing left to do (one start, not two)', async () => {
    const id = (await post('/subscriptions', { customerId, planId, defaultPaymentMethodRef: cardId })).body.id;
    const row = await t.stack.em().findOneOrFail(Subscription, { id });
    expect(row.workflowStartedAt).toBeInstanceOf(Date);
    expect(await subscriber().handle(t.stack.em(), await createdEvent(id))).toBeUndefined();
    await eventually(() => invoicesOf(id), (l) => l[0]?.status === 'paid');
  });

  it('a subscription committed without its workflow (the API died before starting it) is started by the subscriber', async () => {
    const em = t.stack.em();
    const { subscription } = await em.transactional((tem) => createSubscription(tem, t.company.Acme.company.id, createSubscriptionBody.parse({ customerId, planId, defaultPaymentMethodRef: cardId })));
    const id = subscription.id;
    expect((await t.stack.em().findOneOrFail(Subscription, { id })).workflowStartedAt).toBeNull();
    await expect(t.stack.client.workflow.getHandle(id).describe()).rejects.toThrow();
    const start = await subscriber().handle(t.stack.em(), await createdEvent(id));
    expect(start).toBeInstanceOf(Function);
    await (start as () => Promise<void>)();
    const [invoice] = await eventually(() => invoicesOf(id), (l) => l[0]?.status === 'paid');
    expect(invoice).toMatchObject({ cycle: 0, status: 'paid' });
  });

  it('a late start for a finished subscription, even for a row left unmarked, bills nothing: its run returns at once', async () => {
    const id = (await post('/subscriptions', { customerId, planId, defaultPaymentMethodRef: cardId })).body.id;
    await eventually(() => invoicesOf(id), (l) => l[0]?.status === 'paid');
    await post(`/subscriptions/${id}/cancel`);
    await t.stack.em().execute(`update billing_subscriptions set workflow_started_at = null where id = ?`, [id]);
    const start = await subscriber().handle(t.stack.em(), await createdEvent(id));
    await (start as () => Promise<void>)();
    expect(await t.stack.client.workflow.getHandle(id).result()).toMatchObject({ status: 'canceled' });
    expect((await invoicesOf(id)).map((i) => i.status)).toEqual(['paid']);
  });
});

describe('actions and their 409s', () => {
  it('cancel at period end, uncancel, pause, resume, cancel now; a canceled subscription answers 409', async () => {
    const id = (await post('/subscriptions', { customerId, planId, defaultPaymentMethodRef: cardId })).body.id;
    expect((await post(`/subscriptions/${id}/uncancel`)).body.error.code).toBe('subscription_not_scheduled_to_cancel');
    expect((await post(`/subscriptions/${id}/cancel`, { mode: 'at_period_end' })).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const uncancel = await post(`/subscriptions/${id}/uncancel`);
    expect(uncancel.body.cancelAtPeriodEnd).toBe(false);
    expect((await post(`/subscriptions/${id}/resume`)).body.error.code).toBe('subscription_not_paused');
    expect((await post(`/subscriptions/${id}/pause`)).body).toMatchObject({ status: 'paused', pausedAt: expect.any(String) });
    expect((await post(`/subscriptions/${id}/resume`)).body).toMatchObject({ status: 'active', pausedAt: null });
    const canceled = await post(`/subscriptions/${id}/cancel`);
    expect(canceled.body).toMatchObject({ status: 'canceled', cancellationReason: 'requested', canceledAt: expect.any(String) });
    for (const action of ['cancel', 'pause', 'resume', 'uncancel']) {
      const res = await post(`/subscriptions/${id}/${action}`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('subscription_already_canceled');
    }
    expect((await post(`/sandbox/subscriptions/${id}/advance`)).status).toBe(409);
    expect(await eventTypes(id)).toEqual(expect.arrayContaining(['subscription.created', 'subscription.activated', 'subscription.paused', 'subscription.resumed', 'subscription.canceled']));
    expect((await post(`/subscriptions/${id}/cancel`, { mode: 'later' })).status).toBe(400);
  });

  it('without a saved card the subscription is incomplete until one is attached', async () => {
    const id = (await post('/subscriptions', { customerId, planId })).body.id;
    expect((await get(`/subscriptions/${id}`)).body.status).toBe('incomplete');
    await new Promise((r) => setTimeout(r, 500));
    expect(await invoicesOf(id)).toHaveLength(0);
    expect((await post(`/subscriptions/${id}/payment-method`, { defaultPaymentMethodRef: 'crd_nope' })).status).toBe(400);
    expect((await post(`/subscriptions/${id}/payment-method`, { defaultPaymentMethodRef: cardId })).status).toBe(200);
    const sub = await eventually(() => get(`/subscriptions/${id}`), (r) => r.body.status === 'active' && r.body.cyclesCompleted === 1);
    expect(sub.body).toMatchObject({ status: 'active', cyclesCompleted: 1 });
  });

  it("a deleted customer's subscription takes no new card: 409 customer_deleted, not a 400 on the ref", async () => {
    const customer = (await post('/customers', { name: 'Bia Lima', email: 'bia@example.com', type: 'individual', document: '111.444.777-35', phone: '+5511999990001' })).body.id;
    const card = await saveCard(undefined, customer);
    const id = (await post('/subscriptions', { customerId: customer, planId })).body.id;
    expect((await t.stack.http.delete(`/customers/${customer}`).set(t.company.Acme.headers)).status).toBe(200);
    const res = await post(`/subscriptions/${id}/payment-method`, { defaultPaymentMethodRef: card });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('customer_deleted');
    expect((await get(`/subscriptions/${id}`)).body.defaultPaymentMethodRef).toBeNull();
  });
});

describe('trials', () => {
  it('a price with a trialSpec starts the subscription trialing; nothing is billed until the trial ends (sandbox advance ends it)', async () => {
    const plan = (await post('/plans', { code: 'trial', name: 'Trial' })).body.id;
    await post(`/plans/${plan}/prices`, { money: brl(2990), recurrence: monthly, trialSpec: { durationDays: 14 } });
    await post(`/plans/${plan}/publish`);
    const res = await post('/subscriptions', { customerId, planId: plan, defaultPaymentMethodRef: cardId });
    expect(res.body.status).toBe('trialing');
    expect(Date.parse(res.body.trialEndsAt) - Date.parse(res.body.startedAt)).toBe(14 * 86_400_000);
    expect(res.body.nextInvoiceAt).toBe(res.body.trialEndsAt);
    await new Promise((r) => setTimeout(r, 500));
    expect(await invoicesOf(res.body.id)).toHaveLength(0);
    await post(`/sandbox/subscriptions/${res.body.id}/advance`);
    const [inv] = await eventually(() => invoicesOf(res.body.id), (l) => l[0]?.status === 'paid');
    expect(inv).toMatchObject({ cycle: 0, total: 2990 });
    expect(Date.parse(inv.periodStart)).toBeLessThan(Date.parse(res.body.trialEndsAt)); // the first cycle starts when the trial was cut short
    expect((await get(`/subscriptions/${res.body.id}`)).body.status).toBe('active');
    // Without a card, a trial that requires one leaves the subscription incomplete.
    expect((await post('/subscriptions', { customerId, planId: plan })).body.status).toBe('incomplete');
  });
});

describe('upfront invoicing', () => {
  it('issues all maxCycles invoices at creation, each due when its cycle starts; pause is 409', async () => {
    const res = await post('/subscriptions', { customerId, planId, defaultPaymentMethodRef: cardId, invoiceGenerationMode: 'upfront', maxCycles: 3 });
    expect(res.status).toBe(201);
    const id = res.body.id;
    const list = await invoicesOf(id);
    expect(list).toHaveLength(3);
    const byCycle = [...list].sort((a, b) => a.cycle - b.cycle);
    expect(byCycle.map((i) => i.periodStart)).toEqual([byCycle[0].periodStart, byCycle[0].periodEnd, byCycle[1].periodEnd]);
    byCycle.forEach((i) => expect(i.dueAt).toBe(i.periodStart));
    expect(byCycle[1].dueAt.slice(8, 10)).toBe(byCycle[0].dueAt.slice(8, 10));
    expect(new Set(byCycle.map((i) => i.issuedAt)).size).toBe(1);
    const pause = await post(`/subscriptions/${id}/pause`);
    expect(pause.status).toBe(409);
    expect(pause.body.error.code).toBe('subscription_not_pausable');
    await eventually(() => invoicesOf(id), (l) => l.some((i) => i.cycle === 0 && i.status === 'paid'));
    const missing = await post('/subscriptions', { customerId, planId, invoiceGenerationMode: 'upfront' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('maxCycles');
  });
});

describe('creation rules, standalone items, usage, lists', () => {
  it.each([
    [{ items: [{ description: 'Hosting', unitAmount: 1000 }] }, 'recurrence'],
    [{ items: [{ description: 'Hosting', unitAmount: 1000 }], recurrence: monthly }, 'currency'],
    [{ items: [{ description: 'Hosting', unitAmount: 10.5 }], recurrence: monthly, currency: 'BRL' }, 'items.0.unitAmount'],
    [{}, 'items'],
    [{ planId: 'plan_x', recurrence: monthly }, 'recurrence'],
    [{ planId: 'plan_x', items: [{ description: 'x' }] }, 'items.0'],
    [{ planId: 'plan_x', collectionMethod: 'cash' }, 'collectionMethod'],
  ])('400 for %j', async (body, path) => {
    const res = await post('/subscriptions', { customerId, ...body });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('a draft plan is 409 plan_not_active; unknown plan or customer is 404 naming the field', async () => {
    const draft = (await post('/plans', { code: 'drafty', name: 'Drafty' })).body.id;
    expect((await post('/subscriptions', { customerId, planId: draft })).body.error.code).toBe('plan_not_active');
    const noPlan = await post('/subscriptions', { customerId, planId: 'plan_nope' });
    expect(noPlan.status).toBe(404);
    expect(noPlan.body.error).toMatchObject({ code: 'not_found', details: [{ path: 'planId', message: 'Plan not found' }] });
    const noCustomer = await post('/subscriptions', { customerId: 'cust_nope', planId });
    expect(noCustomer.status).toBe(404);
    expect(noCustomer.body.error).toMatchObject({ code: 'not_found', details: [{ path: 'customerId', message: 'Customer not found' }] });
  });

  it('standalone items with send_invoice: issued, due in 7 days, paid through the sandbox', async () => {
    const res = await post('/subscriptions', { customerId, items: [{ description: 'Hosting', unitAmount: 2500, quantity: 2 }], recurrence: { interval: 1, unit: 'month', anchor: 'day_of_month', anchorDay: 31 }, currency: 'BRL', collectionMethod: 'send_invoice' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', planId: null, recurrence: { anchor: 'day_of_month', anchorDay: 31 } });
    const [inv] = await eventually(() => invoicesOf(res.body.id), (l) => l.length === 1);
    expect(inv).toMatchObject({ total: 5000, status: 'open', collectionMethod: 'send_invoice' });
    expect(Date.parse(inv.dueAt) - Date.parse(inv.issuedAt)).toBe(7 * 86_400_000);
    expect((await post(`/sandbox/invoices/${inv.id}/pay`)).body.status).toBe('paid');
    await eventually(() => get(`/subscriptions/${res.body.id}`), (r) => r.body.cyclesCompleted === 1);
    expect((await get(`/subscriptions/${res.body.id}`)).body.cyclesCompleted).toBe(1);
  });

  it('usage of a metered item is recorded; an unknown meter is 400', async () => {
    const plan = (await post('/plans', { code: 'metered', name: 'Metered' })).body.id;
    await post(`/plans/${plan}/charges`, { item: { key: 'api', name: 'API calls', quantityIncluded: 100 }, price: { billingScheme: 'metered', meterId: 'calls', money: brl(2), recurrence: { ...monthly, collectionTiming: 'postpaid' } } });
    await post(`/plans/${plan}/publish`);
    const id = (await post('/subscriptions', { customerId, planId: plan, defaultPaymentMethodRef: cardId })).body.id;
    const usage = await post(`/subscriptions/${id}/usage`, { meterId: 'calls', quantity: 250 });
    expect(usage.status).toBe(201);
    expect(usage.body).toMatchObject({ id: expect.stringMatching(/^usg_/), meterId: 'calls', quantity: 250 });
    expect((await post(`/subscriptions/${id}/usage`, { meterId: 'other', quantity: 1 })).status).toBe(400);
    expect((await post(`/subscriptions/${id}/usage`, { meterId: 'calls', quantity: 1.5 })).status).toBe(400);
    // Postpaid: the cycle is invoiced at its end, with the usage of the period (250 − 100 included) × 2.
    await post(`/sandbox/subscriptions/${id}/advance`);
    const [inv] = await eventually(() => invoicesOf(id), (l) => l[0]?.status === 'paid');
    expect(inv.total).toBe(300);
  });

  it('lists with the data/page/limit/total envelope and filters; other companies see 404', async () => {
    const all = await get(`/subscriptions?customerId=${customerId}&limit=2`);
    expect(Object.keys(all.body).sort()).toEqual(['data', 'hasMore', 'limit', 'page', 'total']);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.total).toBeGreaterThan(4);
    const canceled = await get('/subscriptions?status=canceled');
    expect(canceled.body.data.every((s: { status: string }) => s.status === 'canceled')).toBe(true);
    const byPlan = await get(`/subscriptions?planId=${planId}`);
    expect(byPlan.body.data.every((s: { planId: string }) => s.planId === planId)).toBe(true);
    expect((await get('/subscriptions?status=gone')).status).toBe(400);
    // One filter convention everywhere (camelCase ids, as the spec's webhookId): the bare names say where to go.
    for (const [path, field, renamed] of [['/subscriptions', 'customer', 'customerId'], ['/subscriptions', 'plan', 'planId'], ['/invoices', 'subscription', 'subscriptionId'], ['/invoices', 'customer', 'customerId']]) {
      const old = await get(`${path}?${field}=${customerId}`);
      expect(old.status).toBe(400);
      expect(old.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: field, message: `Unknown field '${field}': use '${renamed}'` }] });
    }
    const some = all.body.data[0].id;
    expect((await get(`/subscriptions/${some}`, t.company.Other.headers)).status).toBe(404);
    const inv = (await get('/invoices')).body.data[0];
    expect((await get(`/invoices/${inv.id}`, t.company.Other.headers)).status).toBe(404);
    expect((await get(`/invoices/${inv.id}`)).body.id).toBe(inv.id);
    expect((await get('/invoices?status=paid')).body.pagination.total).toBeGreaterThan(0);
  });
});

describe('sandbox helpers in production mode', () => {
  it('advance and invoice pay are 404, like every /sandbox route', async () => {
    const prod = await startTestStack({ LASTRO_MODE: 'production' });
    try {
      const live = await prod.seedCompany('Live');
      const p = (path: string, body: object = {}) => prod.http.post(path).set(live.headers).send(body);
      const cust = (await p('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
      const plan = (await p('/plans', { code: 'live', name: 'Live' })).body.id;
      await p(`/plans/${plan}/prices`, { money: brl(1000), recurrence: monthly });
      await p(`/plans/${plan}/publish`);
      const sub = await p('/subscriptions', { customerId: cust, planId: plan, collectionMethod: 'send_invoice' });
      expect(sub.status).toBe(201);
      const advance = await p(`/sandbox/subscriptions/${sub.body.id}/advance`);
      expect(advance.status).toBe(404);
      expect(advance.body.error.code).toBe('not_found');
      const [inv] = (await eventually(() => prod.http.get(`/invoices?subscriptionId=${sub.body.id}`).set(live.headers), (r) => r.body.data.length === 1)).body.data;
      expect((await p(`/sandbox/invoices/${inv.id}/pay`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
