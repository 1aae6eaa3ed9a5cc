import { randomUUID } from 'node:crypto';
import { useTestStack } from '../helpers/stack';
import { Event } from '../../src/events/event.entity';
import { Transaction } from '../../src/payments/transaction.entity';
import { TransactionSplit } from '../../src/payments/split.entity';
import { startSessionFromLink } from '../../src/checkout/checkout-sessions.service';
import { CheckoutSession } from '../../src/checkout/checkout-session.entity';
import { CHECKOUT_PUBLIC_LIMITS } from '../../src/checkout/checkout-public.limits';
import { cardToken, eventually, newRecipient } from '../payments/fixtures';

// Payments without splits go to the company's owner recipient.
const t = useTestStack({ env: { CHECKOUT_PAGE_URL: 'https://pay.lastro.test/' }, companies: ['Acme'], owners: ['Acme'] });

const buyer = { name: 'Maria Silva', email: 'maria@example.com', document: '529.982.247-25', phone: '+55 11 91234-5678' };
const card = { enabled: true, multipleCards: true, installments: { maxInstallments: 6, freeInstallments: 1, interestRate: 2.99, interestType: 'compound' } };
const linkBody = {
  items: [{ name: 'Curso', quantity: 1, unitAmount: 10000, description: 'Online' }],
  paymentMethods: { card, pix: { enabled: true }, boleto: { enabled: true }, combined: { enabled: true, minAmountPerPayment: 1000, maxPaymentsCount: 3 } },
  successUrl: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://shop.example/cart',
  metadata: { campaign: 'black-friday' },
  branding: { primaryColor: '#112233', merchantName: 'Acme Cursos' },
};

async function newLink(body: object = linkBody): Promise<any> {
  const res = await t.stack.http.post('/checkout/links').set(t.company.Acme.headers).send(body);
  expect(res.status).toBe(201);
  return res.body;
}
const visit = (linkIdOrSlug: string) => startSessionFromLink(t.stack.em(), t.stack.deps, null, linkIdOrSlug);
const view = (id: string) => t.stack.http.get(`/checkout/public/sessions/${id}`);
const confirm = (id: string, body: object, key: string = randomUUID()) =>
  t.stack.http.post(`/checkout/public/sessions/${id}/confirm`).set('Idempotency-Key', key).send(body);
const eventsOf = (id: string, type?: string) => t.stack.em().find(Event, { entityId: id, ...(type ? { type } : {}) }, { orderBy: { createdAt: 'asc', id: 'asc' } });
const statusBecomes = (id: string, status: string) =>
  eventually(async () => {
    const res = await view(id);
    return res.body.status === status ? res.body : null;
  });
const payPix = (payId: string) => t.stack.http.post(`/sandbox/payments/${payId}/pay`).set(t.company.Acme.headers);

function expectError(res: { status: number; body: any }, status: number, code: string, path?: string): void {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status, code });
  if (path) expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
}

