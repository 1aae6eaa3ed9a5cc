import { randomUUID } from 'node:crypto';
import { embeddedCardAcquirerEnv } from '../../src/dev/embedded-cielo';
import { useTestStack } from '../helpers/stack';
import { cardToken } from '../payments/fixtures';
import { startEmbeddedCielo, type EmbeddedCieloProcess } from '../processors/embedded-cielo-process';
import { eventually } from '../webhooks/receiver';
import { csrfOf, pathOf, portalFixtures } from './portal-fixtures';

/**
 * A portal card payment whose decision comes after the request: the acquirer (the embedded Cielo
 * as a process of this file's own, so its faults reach no other file) makes the sale but loses its
 * answer, and its queries fail while the request asks, so the page answers `pending`; the transaction workflow asks again and the
 * card is paid. Its `transaction.paid` pays the invoice exactly once (one `invoice.paid`, one
 * paid transaction), and a click after it is refused without a charge.
 */
let acquirer: EmbeddedCieloProcess;
beforeAll(async () => {
  acquirer = await startEmbeddedCielo();
}, 60_000);
afterAll(() => acquirer?.stop());

const t = useTestStack({ companies: ['Portal', 'Rival'], owners: ['Portal', 'Rival'], env: () => embeddedCardAcquirerEnv(acquirer.info) });
const fixtures = portalFixtures(t);
const { post, get } = fixtures;

const act = (pagePath: string, action: string, csrf: string, body: object) =>
  t.stack.http.post(`${pagePath}${action}`).set({ 'x-csrf-token': csrf }).send({ csrfToken: csrf, ...body });
const transactionsOf = async (invoiceId: string) =>
  t.stack.em().execute<{ id: string; status: string }[]>(`select id, status from transactions where reference_code like ? order by created_at`, [`${invoiceId}-portal-%`]);
const eventsOf = async (entityId: string, type: string) => (await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from events where entity_id = ? and type = ?`, [entityId, type]))[0].n;

it('the acquirer does not answer in time: the page says pending; the transaction workflow pays the card later and the invoice is paid exactly once', async () => {
  const mine = await fixtures.customerWithInvoice('Portal', true);
  const session = await post('/v1/portal/sessions', { customerId: mine.customerId });
  expect(session.status).toBe(201);
  const pagePath = pathOf(session.body.url);
  const csrf = csrfOf((await t.stack.http.get(pagePath)).text);

  // The sale is made but its answer lost, and the acquirer's queries fail for a while: the request cannot know the outcome.
  expect((await acquirer.control('POST', '/embedded/faults', { path: '^POST /1/sales$', dropAnswerAfterCommit: true, times: 1 })).status).toBe(201);
  expect((await acquirer.control('POST', '/embedded/faults', { path: '^GET /1/sales', status: 503, retryAfter: 0, times: 8 })).status).toBe(201);
  const attemptKey = randomUUID();
  const token = await cardToken(t.stack, t.company.Portal);
  const answered = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: token, attemptKey });
  expect(answered.status).toBe(200);
  expect(answered.body).toMatchObject({ status: 'pending', transactionId: expect.stringMatching(/^txn_/), invoice: { id: mine.invoice.id, status: 'open' } });
  const transactionId = answered.body.transactionId as string;

  // Decided by its workflow once the acquirer answers again.
  const paid = await eventually(async () => {
    const inv = (await get(`/invoices/${mine.invoice.id}`)).body;
    return inv.status === 'paid' ? inv : null;
  }, 120_000, 'the invoice paid by the later decision');
  expect(paid).toMatchObject({ status: 'paid', lastTransactionId: transactionId });
  expect(await transactionsOf(mine.invoice.id)).toEqual([{ id: transactionId, status: 'paid' }]);
  // Exactly once: one invoice.paid, however often the transaction's events are dispatched.
  const [paidEvent] = await t.stack.em().execute<{ id: string }[]>(`select id from events where entity_id = ? and type = 'transaction.paid'`, [transactionId]);
  await t.stack.deps.dispatcher.dispatch(paidEvent.id);
  await t.stack.deps.dispatcher.settled();
  expect(await eventsOf(mine.invoice.id, 'invoice.paid')).toBe('1');
  // The same click again answers the paid transaction; a new click is refused, nothing charged.
  const retried = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: token, attemptKey });
  expect(retried.body).toMatchObject({ status: 'paid', transactionId });
  const again = await act(pagePath, `/invoices/${mine.invoice.id}/card`, csrf, { cardToken: await cardToken(t.stack, t.company.Portal), attemptKey: randomUUID() });
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('invoice_not_payable');
  expect(await transactionsOf(mine.invoice.id)).toHaveLength(1);
  // Its other ways are closed: the bolepix canceled.
  await eventually(async () => ((await get(`/v1/transactions/${mine.invoice.bolepix.transactionId}`)).body.status === 'canceled' ? true : null), 30_000, 'the bolepix canceled');
  // Company B sees none of it.
  expect((await get(`/invoices/${mine.invoice.id}`, 'Rival')).status).toBe(404);
  expect((await get(`/v1/transactions/${transactionId}`, 'Rival')).status).toBe(404);
});
