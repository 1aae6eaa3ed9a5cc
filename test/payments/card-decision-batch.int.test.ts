import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../src/app-deps';
import { decideCreatedTransaction } from '../../src/payments/card-decision.service';
import type { PaymentGateway } from '../../src/payments/payment-gateway';
import { createTransactionBody } from '../../src/payments/transactions.schemas';
import { prepareAndCreateTransaction, type CreatedTransaction } from '../../src/payments/transactions.service';
import { processorsOf } from '../../src/processors/processors';
import { useTestStack } from '../helpers/stack';
import { acquirerSalesOf } from './acquirer';
import { cardBody, cardToken, eventually, expectLedgerConsistent, setCompanyFees } from './fixtures';

/**
 * Card sales that reach the API's process in the same turn of its event loop (concurrent
 * requests) are created together, in one database transaction, then decided together: their
 * acquirer calls side by side, one database transaction recording every outcome. Each sale still
 * gets its own answer, outcome, events, postings and receivables: a creation that fails answers
 * its own error and the others are created; a sale whose card could not be decided is left to its
 * workflow and the others recorded. The requests are made here as the route makes them (create,
 * then decide), in one turn of the event loop, which HTTP requests only sometimes are.
 */
const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: { 1: { percentage: 2, fixed: 0 } } });
  },
});

/** Creates a card sale as the route does; the calls made in one turn of the event loop are created together. */
function create(body: object): Promise<CreatedTransaction> {
  const { deps } = t.stack;
  const company = t.company.Acme.company;
  return prepareAndCreateTransaction(deps.orm.em.fork() as unknown as EntityManager, company, createTransactionBody.parse(body), {
    rails: (tem) => processorsOf(deps).railsOf(tem, company),
    publicBaseUrl: deps.config.urls.publicBase,
    dispatcher: deps.dispatcher,
  });
}

/** Card sales of these cards and amounts, created in one turn of the event loop. */
async function createdSales(sales: Array<[pan: string, amount: number]>): Promise<CreatedTransaction[]> {
  const bodies = await Promise.all(sales.map(async ([pan, amount]) => cardBody(await cardToken(t.stack, t.company.Acme, pan), amount)));
  return Promise.all(bodies.map(create));
}

/** Each row's status and the id of the database transaction that last wrote it (xmin). */
async function rowsOf(ids: string[]): Promise<Map<string, { status: string; xmin: string }>> {
  const rows = await t.stack.em().execute<{ id: string; status: string; xmin: string }[]>(`select id, status, xmin::text as xmin from transactions where id in (${ids.map(() => '?').join(', ')})`, ids);
  return new Map(rows.map((r) => [r.id, { status: r.status, xmin: r.xmin }]));
}

const eventTypes = async (id: string) => (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [id])).map((e) => e.type);

it('creates the sales of one turn in one database transaction, each with its own rows and events', async () => {
  const sales = await createdSales([['4111111111111111', 1_000], ['5555555555554444', 2_000]]);
  const ids = sales.map((s) => s.transaction.id);
  const rows = await rowsOf(ids);
  expect(ids.map((id) => rows.get(id)!.status)).toEqual(['pending', 'pending']);
  expect(new Set(ids.map((id) => rows.get(id)!.xmin)).size).toBe(1);
  for (const s of sales) {
    expect(await eventTypes(s.transaction.id)).toEqual(['transaction.created']);
    const [card] = await t.stack.em().execute<{ payment_id: string }[]>(`select payment_id from stored_cards where payment_id = ?`, [s.payments[0].id]);
    expect(card).toBeDefined();
  }
  await Promise.all(sales.map((s) => decideCreatedTransaction(t.stack.deps, s)));
});

it('answers a creation of the batch that fails with its own error and creates the others', async () => {
  const used = await cardToken(t.stack, t.company.Acme);
  await create(cardBody(used, 500));
  const fresh = await cardToken(t.stack, t.company.Acme);
  const [reused, created] = await Promise.allSettled([create(cardBody(used, 700)), create(cardBody(fresh, 900))]);
  expect(reused.status).toBe('rejected');
  expect((reused as PromiseRejectedResult).reason).toMatchObject({ status: 400, code: 'card_token_invalid' });
  expect(created.status).toBe('fulfilled');
  const sale = (created as PromiseFulfilledResult<CreatedTransaction>).value;
  expect((await rowsOf([sale.transaction.id])).get(sale.transaction.id)!.status).toBe('pending');
  const [{ n }] = await t.stack.em().execute<{ n: number }[]>(`select count(*)::int as n from transactions where amount = 700 and company_id = ?`, [t.company.Acme.company.id]);
  expect(n).toBe(0);
});

