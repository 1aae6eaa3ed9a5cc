import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivityDeps } from '../../activities/deps';
import { loadConfig } from '../../src/config';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { createOrm, migrate } from '../../src/db/orm';
import { createEventDispatcher } from '../../src/events/subscribers';
import { createLogger } from '../../src/shared/logger';
import { freePort } from '../../test/helpers/ports';
import { statementsDuring } from './bench-stack';
import { cpuSeconds, startCpu, type CpuPart } from './cpu';
import { ms, resultRow, round, runBench, type BenchContext, type ResultRow } from './harness';
import { floorStatements, merge, PAGE, readLoop, startCustomersFloor, type ReadLoad } from './customers-parts/floor';
import { seedCustomers } from './customers-parts/seed';

/**
 * Customer reads over a large table, through the API (Koa, API key, validation, MikroORM)
 * beside a bare Koa + pg endpoint sending the same statements (checked, text for text, against
 * those the API sent), at the same clients in the same run: GET /v1/customers/:id, the list
 * filtered by document and by email (selective: one customer each), and the name search
 * (`name=` first name and surname: hundreds of matches). Each measurement alternates floor and
 * API in two turns. Beside them, the API's own cost: an authenticated route with no SQL of its
 * own. The rows (several companies; the measured one owns half) are written by PostgreSQL
 * itself; with `--keep <dir>` the database lives in `<dir>` and a rerun with the same row count
 * reuses it. No Temporal: these reads never call it.
 *
 *   npm run bench -- customers [rows = 1000000] [clients = 1,16,64] [--seconds 8] [--keep <dir>]
 *                              [--paths get,byDocument,byEmail,nameSearch]
 */

const POOL = 10;

