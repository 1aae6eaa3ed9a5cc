import fs from 'node:fs';
import path from 'node:path';
import { NativeConnection } from '@temporalio/worker';
import { Client, Connection } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivityDeps } from '../../activities/deps';
import { loadConfig } from '../../src/config';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { createOrm, migrate } from '../../src/db/orm';
import { startTemporalDevServer, type DevTemporalOptions } from '../../src/dev/temporal-dev-server';
import { startEmbeddedPixPsp } from '../../src/dev/embedded-pix-psp';
import { startEmbeddedCieloAcquirer } from '../../src/dev/embedded-cielo';
import { startEmbeddedBbIssuer } from '../../src/dev/embedded-bb-issuer';
import { stopChild } from '../../src/shared/processes';
import { createEventDispatcher } from '../../src/events/subscribers';
import { createLogger } from '../../src/shared/logger';
import { bundleLastroWorkflows, createBillingRunWorker, createLastroWorker } from '../../worker';
import { freePort } from '../../test/helpers/ports';
import { descendantNamed, startCpu, type CpuPart, type CpuShare } from './cpu';

export type Cleanup = Array<() => Promise<unknown>>;

export interface BenchStack {
  deps: ActivityDeps;
  rootEm: EntityManager;
  /** A worker connection, for benchmarks that run extra workers (floors). */
  connection: NativeConnection;
  /** Starts counting where a measured phase spends its time; the returned function stops and reports. */
  startProbe(): () => ProbeReport;
  /** PostgreSQL (the postmaster and its backends) and the Temporal dev server, for their CPU seconds. */
  cpuParts: CpuPart[];
  /** The embedded Pix PSP, when asked for (`pixPsp: true`); its CPU is not in `cpuParts`: it is not Lastro's, nor the stack's. */
  pixPsp: BenchPixPsp | null;
  /** The embedded acquirer (the default card connection, already in `deps.config`); its CPU is not in `cpuParts`. Null with `cardAcquirer: false`. */
  cardAcquirer: BenchCardAcquirer | null;
  /** The embedded boleto issuer (the default boleto connection, already in `deps.config`); its CPU is not in `cpuParts`. Null with `boletoIssuer: false`. */
  boletoIssuer: BenchBoletoIssuer | null;
  /** The Temporal server's Prometheus metrics (`/metrics`): what its clients asked of it (`temporalCalls`). */
  temporalMetricsUrl: string;
}

export interface BenchBoletoIssuer {
  /** BOLETO_ISSUER_*: what makes it the deployment's default boleto connection, for the processes a benchmark starts. */
  env: Record<string, string>;
  baseUrl: string;
  cpu: CpuPart;
}

export interface BenchCardAcquirer {
  baseUrl: string;
  cpu: CpuPart;
}

export interface BenchPixPsp {
  /** PIX_PSP_*: the environment that makes it the deployment's default Pix connection (already in `deps.config`). */
  env: Record<string, string>;
  baseUrl: string;
  /** Its process, for a CPU line of its own. */
  cpu: CpuPart;
}

/**
 * The platform as `npm run dev` runs it, for a benchmark: embedded PostgreSQL and the
 * Temporal dev server in `tmp` (its store a SQLite file, `temporal.db`, as `npm run dev`'s in
 * `.data`), migrations, and a running Lastro worker. Each started part registers its stop in
 * `cleanup` (newest first), so the caller tears down in reverse order.
 */
