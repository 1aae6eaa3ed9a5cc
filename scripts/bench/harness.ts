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

/**
 * What every benchmark shares: its arguments, a temporary folder and the stack it starts
 * (stopped when it ends, newest first), the helpers its figures use, and its report: the
 * human-readable lines, then, as the last line of stdout, one JSON object
 * `{"bench", "args", "results", "floor", "ratio", "machine"}` for scripts to read.
 *
 *   export const run = (argv: string[]) => runBench('name', argv, async (b) => { …; return result; });
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

/** What a benchmark returns; `runBench` prints it once everything it started has stopped. */
export interface BenchResult {
  /** The settings it ran with, defaults filled in. */
  args: Record<string, unknown>;
  /** The human-readable summary, printed before the machine line and the JSON line. */
  lines: string[];
  /**
   * Its figures (rates per second, latencies in ms, durations in s). A load benchmark gives one
   * row per measured path and concurrency: `{name, clients, rate, p50, p99, floorRate,
   * floorP99, ratio}`, with ratio = rate / floorRate (higher is better everywhere).
   */
  results: Record<string, unknown> | Array<Record<string, unknown>>;
  /** The floor measured in the same run on the same machine and servers, or null. */
  floor: Record<string, unknown> | null;
  /** The headline figure over the floor's (stated in `lines`), or null. */
  ratio: number | null;
  /** Appended to the machine line, e.g. the settings a run changed. */
  note?: string;
  /** More top-level fields of the JSON line (e.g. `statementsPerOp`). */
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
  /** bench-stack.ts's dev-like stack (PostgreSQL, Temporal dev server, Lastro worker) in `tmp`. */
  startStack(opts?: StackOptions): Promise<BenchStack>;
  /** The Lastro API on a free local port. */
  startApi(deps: ActivityDeps, opts?: { keepAliveTimeout?: number }): Promise<{ port: number; base: string }>;
}

export type StackOptions = Omit<Parameters<typeof startBenchStack>[0], 'root' | 'tmp' | 'cleanup' | 'log' | 'env'> & { env?: Record<string, string> };

const log = (line: string) => process.stdout.write(`${line}\n`);

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
  const b: BenchContext = {
    args,
    root,
    tmp,
    log,
    defer: (stop) => cleanup.unshift(stop),
    startStack: (stack = {}) => startBenchStack({ ...stack, root, tmp, cleanup, log, env: stack.env ?? {} }),
    startApi: async (deps, api = {}) => {
      const server: Server = createApp({ ...deps }).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      if (api.keepAliveTimeout) server.keepAliveTimeout = api.keepAliveTimeout;
      cleanup.unshift(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));
      const port = (server.address() as { port: number }).port;
      return { port, base: `http://127.0.0.1:${port}` };
    },
  };
  let result: BenchResult;
  try {
    result = await body(b);
  } finally {
    for (const fn of cleanup) await fn().catch((err) => log(`[bench] cleanup: ${String(err)}`));
    if (!opts.keepTmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
  report(name, result);
}

/** The summary lines, the machine line, then the JSON line (last on stdout). NaN becomes null. */
export function report(bench: string, r: BenchResult): void {
  const machine = { cpus: os.cpus().length, loadavg: os.loadavg().map((l) => round(l, 2)) };
  log('');
  for (const line of r.lines) log(line);
  log(`(${machine.cpus} CPUs, load average ${machine.loadavg.map((l) => l.toFixed(2)).join(' ')}${r.note ? `, ${r.note}` : ''})`);
  log(JSON.stringify({ bench, args: r.args, results: r.results, floor: r.floor, ratio: r.ratio === null ? null : round(r.ratio, 4), ...r.extra, machine }));
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
