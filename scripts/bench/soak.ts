import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { sendKycDecision } from '../../src/cli/commands/recipients';
import { bankAccountFor, fullAddress, sellerBody } from '../../test/recipients/fixtures';
import { resultRow, round, runBench, type BenchResult } from './harness';
import type { CpuPart } from './cpu';
import { rssMb, startDevStack } from './soak-parts/dev-stack';
import { percentile, Recorder, slope, type MinuteStats, type RssSample } from './soak-parts/stats';
import { call, pickScenario, runScenario, SCENARIOS, type SoakWorld } from './soak-parts/traffic';

/**
 * Soak: `npm run dev` in a temporary data folder, then N minutes of mixed merchant traffic
 * (scripts/bench/soak-parts/traffic.ts) from `concurrency` clients, with a local webhook receiver.
 * Every minute: requests, errors, p50/p95/p99 and the RSS of the api and worker processes
 * (VmRSS, sampled every `sample` seconds). At the end: totals, error rate, p99 per minute, RSS
 * at start and end and the least-squares RSS slope over the second half (MB/min), also written
 * as JSON under .artifacts/soak/ (the JSON line on stdout holds the same figures but the RSS
 * samples), and the CPU seconds of the API, the worker, the Temporal dev server, PostgreSQL and
 * this process (the load generator) over the traffic. No floor. Not in CI.
 *
 *   npm run bench -- soak [--minutes 10] [--concurrency 4] [--sample 15] [--only <scenario>]
 */
const TASK_QUEUE = process.env.TEMPORAL_TASK_QUEUE ?? 'lastro';

/** Answers every webhook POST with 200 and counts the distinct events received. */
function startReceiver(): Promise<{ port: number; posts: () => number; events: () => number; close: () => Promise<void> }> {
  let posts = 0;
  const ids = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      posts++;
      try {
        ids.add((JSON.parse(body) as { id: string }).id);
      } catch {
        // Counted as a post; the id is only for the distinct count.
      }
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        posts: () => posts,
        events: () => ids.size,
        close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
      }),
    ),
  );
}