export async function startBenchStack(opts: {
  root: string;
  tmp: string;
  env: Record<string, string>;
  cleanup: Cleanup;
  log: (line: string) => void;
  /** The Temporal dev server's dynamic config (its store is always `npm run dev`'s: a SQLite file). */
  temporal?: { dynamicConfig?: DevTemporalOptions['dynamicConfig'] };
  /** The database pool per process (default: src/db/orm.ts). */
  dbPoolMax?: number;
  /** False when the benchmark runs the Lastro worker in a process of its own (./processes.ts). */
  worker?: boolean;
  /**
   * Starts the embedded Pix PSP as a process of its own, as `npm run dev` does, and makes it the
   * deployment's default Pix connection: without one a Pix creation answers 409.
   */
  pixPsp?: boolean;
  /**
   * Starts the embedded acquirer (Cielo E-commerce 3.0) as a process of its own, as `npm run dev`
   * does, the deployment's default card connection: without one a card answers 409. Default true.
   */
  cardAcquirer?: boolean;
  /** Starts the embedded boleto issuer (BB API Cobranças v2) the same way, the default boleto connection. Default true. */
  boletoIssuer?: boolean;
}): Promise<BenchStack> {
  const { cleanup, log } = opts;
  log('[bench] starting PostgreSQL and the Temporal dev server…');
  // pg_stat_statements: statements per operation come from PostgreSQL's own statistics.
  const pg = await startEmbeddedPostgres({ dataDir: path.join(opts.tmp, 'pg'), port: await freePort(), settings: { shared_preload_libraries: 'pg_stat_statements', ...(process.env.BENCH_SQL ? { 'pg_stat_statements.track_planning': 'on', ...(process.env.BENCH_SQL === 'nested' ? { 'pg_stat_statements.track': 'all' } : {}) } : {}) } });
  cleanup.unshift(() => pg.stop());
  const databaseUrl = await ensureDatabase(pg.serverUrl, 'lastro_bench');
  const metricsPort = await freePort();
  const temporalServer = await startTemporalDevServer({
    root: opts.root,
    dbFile: path.join(opts.tmp, 'temporal.db'),
    port: await freePort(),
    uiPort: await freePort(),
    log: () => undefined,
    dynamicConfig: opts.temporal?.dynamicConfig,
    metricsPort,
  });
  cleanup.unshift(() => temporalServer.stop());
  const pixPsp = opts.pixPsp ? await startPixPsp(opts.root, opts.tmp, opts.cleanup, log) : null;
  const acquirer = opts.cardAcquirer === false ? null : await startCardAcquirer(opts.root, opts.tmp, opts.cleanup, log);
  const issuer = opts.boletoIssuer === false ? null : await startBoletoIssuer(opts.root, opts.tmp, opts.cleanup, log);

  const config = loadConfig({ TEMPORAL_TASK_QUEUE: 'bench', LOG_LEVEL: 'warn', ...pixPsp?.env, ...acquirer?.env, ...issuer?.env, ...opts.env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalServer.address });
  const logger = createLogger(config.logLevel, 'bench');
  const orm = await createOrm(databaseUrl, opts.dbPoolMax ? { pool: { min: 0, max: opts.dbPoolMax } } : {});
  cleanup.unshift(() => orm.close());
  await migrate(orm, databaseUrl);
  await orm.em.getConnection().execute('create extension if not exists pg_stat_statements');
  const rootEm = orm.em as unknown as EntityManager;

  const connection = await NativeConnection.connect({ address: temporalServer.address });
  cleanup.unshift(() => connection.close());
  const clientConnection = await Connection.connect({ address: temporalServer.address });
  // Dispatches the last answers set going still call Temporal: they end before the client closes.
  cleanup.unshift(async () => {
    await dispatcher.settled();
    await clientConnection.close();
  });
  const temporal = new Client({ connection: clientConnection });
  const dispatcher = createEventDispatcher(orm, { config, temporal, logger });

  const deps: ActivityDeps = { config, orm, dispatcher, logger, temporal };
  if (opts.worker !== false) {
    log('[bench] bundling workflows and starting the worker…');
    // As in the worker process (worker/index.ts): its client and dispatcher over the worker's own
    // connection, so the workflows its activities start take their first task eagerly.
    const workerTemporal = new Client({ connection });
    const workerDispatcher = createEventDispatcher(orm, { config, temporal: workerTemporal, logger });
    cleanup.unshift(() => workerDispatcher.settled());
    const workerDeps: ActivityDeps = { ...deps, temporal: workerTemporal, dispatcher: workerDispatcher };
    const parts = { connection, namespace: 'default', taskQueue: config.temporal.taskQueue, deps: workerDeps, workflowBundle: await bundleLastroWorkflows() };
    const workers = [await createLastroWorker(parts), await createBillingRunWorker(parts)];
    const running = Promise.all(workers.map((w) => w.run()));
    cleanup.unshift(async () => {
      for (const w of workers) w.shutdown();
      await running;
    });
  }
  // The SDK's download of the server does not tell its pid: it is this process's child named temporal.
  const temporalPid = temporalServer.pid ?? descendantNamed(process.pid, 'temporal');
  const cpuParts: CpuPart[] = [
    ...(temporalPid === null ? [] : [{ name: 'temporal', label: 'Temporal dev server', pid: temporalPid, tree: true }]),
    ...(pg.pid === null ? [] : [{ name: 'postgres', label: 'PostgreSQL', pid: pg.pid, tree: true }]),
  ];
  return { deps, rootEm, connection, startProbe: () => startProbe(rootEm, cpuParts), cpuParts, pixPsp, cardAcquirer: acquirer && { baseUrl: acquirer.baseUrl, cpu: acquirer.cpu }, boletoIssuer: issuer, temporalMetricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

/** The embedded acquirer (src/dev/embedded-cielo.ts), its log in `tmp/acquirer.log`, stopped at the end. */
async function startCardAcquirer(root: string, tmp: string, cleanup: Cleanup, log: (line: string) => void): Promise<BenchCardAcquirer & { env: Record<string, string> }> {
  const out = fs.createWriteStream(path.join(tmp, 'acquirer.log'));
  const { child, info, env } = await startEmbeddedCieloAcquirer(root, (line) => out.write(`${line}\n`));
  cleanup.unshift(async () => (await stopChild(child, 15_000), out.end()));
  log(`[bench] embedded acquirer on ${info.baseUrl}`);
  return { env, baseUrl: info.baseUrl, cpu: { name: 'acquirer', label: 'embedded acquirer (not Lastro)', pid: child.pid!, tree: false } };
}

/** The embedded boleto issuer (src/dev/embedded-bb-issuer.ts), its log in `tmp/issuer.log`, stopped at the end. */
async function startBoletoIssuer(root: string, tmp: string, cleanup: Cleanup, log: (line: string) => void): Promise<BenchBoletoIssuer> {
  const out = fs.createWriteStream(path.join(tmp, 'issuer.log'));
  const { child, info, env } = await startEmbeddedBbIssuer(root, (line) => out.write(`${line}\n`));
  cleanup.unshift(async () => (await stopChild(child, 15_000), out.end()));
  log(`[bench] embedded boleto issuer on ${info.baseUrl}`);
  return { env, baseUrl: info.baseUrl, cpu: { name: 'issuer', label: 'embedded boleto issuer (not Lastro)', pid: child.pid!, tree: false } };
}

/** The embedded Pix PSP (src/dev/embedded-pix-psp.ts), its log in `tmp/psp.log`, stopped at the end. */
async function startPixPsp(root: string, tmp: string, cleanup: Cleanup, log: (line: string) => void): Promise<BenchPixPsp> {
  const out = fs.createWriteStream(path.join(tmp, 'psp.log'));
  const { child, env } = await startEmbeddedPixPsp(root, (line) => out.write(`${line}\n`));
  cleanup.unshift(async () => (await stopChild(child, 15_000), out.end()));
  log(`[bench] embedded Pix PSP on ${env.PIX_PSP_BASE_URL}`);
  return { env, baseUrl: env.PIX_PSP_BASE_URL, cpu: { name: 'psp', label: 'embedded Pix PSP (not Lastro)', pid: child.pid!, tree: false } };
}

export type { CpuShare };

export interface ProbeReport {
  seconds: number;
  /** This process (API, worker, activities, workflow threads), the Temporal server, PostgreSQL. */
  parts: Record<'node' | 'temporal' | 'postgres', CpuShare>;
  /** SQL statements sent by this process, and the most frequent ones (text cut at 160 characters). */
  queries: number;
  topStatements: Array<[string, number]>;
  /** Sampled every 50 ms: connections in use and requests waiting for one (mean / max). */
  pool: { size: number; usedMean: number; waitingMean: number; waitingMax: number };
}

/**
 * Where a measured phase spends its time, read from outside the code under test: CPU and
 * run-queue wait per process of the stack (./cpu.ts), the SQL statements this process sent, and
 * how busy its database pool was. The benchmark's numbers move 2-3x with the machine's load,
 * so these say which part the time went to in the same run.
 */
function startProbe(rootEm: EntityManager, stackParts: CpuPart[]): () => ProbeReport {
  const knex = (rootEm.getConnection() as unknown as { getKnex(): KnexLike }).getKnex();
  const pool = knex.client.pool;
  let queries = 0;
  const statements = new Map<string, number>();
  const onQuery = (q: { sql?: string }) => {
    queries++;
    // Values are inlined by the ORM: without them, one line per kind of statement.
    const sql = (q.sql ?? '')
      .replace(/'(?:[^']|'')*'/g, '?')
      .replace(/\b\d+(\.\d+)?\b/g, '?')
      .replace(/\s+/g, ' ')
      .slice(0, 160);
    statements.set(sql, (statements.get(sql) ?? 0) + 1);
  };
  knex.on('query', onQuery);
  const samples = { n: 0, used: 0, waiting: 0, waitingMax: 0 };
  const timer = setInterval(() => {
    if (!pool) return;
    const waiting = pool.numPendingAcquires();
    samples.n++;
    samples.used += pool.numUsed();
    samples.waiting += waiting;
    samples.waitingMax = Math.max(samples.waitingMax, waiting);
  }, 50);
  const stopCpu = startCpu([{ name: 'node', label: 'node (API + worker)', pid: process.pid, tree: false }, ...stackParts]);
  return () => {
    clearInterval(timer);
    knex.removeListener('query', onQuery);
    const cpu = stopCpu();
    const part = (k: string): CpuShare => cpu.parts[k] ?? { cpu: 0, waiting: 0 };
    const n = Math.max(1, samples.n);
    return {
      seconds: cpu.seconds,
      parts: { node: part('node'), temporal: part('temporal'), postgres: part('postgres') },
      queries,
      topStatements: [...statements].sort((a, b) => b[1] - a[1]).slice(0, TOP_STATEMENTS),
      pool: { size: pool?.max ?? 0, usedMean: samples.used / n, waitingMean: samples.waiting / n, waitingMax: samples.waitingMax },
    };
  };
}

const TOP_STATEMENTS = 25;

interface KnexLike {
  on(event: 'query', fn: (q: { sql?: string }) => void): void;
  removeListener(event: 'query', fn: (q: { sql?: string }) => void): void;
  client: { pool?: { max: number; numUsed(): number; numPendingAcquires(): number } };
}

/** The statements and the pool, for a benchmark's report (the harness prints the CPU of each process). */
export function formatProbe(r: ProbeReport, items: number): string[] {
  return [
    `  SQL statements from this process: ${r.queries} (${(r.queries / items).toFixed(1)} per item); pool of ${r.pool.size}: ${r.pool.usedMean.toFixed(1)} in use and ${r.pool.waitingMean.toFixed(1)} waiting on average, at most ${r.pool.waitingMax} waiting`,
    ...(process.env.BENCH_SQL ? r.topStatements.map(([sql, n]) => `    ${(n / items).toFixed(2).padStart(6)} per item  ${sql}`) : []),
  ];
}

/** Marks a benchmark's own read (a poll while it samples): statement counts leave it out. */
export const BENCH_OWN_SQL = '/* bench own read */';

/**
 * Statements PostgreSQL ran in the bench database (pg_stat_statements, BEGIN and COMMIT
 * included) while `run` went and for `settleMs` after, so the work its answers set going
 * (event dispatch, settlement) is counted too; the benchmark's own reads (`BENCH_OWN_SQL`) are not.
 */
export async function statementsDuring(rootEm: EntityManager, run: () => Promise<unknown>, settleMs = 3000): Promise<number> {
  const connection = rootEm.getConnection();
  await connection.execute('select pg_stat_statements_reset()');
  await run();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const [row] = await connection.execute<{ n: number }[]>(
    `select coalesce(sum(calls), 0)::int as n from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%' and query not like '%bench own read%'`,
  );
  if (process.env.BENCH_SQL) {
    // Where PostgreSQL's time went: the statements that took the most of it (BENCH_SQL=calls: the most run; =nested: with the statements inside functions and triggers).
    const top = await connection.execute<{ calls: number; total_ms: number; plan_ms: number; query: string }[]>(
      `select calls::int, round(total_exec_time::numeric, 1)::float as total_ms, round(total_plan_time::numeric, 1)::float as plan_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%' and query not like '%bench own read%'
        order by ${process.env.BENCH_SQL === 'calls' ? 'calls desc limit 40' : 'total_exec_time desc limit 12'}`,
    );
    for (const t of top) process.stderr.write(`  ${String(t.total_ms).padStart(9)} ms ${String(t.plan_ms).padStart(7)} ms planning ${String(t.calls).padStart(7)} calls  ${t.query}\n`);
  }
  return row.n;
}

/**
 * The calls made to the Temporal server so far, by operation, from its own metrics (the
 * frontend's `service_requests`, namespace default): every client's, the API's and the
 * worker's (their SDKs, whatever the language of their core). Long polls are left out: an idle
 * worker's come back empty on their own timer, and each task a poll brings is counted by the
 * call that answers it (RespondWorkflowTaskCompleted, RespondActivityTaskCompleted…). So are
 * `ignore`d operations (the benchmark's own reads: histories, counts, lists).
 */
export async function temporalCalls(metricsUrl: string, ignore: readonly string[] = BENCH_OWN_TEMPORAL_CALLS): Promise<Map<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^service_requests\{([^}]*)\} (\S+)$/gm)) {
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (labels.service_name !== 'frontend' || labels.namespace !== 'default' || labels.operation.startsWith('Poll') || ignore.includes(labels.operation)) continue;
    out.set(labels.operation, (out.get(labels.operation) ?? 0) + Number(m[2]));
  }
  return out;
}

/** What a benchmark asks of Temporal itself while it counts (workflowTasksSettled, workflow counts, pausing Schedules), left out of `temporalCalls`. */
export const BENCH_OWN_TEMPORAL_CALLS = ['GetWorkflowExecutionHistory', 'ListSchedules', 'PatchSchedule', 'CountWorkflowExecutions', 'ListWorkflowExecutions', 'DescribeTaskQueue', 'GetSystemInfo', 'DescribeNamespace'];

/** The calls made between two `temporalCalls` readings, all operations together and by operation. */
export function temporalCallsBetween(before: Map<string, number>, after: Map<string, number>): { total: number; byOperation: Record<string, number> } {
  const byOperation: Record<string, number> = {};
  for (const [op, n] of after) if (n - (before.get(op) ?? 0) > 0) byOperation[op] = n - (before.get(op) ?? 0);
  return { total: Object.values(byOperation).reduce((a, n) => a + n, 0), byOperation };
}
