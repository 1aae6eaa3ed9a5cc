import type { EntityManager } from '@mikro-orm/postgresql';
import { setFees } from '../../src/fees/fees.service';
import { post } from '../../src/ledger/ledger.service';
import { availableOn } from '../../src/receivables/receivable.rules';
import { getOwnerRecipient } from '../../src/recipients/recipients.service';
import { statementsDuring } from './bench-stack';
import { benchCompany, percentile, round, runBench, stopwatch } from './harness';

/** The ratio floor / anticipation the request must reach: at most ~3.3 bare updates' time. */
const GOAL = 0.3;

/**
 * One anticipation of N waiting card receivables through the API, beside its floor, on a
 * dev-like stack started here (embedded PostgreSQL, the Temporal dev server; no worker: the
 * request needs none below the approval amount). One company's owner recipient holds N pending
 * receivables (seeded set-based in SQL, their pending money by one ledger posting, not measured),
 * due over the next year; the company's anticipation fee is 3% a month, with no approval amount.
 * Measured: one `POST /v1/anticipations` taking all N (its simulation before it, not measured),
 * from the client, in ms. The floor: the same N rows moved to `anticipated` by one bare `UPDATE`
 * on the same database. Receivables reset (and the table vacuumed) before each; `--repeat`
 * times each, alternating, medians reported; ratio = floor / anticipation (higher is better,
 * goal 0.3). `statements`: the SQL statements PostgreSQL ran for the first request
 * (pg_stat_statements; BENCH_SQL=1 lists the costliest).
 *
 *   npm run bench -- anticipation [--count N = 10000] [--repeat R = 5]
 */
export const run = (argv: string[]) =>
  runBench('anticipation', argv, async (b) => {
    const count = b.args.number('count', b.args.number(0, 10_000));
    const repeat = b.args.number('repeat', 5);
    const { deps, rootEm } = await b.startStack({ env: { LASTRO_DATA_DIR: b.tmp, RATE_LIMIT_PER_MINUTE: '1000000' }, worker: false });
    const { base } = await b.startApi(deps);
    const { companyId, apiKey } = await benchCompany(rootEm);
    const owner = await getOwnerRecipient(rootEm.fork(), companyId);
    if (!owner) throw new Error('the bench company has no owner recipient');
    const recipientId = owner.recipient.id;
    await setFees(rootEm.fork(), companyId, 'BRL', { anticipation: { percentage: 3, approvalAbove: null } });

    const call = async (url: string, body: object): Promise<Record<string, unknown>> => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };

    b.log(`[bench] seeding ${count} pending card receivables (not measured)…`);
    const setup = stopwatch();
    const total = await seedPendingReceivables(rootEm.fork(), companyId, recipientId, count);
    b.log(`[bench] set up in ${setup().toFixed(1)} s`);

    const floorMs: number[] = [];
    const anticipationMs: number[] = [];
    let statements = 0;
    let fee = 0;
    for (let i = 0; i < repeat; i++) {
      await resetReceivables(rootEm, companyId);
      floorMs.push(await timed(() => bareUpdate(rootEm, companyId, recipientId)));

      await resetReceivables(rootEm, companyId);
      // The previous repetition moved the pending money to available: put it back, so the posting can take it again.
      if (i > 0) await topUpPending(rootEm.fork(), companyId, recipientId, total, i);
      const sim = await call('/v1/anticipations/simulate', { recipientId });
      if ((sim.receivables as unknown[]).length !== count) throw new Error(`the simulation took ${(sim.receivables as unknown[]).length} receivables, not ${count}`);
      let done: Record<string, unknown> = {};
      const request = async () => {
        anticipationMs.push(await timed(async () => (done = await call('/v1/anticipations', { recipientId, fingerprint: sim.fingerprint }))));
      };
      if (i === 0) statements = await statementsDuring(rootEm, () => b.measured(request), 0);
      else await b.measured(request);
      if (done.status !== 'completed' || done.receivablesCount !== count) throw new Error(`the anticipation is ${JSON.stringify(done)}`);
      fee = done.fee as number;
    }
    await expectAllAnticipated(rootEm, companyId, count);

    const anticipation = percentile(anticipationMs, 50);
    const floor = percentile(floorMs, 50);
    const ratio = floor / anticipation;
    const met = ratio >= GOAL;
    return {
      args: { count, repeat },
      lines: [
        `anticipation: one POST /v1/anticipations of ${count} receivables (${total} cents gross, ${fee} cents fee): median ${anticipation.toFixed(1)} ms (${anticipationMs.map((m) => m.toFixed(0)).join(', ')})`,
        `floor: one bare UPDATE of the same ${count} receivables: median ${floor.toFixed(1)} ms (${floorMs.map((m) => m.toFixed(0)).join(', ')})`,
        `  floor / anticipation: ${ratio.toFixed(3)} (goal ${GOAL}: ${met ? 'met' : 'NOT met'})`,
        `  SQL statements of the first request (pg_stat_statements): ${statements}`,
      ],
      results: [{ name: `anticipation of ${count} receivables`, anticipationMs: anticipationMs.map((m) => round(m, 1)), floorMs: floorMs.map((m) => round(m, 1)) }],
      statementsPerOp: statements,
      ratio,
      extra: { receivables: count, anticipationMs: round(anticipation, 1), floorMs: round(floor, 1), goal: GOAL, met, statements },
    };
  });

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const elapsed = stopwatch();
  await fn();
  return elapsed() * 1000;
}

