import http from 'node:http';
import Koa from 'koa';
import pg from 'pg';
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import { Worker, bundleWorkflowCode, type NativeConnection } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { latencies, pool, round, stopwatch } from '../harness';

/**
 * The floors the transaction endpoint is compared with, on the same machine and servers:
 * a bare Koa + pg endpoint inserting one row, and a bare Koa endpoint starting a no-op
 * workflow and awaiting its update (update-with-start), as POST /v1/transactions does for a card.
 */
export async function startInsertFloor(databaseUrl: string): Promise<{ port: number; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(`create table if not exists bench_rows (id text primary key, body jsonb not null, created_at timestamptz not null default now())`);
  const app = new Koa();
  app.silent = true;
  app.use(async (ctx) => {
    const id = randomUUID();
    await pool.query(`insert into bench_rows (id, body) values ($1, $2)`, [id, JSON.stringify({ amount: 1000 })]);
    ctx.status = 201;
    ctx.body = { id };
  });
  return listen(app, () => pool.end());
}

/** A worker for the no-op workflow (./noop.workflow.ts) on task queue `bench-noop`, bundled on its own. */
export async function startNoopWorker(connection: NativeConnection, log: (line: string) => void): Promise<() => Promise<void>> {
  const logger = { trace() {}, debug() {}, info() {}, warn() {}, error: (m: string) => log(m), log() {} } as never;
  const workflowBundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./noop.workflow'), logger });
  const worker = await Worker.create({ connection, namespace: 'default', taskQueue: 'bench-noop', workflowBundle });
  const running = worker.run();
  return async () => {
    worker.shutdown();
    await running;
  };
}

export async function startNoopWorkflowFloor(temporal: Client, taskQueue: string): Promise<{ port: number; close(): Promise<void> }> {
  const app = new Koa();
  app.silent = true;
  app.use(async (ctx) => {
    const workflowId = `bench-noop-${randomUUID()}`;
    ctx.body = await temporal.workflow.executeUpdateWithStart('decision', {
      startWorkflowOperation: new WithStartWorkflowOperation('benchNoop', { workflowId, taskQueue, workflowIdConflictPolicy: 'USE_EXISTING' }),
    });
    ctx.status = 201;
  });
  return listen(app, async () => undefined);
}

/** Serves a floor's app on a free local port (keep-alive, as the API); `close` stops it, then calls `onClose`. */
export async function listen(app: Koa, onClose: () => Promise<unknown>): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await onClose();
    },
  };
}

export interface LoadResult {
  rate: number;
  latencies: number[];
  failures: number;
  /** Status and start of the body of the first failed answer, to say why. */
  firstFailure: string | null;
}

/**
 * `total` POSTs over `clients` keep-alive connections, each client sending its next request
 * when the previous one answered (closed loop). `body(i)` builds request i; `ok` checks an answer.
 */
export async function closedLoop(opts: { port: number; path: string; total: number; clients: number; headers?: Record<string, string> | ((i: number) => Record<string, string>); body: (i: number) => unknown; ok: (status: number, body: string) => boolean }): Promise<LoadResult> {
  const headersOf = (i: number) => (typeof opts.headers === 'function' ? opts.headers(i) : opts.headers);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const send = (i: number) =>
    new Promise<void>((resolve) => {
      const payload = JSON.stringify(opts.body(i));
      const t0 = performance.now();
      const req = http.request(
        { host: '127.0.0.1', port: opts.port, path: opts.path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headersOf(i) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            const text = Buffer.concat(chunks as unknown as Uint8Array[]).toString('utf8');
            if (!opts.ok(res.statusCode ?? 0, text)) {
              failures++;
              firstFailure ??= `${res.statusCode} ${text.slice(0, 200)}`;
            }
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        failures++;
        firstFailure ??= String(err);
        resolve();
      });
      req.end(payload);
    });
  const elapsed = stopwatch();
  await pool(opts.total, opts.clients, send);
  const seconds = elapsed();
  agent.destroy();
  return { rate: opts.total / seconds, latencies, failures, firstFailure };
}

/** A closed loop's figures for a JSON result: requests per second, latencies (ms), failures. */
export function loadFigures(r: LoadResult): { rate: number; latencyMs: ReturnType<typeof latencies>; failures: number } {
  return { rate: round(r.rate, 1), latencyMs: latencies(r.latencies), failures: r.failures };
}