describe('a visit to a link', () => {
  it('creates an independent session per visit, each with a snapshot of the link; a PUT leaves them untouched', async () => {
    const link = await newLink();
    const a = await visit(link.id);
    const b = await visit(link.id);
    expect(a.id).toMatch(/^cs_[0-9a-z]{26}$/);
    expect(b.id).not.toBe(a.id);
    const put = await t.stack.http.put(`/checkout/links/${link.id}`).set(t.company.Acme.headers).send({ items: [{ name: 'Outro', quantity: 2, unitAmount: 999 }] });
    expect(put.body.version).toBe(1);
    const c = await visit(link.id);
    for (const s of [a, b]) {
      const res = await t.stack.http.get(`/checkout/sessions/${s.id}`).set(t.company.Acme.headers);
      expect(res.body).toMatchObject({ linkId: link.id, linkVersion: 0, amount: 10000, items: [{ name: 'Curso', unitAmount: 10000 }], url: `https://pay.lastro.test/pay/${s.id}` });
    }
    expect((await t.stack.http.get(`/checkout/sessions/${c.id}`).set(t.company.Acme.headers)).body).toMatchObject({ linkVersion: 1, amount: 1998 });
    const [created] = await eventsOf(a.id, 'checkout.session.created');
    expect(created.payload).toMatchObject({ data: { id: a.id, linkId: link.id, metadata: { campaign: 'black-friday' } } });
  });

  it('finds an active link by slug; an archived link makes no session (404) while its sessions continue', async () => {
    const link = await newLink({ ...linkBody, slug: `curso-${Date.now()}` });
    const before = await visit(link.slug);
    expect(before.linkId).toBe(link.id);
    await t.stack.http.delete(`/checkout/links/${link.id}`).set(t.company.Acme.headers).expect(200);
    await expect(visit(link.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(visit(link.slug)).rejects.toMatchObject({ status: 404 });
    await expect(visit('chk_unknown')).rejects.toMatchObject({ status: 404 });
    expect((await view(before.id)).status).toBe(200);
    const res = await confirm(before.id, { customer: buyer, payments: [{ method: 'pix' }] });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('paying');
  });
});

describe('GET /checkout/public/sessions/:id', () => {
  it('shows the buyer this session only: amounts, branding, installment options with interest, the public company id; no secrets', async () => {
    const s = await visit((await newLink()).id);
    const res = await view(s.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: s.id,
      status: 'created',
      linkId: s.linkId,
      locale: 'pt-BR',
      mode: 'payment',
      currency: 'BRL',
      items: [{ name: 'Curso', description: 'Online', unitAmount: 10000, quantity: 1, imageUrl: null }],
      amount: 10000,
      amountPaid: 0,
      amountDue: 10000,
      expiresAt: s.expiresAt.toISOString(),
      branding: { primaryColor: '#112233', logoUrl: null, faviconUrl: null, merchantName: 'Acme Cursos', mobileLayout: 'single-page' },
      paymentMethods: {
        card: {
          enabled: true,
          maxInstallments: 6,
          multipleCards: true,
          installmentOptions: expect.arrayContaining([
            { installments: 1, installmentAmount: 10000, totalAmount: 10000, interestFree: true },
            { installments: 3, installmentAmount: 3534, totalAmount: 10604, interestFree: false },
          ]),
        },
        pix: { enabled: true, expiresIn: 3600 },
        boleto: { enabled: true, dueDateDays: 3 },
        combined: { enabled: true, minAmountPerPayment: 1000, maxPaymentsCount: 3 },
      },
      requiredFields: [],
      customFields: [],
      customer: null,
      payments: [],
      successUrl: null,
      cancelUrl: 'https://shop.example/cart',
      companyId: t.company.Acme.company.id,
      sdkUrl: expect.stringMatching(/\/sdk\/lastro\.js$/),
      subscription: null,
    });
    expect(res.body.paymentMethods.card.installmentOptions).toHaveLength(6);
    expect(JSON.stringify(res.body)).not.toMatch(/black-friday|ten_/);
    expectError(await view('cs_unknown'), 404, 'not_found');
  });

  it('open marks the session opened once (checkout.session.opened), and repeating it changes nothing', async () => {
    const s = await visit((await newLink()).id);
    const first = await t.stack.http.post(`/checkout/public/sessions/${s.id}/open`);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('opened');
    const again = await t.stack.http.post(`/checkout/public/sessions/${s.id}/open`);
    expect(again.body.status).toBe('opened');
    expect(await eventsOf(s.id, 'checkout.session.opened')).toHaveLength(1);
  });
});

it('documents the public endpoints in OpenAPI under "Checkout page", without an API key', async () => {
  const doc = (await t.stack.http.get('/openapi.json')).body;
  const ops = [
    doc.paths['/checkout/public/sessions/{id}'].get,
    doc.paths['/checkout/public/sessions/{id}/open'].post,
    doc.paths['/checkout/public/sessions/{id}/confirm'].post,
  ];
  for (const op of ops) expect(op).toMatchObject({ tags: ['Checkout page'], security: [] });
  expect(JSON.stringify(ops[2].requestBody)).toContain('cardToken');
});

describe('POST /checkout/public/sessions/:id/confirm', () => {
  it('card in 3 installments with interest: exact amounts, metadata carried, session paid with its successUrl and event', async () => {
    const link = await newLink();
    const s = await visit(link.id);
    const token = await cardToken(t.stack, t.company.Acme);
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: token, installments: 3 }] });
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual([
      { id: expect.stringMatching(/^pay_/), method: 'credit_card', amount: 10604, status: 'paid', failureCode: null, installments: 3, card: { brand: 'visa', last4: '1111' }, pix: null, boleto: null },
    ]);
    const paid = await statusBecomes(s.id, 'paid');
    expect(paid).toMatchObject({ amountPaid: 10000, amountDue: 0, successUrl: `https://shop.example/thanks?session=${s.id}`, customer: { name: 'Maria Silva', document: '52998224725' } });
    const txn = await t.stack.em().findOneOrFail(Transaction, { metadata: { checkoutSessionId: s.id } });
    expect(txn).toMatchObject({ status: 'paid', origin: 'checkout', amount: 10604, metadata: { campaign: 'black-friday', checkoutSessionId: s.id, linkId: link.id } });
    expect(txn.items).toEqual([
      { description: 'Curso', quantity: 1, amount: 10000 },
      { description: 'Juros de parcelamento', quantity: 1, amount: 604 },
    ]);
    const [event] = await eventually(() => eventsOf(s.id, 'checkout.session.paid').then((e) => (e.length ? e : null)));
    expect(event.payload).toMatchObject({ data: { id: s.id, status: 'paid', metadata: { campaign: 'black-friday' } } });
    expectError(await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] }), 409, 'session_not_payable');
  });

  it('Pix paid through the sandbox: the page sees waiting_payment with the BR Code, then paid and checkout.session.paid', async () => {
    const s = await visit((await newLink()).id);
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] });
    expect(res.body.status).toBe('paying');
    const [pix] = res.body.payments;
    expect(pix).toMatchObject({ method: 'pix', amount: 10000, status: 'waiting_payment', pix: { copyPaste: expect.stringMatching(/^000201/), qrCodeUrl: expect.stringContaining(`/pix/${pix.id}/qrcode.png`) } });
    expect((await payPix(pix.id)).status).toBe(202);
    await statusBecomes(s.id, 'paid');
    await eventually(() => eventsOf(s.id, 'checkout.session.paid').then((e) => e.length === 1));
  });

  it("carries the session's splits into its transaction", async () => {
    const [a, b] = [await newRecipient(t.stack, t.company.Acme), await newRecipient(t.stack, t.company.Acme)];
    const s = await visit((await newLink({ ...linkBody, splits: [{ recipientId: a, percentage: 70 }, { recipientId: b, percentage: 30, liable: false }] })).id);
    await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] }).expect(200);
    const txn = await t.stack.em().findOneOrFail(Transaction, { metadata: { checkoutSessionId: s.id } });
    const splits = await t.stack.em().find(TransactionSplit, { transactionId: txn.id }, { orderBy: { percentage: 'desc' } });
    expect(splits.map((x) => [x.recipientId, x.type, x.percentage, x.liable])).toEqual([
      [a, 'sale', 70, true],
      [b, 'sale', 30, false],
    ]);
  });

  it('boleto: linha digitável, barcode and printable page', async () => {
    const s = await visit((await newLink()).id);
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'boleto' }] });
    expect(res.body.payments[0]).toMatchObject({ method: 'boleto', status: 'waiting_payment', boleto: { barcode: expect.stringMatching(/^\d{44}$/), url: expect.stringContaining('/boletos/') } });
  });

  it('combined card + Pix: partially_paid once the card is approved, paid when the Pix arrives', async () => {
    const s = await visit((await newLink()).id);
    const token = await cardToken(t.stack, t.company.Acme);
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: token, installments: 1, amount: 6000 }, { method: 'pix' }] });
    expect(res.status).toBe(200);
    expect(res.body.payments.map((p: any) => [p.method, p.amount, p.status])).toEqual([['credit_card', 6000, 'paid'], ['pix', 4000, 'waiting_payment']]);
    const partial = await statusBecomes(s.id, 'partially_paid');
    expect(partial).toMatchObject({ amountPaid: 6000, amountDue: 4000 });
    expectError(await confirm(s.id, { customer: buyer, payments: [{ method: 'boleto' }] }), 409, 'payment_in_progress');
    await payPix(res.body.payments[1].id).expect(202);
    await statusBecomes(s.id, 'paid');
    const types = (await eventsOf(s.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['checkout.session.partially_paid', 'checkout.session.paid']));
  });

  it('a buyer with a Pix waiting may pay by card instead: the Pix is canceled, the card pays', async () => {
    const s = await visit((await newLink()).id);
    const pix = (await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] })).body.payments[0];
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme), installments: 1 }] });
    expect(res.status).toBe(200);
    await statusBecomes(s.id, 'paid');
    const after = await eventually(async () => {
      const v = (await view(s.id)).body;
      return v.payments[0].status === 'canceled' ? v : null;
    });
    expect(after.payments.map((p: any) => [p.id, p.method, p.status, p.failureCode])).toEqual([
      [pix.id, 'pix', 'canceled', 'replaced_by_buyer'],
      [expect.any(String), 'credit_card', 'paid', null],
    ]);
    expect(after.amountPaid).toBe(10000);
    expect((await payPix(pix.id)).status).toBe(409);
  });

  it('two cards when multipleCards', async () => {
    const s = await visit((await newLink()).id);
    const [t1, t2] = [await cardToken(t.stack, t.company.Acme), await cardToken(t.stack, t.company.Acme, '5555555555554444')];
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: t1, installments: 1, amount: 3000 }, { method: 'credit_card', cardToken: t2, installments: 1 }] });
    expect(res.body.payments.map((p: any) => [p.amount, p.status, p.card.last4])).toEqual([[3000, 'paid', '1111'], [7000, 'paid', '4444']]);
    await statusBecomes(s.id, 'paid');
  });

  it('a declined card shows failed with its failureCode; the buyer pays with another card', async () => {
    const s = await visit((await newLink()).id);
    const declined = await confirm(s.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme, '4000000000000002'), installments: 1 }] });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'failed', amountPaid: 0, payments: [{ status: 'failed', failureCode: 'card_declined' }] });
    const good = await confirm(s.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme), installments: 1 }] });
    expect(good.body.payments.map((p: any) => p.status)).toEqual(['failed', 'paid']);
    await statusBecomes(s.id, 'paid');
    expect(await eventsOf(s.id, 'checkout.session.failed')).toHaveLength(1);
  });

  it('is idempotent per Idempotency-Key: a repeat replays, another body is 409, no key is 400', async () => {
    const s = await visit((await newLink()).id);
    const key = randomUUID();
    const body = { customer: buyer, payments: [{ method: 'pix' }] };
    const first = await confirm(s.id, body, key);
    const again = await confirm(s.id, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.stack.em().count(Transaction, { metadata: { checkoutSessionId: s.id } })).toBe(1);
    expectError(await confirm(s.id, { ...body, payments: [{ method: 'boleto' }] }, key), 409, 'idempotency_conflict');
    expectError(await t.stack.http.post(`/checkout/public/sessions/${s.id}/confirm`).send(body), 400, 'validation_failed', 'Idempotency-Key');
  });

  it('validates the buyer and the payments against the session (400 validation_failed naming the field)', async () => {
    const link = await newLink({
      ...linkBody,
      paymentMethods: { card: { enabled: true, installments: { maxInstallments: 3 } }, pix: { enabled: true } },
      requiredFields: ['address'],
      customFields: [
        { key: 'size', label: 'Tamanho', type: 'select', options: ['P', 'M'], required: true },
        { key: 'terms', label: { 'pt-BR': 'Aceito' }, type: 'checkbox', required: true },
      ],
    });
    const s = await visit(link.id);
    const address = { street: 'Av. Paulista', number: '1000', city: 'São Paulo', state: 'SP', zipCode: '01310-100' };
    const ok = { customer: { ...buyer, address }, customFields: { size: 'M', terms: true }, payments: [{ method: 'pix' }] };
    const token = await cardToken(t.stack, t.company.Acme);
    const cases: Array<[object, string]> = [
      [{ ...ok, customer: buyer }, 'customer.address'],
      [{ ...ok, customer: { ...buyer, address, document: '52998224724' } }, 'customer.document'],
      [{ ...ok, customer: { ...buyer, address: { ...address, zipCode: '1310' } } }, 'customer.address.zipCode'],
      [{ ...ok, customFields: { terms: true } }, 'customFields.size'],
      [{ ...ok, customFields: { size: 'G', terms: true } }, 'customFields.size'],
      [{ ...ok, customFields: { size: 'M', terms: false } }, 'customFields.terms'],
      [{ ...ok, customFields: { size: 'M', terms: true, other: 'x' } }, 'customFields.other'],
      [{ ...ok, payments: [{ method: 'boleto' }] }, 'payments.0.method'],
      [{ ...ok, payments: [{ method: 'credit_card', cardToken: token, installments: 4 }] }, 'payments.0.installments'],
      [{ ...ok, payments: [{ method: 'pix', amount: 5000 }, { method: 'pix' }] }, 'payments'],
      [{ ...ok, payments: [{ method: 'pix', amount: 9999 }] }, 'payments'],
    ];
    for (const [body, path] of cases) expectError(await confirm(s.id, body), 400, 'validation_failed', path);
    expect((await confirm(s.id, ok)).status).toBe(200);
  });

  it('combined rules: minAmountPerPayment and maxPaymentsCount', async () => {
    const s = await visit((await newLink()).id);
    expectError(await confirm(s.id, { customer: buyer, payments: [{ method: 'pix', amount: 9500 }, { method: 'boleto' }] }), 400, 'validation_failed', 'payments.1.amount');
    expectError(
      await confirm(s.id, { customer: buyer, payments: [{ method: 'pix', amount: 2500 }, { method: 'boleto', amount: 2500 }, { method: 'pix', amount: 2500 }, { method: 'boleto' }] }),
      400,
      'validation_failed',
      'payments',
    );
  });

  it('an expired session is 409 session_expired; an unknown one 404', async () => {
    const s = await visit((await newLink()).id);
    await t.stack.em().nativeUpdate(CheckoutSession, { id: s.id }, { expiresAt: new Date(Date.now() - 1000) });
    expectError(await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] }), 409, 'session_expired');
    expectError(await confirm('cs_unknown', { customer: buyer, payments: [{ method: 'pix' }] }), 404, 'not_found');
  });

  it('is rate limited per client address and session (429 with Retry-After)', async () => {
    const s = await visit((await newLink()).id);
    const other = await visit((await newLink()).id);
    const bad = { customer: buyer, payments: [{ method: 'pix', amount: 1 }] };
    for (let i = 0; i < CHECKOUT_PUBLIC_LIMITS.writesPerMinute; i++) expect((await confirm(s.id, bad)).status).toBe(400);
    const limited = await confirm(s.id, bad);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await confirm(other.id, bad)).status).toBe(400);
  });
});