export const run = (argv: string[]) =>
  runBench('customers', argv, async (b) => {
    const rows = b.args.number(0, 1_000_000);
    const levels = b.args.numbers(1, [1, 16, 64]);
    const seconds = b.args.number('seconds', 8);
    const keep = b.args.flag('keep') ?? b.args.flag('reuse');
    const dataDir = keep ? path.resolve(keep) : b.tmp;
    fs.mkdirSync(dataDir, { recursive: true });

    const { deps, rootEm, postgres } = await startDatabase(b, dataDir);
    const seeded = await seedCustomers(rootEm, deps.config.databaseUrl, rows, dataDir, b.log);
    const { companyId, apiKey } = seeded;
    const headers = { 'x-api-key': apiKey };
    const api = await b.startApi(deps, { keepAliveTimeout: 60_000 });
    const floor = await startCustomersFloor(deps.config.databaseUrl, companyId, POOL);
    b.defer(() => floor.close());

    const only = b.args.flag('paths')?.split(',');
    const paths = Object.fromEntries(Object.entries(await requestPaths(rootEm, companyId, rows)).filter(([name]) => !only || only.includes(name)));
    b.log('[bench] checking that the floor sends the statements the API sends…');
    const plans = await checkStatements(b, rootEm, api.port, headers, companyId, paths);

    const statements: Record<string, { api: number; floor: number }> = {};
    const SAMPLE = 20;
    for (const [name, url] of Object.entries(paths)) {
      const oneByOne = (port: number, h?: Record<string, string>) => () => readLoop({ port, clients: 1, total: SAMPLE, headers: h, url });
      statements[name] = {
        api: round((await statementsDuring(rootEm, oneByOne(api.port, headers), 200)) / SAMPLE, 2),
        floor: round((await statementsDuring(rootEm, oneByOne(floor.port), 200)) / SAMPLE, 2),
      };
    }

    const results: ResultRow[] = [];
    const floorFigures: Record<string, Record<string, unknown>> = {};
    const lines: string[] = [
      `${rows.toLocaleString('en-US')} customers (${seeded.seeded ? 'seeded by this run' : `reused from ${dataDir}`}); ${seconds} s per measurement, floor and API in alternating turns`,
      'CPU ms per request: this process (API or floor, and the load generator) + PostgreSQL',
    ];
    const line = (label: string, clients: number, r: Measured) =>
      lines.push(
        `${label.padEnd(46)} ${String(clients).padStart(3)} clients: ${r.rate.toFixed(1).padStart(7)} req/s  p50 ${ms(r.latencies, 50).padStart(6)} ms  p99 ${ms(r.latencies, 99).padStart(6)} ms  CPU ${r.cpuMs.lastro.toFixed(2)} + ${r.cpuMs.postgres.toFixed(2)} ms${r.failures ? `  (${r.failures} failed, first: ${r.firstFailure})` : ''}`,
      );
    // The API's loads are the run's measured phase (the report's CPU seconds); the floors' are not.
    const cpuParts = postgres ? [lastroPart, postgres] : [lastroPart];
    const api$ = (load: () => Promise<ReadLoad>) => measure(cpuParts, () => b.measured(load).then((m) => m.value));
    const floor$ = (load: () => Promise<ReadLoad>) => measure(cpuParts, load);
    for (const clients of levels) {
      // The API's own cost with no SQL of the route's: an authenticated route that answers from the company.
      b.log(`[bench] API baseline, ${clients} clients…`);
      const baseline = together([await api$(() => readLoop({ port: api.port, clients, seconds, headers, url: () => '/v1/settings/refunds' }))]);
      line('API, no customer SQL (GET /v1/settings/refunds)', clients, baseline);
      (floorFigures.apiBaseline ??= {})[`clients${clients}`] = figures(baseline);
      for (const [name, url] of Object.entries(paths)) {
        b.log(`[bench] ${name}, ${clients} clients…`);
        const loads = { api: [] as Measured[], floor: [] as Measured[] };
        for (let turn = 0; turn < 2; turn++) {
          loads.floor.push(await floor$(() => readLoop({ port: floor.port, clients, seconds: seconds / 2, url })));
          loads.api.push(await api$(() => readLoop({ port: api.port, clients, seconds: seconds / 2, headers, url })));
        }
        const f = together(loads.floor);
        const a = together(loads.api);
        line(`floor: ${name}`, clients, f);
        line(`API:   ${name}`, clients, a);
        (floorFigures[name] ??= {})[`clients${clients}`] = figures(f);
        results.push(resultRow(name, clients, a, f, { failures: a.failures, cpuMsPerRequest: roundAll(a.cpuMs), floorCpuMsPerRequest: roundAll(f.cpuMs) }));
      }
    }
    lines.push('statements per request (pg_stat_statements): ' + Object.entries(statements).map(([n, s]) => `${n} API ${s.api} / floor ${s.floor}`).join(', '));
    lines.push('plans (EXPLAIN ANALYZE, one request):', ...plans);
    for (const r of results) lines.push(`${r.name.padEnd(10)} at ${String(r.clients).padStart(3)} clients: ${r.ratio}× the bare endpoint (p99 ${r.p99} ms beside ${r.floorP99} ms)`);
    const goals = goalsOf(results);
    lines.push(
      `goals: ≥ 0.5× the bare endpoint on every query: lowest ${goals.lowestRatio}× (${goals.ratioMet ? 'met' : 'not met'}); ` +
        `selective search p99 < 20 ms at ${goals.latencyClients} client(s): ${Object.entries(goals.selectiveP99).map(([n, v]) => `${n} ${v} ms`).join(', ')} (${goals.latencyMet ? 'met' : 'not met'})`,
    );
    return {
      args: { rows, levels, seconds, keep: keep ?? null, paths: Object.keys(paths) },
      lines,
      results,
      // The first path's, through the API; every path's, API and floor, in statementsPerRequest.
      statementsPerOp: Object.values(statements)[0]?.api ?? null,
      floor: floorFigures,
      note: `${rows.toLocaleString('en-US')} customers`,
      extra: { statementsPerRequest: statements, goals },
    };
  });

const lastroPart: CpuPart = { name: 'lastro', label: 'this process', pid: process.pid, tree: false };

type Measured = ReturnType<typeof merge> & { cpuMs: { lastro: number; postgres: number } };

