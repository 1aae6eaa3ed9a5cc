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
 * Card sales whose creations commit in the same turn of the API's event loop (concurrent
 * requests) are decided together: their acquirer calls side by side, one database transaction
 * recording every outcome. Each sale still gets its own outcome, events, postings and
 * receivables; one whose card could not be decided is left to its workflow, the others recorded.
 * The requests are made here as the route makes them (create, then decide), the decisions
 * started in one turn of the event loop, which HTTP requests only sometimes are.
 */
const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: { 1: { percentage: 2, fixed: 0 } } });
  },
});

async function createdSale(pan: string, amount: number): Promise<CreatedTransaction> {
  const { deps } = t.stack;
  const company = t.company.Acme.company;
  const input = createTransactionBody.parse(cardBody(await cardToken(t.stack, t.company.Acme, pan), amount));
  return prepareAndCreateTransaction(deps.orm.em.fork() as unknown as EntityManager, company, input, {
    rails: (tem) => processorsOf(deps).railsOf(tem, company),
    publicBaseUrl: deps.config.urls.publicBase,
    dispatcher: deps.dispatcher,
  });
}

/** Each row's status and the id of the database transaction that last wrote it (xmin). */
async function rowsOf(ids: string[]): Promise<Map<string, { status: string; xmin: string }>> {
  const rows = await t.stack.em().execute<{ id: string; status: string; xmin: string }[]>(`select id, status, xmin::text as xmin from transactions where id in (${ids.map(() => '?').join(', ')})`, ids);
  return new Map(rows.map((r) => [r.id, { status: r.status, xmin: r.xmin }]));
}

const eventTypes = async (id: string) => (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [id])).map((e) => e.type);

it('decides the sales created in one turn together: one database transaction, each sale its own outcome, events and postings', async () => {
  const sales = await Promise.all([createdSale('4111111111111111', 1_000), createdSale('4000000000000002', 2_000), createdSale('5555555555554444', 3_000)]);
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
  const sales = await Promise.all([createdSale('4111111111111111', 1_500), createdSale('4111111111111111', 2_500)]);
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