/**
 * `count` pending receivables of one recipient, as card sales leave them (one fake payment per
 * receivable, due D+1 … D+365 São Paulo, 10.00 to 19.99 net), written by one insert, and their
 * gross credited to the recipient's pending by one posting from the settlement account, as the
 * sales would have. Returns the gross.
 */
async function seedPendingReceivables(em: EntityManager, companyId: string, recipientId: string, count: number): Promise<number> {
  return em.transactional(async (tem) => {
    const [{ total }] = await tem.execute<Array<{ total: string }>>(
      `with r as (
         insert into receivables (id, company_id, transaction_id, payment_id, sale_posting_id, recipient_id, installment, currency, amount, release_at, available_on, status)
         select 'rcv_bench' || lpad(g::text, 8, '0'), ?, 'txn_bench' || lpad(g::text, 8, '0'), 'pay_bench' || lpad(g::text, 8, '0'), 'pst_bench', ?, 1, 'BRL',
                1000 + (g * 7919) % 1000, d::timestamp at time zone 'America/Sao_Paulo', d, 'pending'
           from generate_series(1, ?) g, lateral (select ?::date + 1 + (g % 365) as d) due
         returning amount)
       select sum(amount)::text as total from r`,
      [companyId, recipientId, count, availableOn(Date.now())],
    );
    await topUpPending(tem, companyId, recipientId, Number(total), 0);
    return Number(total);
  });
}

/** The recipient's pending credited by `amount` from the settlement account (posting key per repetition). */
async function topUpPending(em: EntityManager, companyId: string, recipientId: string, amount: number, repetition: number): Promise<void> {
  await post(em, {
    key: `bench-anticipation:${companyId}:${repetition}`,
    kind: 'adjustment',
    companyId,
    source: 'adjustment',
    description: 'anticipation benchmark: the seeded receivables’ pending money',
    lines: [
      { account: { platform: 'settlement', currency: 'BRL' }, amount: -amount, type: 'adjustment', inStatement: false },
      { account: { recipientId, bucket: 'pending', currency: 'BRL' }, amount, type: 'adjustment', inStatement: false },
    ],
  });
}

/** Every receivable waiting again, the anticipations that took them gone (a new request must not replay one), the table vacuumed: each repetition starts alike. */
async function resetReceivables(rootEm: EntityManager, companyId: string): Promise<void> {
  const em = rootEm.fork();
  await em.execute(`update receivables set status = 'pending', anticipation_id = null, anticipation_fee = null, released_at = null where company_id = ? and status <> 'pending'`, [companyId], 'run');
  await em.execute(`delete from anticipations where company_id = ?`, [companyId], 'run');
  await em.execute(`vacuum analyze receivables`, [], 'run');
}

/** The floor: the rows the request claims, moved by one statement (the same columns, no pricing, no posting). */
async function bareUpdate(rootEm: EntityManager, companyId: string, recipientId: string): Promise<void> {
  await rootEm
    .fork()
    .execute(
      `update receivables set status = 'anticipated', anticipation_id = 'ant_floor', anticipation_fee = amount * 3 / 100, released_at = now() where company_id = ? and recipient_id = ? and status = 'pending'`,
      [companyId, recipientId],
      'run',
    );
}

async function expectAllAnticipated(rootEm: EntityManager, companyId: string, count: number): Promise<void> {
  const [row] = await rootEm.fork().execute<Array<{ n: string }>>(`select count(*) as n from receivables where company_id = ? and status = 'anticipated' and anticipation_id like 'ant\\_%' and anticipation_id <> 'ant_floor'`, [companyId]);
  if (Number(row.n) !== count) throw new Error(`${row.n} receivables anticipated, not ${count}`);
}
