import { benchCardTokens, benchCompany, ms, runBench } from './harness';
import { closedLoop, loadFigures, startInsertFloor, startNoopWorker, startNoopWorkflowFloor, type LoadResult } from './transaction-floors/floors';

/**
 * Approved card transactions per second and their latency, end to end on a dev-like stack
 * started here (embedded PostgreSQL, the Temporal dev server, the Lastro worker and API):
 * POST /v1/transactions with a fresh token, answered after authorization (update-with-start).
 * Beside it, on the same machine and servers, the floors: a bare Koa + pg single-row insert
 * endpoint, and a no-op workflow started and answered the same way. Bounded: a fixed number
 * of requests per level; everything it started is stopped. The JSON line's ratio: card
 * transactions per second over the no-op workflow's, at the first level.
 *
 *   npm run bench -- transactions [requests per level = 200] [levels = 16,64]
 */
export const run = (argv: string[]) =>
  runBench('transactions', argv, async (b) => {
    const total = b.args.number(0, 200);
    const levels = b.args.numbers(1, [16, 64]);
    const { deps, rootEm, connection } = await b.startStack({ env: { LASTRO_DATA_DIR: b.tmp, RATE_LIMIT_PER_MINUTE: '1000000' } });
    b.defer(await startNoopWorker(connection, b.log));
    const api = await b.startApi(deps, { keepAliveTimeout: 60_000 });
    const { companyId, apiKey } = await benchCompany(rootEm);
    const headers = { 'x-api-key': apiKey };

    const levelsTotal = total * levels.length + 20;
    b.log(`[bench] tokenizing ${levelsTotal} cards…`);
    const tokens = await benchCardTokens(rootEm, companyId, levelsTotal);
    let tokenAt = 0;
    const cardRequest = () => ({
      referenceCode: `bench-${tokenAt}`,
      items: [{ description: 'Bench', quantity: 1, amount: 1000 }],
      payments: [{ paymentMethod: 'credit_card', amount: 1000, creditCard: { token: tokens[tokenAt++], installments: 1 } }],
    });
    const paid = (status: number, body: string) => status === 201 && body.includes('"status":"paid"');
    const transactions = (clients: number, n: number) => closedLoop({ port: api.port, path: '/v1/transactions', total: n, clients, headers, body: cardRequest, ok: paid });

    const insertFloor = await startInsertFloor(deps.config.databaseUrl);
    b.defer(() => insertFloor.close());
    const noopFloor = await startNoopWorkflowFloor(deps.temporal, 'bench-noop');
    b.defer(() => noopFloor.close());
    const inserts = (clients: number) => closedLoop({ port: insertFloor.port, path: '/', total, clients, body: () => ({ amount: 1000 }), ok: (s) => s === 201 });
    const noops = (clients: number) => closedLoop({ port: noopFloor.port, path: '/', total, clients, body: () => ({}), ok: (s, body) => s === 201 && body.includes('paid') });

    // Warm-up: loads the bundles into the workers' isolates and fills the connection pools.
    await transactions(4, 20);
    await noops(4);

    const rows: Array<{ name: string; clients: number; r: LoadResult }> = [];
    const results: Record<string, unknown> = {};
    const floor: Record<string, Record<string, unknown>> = { insert: {}, noopWorkflow: {} };
    for (const clients of levels) {
      b.log(`[bench] ${clients} concurrent clients, ${total} requests each…`);
      const card = await transactions(clients, total);
      const insert = await inserts(clients);
      const noop = await noops(clients);
      rows.push({ name: 'card transactions (POST /v1/transactions, approved)', clients, r: card });
      rows.push({ name: 'floor: bare Koa + pg single-row insert', clients, r: insert });
      rows.push({ name: 'floor: no-op workflow, update-with-start', clients, r: noop });
      results[`clients${clients}`] = loadFigures(card);
      floor.insert[`clients${clients}`] = loadFigures(insert);
      floor.noopWorkflow[`clients${clients}`] = loadFigures(noop);
    }
    const lines = rows.map(
      ({ name, clients, r }) =>
        `${name.padEnd(54)} ${String(clients).padStart(3)} clients: ${r.rate.toFixed(1).padStart(7)} req/s  p50 ${ms(r.latencies, 50).padStart(7)} ms  p99 ${ms(r.latencies, 99).padStart(7)} ms${r.failures ? `  (${r.failures} failed, first: ${r.firstFailure})` : ''}`,
    );
    const ratio = rows[0].r.rate / rows[2].r.rate;
    lines.push(`card transactions / no-op workflow floor at ${levels[0]} clients: ${ratio.toFixed(2)}×`);
    return { args: { requestsPerLevel: total, levels }, lines, results, floor, ratio };
  });
