import pg from 'pg';
import { freePort } from '../../test/helpers/ports';
import { benchCardTokens, benchCompany, ms, resultRow, round, runBench, significant, type ResultRow } from './harness';
import { lastroProcesses, pollersOn } from './processes';
import { closedLoop, loadFigures, type LoadResult } from './transaction-floors/floors';

/**
 * Whether card sales of one company wait on each other: `clients` clients selling for ONE company
 * beside `clients` clients selling for `clients` companies (one each), on the dev-like stack the
 * transactions benchmark starts (API and worker in processes of their own, the embedded acquirer).
 * A row every sale of a company locks (its wallet's balance, say) serializes the one-company load
 * and not the spread one, so the headline is the one-company rate over the many-company rate
 * (1.0: no company-wide hot row). A row every sale of the platform locks slows both alike: that
 * shows against each load's floor, the bare Koa + pg single-row insert at the same number of
 * clients, measured just before it. The lock wait per sale is sampled from pg_stat_activity every
 * `--sample-ms` (default 5) over the load: backends waiting on a lock, times the interval, over
 * the sales; the lock types they waited on, and the statements waiting, come from pg_locks at the
 * same instants. Both sides are warmed up first, with half a load's sales each, so the load
 * measured first (one company) does not carry the API's warm-up alone.
 *
 *   npm run bench -- contention [sales per load = 640] [clients = 64]
 */
