import http from 'node:http';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventDispatcher } from '../../src/events/dispatcher';
import { insertEvents, recordEvent } from '../../src/events/outbox';
import { createCompany } from '../../src/companies/companies.service';
import { createWebhook, setWebhookStatus } from '../../src/webhooks/webhooks.service';
import { statementsDuring } from './bench-stack';
import { latencies, ms, pool, resultRow, round, runBench, significant, stopwatch, type BenchContext, type Load } from './harness';
import { lastroProcesses, pollersOn, startBenchProcess } from './processes';

/**
 * Webhook delivery throughput and latency, end to end on this machine: events recorded in
 * the outbox and dispatched as the API does after a commit (by this process), deliveries created
 * and drained by the delivery lanes (src/webhooks/delivery-lanes.ts) of a Lastro worker running
 * in a process of its own, signed POSTs received by a local sink in a process of its own
 * (./webhook-sink.ts). Beside it, the same sink driven by a bare keep-alive POST loop, the ceiling the pipeline is paying its
 * durability for. Rows: the burst (deliveries per second over the bare
 * loop's with one connection per webhook), one event at a time (over the bare loop's with one
 * connection), and a burst while one more endpoint answers after 10 s, then while it never
 * answers (the other endpoints' figures). Statements per delivery come from
 * pg_stat_statements over the bursts, the outcomes' records included; the CPU seconds are those
 * of every measured phase.
 *
 * Each phase's floor is measured right before it: on a shared host the hypervisor's steal comes
 * and goes within seconds, and a floor measured a minute away may meet another machine. The
 * burst runs `--rounds` times (3), each after its own floor; its row is the round of median
 * ratio, with the latencies of every round.
 *
 *   npm run bench -- webhooks [events=300] [webhooks=5] [--per-endpoint 1] [--rounds 3]
 */
/**
 * A floor measured before a phase: at least these requests and at least a second of the bare
 * loop, about as long as a 300 × 5 burst. On a fast host 5,000 requests took 0.17 s, and floors
 * that short swung between 23,000 and 37,000/s within one run.
 */
const FLOOR = { parallel: { requests: 5_000, seconds: 1 }, serial: { requests: 2_000, seconds: 1 } };
/**
 * Deliveries sent, in bursts of the measured size, before the measured rounds (at least one
 * burst): five 300 × 5 bursts, one 3,000 × 10. The pipeline warms with the deliveries it makes
 * (JIT, connections, plans), not with the bursts; one 3,000 × 10 burst is 30,000 of them.
 */
