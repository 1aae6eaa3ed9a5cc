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
import { createEventDispatcher } from '../../src/events/subscribers';
import { createLogger } from '../../src/shared/logger';
import { createLastroWorker } from '../../worker';
import { freePort } from '../../test/helpers/ports';

export type Cleanup = Array<() => Promise<unknown>>;

export interface BenchStack {
  deps: ActivityDeps;
  rootEm: EntityManager;
  /** A worker connection, for benchmarks that run extra workers (floors). */
  connection: NativeConnection;
  /** Starts counting where a measured phase spends its time; the returned function stops and reports. */
  startProbe(): () => ProbeReport;
}

/**
 * The platform as `npm run dev` runs it, for a benchmark: embedded PostgreSQL and the
 * Temporal dev server in `tmp`, migrations, and a running Lastro worker. Each started part
 * registers its stop in `cleanup` (newest first), so the caller tears down in reverse order.
 */
export async function startBenchStack(opts: {
  root: string;
  tmp: string;
  env: Record<string, string>;
  cleanup: Cleanup;
  log: (line: string) => void;
  /** The Temporal dev server's store (default: a SQLite file in `tmp`, as `npm run dev`) and dynamic config. */
  temporal?: { inMemory?: boolean; dynamicConfig?: DevTemporalOptions['dynamicConfig'] };
  /** The database pool per process (default: src/db/orm.ts). */
  dbPoolMax?: number;
}): Promise<BenchStack> {
  const { cleanup, log } = opts;
  log('[bench] starting PostgreSQL and the Temporal dev server…');
  // pg_stat_statements: statements per operation come from PostgreSQL's own statistics.
  const pg = await startEmbeddedPostgres({ dataDir: path.join(opts.tmp, 'pg'), port: await freePort(), settings: { shared_preload_libraries: 'pg_stat_statements' } });
  cleanup.unshift(() => pg.stop());
  const databaseUrl = await ensureDatabase(pg.serverUrl, 'lastro_bench');
  const temporalServer = await startTemporalDevServer({
    root: opts.root,
    dbFile: opts.temporal?.inMemory ? null : path.join(opts.tmp, 'temporal.db'),
    port: await freePort(),
    uiPort: await freePort(),
    log: () => undefined,
    dynamicConfig: opts.temporal?.dynamicConfig,
  });
  cleanup.unshift(() => temporalServer.stop());

  const config = loadConfig({ TEMPORAL_TASK_QUEUE: 'bench', LOG_LEVEL: 'warn', ...opts.env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalServer.address });
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

  log('[bench] bundling workflows and starting the worker…');
  const deps: ActivityDeps = { config, orm, dispatcher, logger, temporal };
  const worker = await createLastroWorker({ connection, namespace: 'default', taskQueue: config.temporal.taskQueue, deps });
  const running = worker.run();
  cleanup.unshift(async () => {
    worker.shutdown();
    await running;
  });
  return { deps, rootEm, connection, startProbe: () => startProbe(rootEm) };
}

/** CPU and run-queue wait (seconds) of one part of the stack over a measured phase. */
export interface CpuShare {
  cpu: number;
  /** Time its threads were runnable but waiting for a CPU: what the shared machine costs it. */
  waiting: number;
}

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
 * run-queue wait per process of the stack (/proc), the SQL statements this process sent, and
 * how busy its database pool was. The benchmark's numbers move 2-3x with the machine's load,
 * so these say which part the time went to in the same run.
 */
function startProbe(rootEm: EntityManager): () => ProbeReport {
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
  const before = readStackCpu();
  const started = Date.now();
  return () => {
    clearInterval(timer);
    knex.removeListener('query', onQuery);
    const after = readStackCpu();
    const diff = (k: keyof typeof after): CpuShare => ({ cpu: after[k].cpu - before[k].cpu, waiting: after[k].waiting - before[k].waiting });
    const n = Math.max(1, samples.n);
    return {
      seconds: (Date.now() - started) / 1000,
      parts: { node: diff('node'), temporal: diff('temporal'), postgres: diff('postgres') },
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

const TICKS_PER_SECOND = 100;

/** Cumulative CPU and run-queue wait of this process and its descendants, by part (Linux /proc; zeros elsewhere). */
function readStackCpu(): Record<'node' | 'temporal' | 'postgres', CpuShare> {
  const parts = { node: { cpu: 0, waiting: 0 }, temporal: { cpu: 0, waiting: 0 }, postgres: { cpu: 0, waiting: 0 } };
  let procs: Array<{ pid: number; ppid: number; comm: string; cpu: number }>;
  try {
    procs = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .flatMap((d) => {
        try {
          const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          // utime + stime, and the reaped children's (PostgreSQL backends come and go).
          const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
          return [{ pid: Number(d), ppid: Number(f[1]), comm, cpu: ticks / TICKS_PER_SECOND }];
        } catch {
          return [];
        }
      });
  } catch {
    return parts;
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (mine.has(p.pid) || !mine.has(p.ppid)) continue;
      mine.add(p.pid);
      grew = true;
    }
  }
  for (const p of procs) {
    if (!mine.has(p.pid)) continue;
    const part = p.pid === process.pid ? parts.node : p.comm.startsWith('temporal') ? parts.temporal : p.comm.startsWith('postgres') ? parts.postgres : null;
    if (!part) continue;
    part.cpu += p.cpu;
    part.waiting += runQueueWait(p.pid);
  }
  return parts;
}

/** Seconds the process's threads spent runnable but not running (/proc/<pid>/task/<tid>/schedstat, field 2). */
function runQueueWait(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
      try {
        return sum + Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
      } catch {
        return sum;
      }
    }, 0);
  } catch {
    return 0;
  }
}

/** One line per part, for a benchmark's report. */
export function formatProbe(r: ProbeReport, items: number): string[] {
  const share = (name: string, s: CpuShare) => `${name} ${s.cpu.toFixed(1)} s CPU (${((s.cpu / r.seconds) * 100).toFixed(0)}% of a core), ${s.waiting.toFixed(1)} s waiting for a CPU`;
  return [
    `  where the CPU went over ${r.seconds.toFixed(1)} s: ${share('node (API + worker)', r.parts.node)}; ${share('Temporal server', r.parts.temporal)}; ${share('PostgreSQL', r.parts.postgres)}`,
    `  SQL statements from this process: ${r.queries} (${(r.queries / items).toFixed(1)} per item); pool of ${r.pool.size}: ${r.pool.usedMean.toFixed(1)} in use and ${r.pool.waitingMean.toFixed(1)} waiting on average, at most ${r.pool.waitingMax} waiting`,
    ...(process.env.BENCH_SQL ? r.topStatements.map(([sql, n]) => `    ${(n / items).toFixed(2).padStart(6)} per item  ${sql}`) : []),
  ];
}

/**
 * Statements PostgreSQL ran in the bench database (pg_stat_statements, BEGIN and COMMIT
 * included) while `run` went and for `settleMs` after, so the work its answers set going
 * (event dispatch, settlement) is counted too.
 */
export async function statementsDuring(rootEm: EntityManager, run: () => Promise<unknown>, settleMs = 3000): Promise<number> {
  const connection = rootEm.getConnection();
  await connection.execute('select pg_stat_statements_reset()');
  await run();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const [row] = await connection.execute<{ n: number }[]>(
    `select coalesce(sum(calls), 0)::int as n from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'`,
  );
  return row.n;
}
