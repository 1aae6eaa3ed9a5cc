import { freePort } from '../../test/helpers/ports';
import { statementsDuring } from './bench-stack';
import { benchCardTokens, benchCompany, ms, resultRow, runBench, significant, type ResultRow } from './harness';
import { lastroProcesses, pollersOn } from './processes';
import { closedLoop, loadFigures, type LoadResult } from './transaction-floors/floors';

/**
 * Payments created per second and their latency, end to end on a dev-like stack started here
 * (embedded PostgreSQL, the Temporal dev server, and the Lastro API and worker each in a process
 * of its own, as `npm run dev` runs them): approved card transactions (POST /v1/transactions with
 * a fresh token, answered after authorization) and Pix and boleto creations (answered
 * waiting_payment). Beside them, on the same machine and servers and in the same shape (an HTTP
 * process, a worker process), the floors: a no-op workflow started and answered through an update
 * (update-with-start), and a bare Koa + pg single-row insert endpoint. This process is only the
 * load generator. Each result's ratio is its rate over the no-op workflow's at the same number of
 * clients. Statements per operation come from pg_stat_statements over 20 operations at one
 * client, the work they set going included; the CPU seconds are those of the measured card, Pix
 * and boleto loads (each row has its own), per process.
 *
 *   npm run bench -- transactions [requests per level = 200] [levels = 16,64]
 */
export const run = (argv: string[]) =>
  runBench('transactions', argv, async (b) => {
    const total = b.args.number(0, 200);
    const levels = b.args.numbers(1, [16, 64]);
    const { deps, rootEm, cpuParts } = await b.startStack({ env: { LASTRO_DATA_DIR: b.tmp, RATE_LIMIT_PER_MINUTE: '1000000' }, worker: false });
    const { config } = deps;
    // The processes get this process's card vault key: the cards it tokenizes below, the API opens.
    const start = lastroProcesses(b, config, { RATE_LIMIT_PER_MINUTE: '1000000' });
    const startFloor = (mode: string) => start(`floor-${mode}`, `floor ${mode}`, 'scripts/bench/transaction-floors/floor-process.ts', { args: [mode] });
    const apiPort = await freePort();
    const api = await start('api', 'Lastro API', 'src/server.ts', { env: { HOST: '127.0.0.1', PORT: String(apiPort) } });
    const worker = await start('worker', 'Lastro worker', 'worker/index.ts', { listening: false });
    const insertFloor = await startFloor('insert');
    const noopFloor = await startFloor('noop-api');
    await startFloor('noop-worker');
    // Only the measured loads count (floors are not measured): the processes that serve them.
    b.setCpuParts([{ name: 'loadgen', label: 'load generator (this process)', pid: process.pid, tree: false }, api.cpu, worker.cpu, ...cpuParts]);
    b.log('[bench] waiting for the workers to poll…');
    await pollersOn(deps.temporal, config.temporal.taskQueue);
    await pollersOn(deps.temporal, 'bench-noop');
    const { companyId, apiKey } = await benchCompany(rootEm);
    const headers = { 'x-api-key': apiKey };

    const SAMPLE = 20;
    const cardsNeeded = total * levels.length + 20 + SAMPLE;
    b.log(`[bench] tokenizing ${cardsNeeded} cards…`);
    const tokens = await benchCardTokens(rootEm, companyId, cardsNeeded);
    let tokenAt = 0;
    let reference = 0;
    const item = { description: 'Bench', quantity: 1, amount: 1000 };
    const methods = {
      card: {
        name: 'card transaction (approved)',
        body: () => ({ referenceCode: `bench-${reference++}`, items: [item], payments: [{ paymentMethod: 'credit_card', amount: 1000, creditCard: { token: tokens[tokenAt++], installments: 1 } }] }),
        answer: '"status":"paid"',
      },
      pix: { name: 'Pix creation', body: () => ({ referenceCode: `bench-${reference++}`, items: [item], payments: [{ paymentMethod: 'pix', amount: 1000 }] }), answer: '"status":"waiting_payment"' },
      boleto: { name: 'boleto creation', body: () => ({ referenceCode: `bench-${reference++}`, items: [item], payments: [{ paymentMethod: 'boleto', amount: 1000 }] }), answer: '"status":"waiting_payment"' },
    };
    type Method = keyof typeof methods;
    const create = (method: Method, clients: number, n: number) =>
      closedLoop({ port: apiPort, path: '/v1/transactions', total: n, clients, headers, body: methods[method].body, ok: (status, body) => status === 201 && body.includes(methods[method].answer) });

    const inserts = (clients: number) => closedLoop({ port: insertFloor.port, path: '/', total, clients, body: () => ({ amount: 1000 }), ok: (s) => s === 201 });
    const noops = (clients: number) => closedLoop({ port: noopFloor.port, path: '/', total, clients, body: () => ({}), ok: (s, body) => s === 201 && body.includes('paid') });

    // Warm-up: loads the bundles into the workers' isolates, fills the connection pools and makes
    // the company's ledger accounts (a first sale creates them).
    await create('card', 4, 20);
    await create('pix', 4, 10);
    await noops(4);

    const statementsPerOp: Record<string, number> = {};
    for (const method of Object.keys(methods) as Method[]) {
      statementsPerOp[method] = Math.round((await statementsDuring(rootEm, () => create(method, 1, SAMPLE))) / SAMPLE);
    }

    const results: ResultRow[] = [];
    const floor: Record<string, Record<string, unknown>> = { insert: {}, noopWorkflow: {} };
    const lines: string[] = [];
    const line = (name: string, clients: number, r: LoadResult) =>
      lines.push(`${name.padEnd(46)} ${String(clients).padStart(3)} clients: ${r.rate.toFixed(1).padStart(7)} req/s  p50 ${ms(r.latencies, 50).padStart(7)} ms  p99 ${ms(r.latencies, 99).padStart(7)} ms${r.failures ? `  (${r.failures} failed, first: ${r.firstFailure})` : ''}`);
    for (const clients of levels) {
      b.log(`[bench] ${clients} concurrent clients, ${total} requests each…`);
      const noop = await noops(clients);
      const insert = await inserts(clients);
      line('floor: no-op workflow, update-with-start', clients, noop);
      line('floor: bare Koa + pg single-row insert', clients, insert);
      floor.noopWorkflow[`clients${clients}`] = loadFigures(noop);
      floor.insert[`clients${clients}`] = loadFigures(insert);
      for (const method of Object.keys(methods) as Method[]) {
        const { value: r, cpuSeconds } = await b.measured(() => create(method, clients, total));
        line(methods[method].name, clients, r);
        results.push(resultRow(method, clients, r, noop, { failures: r.failures, insertFloorRate: significant(insert.rate), cpuSeconds }));
      }
    }
    lines.push(`statements per operation (pg_stat_statements, API and worker): ${Object.entries(statementsPerOp).map(([m, n]) => `${m} ${n}`).join(', ')}`);
    for (const r of results) lines.push(`${String(r.name).padEnd(7)} at ${String(r.clients).padStart(3)} clients: ${r.ratio}× the no-op workflow floor (p99 ${r.p99} ms beside ${r.floorP99} ms)`);
    return { args: { requestsPerLevel: total, levels }, lines, results, statementsPerOp: statementsPerOp.card, floor, extra: { statementsPerOpByMethod: statementsPerOp } };
  });
