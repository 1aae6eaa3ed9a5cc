import { randomUUID } from 'node:crypto';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { Event } from '../../src/events/event.entity';
import { CheckoutSession } from '../../src/checkout/checkout-session.entity';
import { startSessionFromLink } from '../../src/checkout/checkout-sessions.service';
import { cardToken, eventually, newRecipient } from '../payments/fixtures';

const item = { name: 'Consultoria', quantity: 2, unitAmount: 7500 };
const minimal = { items: [item], paymentMethods: { pix: { enabled: true } } };
const buyer = { name: 'Maria Silva', email: 'maria@example.com', document: '529.982.247-25', phone: '+55 11 91234-5678' };

const t = useTestStack({ env: { CHECKOUT_PAGE_URL: 'https://pay.lastro.test/' }, companies: ['Acme', 'Other'], owners: ['Acme'] });

const create = (body: object, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post('/checkout/charges').set(headers).send(body);
const list = (path: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.get(path).set(headers);
const cancel = (id: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post(`/checkout/charges/${id}/cancel`).set(headers);
const confirm = (id: string, body: object) => t.stack.http.post(`/checkout/public/sessions/${id}/confirm`).set('Idempotency-Key', randomUUID()).send(body);
const eventsOf = (id: string, type: string) => t.stack.em().find(Event, { entityId: id, type });

async function charge(body: object = minimal): Promise<any> {
  const res = await create(body);
  expect(res.status).toBe(201);
  return res.body;
}

function expectError(res: { status: number; body: any }, status: number, code: string, path?: string): void {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status, code });
  if (path) expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
}

describe('POST /checkout/charges', () => {
  it('creates an ad-hoc session with every default, linkId null, its url and checkout.session.created', async () => {
    const res = await create(minimal);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cs_[0-9a-z]{26}$/),
      companyId: t.company.Acme.company.id,
      tenantId: t.company.Acme.company.tenantId,
      linkId: null,
      linkVersion: null,
      status: 'created',
      mode: 'payment',
      currency: 'BRL',
      locale: 'pt-BR',
      items: [{ id: expect.stringMatching(/^ci_/), name: 'Consultoria', description: null, imageUrl: null, quantity: 2, unitAmount: 7500, metadata: {} }],
      amount: 15000,
      amountPaid: 0,
      amountDue: 15000,
      paymentMethods: { pix: { enabled: true, expiresIn: 3600 } },
      splits: [],
      branding: null,
      requiredFields: [],
      customFields: [],
      successUrl: null,
      cancelUrl: null,
      metadata: {},
      expirationMinutes: 1440,
      customer: null,
      customFieldValues: {},
      payments: [],
      url: `https://pay.lastro.test/pay/${res.body.id}`,
      expiresAt: new Date(Date.parse(res.body.createdAt) + 1440 * 60_000).toISOString(),
      openedAt: null,
      paidAt: null,
      canceledAt: null,
      expiredAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      subscription: null,
    });
    const [event] = await eventsOf(res.body.id, 'checkout.session.created');
    expect(event.payload).toMatchObject({ event: 'checkout.session.created', data: { id: res.body.id, linkId: null } });
  });

  it('keeps every field given, with the customer prefill shown to the page', async () => {
    const recipient = await newRecipient(t.stack, t.company.Acme);
    const body = {
      ...minimal,
      locale: 'en-US',
      currency: 'brl',
      expirationMinutes: 5,
      splits: [{ recipientId: recipient, percentage: 100 }],
      branding: { primaryColor: '#ABC', mobileLayout: 'step-by-step' },
      requiredFields: ['phone', 'phone'],
      customFields: [{ key: 'order_ref', label: 'Pedido', type: 'text' }],
      successUrl: 'https://shop.example/ok/{CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/cancel',
      metadata: { orderId: '42' },
      customer: { ...buyer, address: { street: 'Rua A', number: '1', city: 'Recife', state: 'PE', zipCode: '50000000' } },
    };
    const s = await charge(body);
    expect(s).toMatchObject({
      locale: 'en-US',
      currency: 'BRL',
      expirationMinutes: 5,
      splits: [{ recipientId: recipient, percentage: 100, liable: true }],
      requiredFields: ['phone'],
      metadata: { orderId: '42' },
      customer: { name: 'Maria Silva', document: '52998224725', address: { street: 'Rua A', complement: null, neighborhood: null, zipCode: '50000000', country: 'BR' } },
    });
    const page = await t.stack.http.get(`/checkout/public/sessions/${s.id}`);
    expect(page.body).toMatchObject({ customer: { email: 'maria@example.com' }, branding: { primaryColor: '#ABC', mobileLayout: 'step-by-step' }, linkId: null });
    expect(JSON.stringify(page.body)).not.toContain(recipient);
  });

  it('answers the link error codes', async () => {
    expectError(await create({ ...minimal, items: [] }), 400, 'no_items');
    expectError(await create({ ...minimal, items: [{ ...item, unitAmount: 0 }] }), 400, 'amount_too_low');
    expectError(await create({ ...minimal, splits: [{ recipientId: 'rec_x', percentage: 50 }] }), 400, 'invalid_splits_sum');
    expectError(await create({ ...minimal, splits: [{ recipientId: 'rec_x', percentage: 100 }] }), 400, 'recipient_not_active', 'splits.0.recipientId');
    expectError(await create({ items: [item] }), 400, 'validation_failed', 'paymentMethods');
    expectError(await create({ ...minimal, status: 'paid' }), 400, 'validation_failed', 'status');
    expectError(await create({ ...minimal, expirationMinutes: 4 }), 400, 'validation_failed', 'expirationMinutes');
    expectError(await create({ ...minimal, expirationMinutes: 43_201 }), 400, 'validation_failed', 'expirationMinutes');
    expectError(await create({ ...minimal, items: [{ ...item, unitAmount: 10.5 }] }), 400, 'validation_failed', 'items.0.unitAmount');
    expectError(await create({ ...minimal, currency: 'USD' }), 400, 'validation_failed', 'currency');
    expectError(await create({ ...minimal, customer: { email: 'not-an-email' } }), 400, 'validation_failed', 'customer.email');
    expectError(await create(minimal, { 'x-api-key': 'sk_sandbox_wrong' }), 401, 'unauthenticated');
  });

  it('is idempotent under Idempotency-Key', async () => {
    const key = randomUUID();
    const first = await create(minimal, { ...t.company.Acme.headers, 'Idempotency-Key': key });
    const again = await create(minimal, { ...t.company.Acme.headers, 'Idempotency-Key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expectError(await create({ ...minimal, locale: 'es-ES' }, { ...t.company.Acme.headers, 'Idempotency-Key': key }), 409, 'idempotency_conflict');
  });
});