const WARM_UP_DELIVERIES = 7_500;
export const run = (argv: string[]) =>
  runBench('webhooks', argv, async (b) => {
    const events = b.args.number(0, 300);
    const webhookCount = b.args.number(1, 5);
    const sink = await startSink(b);

    const allowlist = { WEBHOOK_ALLOWLIST: `127.0.0.1:${sink.port}` };
    const { deps, rootEm, cpuParts } = await b.startStack({ env: allowlist, worker: false });
    const { config, dispatcher } = deps;
    // Attempts in flight per endpoint (WEBHOOK_CONCURRENCY_PER_ENDPOINT), the worker's default unless given.
    const perEndpoint = b.args.number('per-endpoint', config.webhookConcurrencyPerEndpoint);
    const rounds = b.args.number('rounds', 3);
    // The Lastro worker as deployed, in a process of its own: its delivery lanes send the attempts.
    const start = lastroProcesses(b, config, { ...allowlist, WEBHOOK_CONCURRENCY_PER_ENDPOINT: String(perEndpoint) });
    const worker = await start('worker', 'Lastro worker', 'worker/index.ts', { listening: false });
    b.setCpuParts([{ name: 'loadgen', label: 'events and bare loop (this process)', pid: process.pid, tree: false }, worker.cpu, sink.cpu, ...cpuParts]);
    await pollersOn(deps.temporal, config.temporal.taskQueue);

    const em = rootEm.fork();
    const company = await createCompany(em, { name: 'Bench', mode: 'sandbox' });
    await em.flush();
    for (let i = 0; i < webhookCount; i++) {
      await createWebhook(em, company.id, { name: `sink ${i}`, url: `http://127.0.0.1:${sink.port}/w${i}`, events: [] }, { allowlist: config.webhookAllowlist });
    }
    await em.flush();

    // Warm-up, not measured, in the order of a round (the bare loop, then bursts of the measured
    // size): the bare loop keeps getting faster over its first tens of thousands of requests (JIT;
    // after 10,000 its rate still rose from about 3,500 to 7,000/s over a run), so a floor measured
    // cold would flatter the ratio. The pipeline warms the same way, over its first thousands of
    // deliveries: the producers' 8 database connections, the lanes' connections to each endpoint,
    // statement plans and JIT. After one 300 × 5 burst of warm-up, six measured bursts in a row
    // took 0.45, 0.40, 0.40, 0.37, 0.33 and 0.30 s: the first rounds measured a pipeline still
    // warming up beside a warm loop.
    await bareLoop(sink.port, { requests: 40_000, seconds: 0 }, webhookCount);
    await bareLoop(sink.port, FLOOR.serial, 1);
    for (let i = 0; i < Math.max(1, Math.ceil(WARM_UP_DELIVERIES / (events * webhookCount))); i++) {
      await produce(rootEm, dispatcher, company.id, events);
      await sink.waitFor(events * webhookCount, 300_000);
      await sink.reset();
    }

    // The bare loop right before a phase, then the phase with the sink's figures reset.
    const floorBefore = async (connections: number): Promise<Load> => {
      const floor = await bareLoop(sink.port, connections === 1 ? FLOOR.serial : FLOOR.parallel, connections);
      await sink.reset();
      return floor;
    };

    const expected = events * webhookCount;
    b.log(`[bench] ${events} events × ${webhookCount} webhooks = ${expected} deliveries, ${rounds} rounds…`);
    const burstRounds: Array<{ rate: number; floor: Load; ratio: number; seconds: number; recordedSeconds: number; stolenPercent: number }> = [];
    const burstLatencies: number[] = [];
    const updatesBefore = await deliveryUpdates(rootEm);
    const statements = await statementsDuring(rootEm, async () => {
      for (let r = 0; r < rounds; r++) {
        const floor = await floorBefore(webhookCount);
        const { value, stolenPercent } = await b.measured(async () => {
          const elapsed = stopwatch();
          await produce(rootEm, dispatcher, company.id, events);
          const recordedSeconds = elapsed();
          await sink.waitFor(expected, 600_000);
          return { seconds: elapsed(), recordedSeconds };
        });
        const rate = expected / value.seconds;
        burstRounds.push({ ...value, rate, floor, ratio: rate / floor.rate, stolenPercent });
        burstLatencies.push(...(await sink.latencies()));
      }
    });
    const updatesAfter = await deliveryUpdates(rootEm);
    const updates = { all: updatesAfter.all - updatesBefore.all, hot: updatesAfter.hot - updatesBefore.hot };
    const workflows = await countWorkflows(rootEm, deps.temporal);
    const median = [...burstRounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(burstRounds.length / 2)];

    // The same burst with its events recorded in one statement and dispatched together, as a
    // billing run's page records its invoices' events: the pipeline without the requests' cost.
    b.log(`[bench] ${events} events recorded together × ${webhookCount} webhooks…`);
    const togetherFloor = await floorBefore(webhookCount);
    const { value: together } = await b.measured(async () => {
      const elapsed = stopwatch();
      await produceTogether(rootEm, dispatcher, company.id, events);
      const recorded = elapsed();
      await sink.waitFor(expected, 600_000);
      return { seconds: elapsed(), recorded };
    });
    const togetherLoad: Load = { rate: expected / together.seconds, latencies: await sink.latencies() };

    // Latency without a backlog: one event at a time, the next once all its deliveries arrived.
    const paced = Math.min(events, 50);
    b.log(`[bench] ${paced} events one at a time…`);
    const bareSerial = await floorBefore(1);
    const { value: pacedSeconds } = await b.measured(async () => {
      const elapsed = stopwatch();
      for (let i = 0; i < paced; i++) {
        await produce(rootEm, dispatcher, company.id, 1);
        await sink.waitFor((i + 1) * webhookCount, 120_000);
      }
      return elapsed();
    });
    const pacedLatencies = await sink.latencies();

    // One more endpoint that answers after 10 s, then one that never answers (the 15 s timeout):
    // the other endpoints' first attempts, in a burst of their own.
    const slowEvents = Math.min(events, 300);
    const slowRuns: Array<{ label: string; path: string; load: Load; seconds: number; floor: Load }> = [];
    for (const [label, path] of [['answering after 10 s', '/slow'], ['never answering', '/silent']] as const) {
      b.log(`[bench] ${slowEvents} events while one more endpoint is ${label}…`);
      const extra = await createWebhook(em, company.id, { name: `sink ${path}`, url: `http://127.0.0.1:${sink.port}${path}`, events: [] }, { allowlist: config.webhookAllowlist });
      await em.flush();
      const floor = await floorBefore(webhookCount);
      const { value: slowSeconds } = await b.measured(async () => {
        const elapsed = stopwatch();
        await produce(rootEm, dispatcher, company.id, slowEvents);
        await sink.waitFor(slowEvents * webhookCount, 600_000, '/w');
        return elapsed();
      });
      slowRuns.push({ label, path, seconds: slowSeconds, floor, load: { rate: (slowEvents * webhookCount) / slowSeconds, latencies: await sink.latencies('/w') } });
      await rootEm.fork().transactional((tem) => setWebhookStatus(tem, company.id, extra.id, false));
    }

    const burst: Load = { rate: median.rate, latencies: burstLatencies };
    const pacedLoad: Load = { rate: (paced * webhookCount) / pacedSeconds, latencies: pacedLatencies };
    const bare = (r: Load) => ({ rate: round(r.rate, 1), latencyMs: latencies(r.latencies) });
    const over = (load: { rate: number }, floor: Load) => `${(load.rate / floor.rate).toFixed(3)}× the bare loop's ${floor.rate.toFixed(0)}/s`;
    return {
      args: { events, webhooks: webhookCount, perEndpoint, rounds },
      lines: [
        `webhooks pipeline, ${expected} deliveries a burst (${workflows} workflows started):`,
        ...burstRounds.map(
          (r, i) =>
            `  round ${i + 1}: ${r.seconds.toFixed(2)} s = ${r.rate.toFixed(1)} deliveries/s, ${over(r, r.floor)} over ${webhookCount} connections just before; the ${events} events recorded in the first ${r.recordedSeconds.toFixed(2)} s; ${r.stolenPercent.toFixed(0)}% of the CPU time stolen`,
        ),
        `  event → first attempt, burst (queueing included, every round): p50 ${ms(burstLatencies, 50)} ms, p99 ${ms(burstLatencies, 99)} ms`,
        `  events recorded together (one statement, one dispatch): ${togetherLoad.rate.toFixed(1)} deliveries/s (${over(togetherLoad, togetherFloor)}), recorded in ${together.recorded.toFixed(2)} s, first attempt p50 ${ms(togetherLoad.latencies, 50)} ms, p99 ${ms(togetherLoad.latencies, 99)} ms`,
        `  event → first attempt, one event at a time: ${pacedLoad.rate.toFixed(1)} deliveries/s (${over(pacedLoad, bareSerial)} over 1 connection), p50 ${ms(pacedLatencies, 50)} ms, p99 ${ms(pacedLatencies, 99)} ms`,
        ...slowRuns.map((r) => `  with one more endpoint ${r.label}, the other ${webhookCount}: ${r.load.rate.toFixed(1)} deliveries/s (${over(r.load, r.floor)}), first attempt p50 ${ms(r.load.latencies, 50)} ms, p99 ${ms(r.load.latencies, 99)} ms`),
        `  SQL statements per delivery (pg_stat_statements, the event's recording included): ${(statements / (expected * rounds)).toFixed(2)}`,
        `  webhook_deliveries row updates in the bursts: ${updates.all} (claims and outcomes), ${updates.hot} of them heap-only (no index entries)`,
        `burst over the bare loop, median of ${rounds} rounds: ${median.ratio.toFixed(3)}× (${median.rate.toFixed(1)} beside ${median.floor.rate.toFixed(0)} deliveries/s)`,
      ],
      // Latencies are event → first attempt; a row's clients are the lanes (webhooks) a burst runs in parallel.
      results: [
        resultRow('deliveries, burst', webhookCount, burst, median.floor, {
          deliveries: expected,
          seconds: round(median.seconds, 2),
          recordedSeconds: round(median.recordedSeconds, 2),
          workflows,
          rounds: burstRounds.map((r) => ({ rate: significant(r.rate), floorRate: significant(r.floor.rate), ratio: significant(r.ratio, 3), stolenPercent: round(r.stolenPercent, 1) })),
        }),
        resultRow('deliveries, burst, events recorded together', webhookCount, togetherLoad, togetherFloor, { deliveries: expected, seconds: round(together.seconds, 2), recordedSeconds: round(together.recorded, 2) }),
        resultRow('deliveries, one event at a time', 1, pacedLoad, bareSerial, { deliveries: paced * webhookCount, seconds: round(pacedSeconds, 2) }),
        ...slowRuns.map((r) => resultRow(`deliveries, burst, one more endpoint ${r.label}`, webhookCount, r.load, r.floor, { deliveries: slowEvents * webhookCount, seconds: round(r.seconds, 2) })),
      ],
      statementsPerOp: round(statements / (expected * rounds), 2),
      floor: { bareOneConnection: bare(bareSerial), bareParallel: { connections: webhookCount, ...bare(median.floor) } },
    };
  });

