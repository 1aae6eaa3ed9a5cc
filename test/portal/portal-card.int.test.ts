import { randomUUID } from 'node:crypto';
import { useTestStack } from '../helpers/stack';
import { cardToken } from '../payments/fixtures';
import { eventually } from '../webhooks/receiver';
import { csrfOf, pathOf, portalFixtures, type Who } from './portal-fixtures';

/**
 * The portal's card actions through HTTP: an open invoice paid by a card token (once per click,
 * its payment link and bolepix closed, a refused card saying why), and a subscription's card
 * changed; both for the session's customer only (another customer's or company's object: 404),
 * CSRF-checked.
 */
const t = useTestStack({ companies: ['Portal', 'Rival'], owners: ['Portal', 'Rival'] });
const fixtures = portalFixtures(t);
const { post, get } = fixtures;
const customerWithInvoice = (who: Who = 'Portal') => fixtures.customerWithInvoice(who, true);

async function portalOf(customerId: string, who: Who = 'Portal') {
  const session = await post('/v1/portal/sessions', { customerId }, who);
  expect(session.status).toBe(201);
  const pagePath = pathOf(session.body.url);
  const html = (await t.stack.http.get(pagePath)).text;
  return { pagePath, csrf: csrfOf(html), html };
}
const act = (pagePath: string, action: string, csrf: string, body: object) =>
  t.stack.http.post(`${pagePath}${action}`).set({ 'x-csrf-token': csrf }).send({ csrfToken: csrf, ...body });
const transactionsOf = async (invoiceId: string) =>
  t.stack.em().execute<{ id: string; status: string }[]>(`select id, status from transactions where reference_code like ? order by created_at`, [`${invoiceId}-portal-%`]);

it('an open invoice paid by card: once per click, the invoice paid, its link and bolepix closed', async () => {
  const mine = await customerWithInvoice();
  const { pagePath, csrf, html } = await portalOf(mine.customerId);
  // The page offers the card form (tokenized by the SDK, from the API's origin) for the open invoice.
  expect(html).toContain(`data-card-action="${pagePath}/invoices/${mine.invoice.id}/card"`);
  expect(html).toContain('/sdk/lastro.js');
  expect(html).toContain(`<meta name="lastro-company" content="${t.company.Portal.company.id}">`);

  const attemptKey = randomUUID();
  const token = await cardToken(t.stack, t.company.Portal);
  // A double submit of the same click: both answer the one transaction.
  const [a, b] = await Promise.all([
    act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: token, attemptKey }),
    act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: token, attemptKey }),
  ]);
  expect([a.status, b.status]).toEqual([200, 200]);
  // The request that made the transaction answers its decision; the other may meet it still deciding.
  const [made, met] = a.body.status === 'paid' && a.body.invoice.status === 'paid' ? [a, b] : [b, a];
  expect(made.body).toMatchObject({ status: 'paid', reason: null, transactionId: expect.stringMatching(/^txn_/), invoice: { id: mine.invoice.id, status: 'paid' } });
  expect(met.body).toMatchObject({ status: expect.stringMatching(/^(paid|pending)$/), transactionId: made.body.transactionId });
  expect(await transactionsOf(mine.invoice.id)).toEqual([{ id: made.body.transactionId, status: 'paid' }]);
  const txn = await get(`/v1/transactions/${made.body.transactionId}`);
  expect(txn.body).toMatchObject({ amount: 3900, metadata: { invoiceId: mine.invoice.id, subscriptionId: mine.subscriptionId } });
  expect((await get(`/invoices/${mine.invoice.id}`)).body).toMatchObject({ status: 'paid', lastTransactionId: made.body.transactionId });

  // Its other ways are closed: the link's session canceled, the bolepix canceled.
  await eventually(async () => ((await get(`/v1/transactions/${mine.invoice.bolepix.transactionId}`)).body.status === 'canceled' ? true : null), 30_000, 'the bolepix canceled');
  expect((await get(`/checkout/sessions/${mine.invoice.checkoutSessionId}`)).body.status).toBe('canceled');
  // Paid: another click is refused, nothing charged.
  const again = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: await cardToken(t.stack, t.company.Portal), attemptKey: randomUUID() });
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('invoice_not_payable');
  expect(await transactionsOf(mine.invoice.id)).toHaveLength(1);
  // The same click once more (a retried request): its answer, not a second charge.
  const retried = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: token, attemptKey });
  expect(retried.body).toMatchObject({ status: 'paid', transactionId: made.body.transactionId });
});

