import { useTestStack } from '../helpers/stack';
import { eventually } from '../webhooks/receiver';

/**
 * A subscription in a second currency, end to end on a real stack (the API over HTTP,
 * PostgreSQL, the Temporal server and worker, the embedded Cielo as its own process): a plan
 * priced in USD, a subscription in USD, its invoices, their card charges on the saved card, the
 * sale postings and the owner's wallet are all in USD, never BRL.
 */

const t = useTestStack({ companies: ['Dollar'], owners: ['Dollar'] });
const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Dollar.headers).send(body);
const get = (path: string) => t.stack.http.get(path).set(t.company.Dollar.headers);

it('plan in USD → subscription in USD → invoices, charges, ledger and wallet in USD', async () => {
  const plan = await post('/v1/plans', { code: 'dollar', name: 'Dollar' });
  expect(plan.status).toBe(201);
  const charge = await post(`/v1/plans/${plan.body.id}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: { amount: 1900, currency: 'USD' }, recurrence: { interval: 1, unit: 'month' } } });
  expect(charge.status).toBe(201);
  expect((await post(`/v1/plans/${plan.body.id}/publish`)).body.status).toBe('active');

  const customer = await post('/v1/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
  const token = await t.stack.http
    .post('/v1/tokens/cards')
    .send({ companyId: t.company.Dollar.company.id, card: { number: '5555666677778884', holder: 'ANA SOUZA', document: '52998224725', cvv: '123', expiration: `12/${new Date().getUTCFullYear() + 3}` } });
  expect(token.status).toBe(201);
  const card = await post('/v1/payment-methods/cards', { customerId: customer.body.id, token: token.body.tokenId });
  expect(card.status).toBe(201);

  const sub = await post('/v1/subscriptions', { customerId: customer.body.id, planId: plan.body.id, currency: 'USD', defaultPaymentMethodRef: card.body.id });
  expect(sub.status).toBe(201);
  expect(sub.body).toMatchObject({ status: 'active', currency: 'USD' });
  const id = sub.body.id as string;
  const paid = async (n: number) => {
    const list = (await get(`/v1/invoices?subscriptionId=${id}&limit=100`)).body.data as Array<Record<string, any>>;
    return list.length === n && list.every((i) => i.status === 'paid') ? list : null;
  };
  await eventually(() => paid(1), 30_000, 'the enrollment invoice paid');
  expect((await post(`/v1/sandbox/subscriptions/${id}/advance`)).status).toBe(202);
  const invoices = (await eventually(() => paid(2), 30_000, 'the second cycle paid'))!;

  for (const invoice of invoices) {
    expect(invoice).toMatchObject({ currency: 'USD', total: 1900 });
    const txn = (await get(`/v1/transactions/${invoice.lastTransactionId}`)).body;
    expect(txn).toMatchObject({ status: 'paid', amount: 1900, currency: 'USD', origin: 'subscription' });
    expect(txn.payments[0]).toMatchObject({ currency: 'USD', amount: 1900, status: 'paid' });
  }

  // The sales are posted in USD: every ledger line of them, and the owner's wallet holds USD only.
  const txnIds = invoices.map((i) => i.lastTransactionId as string);
  const lines = await eventually(
    async () => {
      const rows = await t.stack.em().execute<Array<{ currency: string }>>(
        `select e.currency from ledger_entries e join ledger_postings p on p.id = e.posting_id where p.key in (select 'sale:' || id from payments where transaction_id in (?, ?))`,
        txnIds,
      );
      return rows.length > 0 ? rows : null;
    },
    30_000,
    'the sale postings',
  );
  expect(new Set(lines!.map((l) => l.currency))).toEqual(new Set(['USD']));
  const balances = (await get(`/v1/wallets/owner/${t.owner.Dollar}/balance`)).body.balances as Array<{ currency: string; pendingBalance: number; availableBalance: number }>;
  const usd = balances.find((b) => b.currency === 'USD');
  expect(usd).toBeDefined();
  expect(usd!.pendingBalance + usd!.availableBalance).toBeGreaterThan(0);
  expect(usd!.pendingBalance + usd!.availableBalance).toBeLessThanOrEqual(2 * 1900);
  expect(balances.filter((b) => b.currency === 'BRL' && b.pendingBalance + b.availableBalance !== 0)).toEqual([]);
});
