import http from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventDispatcher } from '../../src/events/dispatcher';
import { recordEvent } from '../../src/events/outbox';
import { createCompany } from '../../src/companies/companies.service';
import { createWebhook } from '../../src/webhooks/webhooks.service';
import { statementsDuring } from './bench-stack';
import { latencies, ms, pool, resultRow, round, runBench, stopwatch, type Load } from './harness';

/**
 * Webhook delivery throughput and latency, end to end on this machine: events recorded in
 * the outbox and dispatched as the API does after a commit, deliveries created, workflows
 * started on a real Temporal dev server, signed POSTs received by a local sink. Beside it,
 * the same sink driven by a bare keep-alive POST loop, the ceiling the pipeline is paying
 * its durability for. Two rows: the burst (deliveries per second over the bare loop's with
 * one connection per webhook) and one event at a time (over the bare loop's with one
 * connection). Statements per delivery come from pg_stat_statements over the burst, the
 * deliveries' completion included; the CPU seconds are the burst's and the paced run's.
 *
 *   npm run bench -- webhooks [events=100] [webhooks=5]
 */
export const run = (argv: string[]) =>
  runBench('webhooks', argv, async (b) => {
    const events = b.args.number(0, 100);
    const webhookCount = b.args.number(1, 5);
    const sink = await startSink();
    b.defer(() => sink.close());

    const { deps, rootEm } = await b.startStack({ env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${sink.port}` } });
    const { config, dispatcher, temporal } = deps;

    const em = rootEm.fork();
    const company = await createCompany(em, { name: 'Bench', mode: 'sandbox' });
    await em.flush();
    for (let i = 0; i < webhookCount; i++) {
      await createWebhook(em, company.id, { name: `sink ${i}`, url: `http://127.0.0.1:${sink.port}/w${i}`, events: [] }, { allowlist: config.webhookAllowlist });
    }
    await em.flush();

    // Warm-up: the first workflow tasks pay for loading the bundle into the worker's isolate.
    await produce(rootEm, dispatcher, company.id, 5);
    await sink.waitFor(5 * webhookCount, 300_000);
    sink.reset();

    const expected = events * webhookCount;
    b.log(`[bench] ${events} events × ${webhookCount} webhooks = ${expected} deliveries…`);
    let seconds = 0;
    const statements = await statementsDuring(rootEm, () =>
      b.measured(async () => {
        const elapsed = stopwatch();
        await produce(rootEm, dispatcher, company.id, events);
        await sink.waitFor(expected, 600_000);
        seconds = elapsed();
      }),
    );
    const burstLatencies = sink.latencies();

    // Latency without a backlog: one event at a time, the next once all its deliveries arrived.
    const paced = Math.min(events, 50);
    b.log(`[bench] ${paced} events one at a time…`);
    sink.reset();
    const { value: pacedSeconds } = await b.measured(async () => {
      const elapsed = stopwatch();
      for (let i = 0; i < paced; i++) {
        await produce(rootEm, dispatcher, company.id, 1);
        await sink.waitFor((i + 1) * webhookCount, 120_000);
      }
      return elapsed();
    });
    const pacedLatencies = sink.latencies();

    if (process.env.BENCH_TRACE) await traceOneDelivery(rootEm, temporal, b.log);

    b.log('[bench] bare keep-alive POST loop to the same sink…');
    sink.reset();
    const bareSerial = await bareLoop(sink.port, 2000, 1);
    const bareParallel = await bareLoop(sink.port, 5000, webhookCount);

    const rate = expected / seconds;
    const burst: Load = { rate, latencies: burstLatencies };
    const pacedLoad: Load = { rate: (paced * webhookCount) / pacedSeconds, latencies: pacedLatencies };
    const bare = (r: Load) => ({ rate: round(r.rate, 1), latencyMs: latencies(r.latencies) });
    return {
      args: { events, webhooks: webhookCount },
      lines: [
        `webhooks pipeline: ${expected} deliveries in ${seconds.toFixed(1)} s = ${rate.toFixed(1)} deliveries/s`,
        `  event → first attempt, burst (queueing included): p50 ${ms(burstLatencies, 50)} ms, p99 ${ms(burstLatencies, 99)} ms`,
        `  event → first attempt, one event at a time: ${pacedLoad.rate.toFixed(1)} deliveries/s, p50 ${ms(pacedLatencies, 50)} ms, p99 ${ms(pacedLatencies, 99)} ms`,
        `  SQL statements per delivery (pg_stat_statements, the event's recording included): ${(statements / expected).toFixed(1)}`,
        `bare keep-alive POST, 1 connection: ${bareSerial.rate.toFixed(0)} req/s, p50 ${ms(bareSerial.latencies, 50)} ms, p99 ${ms(bareSerial.latencies, 99)} ms`,
        `bare keep-alive POST, ${webhookCount} connections: ${bareParallel.rate.toFixed(0)} req/s, p50 ${ms(bareParallel.latencies, 50)} ms, p99 ${ms(bareParallel.latencies, 99)} ms`,
        `deliveries/s over the bare loop: burst ${(rate / bareParallel.rate).toFixed(4)}× (${webhookCount} connections), one event at a time ${(pacedLoad.rate / bareSerial.rate).toFixed(4)}× (1 connection)`,
      ],
      // Latencies are event → first attempt; a row's clients are the lanes (webhooks) a burst runs in parallel.
      results: [
        resultRow('deliveries, burst', webhookCount, burst, bareParallel, { deliveries: expected, seconds: round(seconds, 2) }),
        resultRow('deliveries, one event at a time', 1, pacedLoad, bareSerial, { deliveries: paced * webhookCount, seconds: round(pacedSeconds, 2) }),
      ],
      statementsPerOp: round(statements / expected, 1),
      floor: { bareOneConnection: bare(bareSerial), bareParallel: { connections: webhookCount, ...bare(bareParallel) } },
    };
  });

/** Records `count` events, each in its own transaction, and dispatches them as the API does after commit (8 requests at a time). */
async function produce(rootEm: EntityManager, dispatcher: EventDispatcher, companyId: string, count: number): Promise<void> {
  await pool(count, 8, async (n) => {
    const em = rootEm.fork();
    const event = recordEvent(em, { companyId, type: 'customer.created', entityType: 'customer', data: { id: `cust_bench${n}`, name: `Customer ${n}` } });
    await em.flush();
    await dispatcher.dispatch(event.id);
  });
}

/** The receiving end: answers 200 at once and notes when each delivery's first attempt arrived. */
async function startSink() {
  const firstArrival = new Map<string, number>();
  let received = 0;
  const server = http.createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received += 1;
      const id = req.headers['webhook-id'];
      if (typeof id === 'string') {
        const key = `${req.url} ${id}`;
        if (!firstArrival.has(key)) {
          const createdAt = Date.parse(JSON.parse(Buffer.concat(chunks as unknown as Uint8Array[]).toString('utf8')).createdAt);
          firstArrival.set(key, at - createdAt);
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    reset() {
      firstArrival.clear();
      received = 0;
    },
    latencies: () => [...firstArrival.values()],
    async waitFor(deliveries: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (firstArrival.size < deliveries) {
        if (Date.now() > deadline) throw new Error(`sink received ${firstArrival.size} of ${deliveries} deliveries`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `total` POSTs of a webhook-sized body over `connections` keep-alive connections. */
async function bareLoop(port: number, total: number, connections: number): Promise<{ rate: number; latencies: number[] }> {
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
  await pool(total, connections, post);
  const seconds = elapsed();
  agent.destroy();
  return { rate: total / seconds, latencies: times };
}

/** BENCH_TRACE=1: where one delivery's time went (its workflow history, ms after the start). */
async function traceOneDelivery(rootEm: EntityManager, temporal: Client, log: (l: string) => void): Promise<void> {
  const [row] = await rootEm.fork().execute<{ id: string }[]>(`select id from webhook_deliveries order by created_at desc limit 1`);
  const history = await temporal.workflow.getHandle(row.id).fetchHistory();
  const t0 = Number(history.events![0].eventTime!.seconds) * 1000 + Math.round(history.events![0].eventTime!.nanos! / 1e6);
  for (const e of history.events ?? []) {
    const t = Number(e.eventTime!.seconds) * 1000 + Math.round(e.eventTime!.nanos! / 1e6);
    log(`  +${String(t - t0).padStart(6)} ms  ${Object.keys(e).find((k) => k.endsWith('EventAttributes'))}`);
  }
  // The lane's attempts: time from scheduling to start (task queue wait), start to completion
  // (the attempt itself) and completion to the next scheduling (the lane's workflow task).
  const [lane] = await rootEm.fork().execute<{ webhook_id: string }[]>(`select webhook_id from webhook_deliveries where id = ?`, [row.id]);
  const laneHistory = await temporal.workflow.getHandle(`${lane.webhook_id}:lane`).fetchHistory();
  const at = (e: (typeof laneHistory.events & object)[number]) => Number(e.eventTime!.seconds) * 1000 + Math.round(e.eventTime!.nanos! / 1e6);
  const waits: number[] = [];
  const runs: number[] = [];
  const gaps: number[] = [];
  let scheduled = 0;
  let started = 0;
  let completed = 0;
  for (const e of laneHistory.events ?? []) {
    if (e.activityTaskScheduledEventAttributes) {
      scheduled = at(e);
      if (completed) gaps.push(scheduled - completed);
    }
    if (e.activityTaskStartedEventAttributes) waits.push((started = at(e)) - scheduled);
    if (e.activityTaskCompletedEventAttributes) runs.push((completed = at(e)) - started);
  }
  log(`lane (last run): ${runs.length} attempts; p50 queue wait ${ms(waits, 50)} ms, attempt ${ms(runs, 50)} ms, completion → next ${ms(gaps, 50)} ms`);
}
