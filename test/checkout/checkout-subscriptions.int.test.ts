import { randomUUID } from 'node:crypto';
import { processorsOf } from '../../src/processors/processors';
import { Event } from '../../src/events/event.entity';
import { eventually } from '../billing/eventually';
import { cardToken } from '../payments/fixtures';
import { useEmbeddedPixStack } from '../processors/embedded-pix-stack';

/**
 * Checkout sessions in subscription mode through the API and the public session API the page
 * uses: a published plan offered, the buyer subscribing by card (the first invoice charged, the
 * card kept for renewals) or by Pix Automático (the mandate's QR, the session complete once the
 * payer approves it at the embedded PSP, a process of its own); one subscription per session
 * under concurrent submits; two companies side by side.
 */
const { t, psp } = useEmbeddedPixStack({ companies: ['Acme', 'Rival'], owners: ['Acme', 'Rival'], env: { CHECKOUT_PAGE_URL: 'https://pay.lastro.test/' } });
type Who = 'Acme' | 'Rival';
const post = (p: string, body: object = {}, who: Who = 'Acme') => t.stack.http.post(p).set(t.company[who].headers).send(body);
const get = (p: string, who: Who = 'Acme') => t.stack.http.get(p).set(t.company[who].headers);
const view = (id: string) => t.stack.http.get(`/checkout/public/sessions/${id}`);
const confirm = (id: string, body: object, key: string = randomUUID()) => t.stack.http.post(`/checkout/public/sessions/${id}/confirm`).set('Idempotency-Key', key).send(body);
const buyer = () => ({ name: 'Maria Silva', email: `${randomUUID()}@example.com`, document: '529.982.247-25', phone: '+55 11 91234-5678' });

function expectError(res: { status: number; body: any }, status: number, code: string, path?: string): void {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status, code });
  if (path) expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
}

async function plan(who: Who = 'Acme', publish = true, price = { amount: 3990, currency: 'BRL' }): Promise<string> {
  const id = (await post('/plans', { code: `club-${randomUUID().slice(0, 8)}`, name: 'Clube' }, who)).body.id as string;
  expect((await post(`/plans/${id}/charges`, { item: { key: 'base', name: 'Clube mensal' }, price: { money: price, recurrence: { interval: 1, unit: 'month' } } }, who)).status).toBe(201);
  if (publish) expect((await post(`/plans/${id}/publish`, {}, who)).status).toBe(200);
  return id;
}

const sessionBody = (planId: string, extra: object = {}) => ({
  mode: 'subscription',
  planId,
  paymentMethods: { card: {}, pixAutomatico: {} },
  successUrl: 'https://club.example/welcome?s={CHECKOUT_SESSION_ID}',
  metadata: { campaign: 'launch' },
  ...extra,
});

async function newSession(planId: string, extra: object = {}, who: Who = 'Acme'): Promise<any> {
  const res = await post('/checkout/sessions', sessionBody(planId, extra), who);
  expect(res.status).toBe(201);
  return res.body;
}

const statusOf = (id: string, status: string) => eventually(async () => (await view(id)).body, (b) => b.status === status);

