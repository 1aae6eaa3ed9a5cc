import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivityDeps } from '../../activities/deps';
import { createApp } from '../../src/app';
import { storeCard } from '../../src/cards/card-vault.service';
import { createApiKey, createCompany } from '../../src/companies/companies.service';
import { startBenchStack, type BenchStack, type Cleanup } from './bench-stack';
import { addSpan, cpuSeconds, formatCpu, startCpu, stolenPercent, type CpuPart, type CpuSpan } from './cpu';

/**
 * What every benchmark shares: its arguments, a temporary folder and the stack it starts
 * (stopped when it ends, newest first), the helpers its figures use, the CPU seconds of each
 * process over its measured phase, and its report: the human-readable lines, then, as the last
 * line of stdout, one JSON object for scripts to read:
 *
 *   {"bench", "args", "results": [{"name", "clients", "rate", "p50", "p99", "floorRate",
 *    "floorP99", "ratio", …}], "statementsPerOp", "cpuSeconds": {"lastro", "temporal",
 *    "postgres"}, …, "machine"}
 *
 *   export const run = (argv: string[]) => runBench('name', argv, async (b) => {
 *     const { deps } = await b.startStack();
 *     const { value } = await b.measured(() => load());   // the CPU seconds count here
 *     return { args, lines, results: [resultRow('path', clients, value, floor)], statementsPerOp };
 *   });
 */

/** The command line after the benchmark's name: positional values and `--name value` / `--name=value` flags. */
export interface BenchArgs {
  positional: string[];
  /** The value of a flag (the last one given), or undefined. */
  flag(name: string): string | undefined;
  /** Every value of a repeatable flag. */
  flags(name: string): string[];
  /** A positive number: positional `key` (an index) or flag `--key`, else `fallback`. */
  number(key: number | string, fallback: number): number;
  /** Comma-separated positive numbers (`16,64`): positional `key` or flag `--key`, else `fallback`. */
  numbers(key: number | string, fallback: number[]): number[];
}

/** Every `--x` takes the next argument as its value (no benchmark has a bare switch). */
export function parseArgs(argv: string[]): BenchArgs {
  const positional: string[] = [];
  const named: Array<[string, string]> = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) positional.push(a);
    else if (a.includes('=')) named.push([a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]);
    else named.push([a.slice(2), argv[++i] ?? '']);
  }
  const flags = (name: string) => named.filter(([k]) => k === name.replace(/^--/, '')).map(([, v]) => v);
  const raw = (key: number | string) => (typeof key === 'number' ? positional[key] : flags(key).at(-1));
  const positive = (key: number | string, s: string) => {
    const n = Number(s);
    if (s === '' || !Number.isFinite(n) || n <= 0) throw new Error(`${typeof key === 'number' ? `argument ${key + 1}` : `--${key}`} takes a positive number, not "${s}"`);
    return n;
  };
  return {
    positional,
    flag: (name) => flags(name).at(-1),
    flags,
    number: (key, fallback) => {
      const s = raw(key);
      return s === undefined ? fallback : positive(key, s);
    },
    numbers: (key, fallback) => {
      const s = raw(key);
      return s === undefined ? fallback : s.split(',').map((v) => positive(key, v));
    },
  };
}

/** A load's figures: operations per second and each operation's latency in ms. */
export interface Load {
  rate: number;
  latencies: number[];
}

/**
 * One measured path at one concurrency beside its floor, measured in the same run: rates per
 * second, latencies in ms (p50 / p99, null for none), ratio = rate / floorRate (higher is
 * better; null without a floor). More fields may follow.
 */
export interface ResultRow {
  name: string;
  clients: number;
  rate: number;
  p50: number | null;
  p99: number | null;
  floorRate: number | null;
  floorP99: number | null;
  ratio: number | null;
  [more: string]: unknown;
}

/** The row of `load` beside `floor` (null where nothing else does what the path does). */
export function resultRow(name: string, clients: number, load: Load, floor: Load | null, more: Record<string, unknown> = {}): ResultRow {
  const at = (values: number[], p: number) => (values.length ? round(percentile(values, p), 1) : null);
  return {
    name,
    clients,
    rate: significant(load.rate),
    p50: at(load.latencies, 50),
    p99: at(load.latencies, 99),
    floorRate: floor ? significant(floor.rate) : null,
    floorP99: floor ? at(floor.latencies, 99) : null,
    ratio: floor ? significant(load.rate / floor.rate, 3) : null,
    ...more,
  };
}