export const run = (argv: string[]) =>
  runBench('contention', argv, async (b) => {
    const total = b.args.number(0, 640);
    const clients = b.args.number(1, 64);
    const sampleMs = b.args.number('sample-ms', 5);
    const { deps, rootEm, cpuParts, cardAcquirer } = await b.startStack({ env: { LASTRO_DATA_DIR: b.tmp, RATE_LIMIT_PER_MINUTE: '1000000' }, worker: false });
    const { config } = deps;
    const apiPort = await freePort();
    const start = lastroProcesses(b, config, { RATE_LIMIT_PER_MINUTE: '1000000', PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}` });
    const api = await start('api', 'Lastro API', 'src/server.ts', { env: { HOST: '127.0.0.1', PORT: String(apiPort) } });
    const worker = await start('worker', 'Lastro worker', 'worker/index.ts', { listening: false });
    const insertFloor = await start('floor-insert', 'floor insert', 'scripts/bench/transaction-floors/floor-process.ts', { args: ['insert'] });
    b.setCpuParts([{ name: 'loadgen', label: 'load generator (this process)', pid: process.pid, tree: false }, api.cpu, worker.cpu, ...cpuParts, ...(cardAcquirer ? [cardAcquirer.cpu] : [])]);
    await pollersOn(deps.temporal, config.temporal.taskQueue);

    b.log(`[bench] making ${clients + 1} companies and their cards…`);
    const seller = async (cards: number) => {
      const { companyId, apiKey } = await benchCompany(rootEm);
      return { headers: { 'x-api-key': apiKey }, tokens: await benchCardTokens(rootEm, companyId, cards) };
    };
    // The warm-up's sales (at least one per company: its first sale makes its ledger accounts), then the load's.
    const warm = Math.max(clients, Math.ceil(total / 2 / clients) * clients);
    const one = await seller(warm + total);
    const many: Array<Awaited<ReturnType<typeof seller>>> = [];
    for (let c = 0; c < clients; c++) many.push(await seller(warm / clients + Math.ceil(total / clients)));

    let reference = 0;
    const item = { description: 'Bench', quantity: 1, amount: 1000 };
    const sale = (token: string) => ({ referenceCode: `bench-${reference++}`, items: [item], payments: [{ paymentMethod: 'credit_card', amount: 1000, creditCard: { token, installments: 1 } }] });
    const sell = (n: number, pick: (i: number) => { headers: Record<string, string>; token: string }) =>
      closedLoop({ port: apiPort, path: '/v1/transactions', total: n, clients, headers: (i) => pick(i).headers, body: (i) => sale(pick(i).token), ok: (s, body) => s === 201 && body.includes('"status":"paid"') });
    // Request i of a load goes to company i % clients, with that company's next card.
    const oneAt = (offset: number) => (i: number) => ({ headers: one.headers, token: one.tokens[offset + i] });
    const manyAt = (offset: number) => (i: number) => {
      const s = many[i % clients];
      return { headers: s.headers, token: s.tokens[offset + Math.floor(i / clients)] };
    };
    const inserts = () => closedLoop({ port: insertFloor.port, path: '/', total, clients, body: () => ({ amount: 1000 }), ok: (s) => s === 201 });

    b.log('[bench] warming up…');
    await sell(warm, oneAt(0));
    await sell(warm, manyAt(0));
    await inserts();

    const sampler = await lockSampler(config.databaseUrl, sampleMs);
    const measure = async (name: string, pick: (i: number) => { headers: Record<string, string>; token: string }) => {
      const floor = await inserts();
      sampler.start();
      const { value, cpuSeconds } = await b.measured(() => sell(total, pick));
      const locks = await sampler.stop();
      return { name, load: value, floor, cpuSeconds, locks };
    };
    const oneCompany = await measure('one company', oneAt(warm));
    const manyCompanies = await measure(`${clients} companies`, manyAt(warm / clients));
    await sampler.close();

    const lines: string[] = [];
    const results: ResultRow[] = [];
    const line = (label: string, r: LoadResult) =>
      lines.push(`${label.padEnd(44)} ${String(clients).padStart(3)} clients: ${r.rate.toFixed(1).padStart(7)} req/s  p50 ${ms(r.latencies, 50).padStart(7)} ms  p99 ${ms(r.latencies, 99).padStart(7)} ms${r.failures ? `  (${r.failures} failed, first: ${r.firstFailure})` : ''}`);
    for (const m of [oneCompany, manyCompanies]) {
      line(`floor: bare Koa + pg insert (before ${m.name})`, m.floor);
      line(`card sales, ${m.name}`, m.load);
      const lockWaitMsPerSale = round((m.locks.waitingSamples * sampleMs) / total, 2);
      lines.push(`  lock wait ${lockWaitMsPerSale} ms per sale (sampled), at most ${m.locks.maxWaiting} backends waiting at once; waits by lock type: ${JSON.stringify(m.locks.byType)}`);
      const top = Object.entries(m.locks.byStatement).sort((x, y) => y[1] - x[1]).slice(0, 3);
      for (const [statement, n] of top) lines.push(`    ${String(n).padStart(6)} samples waiting in: ${statement}`);
      results.push(resultRow(m.name === 'one company' ? 'oneCompany' : 'manyCompanies', clients, m.load, m.floor, { failures: m.load.failures, lockWaitMsPerSale, maxWaiting: m.locks.maxWaiting, lockWaitsByType: m.locks.byType, lockWaitsByStatement: Object.fromEntries(Object.entries(m.locks.byStatement).sort((x, y) => y[1] - x[1]).slice(0, 5)), cpuSeconds: m.cpuSeconds, floor: loadFigures(m.floor) }));
    }
    const ratio = significant(oneCompany.load.rate / manyCompanies.load.rate, 3);
    lines.push(`one company over ${clients} companies: ${ratio}× (1.0: sales of one company wait on nothing the spread ones do not)`);
    return { args: { salesPerLoad: total, clients, sampleMs }, lines, results, ratio, extra: { oneCompanyOverManyCompanies: ratio } };
  });

/**
 * Samples, every `intervalMs` on a connection of its own, how many backends of the database wait
 * on a lock (pg_stat_activity) and on what kind of lock (pg_locks, not granted): a row lock held
 * by another transaction shows as `transactionid`, a relation's as `relation`, an advisory lock
 * as `advisory`.
 */
async function lockSampler(databaseUrl: string, intervalMs: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let running = false;
  let loop: Promise<void> = Promise.resolve();
  let figures = { waitingSamples: 0, maxWaiting: 0, byType: {} as Record<string, number>, byStatement: {} as Record<string, number> };
  const sampleOnce = async () => {
    const { rows } = await client.query<{ locktype: string; statement: string; n: number }>(
      `select l.locktype, left(regexp_replace(a.query, '\\s+', ' ', 'g'), 60) as statement, count(*)::int as n
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database() group by 1, 2`,
    );
    const waiting = rows.reduce((sum, r) => sum + r.n, 0);
    figures.waitingSamples += waiting;
    figures.maxWaiting = Math.max(figures.maxWaiting, waiting);
    for (const r of rows) {
      figures.byType[r.locktype] = (figures.byType[r.locktype] ?? 0) + r.n;
      figures.byStatement[r.statement] = (figures.byStatement[r.statement] ?? 0) + r.n;
    }
  };
  return {
    start() {
      figures = { waitingSamples: 0, maxWaiting: 0, byType: {}, byStatement: {} };
      running = true;
      loop = (async () => {
        while (running) {
          await sampleOnce();
          await new Promise((resolve) => setTimeout(resolve, intervalMs));
        }
      })();
    },
    async stop() {
      running = false;
      await loop;
      return figures;
    },
    async close() {
      running = false;
      await loop;
      await client.end();
    },
  };
}