describe('POST /checkout/sessions in subscription mode', () => {
  it('offers a published plan: its price per cycle, what is billed now, the methods; the page view shows it without secrets', async () => {
    const planId = await plan();
    const s = await newSession(planId);
    expect(s).toMatchObject({ id: expect.stringMatching(/^cs_/), mode: 'subscription', status: 'created', currency: 'BRL', amount: 3990, items: [], requiredFields: ['email', 'document', 'phone'] });
    expect(s.subscription).toMatchObject({
      planId,
      recurrence: { interval: 1, unit: 'month' },
      trialDays: 0,
      lines: [{ description: 'Clube mensal', kind: 'recurring', quantity: 1, amount: 3990 }],
      amountPerCycle: 3990,
      amountDueNow: 3990,
      paymentMethods: { card: true, pixAutomatico: true },
      subscriptionId: null,
      customerId: null,
      mandateId: null,
    });
    const pub = (await view(s.id)).body;
    expect(pub).toMatchObject({ mode: 'subscription', amount: 3990, subscription: { amountPerCycle: 3990, subscriptionId: null, mandate: null } });
    expect(pub.subscription.couponId).toBeUndefined();
    expect(pub.metadata).toBeUndefined();
  });

  it('refuses what cannot be subscribed to, with clear 400s, 404s and 409s', async () => {
    const published = await plan();
    const draft = await plan('Acme', false);
    const rivals = await plan('Rival');
    expectError(await post('/checkout/sessions', sessionBody('plan_nothing')), 404, 'not_found', 'planId');
    expectError(await post('/checkout/sessions', sessionBody(rivals)), 404, 'not_found', 'planId');
    expectError(await post('/checkout/sessions', sessionBody(draft)), 409, 'plan_not_active');
    expectError(await post('/checkout/sessions', sessionBody(published, { currency: 'USD', paymentMethods: { card: {} } })), 409, 'plan_not_priced');
    const dollars = await plan('Acme', true, { amount: 1500, currency: 'USD' });
    expectError(await post('/checkout/sessions', sessionBody(dollars, { currency: 'USD' })), 409, 'currency_not_supported');
    expect((await post('/checkout/sessions', sessionBody(dollars, { currency: 'USD', paymentMethods: { card: {} } }))).status).toBe(201);
    expectError(await post('/checkout/sessions', sessionBody(published, { paymentMethods: { card: { enabled: false } } })), 400, 'validation_failed', 'paymentMethods');
    expectError(await post('/checkout/sessions', sessionBody(published, { couponId: 'cpn_nothing' })), 404, 'not_found', 'couponId');
    expectError(await post('/checkout/sessions', sessionBody(published, { customerId: 'cust_nothing' })), 404, 'not_found', 'customerId');
    expectError(await post('/checkout/sessions', sessionBody(published, { items: [{ planItemKey: 'nothing' }] })), 400, 'validation_failed', 'items[0]');
    expectError(await post('/checkout/sessions', sessionBody(published, { splits: [] })), 400, 'validation_failed');
    expectError(await post('/checkout/sessions', { planId: published, paymentMethods: { card: {} } }), 400, 'validation_failed');
    // Payment mode through the same route is an ad-hoc charge.
    const charge = await post('/checkout/sessions', { mode: 'payment', items: [{ name: 'Curso', quantity: 1, unitAmount: 1000 }], paymentMethods: { pix: {} } });
    expect(charge.body).toMatchObject({ mode: 'payment', amount: 1000, subscription: null });
  });
});

