import { startWebhookReceiver, type WebhookReceiver } from '../chaos/webhook-receiver';
import { useTestStack } from '../helpers/stack';
import { lastro } from '../recipients/cli';
import { eventually } from '../payments/fixtures';

/**
 * The README's quick start, step by step, through the real stack: a company created with the
 * operator CLI takes a card payment (tokenized on the public endpoint, no key) and a Pix
 * payment confirmed by the sandbox simulator at once, with nothing else set up, and the
 * events reach its webhook endpoint and its delivery history.
 */
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
const t = useTestStack({ env: () => ({ WEBHOOK_ALLOWLIST: receiver.hostPort }) });
afterAll(() => receiver?.close());

it('a CLI-created company charges a test card and a Pix at once, and its webhook sees both', async () => {
  const created = await lastro(t.stack, 'companies', 'create', '--name', 'Loja Nova');
  expect(created.code).toBe(0);
  const { companyId, apiKey, ownerRecipientId } = JSON.parse(created.stdout);
  expect(ownerRecipientId).toMatch(/^rec_/);
  const key = { 'x-api-key': apiKey };

  const webhook = await t.stack.http.post('/webhooks').set(key).send({ name: 'Orders', url: `${receiver.url}/lastro`, events: ['transaction.paid'] });
  expect(webhook.status).toBe(201);

  // The buyer's browser (or the SDK) tokenizes with the public company id; no API key.
  const token = await t.stack.http
    .post('/v1/tokens/cards')
    .send({ companyId, card: { number: '4111111111111111', holder: 'Maria Silva', document: '52998224725', cvv: '123', expiration: '12/2030' } });
  expect(token.status).toBe(201);

  const card = await t.stack.http
    .post('/v1/transactions')
    .set(key)
    .send({ referenceCode: 'order-1', items: [{ description: 'Camiseta', quantity: 1, amount: 5990 }], payments: [{ paymentMethod: 'credit_card', amount: 5990, creditCard: { token: token.body.tokenId, installments: 1 } }] });
  expect(card.status).toBe(201);
  expect(card.body.status).toBe('paid');
  expect(card.body.splits).toEqual([expect.objectContaining({ recipientId: ownerRecipientId, percentage: 100 })]);

  const pix = await t.stack.http
    .post('/v1/transactions')
    .set(key)
    .send({ referenceCode: 'order-2', items: [{ description: 'Caneca', quantity: 1, amount: 3500 }], payments: [{ paymentMethod: 'pix', amount: 3500, pix: { expiresIn: 3600 } }] });
  expect(pix.status).toBe(201);
  expect(pix.body.payments[0].pix.qrCode).toMatch(/^000201/);
  expect((await t.stack.http.post(`/sandbox/payments/${pix.body.payments[0].id}/pay`).set(key)).status).toBeLessThan(300);
  await eventually(async () => (await t.stack.http.get(`/v1/transactions/${pix.body.id}`).set(key)).body.status === 'paid');

  // Both sales reached the endpoint, and the delivery history says so.
  await eventually(async () => {
    const paid = receiver.received.filter((r) => r.body.event === 'transaction.paid').map((r) => (r.body.data as { id: string }).id);
    return paid.includes(card.body.id) && paid.includes(pix.body.id);
  }, 60_000);
  // The history records a success once the endpoint's answer is back, a moment after the endpoint saw the body.
  const successes = async () => {
    const deliveries = await t.stack.http.get(`/webhooks/deliveries?webhookId=${webhook.body.id}`).set(key);
    expect(deliveries.status).toBe(200);
    return deliveries.body.data.filter((d: { eventType: string; status: string }) => d.eventType === 'transaction.paid' && d.status === 'success').length;
  };
  await eventually(async () => (await successes()) === 2);

  // The money is the company's own, on its owner recipient.
  const balance = await t.stack.http.get(`/wallets/owner/${ownerRecipientId}/balance`).set(key);
  expect(balance.body.balances[0].pendingBalance + balance.body.balances[0].availableBalance).toBeGreaterThan(0);
});
