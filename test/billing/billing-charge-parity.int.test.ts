import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { cardBody, cardToken, expectLedgerConsistent, setCompanyFees } from '../payments/fixtures';
import { Receiver } from '../webhooks/receiver';
import { eventually } from './eventually';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { renewDueSubscriptions } from '../../src/billing/billing-run.service';
import { seedDueSubscriptions } from '../../scripts/bench/billing-seed';

/**
 * A billing run's charges are created and decided set-based (a page's batch in a few multi-row
 * statements); a subscription's own workflow charges one at a time through the same functions (a
 * batch of one), and POST /v1/transactions creates a card transaction from a token. Through the
 * API they must be indistinguishable: the transaction as GET shows it, its payment and split, its
 * events and their webhooks, its sale posting (fee, shares, release dates) and the balances it moves.
 */

let receiver: Receiver;
beforeAll(async () => {
  receiver = await new Receiver().start();
});
const t = useTestStack({ env: () => ({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` }), companies: ['Acme'], owners: ['Acme'] });
afterAll(() => receiver?.close());

const AMOUNT = 1990;
const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Acme.headers).send(body);
const get = (path: string) => t.stack.http.get(path).set(t.company.Acme.headers);

/** Ids, times and authorization codes (one per charge) made comparable: what is left is the shape and the money. */
const ID = /\b(txn|pay|spl|evt|inv|sub|crd|cus|pst|wlt|rcp)_[A-Za-z0-9]+/g;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
function normalized<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (k, v: unknown) => {
    if (typeof v !== 'string') return v;
    if (k === 'authorizationCode') return /^\d{6}$/.test(v) ? '<6 digits>' : v;
    return TIME.test(v) ? '<time>' : v.replace(ID, '$1_…');
  }) as T;
}

interface Posting {
  kind: string;
  source: string;
  description: string;
  entries: Array<{ owner_type: string; bucket: string; amount: string; type: string; in_statement: boolean; release_days: number | null }>;
}
/** The transaction's postings with their entries, release dates as days after the payment was paid. */
async function postingsOf(transactionId: string, paidAt: string): Promise<Posting[]> {
  const em = t.stack.em();
  const postings = await em.execute<Array<{ id: string; kind: string; source: string; description: string }>>(
    `select id, kind, source, description from ledger_postings where source_id = ? order by key`,
    [transactionId],
  );
  return Promise.all(
    postings.map(async (p) => ({
      kind: p.kind,
      source: p.source,
      description: p.description.replace(ID, '$1_…'),
      entries: (
        await em.execute<Array<{ owner_type: string; bucket: string; amount: string; type: string; in_statement: boolean; release_at: Date | null }>>(
          `select a.owner_type, a.bucket, e.amount, e.type, e.in_statement, e.release_at from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where e.posting_id = ? order by a.owner_type, a.bucket, e.amount`,
          [p.id],
        )
      ).map(({ release_at, ...e }) => ({ ...e, release_days: release_at ? Math.round((new Date(release_at).getTime() - new Date(paidAt).getTime()) / 86_400_000) : null })),
    })),
  );
}

/** The events of the transaction and of its payments, in the order they were written. */
async function eventsOf(txn: { id: string; payments: Array<{ id: string }> }): Promise<Array<{ type: string; data: unknown }>> {
  const ids = [txn.id, ...txn.payments.map((p) => p.id)];
  const rows = await t.stack.em().execute<Array<{ type: string; payload: { data: unknown } }>>(
    `select type, payload from events where entity_id in (${ids.map(() => '?').join(', ')}) order by created_at, id`,
    ids,
  );
  return rows.map((r) => ({ type: r.type, data: r.payload.data }));
}

const webhooksOf = (txn: { id: string; payments: Array<{ id: string }> }) =>
  receiver
    .received('/parity')
    .map((r) => JSON.parse(r.body) as { event: string; data: { id: string } })
    .filter((b) => b.data.id === txn.id || txn.payments.some((p) => p.id === b.data.id))
    .map((b) => ({ event: b.event, data: b.data }))
    .sort((a, b) => a.event.localeCompare(b.event));

/** What a transaction looks like through the API, its events, its webhooks and the ledger. */
async function seenThroughTheApi(transactionId: string) {
  const txn = (await get(`/v1/transactions/${transactionId}`)).body;
  expect(txn.status).toBe('paid');
  const events = await eventsOf(txn);
  const webhooks = await eventually(
    async () => webhooksOf(txn),
    (w) => w.length === 4,
    20_000,
  );
  return { txn, events, webhooks, postings: await postingsOf(transactionId, txn.payments[0].paidAt) };
}

it('a billing run charge is indistinguishable from a one-off saved-card charge and from POST /v1/transactions of the same amount', async () => {
  await setCompanyFees(t.stack, t.company.Acme, { creditCard: { 1: { percentage: 2, fixed: 15 } } });
  const hook = await post('/webhooks', { name: 'parity', url: receiver.url('/parity'), events: ['transaction.created', 'payment.created', 'payment.paid', 'transaction.paid'] });
  expect(hook.status).toBe(201);
  const customerId = (await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
  const planId = (await post('/plans', { code: 'parity', name: 'Parity' })).body.id;
  await post(`/plans/${planId}/prices`, { money: { amount: AMOUNT, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } });
  expect((await post(`/plans/${planId}/publish`)).status).toBe(200);
  const cardId = (await post('/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company.Acme) })).body.id;
  const ownerId = (await get('/recipients/owner')).body.id as string;
  const wallet = async () => (await get(`/v1/wallets/owner/${ownerId}/balance`)).body.balances[0] as { pendingBalance: number };
  const balances = [await wallet()];

  // 1. A subscription's enrollment charge, made by its workflow one at a time (a batch of one).
  const subscribed = await post('/subscriptions', { customerId, planId, defaultPaymentMethodRef: cardId });
  expect(subscribed.status).toBe(201);
  const enrolled = await eventually(
    async () => (await get(`/invoices?subscriptionId=${subscribed.body.id}`)).body.data as Array<{ status: string; lastTransactionId: string | null }>,
    (invoices) => invoices[0]?.status === 'paid',
    30_000,
  );
  const single = enrolled[0].lastTransactionId!;
  balances.push(await wallet());

  // 2. Three renewals charged by a billing run's page, set-based.
  const body = createSubscriptionBody.parse({ customerId, planId, defaultPaymentMethodRef: cardId });
  const { subscription: template } = await t.stack.em().transactional((em) => createSubscription(em as EntityManager, t.company.Acme.company.id, body));
  const ids = await seedDueSubscriptions(t.stack.em(), template.id, 3, `parity${Date.now().toString(36)}`);
  expect(await renewDueSubscriptions(t.stack.deps, { at: new Date().toISOString(), claim: `test-claim-${randomUUID()}`, ids })).toEqual({ claimed: 3, issued: 3, renewed: 3, workflows: 0, awaiting: 0 });
  const [batched] = (
    await t.stack.em().execute<{ last_transaction_id: string }[]>(`select last_transaction_id from billing_invoices where subscription_id = ? and status = 'paid'`, [ids[0]])
  ).map((r) => r.last_transaction_id);
  balances.push(await wallet());

  // 3. The same amount by POST /v1/transactions on a card token.
  const api = await post('/v1/transactions', cardBody(await cardToken(t.stack, t.company.Acme), AMOUNT));
  expect(api.status).toBe(201);
  balances.push(await wallet());

  const [one, run, byApi] = [await seenThroughTheApi(single), await seenThroughTheApi(batched), await seenThroughTheApi(api.body.id)];

  // The billing run's charge and the workflow's are the same, but for ids, times and which invoice they pay.
  expect(normalized(run.txn)).toEqual(normalized(one.txn));
  expect(normalized(run.events)).toEqual(normalized(one.events));
  expect(normalized(run.webhooks)).toEqual(normalized(one.webhooks));
  expect(run.postings).toEqual(one.postings);
  expect(run.txn).toMatchObject({ origin: 'subscription', amount: AMOUNT, metadata: { invoiceId: expect.any(String), subscriptionId: ids[0] } });
  expect(run.events.map((e) => e.type)).toEqual(['transaction.created', 'payment.created', 'payment.paid', 'transaction.paid']);

  // And the API's, but for what the merchant chose (referenceCode, items, metadata, customer), the origin and the card's own token.
  const merchantsOwn = (v: Record<string, unknown>) => {
    const { referenceCode: _r, items: _i, metadata: _m, customerId: _c, origin: _o, ...rest } = v;
    return rest;
  };
  const shown = (txn: { payments: Array<{ creditCard: Record<string, unknown> }> } & Record<string, unknown>) =>
    normalized({ ...merchantsOwn(txn), payments: txn.payments.map((p) => ({ ...p, creditCard: { ...p.creditCard, cardId: undefined } })) });
  expect(shown(run.txn)).toEqual(shown(byApi.txn));
  expect(run.events.map((e) => e.type)).toEqual(byApi.events.map((e) => e.type));
  expect(run.webhooks.map((w) => w.event)).toEqual(byApi.webhooks.map((w) => w.event));
  expect(run.postings).toEqual(byApi.postings);
  expect(run.postings).toHaveLength(1);

  // Each moved the owner's pending balance by the same net amount (gross minus 2% + 15 cents).
  const pending = balances.map((b) => b.pendingBalance);
  const net = AMOUNT - (Math.round(AMOUNT * 0.02) + 15);
  expect([pending[1] - pending[0], (pending[2] - pending[1]) / 3, pending[3] - pending[2]]).toEqual([net, net, net]);
  await expectLedgerConsistent(t.stack);
}, 120_000);