/** What a benchmark returns; `runBench` prints it once everything it started has stopped. */
export interface BenchResult {
  /** The settings it ran with, defaults filled in. */
  args: Record<string, unknown>;
  /** The human-readable summary, printed before the CPU line, the machine line and the JSON line. */
  lines: string[];
  /** One row per measured path and concurrency (`resultRow`). */
  results: ResultRow[] | Array<Record<string, unknown>> | Record<string, unknown>;
  /** SQL statements PostgreSQL ran per operation (pg_stat_statements, see `statementsDuring`); null without an operation count. */
  statementsPerOp?: number | null;
  /** The floors' own figures, where the rows do not hold all of them. */
  floor?: Record<string, unknown> | null;
  /** A headline rate over its floor's; the rows' ratios are the figures. */
  ratio?: number | null;
  /** Appended to the machine line, e.g. the settings a run changed. */
  note?: string;
  /** More top-level fields of the JSON line. */
  extra?: Record<string, unknown>;
}

export interface BenchContext {
  args: BenchArgs;
  root: string;
  /** A fresh folder, removed at the end (kept with `keepTmp`). */
  tmp: string;
  log(line: string): void;
  /** Stops something when the benchmark ends, newest first, after its result is known. */
  defer(stop: () => Promise<unknown>): void;
  /** bench-stack.ts's dev-like stack (PostgreSQL, Temporal dev server, Lastro worker) in `tmp`; their CPU is counted. */
  startStack(opts?: StackOptions): Promise<BenchStack>;
  /** The Lastro API on a free local port. */
  startApi(deps: ActivityDeps, opts?: { keepAliveTimeout?: number }): Promise<{ port: number; base: string }>;
  /**
   * Runs a measured phase: the report's CPU seconds are those of every measured phase of the
   * run added up (warm-ups, set-up and floors stay out); `cpuSeconds` is this phase's alone,
   * `stolenPercent` the share of the machine's CPU time the hypervisor stole during it.
   */
  measured<T>(fn: () => Promise<T>): Promise<{ value: T; cpuSeconds: Record<string, number>; stolenPercent: number }>;
  /**
   * The processes whose CPU the report counts. By default this process (`lastro`: the API,
   * the worker and the load generator all run in it), then PostgreSQL and the Temporal server
   * once `startStack` started them; a benchmark running Lastro elsewhere names its own.
   */
  setCpuParts(parts: CpuPart[]): void;
  /** Counts one more process (e.g. a PostgreSQL a benchmark starts itself: `{ name: 'postgres', label: 'PostgreSQL', pid, tree: true }`). */
  countCpu(part: CpuPart): void;
}

export type StackOptions = Omit<Parameters<typeof startBenchStack>[0], 'root' | 'tmp' | 'cleanup' | 'log' | 'env'> & { env?: Record<string, string> };

const log = (line: string) => process.stdout.write(`${line}\n`);

/** This process, where a benchmark runs the API, the worker and the load generator. */
const THIS_PROCESS: CpuPart = { name: 'lastro', label: 'lastro (API + worker + load generator, one process)', pid: process.pid, tree: false };

/**
 * Runs one benchmark: parses `argv`, gives `body` a context, stops what it started (newest
 * first), removes its folder, then reports. The report comes last so that nothing a stopping
 * part prints can follow the JSON line.
 */
