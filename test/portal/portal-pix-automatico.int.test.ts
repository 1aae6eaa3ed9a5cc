import { randomUUID } from 'node:crypto';
import { eventually } from '../billing/eventually';
import { useEmbeddedPixStack } from '../processors/embedded-pix-stack';

/**
 * Pix Automático authorized from the portal, with the embedded Pix PSP as a process of its own:
 * the customer starts the mandate by QR, the page shows its QR (image and copia e cola) and its
 * state, and the mandate once the payer approves it at the PSP; for the session's customer's
 * subscriptions only.
 */
const { t, psp } = useEmbeddedPixStack({ companies: ['Portal', 'Rival'], owners: ['Portal', 'Rival'] });
type Who = 'Portal' | 'Rival';
const post = (p: string, body: object = {}, who: Who = 'Portal') => t.stack.http.post(p).set(t.company[who].headers).send(body);
const get = (p: string, who: Who = 'Portal') => t.stack.http.get(p).set(t.company[who].headers);
const pathOf = (url: string) => new URL(url).pathname;
const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)">/.exec(html)![1];

async function customerWithSubscription(who: Who = 'Portal', currency = 'BRL') {
  const customer = await post('/customers', { name: 'Ana Souza', email: `${randomUUID()}@example.com`, document: '529.982.247-25', phone: '+55 11 91234-5678', type: 'individual' }, who);
  expect(customer.status).toBe(201);
  const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Clube', unitAmount: 3900 }], recurrence: { interval: 1, unit: 'month' }, currency, collectionMethod: 'send_invoice' }, who);
  expect(sub.status).toBe(201);
  return { customerId: customer.body.id as string, subscriptionId: sub.body.id as string };
}
async function portalOf(customerId: string, who: Who = 'Portal') {
  const session = await post('/v1/portal/sessions', { customerId }, who);
  const pagePath = pathOf(session.body.url);
  return { pagePath, csrf: csrfOf((await t.stack.http.get(pagePath)).text) };
}
const act = (pagePath: string, action: string, csrf: string) => t.stack.http.post(`${pagePath}${action}`).set({ 'x-csrf-token': csrf }).send({ csrfToken: csrf });

it('the customer authorizes Pix Automático by QR; the page shows the QR, then the mandate active', async () => {
  const mine = await customerWithSubscription();
  const { pagePath, csrf } = await portalOf(mine.customerId);
  const before = (await t.stack.http.get(pagePath)).text;
  expect(before).toContain(`data-testid="authorize-pix-automatico-${mine.subscriptionId}"`);

  const res = await act(pagePath, `/subscriptions/${mine.subscriptionId}/pix-automatico`, csrf);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ id: expect.stringMatching(/^mdt_/), subscriptionId: mine.subscriptionId, customerId: mine.customerId, status: 'pending', journey: 'qr' });
  expect(res.body.qrCode).toMatch(/^000201/);
  // The merchant sees the same mandate through the API.
  expect((await get(`/subscriptions/${mine.subscriptionId}/pix-automatico`)).body).toMatchObject({ id: res.body.id, status: 'pending' });

  const pending = (await t.stack.http.get(pagePath)).text;
  expect(pending).toContain('data-testid="mandate-qr"');
  expect(pending).toMatch(/<img class="qr" src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
  expect(pending).toContain(`<code data-testid="mandate-copy-paste">${res.body.qrCode.replace(/&/g, '&amp;')}</code>`);
  expect(pending).toContain('data-status="pending"');
  expect(pending).not.toContain(`data-testid="authorize-pix-automatico-${mine.subscriptionId}"`);
  // A second start while it is pending: 409, one mandate.
  const twice = await act(pagePath, `/subscriptions/${mine.subscriptionId}/pix-automatico`, csrf);
  expect(twice.status).toBe(409);
  expect(twice.body.error.code).toBe('mandate_exists');

  const [{ psp_mandate_id: pspId }] = await t.stack.em().execute<{ psp_mandate_id: string }[]>('select psp_mandate_id from billing_mandates where id = ?', [res.body.id]);
  expect((await psp.control('POST', `/embedded/rec/${pspId}/approve`, { jornada: 'JORNADA_2' })).status).toBe(200);
  expect(await eventually(async () => (await get(`/subscriptions/${mine.subscriptionId}/pix-automatico`)).body.status, (s) => s === 'active')).toBe('active');
  const active = (await t.stack.http.get(`${pagePath}?locale=en`)).text;
  expect(active).toContain('data-status="active"');
  expect(active).toContain('Active: invoices are charged by Pix Automático');
  expect(active).not.toContain('data-testid="mandate-qr"');
});

