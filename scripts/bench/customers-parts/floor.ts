import http from 'node:http';
import Koa from 'koa';
import pg from 'pg';
import { likeContains } from '../../../src/http/pagination';
import { normalizeDocument } from '../../../src/shared/documents';
import { pool as runners, stopwatch } from '../harness';
import { listen } from '../transaction-floors/floors';

/**
 * The floor of the customer reads: a bare Koa + pg endpoint on the same paths as the API
 * (`/v1/customers/:id`, `/v1/customers?document=|email=|name=`), for one company, sending the
 * statements the API sends, with the same text (values inlined, as the ORM sends them, so both
 * use the simple query protocol), one after the other as the API does (the count only after a
 * full page), and answering the rows as JSON. No authentication, validation, ORM or response mapping: what is left is what any
 * server needs to answer from the same SQL. `floorStatements` gives the text for a request (the
 * select, then the count for a list), so the benchmark can check it against the statements the
 * API sent for that same request.
 */
export function floorStatements(companyId: string, url: string): string[] {
  const { pathname, searchParams } = new URL(url, 'http://floor');
  const byId = /^\/v1\/customers\/([^/]+)$/.exec(pathname);
  if (byId) return [`select "c0".* from "customers" as "c0" where "c0"."id" = ${literal(decodeURIComponent(byId[1]))} and "c0"."company_id" = ${literal(companyId)} limit 1`];
  if (pathname !== '/v1/customers') throw new Error(`the floor does not serve ${url}`);
  const filters: string[] = [];
  const name = searchParams.get('name');
  const email = searchParams.get('email');
  const document = searchParams.get('document');
  if (name) filters.push(`"c0"."name" ilike ${literal(likeContains(name))}`);
  if (email) filters.push(`"c0"."email" ilike ${literal(likeContains(email))}`);
  if (document) filters.push(`"c0"."document" ilike ${literal(likeContains(normalizeDocument(document)))}`);
  const where = `where "c0"."company_id" = ${literal(companyId)} and "c0"."deleted_at" is null${filters.map((f) => ` and ${f}`).join('')}`;
  return [`select "c0".* from "customers" as "c0" ${where} order by "c0"."created_at" desc, "c0"."id" desc limit ${PAGE}`, `select count(*) as "count" from "customers" as "c0" ${where}`];
}

/** The lists' page size: the API's default, the only one the floor serves. */
export const PAGE = 20;

/** A string as the ORM inlines it. */
function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export async function startCustomersFloor(databaseUrl: string, companyId: string, poolMax: number): Promise<{ port: number; close(): Promise<void> }> {
  const db = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  const app = new Koa();
  app.silent = true;
  app.use(async (ctx) => {
    const [select, count] = floorStatements(companyId, ctx.url);
    const { rows } = await db.query(select);
    if (!count) {
      ctx.status = rows.length ? 200 : 404;
      ctx.body = rows[0] ?? { error: 'not found' };
      return;
    }
    // As the API: a first page that is not full is the whole list, so only a full one is counted.
    const total = rows.length < PAGE ? rows.length : Number((await db.query<{ count: string }>(count)).rows[0].count);
    ctx.body = { data: rows, pagination: { page: 1, limit: PAGE, total, totalPages: Math.ceil(total / PAGE) } };
  });
  return listen(app, () => db.end());
}

export interface ReadLoad {
  requests: number;
  seconds: number;
  latencies: number[];
  failures: number;
  firstFailure: string | null;
}

/**
 * GETs over `clients` keep-alive connections for `seconds` (or `total` requests), each client
 * sending its next request when the previous one answered (closed loop); request i is `url(i)`.
 */
export async function readLoop(opts: { port: number; clients: number; seconds?: number; total?: number; headers?: Record<string, string>; url: (i: number) => string }): Promise<ReadLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients });
  const load: ReadLoad = { requests: 0, seconds: 0, latencies: [], failures: 0, firstFailure: null };
  const deadline = performance.now() + (opts.seconds ?? Infinity) * 1000;
  const total = opts.total ?? Infinity;
  let next = 0;
  const get = (path: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get({ host: '127.0.0.1', port: opts.port, path, agent, headers: opts.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          load.latencies.push(performance.now() - t0);
          load.requests++;
          if (res.statusCode !== 200) {
            load.failures++;
            load.firstFailure ??= `${res.statusCode} ${Buffer.concat(chunks as unknown as Uint8Array[]).toString('utf8').slice(0, 200)}`;
          }
          resolve();
        });
      });
      req.on('error', (err) => {
        load.failures++;
        load.firstFailure ??= String(err);
        resolve();
      });
    });
  const elapsed = stopwatch();
  await runners(opts.clients, opts.clients, async () => {
    while (next < total && performance.now() < deadline) await get(opts.url(next++));
  });
  load.seconds = elapsed();
  agent.destroy();
  return load;
}

/** Loads measured in turns (floor, API, floor, API…) added up. */
export function merge(loads: ReadLoad[]): ReadLoad & { rate: number } {
  const m: ReadLoad = { requests: 0, seconds: 0, latencies: [], failures: 0, firstFailure: null };
  for (const l of loads) {
    m.requests += l.requests;
    m.seconds += l.seconds;
    for (const v of l.latencies) m.latencies.push(v);
    m.failures += l.failures;
    m.firstFailure ??= l.firstFailure;
  }
  return { ...m, rate: m.requests / m.seconds };
}