/** A load with the CPU time per request it cost this process and PostgreSQL. */
async function measure(parts: CpuPart[], load: () => Promise<ReadLoad>): Promise<Measured> {
  const stop = startCpu(parts);
  const m = merge([await load()]);
  const cpu = cpuSeconds(stop());
  const perRequest = (name: string) => ((cpu[name] ?? 0) * 1000) / Math.max(1, m.requests);
  return { ...m, cpuMs: { lastro: perRequest('lastro'), postgres: perRequest('postgres') } };
}

/** Turns of one load added up; CPU per request weighted by each turn's requests. */
function together(measured: Measured[]): Measured {
  const m = merge(measured);
  const weighted = (k: 'lastro' | 'postgres') => measured.reduce((sum, x) => sum + x.cpuMs[k] * x.requests, 0) / Math.max(1, m.requests);
  return { ...m, cpuMs: { lastro: weighted('lastro'), postgres: weighted('postgres') } };
}

function roundAll(cpuMs: Measured['cpuMs']): Measured['cpuMs'] {
  return { lastro: round(cpuMs.lastro, 2), postgres: round(cpuMs.postgres, 2) };
}

function figures(m: Measured): Record<string, unknown> {
  return { rate: round(m.rate, 1), p50: Number(ms(m.latencies, 50)), p99: Number(ms(m.latencies, 99)), failures: m.failures, cpuMsPerRequest: roundAll(m.cpuMs) };
}

/**
 * The issue's goals: every query at ≥ 0.5× its bare endpoint, and the selective searches (by
 * document, by email) answered with p99 < 20 ms. Latency under N clients in a closed loop is
 * mostly queueing (N / rate), for the bare endpoint too, so the latency goal is read at the
 * fewest clients measured (1 by default).
 */
function goalsOf(results: ResultRow[]) {
  const lowestRatio = Math.min(...results.map((r) => r.ratio ?? 0));
  const latencyClients = Math.min(...results.map((r) => r.clients));
  const selectiveP99 = Object.fromEntries(results.filter((r) => r.clients === latencyClients && ['byDocument', 'byEmail'].includes(r.name)).map((r) => [r.name, r.p99 ?? NaN] as const));
  return { lowestRatio, ratioMet: lowestRatio >= 0.5, latencyClients, selectiveP99, latencyMet: Object.values(selectiveP99).every((p99) => p99 < 20) };
}