it('a refused card says why and leaves the invoice open; the next card (a new attempt) pays it', async () => {
  const mine = await customerWithInvoice();
  const { pagePath, csrf } = await portalOf(mine.customerId);
  const refused = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: await cardToken(t.stack, t.company.Portal, '4000000000000002'), attemptKey: randomUUID() });
  expect(refused.status).toBe(200);
  expect(refused.body).toMatchObject({ status: 'refused', reason: 'declined', invoice: { status: 'open' } });
  const paid = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: await cardToken(t.stack, t.company.Portal), attemptKey: randomUUID() });
  expect(paid.body).toMatchObject({ status: 'paid', invoice: { status: 'paid' } });
  expect((await transactionsOf(mine.invoice.id)).map((x) => x.status)).toEqual(['refused', 'paid']);
});

it("a subscription's card changed: saved for the customer and made the subscription's card", async () => {
  const mine = await customerWithInvoice();
  const { pagePath, csrf, html } = await portalOf(mine.customerId);
  expect(html).toContain(`data-card-action="${pagePath}/subscriptions/${mine.subscriptionId}/card"`);
  const res = await act(pagePath, `/subscriptions/${mine.subscriptionId}/card`, csrf, { cardToken: await cardToken(t.stack, t.company.Portal, '5555666677778884') });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: mine.subscriptionId, defaultPaymentMethodRef: expect.stringMatching(/^crd_/) });
  const sub = await get(`/subscriptions/${mine.subscriptionId}`);
  expect(sub.body.defaultPaymentMethodRef).toBe(res.body.defaultPaymentMethodRef);
  const page = (await t.stack.http.get(pagePath)).text;
  expect(page).toContain('data-testid="current-card"');
  expect(page).toContain('8884');
  // A spent or unknown token: 400, the subscription's card unchanged.
  const bad = await act(pagePath, `/subscriptions/${mine.subscriptionId}/card`, csrf, { cardToken: 'tok_unknown' });
  expect(bad.status).toBe(400);
  expect((await get(`/subscriptions/${mine.subscriptionId}`)).body.defaultPaymentMethodRef).toBe(res.body.defaultPaymentMethodRef);
});

it("the card actions reach the session's customer's objects only, with the page's CSRF token", async () => {
  const mine = await customerWithInvoice();
  const other = await customerWithInvoice();
  const rival = await customerWithInvoice('Rival');
  const { pagePath, csrf } = await portalOf(mine.customerId);
  for (const inv of [other.invoice.id, rival.invoice.id, 'inv_nothing']) {
    const res = await act(pagePath, `/invoices/${inv}/card`, csrf, { cardToken: await cardToken(t.stack, t.company.Portal), attemptKey: randomUUID() });
    expect(res.status).toBe(404);
  }
  for (const sub of [other.subscriptionId, rival.subscriptionId]) {
    expect((await act(pagePath, `/subscriptions/${sub}/card`, csrf, { cardToken: await cardToken(t.stack, t.company.Portal) })).status).toBe(404);
  }
  // The rival's session cannot touch the Portal company's invoice either.
  const theirs = await portalOf(rival.customerId, 'Rival');
  expect((await act(theirs.pagePath, `/invoices/${mine.invoice.id}/card`, theirs.csrf, { cardToken: await cardToken(t.stack, t.company.Rival), attemptKey: randomUUID() })).status).toBe(404);
  // No CSRF header: 403, nothing charged.
  const noCsrf = await t.stack.http.post(`${pagePath}/invoices/${mine.invoice.id}/card`).send({ csrfToken: csrf, cardToken: await cardToken(t.stack, t.company.Portal), attemptKey: randomUUID() });
  expect(noCsrf.status).toBe(403);
  // Bad bodies: 400.
  for (const bad of [{}, { cardToken: 'x' }, { cardToken: 'x', attemptKey: 'short' }, { cardToken: 'x', attemptKey: randomUUID(), extra: 1 }]) {
    const res = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, bad);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  }
  for (const x of [other, rival]) expect(await transactionsOf(x.invoice.id)).toEqual([]);
  expect(await transactionsOf(mine.invoice.id)).toEqual([]);
  expect((await get(`/invoices/${other.invoice.id}`)).body.status).toBe('open');
  expect((await get(`/invoices/${rival.invoice.id}`, 'Rival')).body.status).toBe('open');
});