export const run = (argv: string[]) =>
  runBench(
    'soak',
    argv,
    async (b) => {
      const minutes = b.args.number('minutes', 10);
      const concurrency = b.args.number('concurrency', 4);
      const sampleSeconds = b.args.number('sample', 15);
      const only = b.args.flag('only');
      pickScenario(only);
      const dataDir = b.tmp;
      const log = (line: string) => b.log(line);
      const receiver = await startReceiver();
      b.defer(() => receiver.close());
      log(`[soak] npm run dev in ${dataDir} (log: ${path.join(dataDir, 'dev.log')})…`);
      const stack = await startDevStack(b.root, dataDir, {
        WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`,
        // One load generator is one client address and one key: per-client limits would turn the
        // soak into a rate-limit test.
        RATE_LIMIT_PER_MINUTE: '1000000',
        CARD_TOKENS_PER_MINUTE_PER_IP: '1000000',
        CARD_TOKENS_PER_MINUTE_PER_COMPANY: '1000000',
        CHECKOUT_VISITS_PER_MINUTE_PER_ADDRESS: '1000000',
        CHECKOUT_VISITS_PER_MINUTE_PER_LINK: '1000000',
        CHECKOUT_CONFIRMS_PER_MINUTE_PER_ADDRESS: '1000000',
        CHECKOUT_CONFIRMS_PER_MINUTE_PER_LINK: '1000000',
      });
      b.defer(() => stack.stop());
      const { ready, apiPid, workerPid } = stack;
      log(`[soak] ready: api pid ${apiPid}, worker pid ${workerPid}, ${ready.apiUrl}`);
      const cpuParts: CpuPart[] = [
        { name: 'api', label: 'API', pid: apiPid, tree: false },
        { name: 'worker', label: 'worker', pid: workerPid, tree: false },
        ...(stack.temporalPid === null ? [] : [{ name: 'temporal', label: 'Temporal dev server', pid: stack.temporalPid, tree: true }]),
        ...(stack.postgresPid === null ? [] : [{ name: 'postgres', label: 'PostgreSQL', pid: stack.postgresPid, tree: true }]),
        { name: 'loadGenerator', label: 'load generator (this process)', pid: process.pid, tree: false },
      ];
      b.setCpuParts(cpuParts);
      const connection = await Connection.connect({ address: ready.temporalAddress });
      b.defer(() => connection.close());
      const temporal = new Client({ connection });
      const rec = new Recorder();
      const world: SoakWorld = { base: ready.apiUrl, apiKey: ready.apiKey, companyId: ready.companyId, ownerId: '', sellerId: '', webhookId: '', planId: '', links: [], temporal, taskQueue: TASK_QUEUE, rec };
      await setUp(world, receiver.port);
      const setupErrors = rec.totals().errors;
      if (setupErrors > 0) throw new Error(`setup failed: ${JSON.stringify(rec.errorSamples)}`);

      // The measured run starts here: a fresh recorder, so setup is not in the figures.
      const r = new Recorder(minutes);
      world.rec = r;
      const rss: RssSample[] = [];
      const sample = () => rss.push({ atMin: (performance.now() - r.started) / 60_000, apiMb: rssMb(apiPid), workerMb: rssMb(workerPid) });
      sample();
      const sampler = setInterval(sample, sampleSeconds * 1000);
      const scenarios = new Map<string, number>();
      const deadline = r.started + minutes * 60_000;
      let printed = 0;
      const perMinute: MinuteStats[] = [];
      const printer = setInterval(() => {
        while (r.minuteNow() > printed && printed < minutes) {
          const m = r.minute(printed);
          perMinute.push(m);
          const last = rss[rss.length - 1];
          log(`[soak] minute ${String(m.minute).padStart(2)}: ${String(m.requests).padStart(5)} req, ${m.errors} errors, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms | RSS api ${mb(last.apiMb)}, worker ${mb(last.workerMb)} | load ${os.loadavg()[0].toFixed(2)}`);
          printed++;
        }
      }, 1000);
      log(`[soak] ${minutes} min, ${concurrency} clients, scenarios: ${SCENARIOS.map(([n, weight]) => `${n} ${weight}`).join(', ')}`);
      await b.measured(() =>
        Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (performance.now() < deadline && !stack.exited()) {
              const [name, fn] = pickScenario(only);
              scenarios.set(name, (scenarios.get(name) ?? 0) + 1);
              await runScenario(world, name, fn);
            }
          }),
        ),
      );
      const trafficSeconds = (performance.now() - r.started) / 1000;
      if (stack.exited()) r.error('dev stack', `${stack.exited()}: see ${path.join(dataDir, 'dev.log')}`);
      sample();
      clearInterval(sampler);
      clearInterval(printer);
      for (; printed < minutes; printed++) perMinute.push(r.minute(printed));

      // Counting deliveries is not traffic: its requests stay out of the figures.
      world.rec = new Recorder();
      const webhooks = await settleDeliveries(world, log).catch(() => null);
      if (world.rec.totals().errors) r.error('count deliveries', JSON.stringify(world.rec.errorSamples));
      if (stack.exited()) r.error('dev stack', `${stack.exited()} while the webhook backlog drained: see ${path.join(dataDir, 'dev.log')}`);
      const undelivered = webhooks ? webhooks.pending + webhooks.retrying + webhooks.failed : null;
      if (undelivered !== 0) r.error('webhook deliveries not delivered', `${undelivered ?? 'unknown'} of the run's deliveries did not succeed: ${JSON.stringify(webhooks)}`);
      return summarize({ r, rss, perMinute, minutes, trafficSeconds, concurrency, sampleSeconds, only, scenarios, webhooks: { ...webhooks, receivedPosts: receiver.posts(), distinctEvents: receiver.events() }, root: b.root });
    },
    { tmpPrefix: 'lastro-soak-', keepTmp: Boolean(process.env.SOAK_KEEP_DATA) },
  );

/** Deliveries by status once the backlog drains (at most 3 minutes after the traffic stops). */
async function settleDeliveries(w: SoakWorld, log: (line: string) => void): Promise<Record<DeliveryStatus, number>> {
  const count = async (status: DeliveryStatus) => (await call(w, 'count deliveries', 'GET', `/webhooks/deliveries?status=${status}&limit=1`)).body.pagination.total as number;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const byStatus = { pending: await count('pending'), retrying: await count('retrying'), success: await count('success'), failed: await count('failed') };
    if ((byStatus.pending === 0 && byStatus.retrying === 0) || Date.now() > deadline || w.rec.totals().errors > 0) return byStatus;
    log(`[soak] webhook backlog: ${JSON.stringify(byStatus)}`);
    await new Promise((res) => setTimeout(res, 10_000));
  }
}
type DeliveryStatus = 'pending' | 'retrying' | 'success' | 'failed';

const mb = (v: number | null) => (v === null ? 'gone' : `${v.toFixed(1)} MB`);

/** What the traffic needs once: an active owner and seller (the operator's KYC), a webhook, a plan. */
async function setUp(w: SoakWorld, receiverPort: number): Promise<void> {
  const recipient = async (role: 'owner' | 'seller') => {
    const body = sellerBody({ role, address: fullAddress });
    const created = (await call(w, 'setup recipient', 'POST', '/recipients', { body: { ...body, bankAccount: bankAccountFor(body.document as string) } })).body;
    await sendKycDecision(w.temporal, w.taskQueue, { recipientId: created.id, companyId: created.companyId, operator: 'soak', outcome: 'approved' });
    return created.id as string;
  };
  // The dev company came with its owner (active in sandbox); a payout account in its own document keeps it active.
  const owner = (await call(w, 'setup owner', 'GET', '/recipients/owner')).body;
  await call(w, 'setup owner', 'PUT', `/recipients/${owner.id}`, { body: { bankAccount: bankAccountFor(owner.document as string) } });
  w.ownerId = owner.id as string;
  w.sellerId = await recipient('seller');
  for (const id of [w.ownerId, w.sellerId]) {
    for (let i = 0; (await call(w, 'setup recipient', 'GET', `/recipients/${id}`)).body.status !== 'active'; i++) {
      if (i > 120) throw new Error(`recipient ${id} not active after KYC approval`);
      await new Promise((res) => setTimeout(res, 500));
    }
  }
  w.webhookId = (await call(w, 'setup webhook', 'POST', '/webhooks', { body: { name: 'Soak receiver', url: `http://127.0.0.1:${receiverPort}/hooks` } })).body.id;
  const plan = (await call(w, 'setup plan', 'POST', '/plans', { body: { code: 'soak', name: 'Soak monthly' } })).body;
  await call(w, 'setup plan', 'POST', `/plans/${plan.id}/charges`, { body: { item: { key: 'base', name: 'Base' }, price: { money: { amount: 4900, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } } });
  await call(w, 'setup plan', 'POST', `/plans/${plan.id}/publish`, { expect: [200, 201] });
  w.planId = plan.id;
}

interface Report {
  r: Recorder;
  rss: RssSample[];
  perMinute: MinuteStats[];
  minutes: number;
  /** From the measured recorder's start until the last client stopped. */
  trafficSeconds: number;
  concurrency: number;
  sampleSeconds: number;
  only: string | undefined;
  scenarios: Map<string, number>;
  webhooks: Partial<Record<DeliveryStatus, number>> & { receivedPosts: number; distinctEvents: number };
  root: string;
}

/** The summary lines and figures, also written as JSON (with the RSS samples) under .artifacts/soak/. */
function summarize({ r, rss, perMinute, minutes, trafficSeconds, concurrency, sampleSeconds, only, scenarios, webhooks, root }: Report): BenchResult {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const totals = r.totals();
  const errorRate = totals.requests ? totals.errors / totals.requests : 0;
  const half = rss.filter((s) => s.atMin >= minutes / 2);
  const trend = (key: 'apiMb' | 'workerMb') => {
    const s = slope(half.filter((x) => x[key] !== null).map((x) => [x.atMin, x[key]!]));
    return s === null ? null : round(s, 2);
  };
  const first = rss[0];
  const last = rss[rss.length - 1];
  const memory = {
    api: { startMb: mbOf(first.apiMb), endMb: mbOf(last.apiMb), maxMb: mbOf(Math.max(...rss.map((s) => s.apiMb ?? 0))), secondHalfSlopeMbPerMin: trend('apiMb') },
    worker: { startMb: mbOf(first.workerMb), endMb: mbOf(last.workerMb), maxMb: mbOf(Math.max(...rss.map((s) => s.workerMb ?? 0))), secondHalfSlopeMbPerMin: trend('workerMb') },
  };
  const byName = [...r.byName.entries()].map(([name, v]) => ({ name, count: v.length, p50: pctOf(v, 50), p99: pctOf(v, 99) })).sort((a, b) => b.count - a.count);
  log(`soak: ${minutes} min, ${concurrency} clients, ${totals.requests} requests (${(totals.requests / (minutes * 60)).toFixed(1)}/s), ${totals.errors} errors, error rate ${(errorRate * 100).toFixed(3)} %`);
  log(`  latency overall: p50 ${totals.p50} ms, p95 ${totals.p95} ms, p99 ${totals.p99} ms`);
  log(`  p99 per minute (ms): ${perMinute.map((m) => m.p99).join(', ')}`);
  for (const [name, m] of Object.entries(memory)) log(`  RSS ${name}: start ${m.startMb} MB, end ${m.endMb} MB, max ${m.maxMb} MB, slope over the second half ${m.secondHalfSlopeMbPerMin} MB/min`);
  const counted = (n: number | undefined) => n ?? 'unknown';
  log(`  webhook deliveries: ${counted(webhooks.success)} success, ${counted(webhooks.failed)} failed, ${counted(webhooks.pending)} pending, ${counted(webhooks.retrying)} retrying; the receiver got ${webhooks.receivedPosts} POSTs, ${webhooks.distinctEvents} distinct events`);
  log(`  scenarios run: ${[...scenarios.entries()].map(([n, c]) => `${n} ${c}`).join(', ')}`);
  if (r.errorsByKind.size) log(`  errors by kind: ${[...r.errorsByKind.entries()].map(([k, c]) => `${k} ×${c}`).join('; ')}`);
  for (const e of r.errorSamples.slice(0, 5)) log(`    at ${e.atMin.toFixed(2)} min: ${e.detail}`);

  const dir = path.join(root, '.artifacts', 'soak');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const json = {
    at: new Date().toISOString(),
    minutes,
    concurrency,
    cpus: os.cpus().length,
    loadAverageAtEnd: os.loadavg(),
    totals: { ...totals, errorRate },
    perMinute,
    memory,
    rssSamples: rss,
    webhooks,
    scenarios: Object.fromEntries(scenarios),
    requestsByName: byName,
    errorsByKind: Object.fromEntries(r.errorsByKind),
    errorSamples: r.errorSamples,
  };
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  log(`  JSON: ${path.relative(root, file)}`);
  // One row (the whole mix, no floor), then the file's figures but its samples (RSS, errors).
  const load = { rate: totals.requests / trafficSeconds, latencies: [...r.byName.values()].flat() };
  const results = [resultRow('mixed merchant traffic', concurrency, load, null, { requests: totals.requests, errors: totals.errors, p95: totals.p95 })];
  const extra = { totals: json.totals, perMinute, memory, webhooks, scenarios: json.scenarios, requestsByName: byName, errorsByKind: json.errorsByKind, file: path.relative(root, file) };
  return { args: { minutes, concurrency, sample: sampleSeconds, only: only ?? null }, lines, results, statementsPerOp: null, extra };
}

const mbOf = (v: number | null) => (v === null ? null : round(v));
const pctOf = (v: number[], p: number) => round(percentile(v, p));
