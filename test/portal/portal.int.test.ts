import { useTestStack } from '../helpers/stack';
import { csrfOf, pathOf, portalFixtures } from './portal-fixtures';

/**
 * The customer portal through the API and its page: a session for one customer of one company,
 * the page (checkout look, CSP, three languages) with that customer's subscriptions and invoices
 * only, and its actions (bolepix, cancel at period end) scoped to that customer, CSRF-checked,
 * allowed by the session's features, dead once it expires.
 */
const t = useTestStack({ companies: ['Portal', 'Rival'], owners: ['Portal', 'Rival'] });
const { post, get, customerWithInvoice } = portalFixtures(t);

const act = (pagePath: string, action: string, csrf: string, headers: Record<string, string> = {}) =>
  t.stack.http.post(`${pagePath}${action}`).set({ 'x-csrf-token': csrf, ...headers }).send({ csrfToken: csrf });

it('a session is made for a customer of the company (secret URL, an hour), and refused for anything else', async () => {
  const { customerId } = await customerWithInvoice();
  const res = await post('/v1/portal/sessions', { customerId, returnUrl: 'https://shop.example.com/account', locale: 'en', features: { cancelSubscription: true } });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({
    id: expect.stringMatching(/^bps_/),
    object: 'billing_portal.session',
    customerId,
    url: expect.stringMatching(/\/portal\/[A-Za-z0-9_-]{43}$/),
    returnUrl: 'https://shop.example.com/account',
    locale: 'en',
    features: { cancelSubscription: true },
    expiresAt: expect.any(String),
    createdAt: expect.any(String),
  });
  const minutes = (Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)) / 60_000;
  expect(Math.round(minutes)).toBe(60);
  // The token is not stored: only its digest.
  const [row] = await t.stack.em().execute<{ token_hash: string }[]>('select token_hash from billing_portal_sessions where id = ?', [res.body.id]);
  expect(res.body.url).not.toContain(row.token_hash);

  expect((await post('/v1/portal/sessions', { customerId: 'cust_unknown' })).status).toBe(404);
  expect((await post('/v1/portal/sessions', { customerId }, 'Rival')).status).toBe(404);
  for (const bad of [{ customerId, locale: 'fr' }, { customerId, returnUrl: 'javascript:alert(1)' }, { customerId, features: { refund: true } }, { customerId, extra: 1 }, {}]) {
    const r = await post('/v1/portal/sessions', bad);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: { code: 'validation_failed' } });
  }
});

it("the page shows the session's customer's subscriptions and invoices only, in the checkout's look, in pt-BR, en and es", async () => {
  const mine = await customerWithInvoice();
  const other = await customerWithInvoice();
  const session = await post('/v1/portal/sessions', { customerId: mine.customerId });
  const page = await t.stack.http.get(pathOf(session.body.url));
  expect(page.status).toBe(200);
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  expect(page.headers['cache-control']).toBe('no-store');
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  expect(page.text).toContain('/checkout/assets/checkout.css');
  expect(page.text).toContain(`data-subscription="${mine.subscriptionId}"`);
  expect(page.text).toContain(`data-invoice="${mine.invoice.id}"`);
  expect(page.text).not.toContain(other.subscriptionId);
  expect(page.text).not.toContain(other.invoice.id);
  // The open invoice: its payment link and its bolepix (boleto line, PDF, Pix QR and copia e cola).
  expect(page.text).toContain(mine.invoice.paymentUrl);
  expect(page.text).toContain(mine.invoice.boleto.formattedLine);
  expect(page.text).toContain(mine.invoice.boleto.pdfUrl);
  expect(page.text).toContain(mine.invoice.pixQrCode.imageUrl);
  expect(page.text).toContain('<html lang="pt-BR">');
  expect(page.text).toContain('Assinaturas');
  // No cancel button unless the session allows it.
  expect(page.text).not.toContain('data-testid="cancel-');

  const en = await t.stack.http.get(pathOf(session.body.url)).set('Accept-Language', 'en-GB,en;q=0.9');
  expect(en.text).toContain('<html lang="en-US">');
  expect(en.text).toContain('Subscriptions');
  const es = await t.stack.http.get(`${pathOf(session.body.url)}?locale=es`).set('Accept-Language', 'en');
  expect(es.text).toContain('<html lang="es-ES">');
  expect(es.text).toContain('Suscripciones');
  // The merchant's locale wins over the browser's; ?locale= over both.
  const fixed = await post('/v1/portal/sessions', { customerId: mine.customerId, locale: 'es' });
  expect((await t.stack.http.get(pathOf(fixed.body.url)).set('Accept-Language', 'en')).text).toContain('<html lang="es-ES">');
  expect((await t.stack.http.get(`${pathOf(fixed.body.url)}?locale=pt-BR`)).text).toContain('<html lang="pt-BR">');

  const script = await t.stack.http.get('/portal/assets/portal.js');
  expect(script.status).toBe(200);
  expect(script.headers['content-type']).toContain('javascript');
});