it('decides the sales created in one turn together: one database transaction, each sale its own outcome, events and postings', async () => {
  const sales = await createdSales([['4111111111111111', 1_000], ['4000000000000002', 2_000], ['5555555555554444', 3_000]]);
  const decided = await Promise.all(sales.map((s) => decideCreatedTransaction(t.stack.deps, s)));

  expect(decided.map((d) => d.transaction.status)).toEqual(['paid', 'refused', 'paid']);
  const ids = sales.map((s) => s.transaction.id);
  const rows = await rowsOf(ids);
  expect(ids.map((id) => rows.get(id)!.status)).toEqual(['paid', 'refused', 'paid']);
  // Recorded by one database transaction.
  expect(new Set(ids.map((id) => rows.get(id)!.xmin)).size).toBe(1);

  for (const [n, status] of (['paid', 'refused', 'paid'] as const).entries()) {
    expect(await eventTypes(ids[n])).toEqual(['transaction.created', `transaction.${status}`]);
    const paymentId = sales[n].payments[0].id;
    expect(await eventTypes(paymentId)).toEqual(['payment.created', `payment.${status}`]);
    expect(await acquirerSalesOf(t.stack.config, paymentId)).toHaveLength(1);
  }
  // A sale posting and its receivables for each paid sale, none for the refused one.
  const postings = await t.stack.em().execute<{ source_id: string }[]>(`select source_id from ledger_postings where kind = 'sale' and source_id in (?, ?, ?) order by source_id`, ids);
  expect(postings.map((p) => p.source_id)).toEqual([ids[0], ids[2]].sort());
  const receivables = await t.stack.em().execute<{ transaction_id: string; amount: string }[]>(`select transaction_id, amount from receivables where transaction_id in (?, ?, ?)`, ids);
  expect(new Map(receivables.map((r) => [r.transaction_id, Number(r.amount)]))).toEqual(new Map([[ids[0], 980], [ids[2], 2_940]]));
  // Every event of the three, creations' included, dispatched with the decision.
  await eventually(async () => {
    const [row] = await t.stack.em().execute<{ n: number }[]>(`select count(*)::int as n from events where entity_id in (?, ?, ?) and dispatched_at is null`, ids);
    return row.n === 0;
  });
  await expectLedgerConsistent(t.stack);
});

it('leaves a sale whose acquirer call failed to its workflow and records the others of its batch', async () => {
  const sales = await createdSales([['4111111111111111', 1_500], ['4111111111111111', 2_500]]);
  const failing = sales[0].payments[0].id;
  // The first sale's acquirer call fails before reaching the acquirer (a dropped connection); the second's goes through.
  const deps: AppDeps = {
    ...t.stack.deps,
    wrapCardAcquirer: (acquirer: PaymentGateway): PaymentGateway => ({
      name: acquirer.name,
      authorize: (request) => (request.idempotencyKey === failing ? Promise.reject(new Error('connection reset')) : acquirer.authorize(request)),
      void: (key) => acquirer.void(key),
    }),
  };
  const decided = await Promise.all(sales.map((s) => decideCreatedTransaction(deps, s)));

  expect(decided.map((d) => d.transaction.status)).toEqual(['pending', 'paid']);
  expect(await acquirerSalesOf(t.stack.config, failing)).toHaveLength(0);
  // The pending sale's workflow decides it: it finds no sale at the acquirer under its key and makes it.
  const ids = sales.map((s) => s.transaction.id);
  await eventually(async () => (await rowsOf(ids)).get(ids[0])!.status === 'paid', 60_000);
  expect(await acquirerSalesOf(t.stack.config, failing)).toHaveLength(1);
  await expectLedgerConsistent(t.stack);
});
