import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { Worker, bundleWorkflowCode } from '@temporalio/worker';
import { createApp } from '../../src/app';
import { storeCard } from '../../src/cards/card-vault.service';
import { createApiKey, createCompany } from '../../src/companies/companies.service';
import { startBenchStack } from './bench-stack';
import { closedLoop, pct, startInsertFloor, startNoopWorkflowFloor, type LoadResult } from './transaction-floors/floors';

/**
 * Approved card transactions per second and their latency, end to end on a dev-like stack
 * started here (embedded PostgreSQL, the Temporal dev server, the Lastro worker and API):
 * POST /v1/transactions with a fresh token, answered after authorization (update-with-start).
 * Beside it, on the same machine and servers, the floors: a bare Koa + pg single-row insert
 * endpoint, and a no-op workflow started and answered the same way. Bounded: a fixed number
 * of requests per level; everything it started is stopped.
 *
 *   npm run bench -- transactions [requests per level = 200] [levels = 16,64]
 */
export async function run(args: string[]): Promise<void> {
  const total = Number(args[0] ?? 200);
  const levels = (args[1] ?? '16,64').split(',').map(Number);
  const root = path.resolve(__dirname, '..', '..');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-bench-'));
  fs.chmodSync(tmp, 0o755);
  const cleanup: Array<() => Promise<unknown>> = [];
  const log = (line: string) => process.stdout.write(`${line}\n`);

  try {
    const { deps, rootEm, connection } = await startBenchStack({
      root,
      tmp,
      env: { LASTRO_DATA_DIR: tmp, RATE_LIMIT_PER_MINUTE: '1000000' },
      cleanup,
      log,
    });
    const noopBundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./transaction-floors/noop.workflow'), logger: { trace() {}, debug() {}, info() {}, warn() {}, error: (m: string) => log(m), log() {} } as never });
    const noopWorker = await Worker.create({ connection, namespace: 'default', taskQueue: 'bench-noop', workflowBundle: noopBundle });
    const noopRunning = noopWorker.run();
    cleanup.unshift(async () => {
      noopWorker.shutdown();
      await noopRunning;
    });
    const api: Server = createApp({ ...deps }).listen(0, '127.0.0.1');
    await new Promise((resolve) => api.once('listening', resolve));
    api.keepAliveTimeout = 60_000;
    cleanup.unshift(() => new Promise((resolve) => (api.closeAllConnections(), api.close(resolve))));
    const apiPort = (api.address() as { port: number }).port;

    const em = rootEm.fork();
    const company = await createCompany(em, { name: 'Bench', mode: 'sandbox' });
    const { apiKey } = await createApiKey(em, company);
    await em.flush();
    const headers = { 'x-api-key': apiKey };
    // The company came with its owner recipient, active in sandbox: sales without splits go there.

    const levelsTotal = total * levels.length + 20;
    log(`[bench] tokenizing ${levelsTotal} cards…`);
    const tokens: string[] = [];
    for (let i = 0; i < levelsTotal; i += 100) {
      const batch = rootEm.fork();
      for (let j = i; j < Math.min(levelsTotal, i + 100); j++) {
        tokens.push(storeCard(batch, company.id, { number: '4111111111111111', holder: 'BENCH', document: '52998224725', cvv: '123', brand: 'visa', expMonth: 12, expYear: 2031 }).tokenId);
      }
      await batch.flush();
    }
    let tokenAt = 0;
    const cardRequest = () => ({
      referenceCode: `bench-${tokenAt}`,
      items: [{ description: 'Bench', quantity: 1, amount: 1000 }],
      payments: [{ paymentMethod: 'credit_card', amount: 1000, creditCard: { token: tokens[tokenAt++], installments: 1 } }],
    });
    const paid = (status: number, body: string) => status === 201 && body.includes('"status":"paid"');
    const transactions = (clients: number, n: number) => closedLoop({ port: apiPort, path: '/v1/transactions', total: n, clients, headers, body: cardRequest, ok: paid });

    const insertFloor = await startInsertFloor(deps.config.databaseUrl);
    cleanup.unshift(() => insertFloor.close());
    const noopFloor = await startNoopWorkflowFloor(deps.temporal, 'bench-noop');
    cleanup.unshift(() => noopFloor.close());
    const inserts = (clients: number) => closedLoop({ port: insertFloor.port, path: '/', total, clients, body: () => ({ amount: 1000 }), ok: (s) => s === 201 });
    const noops = (clients: number) => closedLoop({ port: noopFloor.port, path: '/', total, clients, body: () => ({}), ok: (s, b) => s === 201 && b.includes('paid') });

    // Warm-up: loads the bundles into the workers' isolates and fills the connection pools.
    await transactions(4, 20);
    await noops(4);

    const rows: Array<[string, number, LoadResult]> = [];
    for (const clients of levels) {
      log(`[bench] ${clients} concurrent clients, ${total} requests each…`);
      rows.push(['card transactions (POST /v1/transactions, approved)', clients, await transactions(clients, total)]);
      rows.push(['floor: bare Koa + pg single-row insert', clients, await inserts(clients)]);
      rows.push(['floor: no-op workflow, update-with-start', clients, await noops(clients)]);
    }
    log('');
    for (const [name, clients, r] of rows) {
      log(`${name.padEnd(54)} ${String(clients).padStart(3)} clients: ${r.rate.toFixed(1).padStart(7)} req/s  p50 ${pct(r.latencies, 50).padStart(7)} ms  p99 ${pct(r.latencies, 99).padStart(7)} ms${r.failures ? `  (${r.failures} failed, first: ${r.firstFailure})` : ''}`);
    }
    log(`(${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  } finally {
    for (const fn of cleanup) await fn().catch((err) => log(`[bench] cleanup: ${String(err)}`));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