export async function runBench(name: string, argv: string[], body: (b: BenchContext) => Promise<BenchResult>, opts: { tmpPrefix?: string; keepTmp?: boolean } = {}): Promise<void> {
  const args = parseArgs(argv);
  const root = path.resolve(__dirname, '..', '..');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), opts.tmpPrefix ?? 'lastro-bench-'));
  fs.chmodSync(tmp, 0o755);
  const cleanup: Cleanup = [];
  let cpuParts: CpuPart[] = [THIS_PROCESS];
  let cpu: CpuSpan | null = null;
  const b: BenchContext = {
    args,
    root,
    tmp,
    log,
    defer: (stop) => cleanup.unshift(stop),
    startStack: async (stack = {}) => {
      const started = await startBenchStack({ ...stack, root, tmp, cleanup, log, env: stack.env ?? {} });
      for (const part of started.cpuParts) b.countCpu(part);
      return started;
    },
    startApi: async (deps, api = {}) => {
      const server: Server = createApp({ ...deps }).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      if (api.keepAliveTimeout) server.keepAliveTimeout = api.keepAliveTimeout;
      cleanup.unshift(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));
      const port = (server.address() as { port: number }).port;
      return { port, base: `http://127.0.0.1:${port}` };
    },
    measured: async (fn) => {
      const stop = startCpu(cpuParts);
      const value = await fn();
      const span = stop();
      addSpan((cpu ??= { seconds: 0, parts: {}, machine: { total: 0, stolen: 0 } }), span);
      return { value, cpuSeconds: cpuSeconds(span), stolenPercent: round(stolenPercent(span), 1) };
    },
    setCpuParts: (parts) => {
      cpuParts = parts;
    },
    countCpu: (part) => {
      cpuParts = [...cpuParts.filter((p) => p.name !== part.name), part];
    },
  };
  let result: BenchResult;
  try {
    result = await body(b);
  } finally {
    for (const fn of cleanup) await fn().catch((err) => log(`[bench] cleanup: ${String(err)}`));
    if (!opts.keepTmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
  report(name, result, cpu && { span: cpu, parts: cpuParts });
}

/**
 * The summary lines, the CPU line, the machine line, then the JSON line (last on stdout):
 * `{bench, args, results, statementsPerOp, cpuSeconds, …, machine}`. NaN becomes null.
 */
export function report(bench: string, r: BenchResult, cpu: { span: CpuSpan; parts: CpuPart[] } | null = null): void {
  const machine = { cpus: os.cpus().length, loadavg: os.loadavg().map((l) => round(l, 2)), ...(cpu ? { stolenPercent: round(stolenPercent(cpu.span), 1) } : {}) };
  log('');
  for (const line of r.lines) log(line);
  log(cpu ? formatCpu(cpu.span, cpu.parts) : 'CPU seconds: not measured (no measured phase)');
  log(`(${machine.cpus} CPUs, load average ${machine.loadavg.map((l) => l.toFixed(2)).join(' ')}${r.note ? `, ${r.note}` : ''})`);
  const optional = {
    ...(r.floor === undefined ? {} : { floor: r.floor }),
    ...(r.ratio === undefined ? {} : { ratio: r.ratio === null ? null : round(r.ratio, 4) }),
  };
  const json = { bench, args: r.args, results: r.results, statementsPerOp: r.statementsPerOp ?? null, cpuSeconds: cpu ? cpuSeconds(cpu.span) : null, ...optional, ...r.extra, machine };
  log(JSON.stringify(json));
}

/** A company in sandbox with an API key; it came with its owner recipient, active in sandbox. */
export async function benchCompany(rootEm: EntityManager): Promise<{ companyId: string; apiKey: string }> {
  const em = rootEm.fork();
  const company = await createCompany(em, { name: 'Bench', mode: 'sandbox' });
  const { apiKey } = await createApiKey(em, company);
  await em.flush();
  return { companyId: company.id, apiKey };
}

/** `count` card tokens of the sandbox's approved test card, stored 100 per flush. */
export async function benchCardTokens(rootEm: EntityManager, companyId: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 100) {
    const em = rootEm.fork();
    for (let j = i; j < Math.min(count, i + 100); j++) {
      tokens.push(storeCard(em, companyId, { number: '4111111111111111', holder: 'BENCH', document: '52998224725', cvv: '123', brand: 'visa', expMonth: 12, expYear: 2031 }).tokenId);
    }
    await em.flush();
  }
  return tokens;
}

/** Runs `task(0..total-1)` with at most `concurrency` in flight, each runner taking the next index when it is free. */
export async function pool(total: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

/** Seconds since it was made. */
export function stopwatch(): () => number {
  const started = performance.now();
  return () => (performance.now() - started) / 1000;
}

/** The value below which p % of `values` fall (nearest rank); NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50 / p90 / p99 / max of latencies in ms, to 0.1 ms, for a JSON result. */
export function latencies(values: number[]): { count: number; p50: number; p90: number; p99: number; max: number } {
  const at = (p: number) => round(percentile(values, p), 1);
  return { count: values.length, p50: at(50), p90: at(90), p99: at(99), max: at(100) };
}

/** A percentile for a human line: `123.4`, or `-` for none. */
export function ms(values: number[], p: number): string {
  const v = percentile(values, p);
  return Number.isNaN(v) ? '-' : v.toFixed(1);
}

export function round(v: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** To `digits` significant digits (a rate of 0.0058 or of 9,862 alike). */
export function significant(v: number, digits = 4): number {
  return Number.isFinite(v) && v !== 0 ? Number(v.toPrecision(digits)) : v;
}