describe('the buyer subscribes', () => {
  it('by card: one subscription under a concurrent double submit, the card saved, the first invoice charged, the session paid with the subscription', async () => {
    const planId = await plan();
    const s = await newSession(planId);
    const customer = buyer();
    const tokens = await Promise.all([cardToken(t.stack, t.company.Acme), cardToken(t.stack, t.company.Acme)]);
    const answers = await Promise.all(tokens.map((cardTokenId) => confirm(s.id, { customer, paymentMethod: { method: 'credit_card', cardToken: cardTokenId } })));
    for (const a of answers) expect(a.status).toBe(200);
    const subscriptionIds = new Set(answers.map((a) => a.body.subscription.subscriptionId));
    expect(subscriptionIds.size).toBe(1);
    const [subscriptionId] = [...subscriptionIds];
    expect(subscriptionId).toMatch(/^sub_/);
    const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from billing_subscriptions where metadata->>'checkoutSessionId' = ?`, [s.id]);
    expect(Number(n)).toBe(1);

    const paid = await statusOf(s.id, 'paid');
    expect(paid.status).toBe('paid');
    expect(paid.successUrl).toBe(`https://club.example/welcome?s=${s.id}`);
    const merchant = (await get(`/checkout/sessions/${s.id}`)).body;
    expect(merchant.subscription).toMatchObject({ subscriptionId, customerId: expect.stringMatching(/^cust_/), mandateId: null });
    const sub = (await get(`/subscriptions/${subscriptionId}`)).body;
    expect(sub).toMatchObject({ status: 'active', customerId: merchant.subscription.customerId, defaultPaymentMethodRef: expect.stringMatching(/^crd_/), metadata: { campaign: 'launch', checkoutSessionId: s.id } });
    const invoices = (await get(`/invoices?subscriptionId=${subscriptionId}`)).body;
    expect(invoices.data.map((i: { cycle: number; status: string; total: number }) => [i.cycle, i.status, i.total])).toEqual([[0, 'paid', 3990]]);
    const customerView = (await get(`/customers/${merchant.subscription.customerId}`)).body;
    expect(customerView).toMatchObject({ name: 'Maria Silva', email: customer.email, document: '52998224725', type: 'individual' });

    const events = await t.stack.em().find(Event, { entityId: s.id, type: 'checkout.session.paid' });
    expect(events).toHaveLength(1);
    expect((events[0].payload as { data: any }).data.subscription).toMatchObject({ subscriptionId, customerId: merchant.subscription.customerId });
    // A later confirmation answers the same subscription: the session is paid.
    expectError(await confirm(s.id, { customer, paymentMethod: { method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme) } }), 409, 'session_not_payable');
  });

  it('by Pix Automático: the subscription incomplete and the mandate QR on the page, then the session paid once the payer approves', async () => {
    const planId = await plan();
    const s = await newSession(planId, { paymentMethods: { pixAutomatico: {} } });
    expectError(await confirm(s.id, { customer: buyer(), paymentMethod: { method: 'credit_card', cardToken: 'tok_x' } }), 400, 'validation_failed', 'paymentMethod.method');
    expectError(await confirm(s.id, { customer: { name: 'Maria Silva' }, paymentMethod: { method: 'pix_automatico' } }), 400, 'validation_failed', 'customer.email');
    expectError(await confirm(s.id, { customer: buyer(), payments: [{ method: 'pix' }] }), 400, 'validation_failed', 'payments');

    const res = await confirm(s.id, { customer: buyer(), paymentMethod: { method: 'pix_automatico' } });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    expect(res.body).toMatchObject({ status: 'paying', subscription: { subscriptionId: expect.stringMatching(/^sub_/), mandate: { status: 'pending', qrCode: expect.stringMatching(/^000201/) } } });
    const subscriptionId = res.body.subscription.subscriptionId;
    expect((await get(`/subscriptions/${subscriptionId}`)).body.status).toBe('incomplete');
    // The QR to scan, as an image at Lastro's URL: the mandate's copia e cola, nothing of another session.
    const qrCodeUrl: string = res.body.subscription.mandate.qrCodeUrl;
    expect(qrCodeUrl).toBe(`${t.stack.config.urls.publicBase}/checkout/public/sessions/${s.id}/mandate-qrcode.png`);
    const qr = await t.stack.http.get(new URL(qrCodeUrl).pathname);
    expect({ status: qr.status, type: qr.headers['content-type'], magic: Buffer.from(qr.body).subarray(1, 4).toString() }).toEqual({ status: 200, type: 'image/png', magic: 'PNG' });
    expect((await t.stack.http.get(`/checkout/public/sessions/${(await newSession(planId, { paymentMethods: { pixAutomatico: {} } })).id}/mandate-qrcode.png`)).status).toBe(404);
    const mandate = (await get(`/subscriptions/${subscriptionId}/pix-automatico`)).body;
    expect(mandate).toMatchObject({ status: 'pending', journey: 'qr' });
    expect((await get(`/checkout/sessions/${s.id}`)).body.subscription.mandateId).toBe(mandate.id);

    const [{ psp_mandate_id: pspId }] = await t.stack.em().execute<{ psp_mandate_id: string }[]>('select psp_mandate_id from billing_mandates where id = ?', [mandate.id]);
    expect((await psp.control('POST', `/embedded/rec/${pspId}/approve`, { jornada: 'JORNADA_2' })).status).toBe(200);
    const paid = await statusOf(s.id, 'paid');
    expect(paid).toMatchObject({ status: 'paid', subscription: { subscriptionId, mandate: { status: 'active', qrCode: null, qrCodeUrl: null } } });
    // Approved: no QR left to scan.
    expect((await t.stack.http.get(new URL(qrCodeUrl).pathname)).status).toBe(404);
    expect((await get(`/subscriptions/${subscriptionId}`)).body.status).toBe('active');
  });

  it("company B never sees nor cancels company A's subscription session: 404", async () => {
    const s = await newSession(await plan());
    expect((await get(`/checkout/sessions/${s.id}`, 'Rival')).status).toBe(404);
    expect((await post(`/checkout/charges/${s.id}/cancel`, {}, 'Rival')).status).toBe(404);
    expect((await get(`/checkout/sessions?search=${s.id}`, 'Rival')).body.data).toEqual([]);
    expect((await get(`/checkout/sessions/${s.id}`)).status).toBe(200);
  });
});