describe('GET /checkout/charges and /checkout/sessions', () => {
  let fresh: SeededCompany;
  let a: any, b: any, c: any, fromLink: any, linkId: string;

  beforeAll(async () => {
    fresh = await t.stack.seedCompany('Lister');
    const mk = async (body: object) => (await create(body, fresh.headers)).body;
    a = await mk({ ...minimal, customer: { name: 'Ana Souza', email: 'ana@example.com' } });
    b = await mk({ ...minimal, customer: { name: 'Bruno Lima', document: '11.222.333/0001-81' } });
    c = await mk(minimal);
    await t.stack.http.post(`/checkout/charges/${c.id}/cancel`).set(fresh.headers).expect(200);
    const link = await t.stack.http.post('/checkout/links').set(fresh.headers).send(minimal);
    linkId = link.body.id;
    fromLink = await startSessionFromLink(t.stack.em(), t.stack.deps, null, linkId);
  });

  it('lists charges only, newest first, in the standard { data, pagination } envelope', async () => {
    const res = await list('/checkout/charges', fresh.headers);
    expect(res.status).toBe(200);
    expect({ ...res.body, data: res.body.data.map((s: any) => s.id) }).toEqual({ data: [c.id, b.id, a.id], pagination: { total: 3, page: 1, limit: 20, totalPages: 1, hasMore: false } });
    const page2 = await list('/checkout/charges?limit=2&page=2', fresh.headers);
    expect({ ...page2.body, data: page2.body.data.map((s: any) => s.id) }).toEqual({ data: [a.id], pagination: { total: 3, page: 2, limit: 2, totalPages: 2, hasMore: false } });
  });

  it('filters by status CSV and searches the session id or the customer name, email, document', async () => {
    const ids = async (q: string) => (await list(`/checkout/charges${q}`, fresh.headers)).body.data.map((s: any) => s.id);
    expect(await ids('?status=canceled')).toEqual([c.id]);
    expect(await ids('?status=created,%20canceled')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=paid')).toEqual([]);
    expect(await ids(`?search=${a.id}`)).toEqual([a.id]);
    expect(await ids('?search=souza')).toEqual([a.id]);
    expect(await ids('?search=ANA@EXAMPLE')).toEqual([a.id]);
    expect(await ids('?search=11222333000181')).toEqual([b.id]);
    expect(await ids('?search=11.222.333')).toEqual([b.id]);
    expect(await ids('?search=%25')).toEqual([]);
  });

  it('refuses bad queries', async () => {
    for (const q of ['?status=open', '?status=', '?page=0', '?limit=0', '?limit=101', '?search=', `?search=${'x'.repeat(256)}`, '?foo=1']) {
      expectError(await list(`/checkout/charges${q}`, fresh.headers), 400, 'validation_failed');
    }
  });

  it('GET /checkout/sessions lists every origin, or one link with linkId', async () => {
    const all = await list('/checkout/sessions', fresh.headers);
    expect(all.body.pagination.total).toBe(4);
    const ofLink = await list(`/checkout/sessions?linkId=${linkId}`, fresh.headers);
    expect(ofLink.body).toMatchObject({ pagination: { total: 1 }, data: [{ id: fromLink.id, linkId, linkVersion: 0 }] });
  });

  it('gets one session at /checkout/charges/:id and /checkout/sessions/:id; another company gets 404', async () => {
    for (const path of [`/checkout/charges/${a.id}`, `/checkout/sessions/${a.id}`]) {
      const res = await list(path, fresh.headers);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: a.id, customer: { name: 'Ana Souza' } });
      expectError(await list(path, t.company.Other.headers), 404, 'not_found');
    }
    expect((await list(`/checkout/sessions/${fromLink.id}`, fresh.headers)).body.linkId).toBe(linkId);
    expectError(await list('/checkout/charges/cs_nope', fresh.headers), 404, 'not_found');
    expect((await list(`/checkout/charges?search=${a.id}`, t.company.Other.headers)).body.pagination.total).toBe(0);
  });
});