it("another customer's or company's subscription: 404; a subscription Pix Automático cannot take: no button, 409", async () => {
  const mine = await customerWithSubscription();
  const other = await customerWithSubscription();
  const rival = await customerWithSubscription('Rival');
  const { pagePath, csrf } = await portalOf(mine.customerId);
  for (const id of [other.subscriptionId, rival.subscriptionId, 'sub_nothing']) expect((await act(pagePath, `/subscriptions/${id}/pix-automatico`, csrf)).status).toBe(404);
  expect((await t.stack.http.post(`${pagePath}/subscriptions/${mine.subscriptionId}/pix-automatico`).send({ csrfToken: csrf })).status).toBe(403);
  for (const x of [other, rival]) expect((await get(`/subscriptions/${x.subscriptionId}/pix-automatico`, x === rival ? 'Rival' : 'Portal')).status).toBe(404);

  const dollars = await customerWithSubscription('Portal', 'USD');
  const page = await portalOf(dollars.customerId);
  expect((await t.stack.http.get(page.pagePath)).text).not.toContain('data-testid="authorize-pix-automatico-');
  const refused = await act(page.pagePath, `/subscriptions/${dollars.subscriptionId}/pix-automatico`, page.csrf);
  expect([refused.status, refused.body.error?.code]).toEqual([409, 'currency_not_supported']);
});

describe('pay now and authorize (journey 3)', () => {
  const actWith = (pagePath: string, action: string, csrf: string, body: object) => t.stack.http.post(`${pagePath}${action}`).set({ 'x-csrf-token': csrf }).send({ csrfToken: csrf, ...body });
  const openInvoiceOf = async (subscriptionId: string) => (await eventually(() => get(`/invoices?subscriptionId=${subscriptionId}`), (r) => r.body.data?.length === 1)).body.data[0];

  it('with an open invoice the page offers both, in pt-BR, en and es; paying the QR pays the invoice and activates the mandate', async () => {
    const mine = await customerWithSubscription();
    const invoice = await openInvoiceOf(mine.subscriptionId);
    const { pagePath, csrf } = await portalOf(mine.customerId);
    for (const [locale, payNow, only] of [['pt-BR', 'Pagar agora e autorizar', 'Só autorizar'], ['en', 'Pay now and authorize', 'Authorize only'], ['es', 'Pagar ahora y autorizar', 'Solo autorizar']]) {
      const html = (await t.stack.http.get(`${pagePath}?locale=${locale}`)).text;
      expect(html).toContain(`data-authorization="qr_with_payment" data-testid="pay-and-authorize-pix-automatico-${mine.subscriptionId}">${payNow}</button>`);
      expect(html).toContain(`data-authorization="qr" data-testid="authorize-pix-automatico-${mine.subscriptionId}">${only}</button>`);
    }
    expect((await actWith(pagePath, `/subscriptions/${mine.subscriptionId}/pix-automatico`, csrf, { authorization: 'request' })).status).toBe(400);

    const res = await actWith(pagePath, `/subscriptions/${mine.subscriptionId}/pix-automatico`, csrf, { authorization: 'qr_with_payment' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', journey: 'qr_with_payment', firstPayment: { invoiceId: invoice.id } });
    const pending = (await t.stack.http.get(`${pagePath}?locale=en`)).text;
    expect(pending).toContain('it pays the open invoice now and authorizes the next automatic charges');
    expect(pending).toContain(`<code data-testid="mandate-copy-paste">${res.body.qrCode.replace(/&/g, '&amp;')}</code>`);
    expect(pending).not.toContain('data-testid="pay-and-authorize-pix-automatico-');

    const txid = (await get(`/transactions/${res.body.firstPayment.transactionId}`)).body.payments[0].pix.txid;
    expect((await psp.control('POST', `/embedded/cob/${txid}/pay`, {})).status).toBe(201);
    expect((await eventually(() => get(`/invoices/${invoice.id}`), (r) => r.body.status === 'paid')).body.lastTransactionId).toBe(res.body.firstPayment.transactionId);
    expect(await eventually(async () => (await get(`/subscriptions/${mine.subscriptionId}/pix-automatico`)).body.status, (s) => s === 'active')).toBe('active');
    expect((await t.stack.http.get(pagePath)).text).toContain('data-status="active"');
  });

  it('paid but the mandate declined: the invoice paid; with nothing open, only the authorization is offered (409 no_open_invoice)', async () => {
    const mine = await customerWithSubscription();
    const invoice = await openInvoiceOf(mine.subscriptionId);
    const { pagePath, csrf } = await portalOf(mine.customerId);
    const res = await actWith(pagePath, `/subscriptions/${mine.subscriptionId}/pix-automatico`, csrf, { authorization: 'qr_with_payment' });
    expect(res.status).toBe(201);
    const txid = (await get(`/transactions/${res.body.firstPayment.transactionId}`)).body.payments[0].pix.txid;
    expect((await psp.control('POST', `/embedded/cob/${txid}/pay`, { recorrencia: 'recusada' })).status).toBe(201);
    expect((await eventually(() => get(`/invoices/${invoice.id}`), (r) => r.body.status === 'paid')).body.status).toBe('paid');
    expect(await eventually(async () => (await get(`/subscriptions/${mine.subscriptionId}/pix-automatico`)).body.status, (s) => s === 'rejected')).toBe('rejected');

    const html = (await t.stack.http.get(pagePath)).text;
    expect(html).toContain('data-status="rejected"');
    expect(html).toContain(`data-testid="authorize-pix-automatico-${mine.subscriptionId}"`);
    expect(html).not.toContain('data-testid="pay-and-authorize-pix-automatico-');
    const again = await actWith(pagePath, `/subscriptions/${mine.subscriptionId}/pix-automatico`, csrf, { authorization: 'qr_with_payment' });
    expect([again.status, again.body.error?.code]).toEqual([409, 'no_open_invoice']);
  });
});