describe('a subscription session that ends unpaid ends its incomplete subscription', () => {
  const pspMandateIdOf = async (mandateId: string) => (await t.stack.em().execute<{ psp_mandate_id: string }[]>('select psp_mandate_id from billing_mandates where id = ?', [mandateId]))[0].psp_mandate_id;
  const pspMandate = async (pspId: string) => (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!.psp.mandates!.getMandate(pspId);
  const workflowStatus = async (subscriptionId: string) => (await t.stack.client.workflow.getHandle(subscriptionId).describe()).status.name;

  /** A session confirmed by Pix Automático: its subscription incomplete, its mandate pending at the PSP. */
  async function waitingForMandate(extra: object = {}): Promise<{ sessionId: string; subscriptionId: string; mandateId: string; pspId: string }> {
    const s = await newSession(await plan(), { paymentMethods: { pixAutomatico: {} }, ...extra });
    const res = await confirm(s.id, { customer: buyer(), paymentMethod: { method: 'pix_automatico' } });
    expect(res.body).toMatchObject({ status: 'paying', subscription: { mandate: { status: 'pending' } } });
    const subscriptionId = res.body.subscription.subscriptionId as string;
    expect((await get(`/subscriptions/${subscriptionId}`)).body.status).toBe('incomplete');
    const mandateId = (await get(`/checkout/sessions/${s.id}`)).body.subscription.mandateId as string;
    return { sessionId: s.id, subscriptionId, mandateId, pspId: await pspMandateIdOf(mandateId) };
  }

  it('expired with the mandate pending: the subscription canceled (checkout_session_expired, subscription.canceled, no invoice left to pay, its workflow ended), the mandate cancelled at the PSP', async () => {
    const { sessionId, subscriptionId, pspId } = await waitingForMandate({ expirationMinutes: 5 });
    await t.stack.env.sleep('6 minutes');
    expect((await statusOf(sessionId, 'expired')).status).toBe('expired');
    const sub = await eventually(() => get(`/subscriptions/${subscriptionId}`), (r) => r.body.status === 'canceled');
    expect(sub.body).toMatchObject({ status: 'canceled', cancellationReason: 'checkout_session_expired', canceledAt: expect.any(String) });
    const mandate = await eventually(() => get(`/subscriptions/${subscriptionId}/pix-automatico`), (r) => r.body.status !== 'pending');
    expect(mandate.body).toMatchObject({ status: 'canceled', closing: { code: 'SLCR', by: 'USUARIO_RECEBEDOR' } });
    expect(await pspMandate(pspId)).toMatchObject({ status: 'CANCELADA' });
    // The payer scans the QR too late: the PSP no longer takes the approval, and nothing starts.
    expect((await psp.control('POST', `/embedded/rec/${pspId}/approve`, { jornada: 'JORNADA_2' })).status).not.toBe(200);
    expect(await eventually(() => workflowStatus(subscriptionId), (st) => st !== 'RUNNING')).toBe('COMPLETED');
    const invoices = (await get(`/invoices?subscriptionId=${subscriptionId}`)).body.data as { status: string }[];
    expect(invoices.filter((i) => i.status === 'open' || i.status === 'past_due')).toEqual([]);
    const events = await t.stack.em().find(Event, { entityId: subscriptionId, type: 'subscription.canceled' });
    expect(events).toHaveLength(1);
    expect((events[0].payload as { data: any }).data).toMatchObject({ status: 'canceled', cancellationReason: 'checkout_session_expired', metadata: { checkoutSessionId: sessionId } });
    expect((await get(`/subscriptions/${subscriptionId}`)).body.status).toBe('canceled');
  });

  it('canceled by the merchant after the payer refused the mandate: the subscription canceled (checkout_session_canceled), the refused mandate left as it is', async () => {
    const { sessionId, subscriptionId, mandateId, pspId } = await waitingForMandate();
    expect((await psp.control('POST', `/embedded/rec/${pspId}/reject`)).status).toBe(200);
    expect((await statusOf(sessionId, 'failed')).subscription.mandate.status).toBe('rejected');
    expect((await get(`/subscriptions/${subscriptionId}`)).body.status).toBe('incomplete');
    expect((await post(`/checkout/charges/${sessionId}/cancel`, {}, 'Rival')).status).toBe(404);
    const canceled = await post(`/checkout/charges/${sessionId}/cancel`);
    expect(canceled.body.status).toBe('canceled');
    const sub = await eventually(() => get(`/subscriptions/${subscriptionId}`), (r) => r.body.status === 'canceled');
    expect(sub.body.cancellationReason).toBe('checkout_session_canceled');
    expect(await eventually(() => workflowStatus(subscriptionId), (st) => st !== 'RUNNING')).toBe('COMPLETED');
    expect((await get(`/subscriptions/${subscriptionId}/pix-automatico`)).body).toMatchObject({ id: mandateId, status: 'rejected' });
    expect(await t.stack.em().count(Event, { entityId: subscriptionId, type: 'subscription.canceled' })).toBe(1);
  });

  it("a session whose subscription started is left alone: the first invoice's card declined (failed), then canceled, the subscription stays past due in dunning", async () => {
    const s = await newSession(await plan(), { paymentMethods: { card: {} } });
    const res = await confirm(s.id, { customer: buyer(), paymentMethod: { method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme, '4000000000000002') } });
    const subscriptionId = res.body.subscription.subscriptionId as string;
    expect((await statusOf(s.id, 'failed')).status).toBe('failed');
    expect((await post(`/checkout/charges/${s.id}/cancel`)).body.status).toBe('canceled');
    expect(await eventually(() => t.stack.em().count(Event, { entityId: s.id, type: 'checkout.session.canceled', dispatchedAt: { $ne: null } }), (n) => n === 1)).toBe(1);
    expect((await get(`/subscriptions/${subscriptionId}`)).body).toMatchObject({ status: 'past_due', cancellationReason: null });
    expect(await workflowStatus(subscriptionId)).toBe('RUNNING');
  });
});