/** Embedded PostgreSQL in `dataDir/pg` (kept there with --keep), migrated, and what the API needs; no Temporal: these reads never call it. */
async function startDatabase(b: BenchContext, dataDir: string): Promise<{ deps: ActivityDeps; rootEm: EntityManager; postgres: CpuPart | null }> {
  b.log('[bench] starting PostgreSQL…');
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort(), settings: { shared_preload_libraries: 'pg_stat_statements' } });
  b.defer(() => pg.stop());
  const postgres: CpuPart | null = pg.pid === null ? null : { name: 'postgres', label: 'PostgreSQL', pid: pg.pid, tree: true };
  if (postgres) b.countCpu(postgres);
  const databaseUrl = await ensureDatabase(pg.serverUrl, 'lastro_bench');
  const config = loadConfig({ LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', DATABASE_URL: databaseUrl });
  const logger = createLogger(config.logLevel, 'bench');
  const orm = await createOrm(databaseUrl, { pool: { min: 0, max: POOL } });
  b.defer(() => orm.close());
  await migrate(orm, databaseUrl);
  await orm.em.getConnection().execute('create extension if not exists pg_stat_statements');
  // A lazy client that never connects: no customer read touches Temporal.
  const temporal = new Client();
  const dispatcher = createEventDispatcher(orm, { config, temporal, logger });
  return { deps: { config, orm, logger, temporal, dispatcher }, rootEm: orm.em as unknown as EntityManager, postgres };
}

/**
 * Request i of each measured path, over 2,000 customers of the measured company picked at
 * random: by id (soft-deleted ones included: they stay readable), by document (written with
 * punctuation every other time, as a merchant pastes it), by email, and by first name and
 * surname (individuals only).
 */
async function requestPaths(rootEm: EntityManager, companyId: string, rows: number): Promise<Record<string, (i: number) => string>> {
  const percent = Math.min(100, (8_000 / rows) * 100);
  const sample = await rootEm.getConnection().execute<Array<{ id: string; name: string; email: string; document: string; type: string; deleted: boolean }>>(
    `select id, name, email, document, type, deleted_at is not null as deleted from customers tablesample bernoulli (${percent}) where company_id = ? order by md5(id) limit 2000`,
    [companyId],
  );
  const live = sample.filter((c) => !c.deleted);
  const people = live.filter((c) => c.type === 'individual');
  const list = (params: Record<string, string>) => `/v1/customers?${new URLSearchParams(params)}`;
  return {
    get: (i) => `/v1/customers/${sample[i % sample.length].id}`,
    byDocument: (i) => list({ document: i % 2 ? live[i % live.length].document : formatted(live[i % live.length].document) }),
    byEmail: (i) => list({ email: live[i % live.length].email }),
    nameSearch: (i) => list({ name: people[i % people.length].name.split(' ').slice(0, 2).join(' ') }),
  };
}

/** 52998224725 → 529.982.247-25; 11222333000181 → 11.222.333/0001-81. */
function formatted(document: string): string {
  return document.length === 11
    ? document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
    : document.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

/**
 * Sends 20 requests of each path to the API one at a time, recording the statements its pool
 * sent (the API key lookup aside), and fails unless they are the floor's statements for the same
 * request, text for text. Returns one line per statement with the plan PostgreSQL picks for it.
 */
async function checkStatements(b: BenchContext, rootEm: EntityManager, port: number, headers: Record<string, string>, companyId: string, paths: Record<string, (i: number) => string>): Promise<string[]> {
  const knex = (rootEm.getConnection() as unknown as { getKnex(): KnexEvents }).getKnex();
  let sent: string[] = [];
  const onQuery = (q: { sql?: string }) => sent.push(q.sql ?? '');
  knex.on('query', onQuery);
  const plans: string[] = [];
  try {
    for (const [name, url] of Object.entries(paths)) {
      for (let i = 0; i < 20; i++) {
        sent = [];
        const load = await readLoop({ port, clients: 1, total: 1, headers, url: () => url(i) });
        if (load.failures) throw new Error(`${url(i)}: ${load.firstFailure}`);
        const mine = sent.filter((sql) => !sql.includes('from api_keys'));
        const [select, count] = floorStatements(companyId, url(i));
        const fullPage = count !== undefined && (await rootEm.getConnection().execute(select)).length === PAGE;
        const expected = fullPage ? [select, count] : [select];
        if (JSON.stringify(mine) !== JSON.stringify(expected)) {
          throw new Error(`the floor of ${name} does not send what the API sent for ${url(i)}:\n  API:   ${mine.join('\n         ')}\n  floor: ${expected.join('\n         ')}`);
        }
      }
      for (const [k, sql] of floorStatements(companyId, url(0)).entries()) plans.push(`  ${`${name} ${['select', 'count'][k]}`.padEnd(17)} ${await plan(rootEm, sql)}`);
      b.log(`[bench] ${name}: ${floorStatements(companyId, url(0)).join('; ')}`);
    }
  } finally {
    knex.removeListener('query', onQuery);
  }
  return plans;
}

interface KnexEvents {
  on(event: 'query', fn: (q: { sql?: string }) => void): void;
  removeListener(event: 'query', fn: (q: { sql?: string }) => void): void;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The plan's nodes, outermost first, and its execution time. */
async function plan(rootEm: EntityManager, sql: string): Promise<string> {
  const [row] = await rootEm.getConnection().execute(`explain (analyze, format json) ${sql}`);
  const [{ Plan, 'Execution Time': time }] = row['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>;
  const nodes: string[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(`${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}`);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(Plan);
  return `${time.toFixed(2)} ms, ${nodes.join(' > ')}`;
}