describe('POST /checkout/charges/:id/cancel', () => {
  it('cancels a created session once (checkout.session.canceled); repeating answers 200 without a new event', async () => {
    const s = await charge();
    const res = await cancel(s.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    const again = await cancel(s.id);
    expect(again.status).toBe(200);
    expect(again.body.canceledAt).toBe(res.body.canceledAt);
    expect(await eventsOf(s.id, 'checkout.session.canceled')).toHaveLength(1);
    expectError(await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] }), 409, 'session_not_payable');
  });

  it('cancels an opened and a failed session', async () => {
    const opened = await charge();
    await t.stack.http.post(`/checkout/public/sessions/${opened.id}/open`).expect(200);
    expect((await cancel(opened.id)).body.status).toBe('canceled');

    const failed = await charge({ ...minimal, paymentMethods: { card: { enabled: true } } });
    const declined = await confirm(failed.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme, '4000000000000002') }] });
    expect(declined.body.status).toBe('failed');
    expect((await cancel(failed.id)).body.status).toBe('canceled');
  });

  it('refuses paying, paid and expired sessions with 409 session_not_cancellable; another company gets 404', async () => {
    const paying = await charge();
    expect((await confirm(paying.id, { customer: buyer, payments: [{ method: 'pix' }] })).body.status).toBe('paying');
    expectError(await cancel(paying.id), 409, 'session_not_cancellable');

    const paid = await charge({ ...minimal, paymentMethods: { card: { enabled: true } } });
    await confirm(paid.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme) }] });
    await eventually(async () => (await list(`/checkout/charges/${paid.id}`)).body.status === 'paid');
    expectError(await cancel(paid.id), 409, 'session_not_cancellable');

    const expired = await charge();
    await t.stack.em().nativeUpdate(CheckoutSession, { id: expired.id }, { expiresAt: new Date(Date.now() - 1000) });
    expectError(await cancel(expired.id), 409, 'session_not_cancellable');

    const mine = await charge();
    expectError(await cancel(mine.id, t.company.Other.headers), 404, 'not_found');
    expectError(await cancel('cs_nope'), 404, 'not_found');
  });
});