/** Row updates of webhook_deliveries so far, and how many were heap-only (PostgreSQL's statistics, flushed first). */
async function deliveryUpdates(rootEm: EntityManager): Promise<{ all: number; hot: number }> {
  const em = rootEm.fork();
  await em.execute('select pg_stat_force_next_flush()');
  const [row] = await em.execute<{ all: number; hot: number }[]>(`select n_tup_upd::int as all, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'webhook_deliveries'`);
  return row;
}

/** Retry workflows started so far (a delivery whose first attempt succeeded has none). */
async function countWorkflows(rootEm: EntityManager, temporal: Client): Promise<number> {
  const rows = await rootEm.fork().execute<{ id: string }[]>(`select id from webhook_deliveries where status <> 'success' or attempt_count > 1 limit 1000`);
  let n = 0;
  for (const r of rows) {
    try {
      await temporal.workflow.getHandle(r.id).describe();
      n++;
    } catch {
      // none
    }
  }
  return n;
}

/** Records `count` events, each in its own transaction (8 requests at a time), and hands each to the dispatcher after its commit as the API does (`dispatchSoon`: concurrent requests' events are dispatched together). */
async function produce(rootEm: EntityManager, dispatcher: EventDispatcher, companyId: string, count: number): Promise<void> {
  await pool(count, 8, async (n) => {
    const em = rootEm.fork();
    const event = recordEvent(em, { companyId, type: 'customer.created', entityType: 'customer', data: { id: `cust_bench${n}`, name: `Customer ${n}` } });
    await em.flush();
    dispatcher.dispatchSoon([event.id], [event]);
  });
}