it("actions are the session's customer's only, carry the page's CSRF token from its origin, and follow the session's features", async () => {
  const mine = await customerWithInvoice();
  const other = await customerWithInvoice();
  const rival = await customerWithInvoice('Rival');
  const closed = await post('/v1/portal/sessions', { customerId: mine.customerId });
  const open = await post('/v1/portal/sessions', { customerId: mine.customerId, features: { cancelSubscription: true } });
  const pagePath = pathOf(open.body.url);
  const html = (await t.stack.http.get(pagePath)).text;
  expect(html).toContain(`data-testid="cancel-${mine.subscriptionId}"`);
  const csrf = csrfOf(html);

  // The invoice's bolepix through the portal: the one it has.
  const bolepix = await act(pagePath, `/invoices/${mine.invoice.id}/bolepix`, csrf);
  expect(bolepix.status).toBe(200);
  expect(bolepix.body).toMatchObject({ id: mine.invoice.id, bolepix: { transactionId: mine.invoice.bolepix.transactionId } });
  // Another customer's, another company's, unknown: 404.
  for (const id of [other.invoice.id, rival.invoice.id, 'inv_nothing']) expect((await act(pagePath, `/invoices/${id}/bolepix`, csrf)).status).toBe(404);
  for (const id of [other.subscriptionId, rival.subscriptionId]) expect((await act(pagePath, `/subscriptions/${id}/cancel`, csrf)).status).toBe(404);

  // CSRF: no token, another session's token, a token in one place only, another origin: 403, nothing done.
  const closedCsrf = csrfOf((await t.stack.http.get(pathOf(closed.body.url))).text);
  const cancel = `/subscriptions/${mine.subscriptionId}/cancel`;
  expect((await t.stack.http.post(`${pagePath}${cancel}`).send({ csrfToken: csrf })).status).toBe(403);
  expect((await act(pagePath, cancel, closedCsrf)).status).toBe(403);
  expect((await t.stack.http.post(`${pagePath}${cancel}`).set('x-csrf-token', csrf).send({ csrfToken: closedCsrf })).status).toBe(403);
  const crossSite = await act(pagePath, cancel, csrf, { Origin: 'https://evil.example.com' });
  expect(crossSite.status).toBe(403);
  expect(crossSite.body).toMatchObject({ error: { code: 'csrf_token_invalid' } });
  expect((await get(`/subscriptions/${mine.subscriptionId}`)).body.cancelAtPeriodEnd).toBe(false);

  // A session without the feature cannot cancel.
  const refused = await act(pathOf(closed.body.url), cancel, closedCsrf);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: { code: 'portal_feature_disabled' } });

  const done = await act(pagePath, cancel, csrf);
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({ id: mine.subscriptionId, cancelAtPeriodEnd: true, status: 'active' });
  expect((await get(`/subscriptions/${mine.subscriptionId}`)).body).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
  const after = (await t.stack.http.get(pagePath)).text;
  expect(after).toContain('data-testid="cancels-at"');
  expect(after).not.toContain(`data-testid="cancel-${mine.subscriptionId}"`);
});

it('an expired or unknown session is a 404 page, and its actions 404', async () => {
  const mine = await customerWithInvoice();
  const session = await post('/v1/portal/sessions', { customerId: mine.customerId, features: { cancelSubscription: true } });
  const pagePath = pathOf(session.body.url);
  const csrf = csrfOf((await t.stack.http.get(pagePath)).text);
  await t.stack.em().execute(`update billing_portal_sessions set expires_at = now() - interval '1 second' where id = ?`, [session.body.id]);
  const gone = await t.stack.http.get(pagePath).set('Accept-Language', 'es');
  expect(gone.status).toBe(404);
  expect(gone.text).toContain('data-problem="portal_session_not_found"');
  expect(gone.text).toContain('Enlace vencido');
  expect((await act(pagePath, `/subscriptions/${mine.subscriptionId}/cancel`, csrf)).status).toBe(404);
  expect((await t.stack.http.get('/portal/not-a-token')).status).toBe(404);
});