/** Records `count` events in one transaction and one statement (`insertEvents`, a billing run page's way) and dispatches them together. */
async function produceTogether(rootEm: EntityManager, dispatcher: EventDispatcher, companyId: string, count: number): Promise<void> {
  const inputs = Array.from({ length: count }, (_, n) => ({ companyId, type: 'customer.created' as const, entityType: 'customer', data: { id: `cust_together${n}`, name: `Customer ${n}` } }));
  const ids = await rootEm.fork().transactional((em) => insertEvents(em, inputs));
  dispatcher.dispatchSoon(ids);
}

/** The receiving end (./webhook-sink.ts) in a process of its own, asked over IPC. */
async function startSink(b: BenchContext) {
  const part = await startBenchProcess({ root: b.root, name: 'sink', label: 'webhook sink', entry: 'scripts/bench/webhook-sink.ts', env: {}, log: b.log, logFile: join(b.tmp, 'sink.log'), listening: true });
  b.defer(part.stop);
  let nextId = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  part.child.on('message', (m: { id?: number; value?: unknown }) => {
    if (typeof m?.id === 'number') waiting.get(m.id)?.(m.value);
  });
  const ask = <T>(op: 'reset' | 'count' | 'latencies' | 'waitFor', prefix?: string, count?: number) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, (v) => (waiting.delete(id), resolve(v as T)));
      part.child.send({ id, op, prefix, count });
    });
  return {
    port: part.port,
    cpu: part.cpu,
    reset: () => ask<null>('reset'),
    latencies: (prefix?: string) => ask<number[]>('latencies', prefix),
    /** Resolves when the sink has `deliveries` (it answers then: no polling during the measured phase). */
    async waitFor(deliveries: number, timeoutMs: number, prefix?: string) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          ask<number>('count', prefix).then((count) => reject(new Error(`sink received ${count} of ${deliveries} deliveries`)), reject);
        }, timeoutMs);
      });
      try {
        await Promise.race([ask<null>('waitFor', prefix, deliveries), timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** POSTs of a webhook-sized body over `connections` keep-alive connections: at least `least.requests`, for at least `least.seconds`. */
async function bareLoop(port: number, least: { requests: number; seconds: number }, connections: number): Promise<{ rate: number; latencies: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const body = JSON.stringify({ id: 'evt_bench', event: 'customer.created', companyId: 'comp_bench', createdAt: new Date().toISOString(), data: { id: 'cust_bench', name: 'Customer' } });
  const times: number[] = [];
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = Date.now();
      const req = http.request({ host: '127.0.0.1', port, path: '/bare', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => {
          times.push(Date.now() - t0);
          resolve();
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  const elapsed = stopwatch();
  let sent = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < least.requests || elapsed() < least.seconds) {
        sent++;
        await post();
      }
    }),
  );
  const seconds = elapsed();
  agent.destroy();
  return { rate: sent / seconds, latencies: times };
}
