import type { EntityManager } from '@mikro-orm/postgresql';
import { temporal as temporal_ } from '@temporalio/proto';
import type { Client } from '@temporalio/client';
import { freePort } from '../../test/helpers/ports';
import { BENCH_OWN_SQL, statementsDuring, temporalCalls, temporalCallsBetween } from './bench-stack';
import { benchCardTokens, benchCompany, ms, percentile, resultRow, round, runBench, significant, type ResultRow } from './harness';
import { lastroProcesses, pollersOn } from './processes';
import { closedLoop, loadFigures, type LoadResult } from './transaction-floors/floors';
import { cobCalls, cobRoundTrips } from './transaction-floors/psp-round-trip';
import { acquirerCalls, authorizeRoundTrips } from './transaction-floors/acquirer-round-trip';

/**
 * Payments created per second and their latency, end to end on a dev-like stack started here
 * (embedded PostgreSQL, the Temporal dev server, and the Lastro API and worker each in a process
 * of its own, as `npm run dev` runs them): approved card transactions (POST /v1/transactions with
 * a fresh token, answered after authorization) and Pix and boleto creations (answered
 * waiting_payment). Beside them, on the same machine and servers and in the same shape (an HTTP
 * process, a worker process), the floors: a no-op workflow started and answered through an update
 * (update-with-start), and a bare Koa + pg single-row insert endpoint. This process is only the
 * load generator. Each result's ratio is its rate over the no-op workflow's at the same number of
 * clients. Statements and workflow tasks per operation come from pg_stat_statements and the
 * workflows' histories over 20 operations at one client, the work they set going included; the
 * CPU seconds are those of the measured card, Pix and boleto loads (each row has its own), per
 * process.
 *
 * A Pix creation opens its charge at the company's PSP (`PUT /cob/{txid}`) before it commits: the
 * embedded Pix PSP runs as a process of its own, the deployment's default Pix connection, and
 * its part is reported apart (a row's `psp`): the calls it answered per operation, its CPU per
 * operation (its own line, not Lastro's), and the round trip of the adapter's call timed from
 * here at the same number of clients (./transaction-floors/psp-round-trip.ts). One Pix is paid
 * through the sandbox during the warm-up, so the PSP's callback is seen to reach the API.
 * A card is authorized at the embedded acquirer (Cielo E-commerce 3.0, the default card
 * connection), a process of its own too, reported the same way (a row's `acquirer`): Cielo API
 * calls per operation, its CPU per operation, and the adapter's `authorize` round trip timed here
 * (./transaction-floors/acquirer-round-trip.ts).
 *
 *   npm run bench -- transactions [requests per level = 200] [levels = 16,64]
 */
export const run = (argv: string[]) =>
  runBench('transactions', argv, async (b) => {
    const total = b.args.number(0, 200);
    const levels = b.args.numbers(1, [16, 64]);
    const { deps, rootEm, cpuParts, pixPsp, cardAcquirer, boletoIssuer, temporalMetricsUrl } = await b.startStack({ env: { LASTRO_DATA_DIR: b.tmp, RATE_LIMIT_PER_MINUTE: '1000000' }, worker: false, pixPsp: true });
    const { config } = deps;
    const psp = pixPsp!;
    const acquirer = cardAcquirer!;
    const issuer = boletoIssuer!;
    const apiPort = await freePort();
    // The processes get this process's card vault key (the cards it tokenizes below, the API opens)
    // and the PSP and the boleto issuer as their default connections; the worker registers the API's URL as its webhook.
    const start = lastroProcesses(b, config, { RATE_LIMIT_PER_MINUTE: '1000000', ...psp.env, ...issuer.env, PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}` });
    const startFloor = (mode: string) => start(`floor-${mode}`, `floor ${mode}`, 'scripts/bench/transaction-floors/floor-process.ts', { args: [mode] });
    // Its operator port known: its event loop's delay is read from its /metrics around each row (`eventLoopDelayMs`).
    const apiOpsPort = await freePort();
    const api = await start('api', 'Lastro API', 'src/server.ts', { env: { HOST: '127.0.0.1', PORT: String(apiPort), OPS_PORT: String(apiOpsPort) } });
    const worker = await start('worker', 'Lastro worker', 'worker/index.ts', { listening: false });
    const insertFloor = await startFloor('insert');
    const noopFloor = await startFloor('noop-api');
    await startFloor('noop-worker');
    // Only the measured loads count (floors are not measured): the processes that serve them.
    b.setCpuParts([{ name: 'loadgen', label: 'load generator (this process)', pid: process.pid, tree: false }, api.cpu, worker.cpu, ...cpuParts, psp.cpu, acquirer.cpu, issuer.cpu]);
    b.log('[bench] waiting for the workers to poll…');
    await pollersOn(deps.temporal, config.temporal.taskQueue);
    await pollersOn(deps.temporal, 'bench-noop');
    const { companyId, apiKey } = await benchCompany(rootEm);
    const headers = { 'x-api-key': apiKey };

    const SAMPLE = 20;
    const steady = process.env.BENCH_STEADY === '1';
    const cardsNeeded = total * (levels.length + (steady ? 1 : 0)) + 20 + SAMPLE;
    b.log(`[bench] tokenizing ${cardsNeeded} cards…`);
    const tokens = await benchCardTokens(rootEm, companyId, cardsNeeded);
    let tokenAt = 0;
    let reference = 0;
    const item = { description: 'Bench', quantity: 1, amount: 1000 };
    const methods = {
      card: {
        name: 'card transaction (approved)',
        body: () => ({ referenceCode: `bench-${reference++}`, items: [item], payments: [{ paymentMethod: 'credit_card', amount: 1000, creditCard: { token: tokens[tokenAt++], installments: 1 } }] }),
        answer: '"status":"paid"',
      },
      pix: { name: 'Pix creation', body: () => ({ referenceCode: `bench-${reference++}`, items: [item], payments: [{ paymentMethod: 'pix', amount: 1000 }] }), answer: '"status":"waiting_payment"' },
      boleto: { name: 'boleto creation', body: () => ({ referenceCode: `bench-${reference++}`, items: [item], payments: [{ paymentMethod: 'boleto', amount: 1000, boleto: { payer: { name: 'Bench Payer', document: '52998224725' } } }] }), answer: '"status":"waiting_payment"' },
    };
    type Method = keyof typeof methods;
    // BENCH_METHODS (e.g. `card`): only those rows, to profile one path alone (goals need all three).
    const only = (process.env.BENCH_METHODS ?? '').split(',').filter(Boolean);
    const measuredMethods = (Object.keys(methods) as Method[]).filter((m) => only.length === 0 || only.includes(m));
    const create = (method: Method, clients: number, n: number, created?: string[]) =>
      closedLoop({
        port: apiPort,
        path: '/v1/transactions',
        total: n,
        clients,
        headers,
        body: methods[method].body,
        ok: (status, body) => {
          if (created && status === 201) created.push((JSON.parse(body) as { id: string }).id);
          return status === 201 && body.includes(methods[method].answer);
        },
      });

    const inserts = (clients: number) => closedLoop({ port: insertFloor.port, path: '/', total, clients, body: () => ({ amount: 1000 }), ok: (s) => s === 201 });
    const noops = (clients: number) => closedLoop({ port: noopFloor.port, path: '/', total, clients, body: () => ({}), ok: (s, body) => s === 201 && body.includes('paid') });

    // Warm-up: loads the bundles into the workers' isolates, fills the connection pools and makes
    // the company's ledger accounts (a first sale creates them).
    await create('card', 4, 20);
    if (measuredMethods.includes('pix')) await create('pix', 4, 10);
    await noops(4);
    if (steady) {
      // BENCH_STEADY=1: every measured path and both floors served a row's worth first, at the first
      // level's clients, so each process is measured after V8 optimized it and its pool is full.
      for (const method of measuredMethods) await create(method, levels[0], total);
      await noops(levels[0]);
      await inserts(levels[0]);
    }
    const paidAfterMs = measuredMethods.includes('pix') ? await payOnePix(`http://127.0.0.1:${apiPort}`, headers) : 0;
    b.log(`[bench] a Pix paid in the sandbox was paid by the PSP's callback ${Math.round(paidAfterMs)} ms later`);

    const statementsPerOp: Record<string, number> = {};
    const workflowTasksPerOp: Record<string, number> = {};
    const workflowStartsPerOp: Record<string, number> = {};
    const temporalCallsPerOp: Record<string, number> = {};
    const temporalCallsByOperation: Record<string, Record<string, number>> = {};
    // The Schedules (maintenance sweeps) paused while the samples run: their runs are not the operations' calls.
    const resumeSchedules = await pauseSchedules(deps.temporal);
    for (const method of measuredMethods) {
      const created: string[] = [];
      let tasks = 0;
      let calls = { total: 0, byOperation: {} as Record<string, number> };
      let starts = 0;
      // Quiet first, before the statements' window opens: what the warm-up and the rows before set
      // going (a steady run's Pix and boleto workflows) is not this sample's.
      const callsBefore = await temporalQuiet(temporalMetricsUrl);
      const sample = async () => {
        const from = new Date();
        await create(method, 1, SAMPLE, created);
        tasks = await workflowTasksSettled(deps.temporal, rootEm, created);
        starts = await workflowsStartedSince(deps.temporal, from);
        // Read once quiet again: a last workflow task answered after its history was read is counted here, not in the next sample.
        calls = temporalCallsBetween(callsBefore, await temporalQuiet(temporalMetricsUrl));
      };
      statementsPerOp[method] = round((await statementsDuring(rootEm, sample)) / SAMPLE, 1);
      workflowTasksPerOp[method] = round(tasks / SAMPLE, 2);
      workflowStartsPerOp[method] = round(starts / SAMPLE, 2);
      temporalCallsPerOp[method] = round(calls.total / SAMPLE, 2);
      temporalCallsByOperation[method] = Object.fromEntries(Object.entries(calls.byOperation).map(([op, n]) => [op, round(n / SAMPLE, 2)]));
    }
    await resumeSchedules();
    const roundTrips: Record<string, { p50: number; p95: number; clientCpuMsPerCall: number }> = {};
    const timeRoundTrips = async (clients: number) => {
      const t = await cobRoundTrips(psp.env, clients, Math.max(total, 200));
      roundTrips[`clients${clients}`] = { p50: round(percentile(t.latencies, 50), 2), p95: round(percentile(t.latencies, 95), 2), clientCpuMsPerCall: round(t.cpuMsPerCall, 2) };
      return roundTrips[`clients${clients}`];
    };
    const alone = await timeRoundTrips(1);
    const authorizeTrips: Record<string, { p50: number; p95: number; clientCpuMsPerCall: number }> = {};
    const timeAuthorizeTrips = async (clients: number) => {
      const t = await authorizeRoundTrips(config.processors.card!, clients, Math.max(total, 200));
      authorizeTrips[`clients${clients}`] = { p50: round(percentile(t.latencies, 50), 2), p95: round(percentile(t.latencies, 95), 2), clientCpuMsPerCall: round(t.cpuMsPerCall, 2) };
      return authorizeTrips[`clients${clients}`];
    };
    const authorizeAlone = await timeAuthorizeTrips(1);

    const results: ResultRow[] = [];
    const floor: Record<string, Record<string, unknown>> = { insert: {}, noopWorkflow: {} };
    const lines: string[] = [];
    const line = (name: string, clients: number, r: LoadResult) =>
      lines.push(`${name.padEnd(46)} ${String(clients).padStart(3)} clients: ${r.rate.toFixed(1).padStart(7)} req/s  p50 ${ms(r.latencies, 50).padStart(7)} ms  p99 ${ms(r.latencies, 99).padStart(7)} ms${r.failures ? `  (${r.failures} failed, first: ${r.firstFailure})` : ''}`);
    for (const clients of levels) {
      b.log(`[bench] ${clients} concurrent clients, ${total} requests each…`);
      const noop = await noops(clients);
      const insert = await inserts(clients);
      line('floor: no-op workflow, update-with-start', clients, noop);
      line('floor: bare Koa + pg single-row insert', clients, insert);
      floor.noopWorkflow[`clients${clients}`] = loadFigures(noop);
      floor.insert[`clients${clients}`] = loadFigures(insert);
      const trip = await timeRoundTrips(clients);
      lines.push(`PSP round trip, the adapter's PUT /cob timed here    ${String(clients).padStart(3)} clients: p50 ${trip.p50.toFixed(1)} ms  p95 ${trip.p95.toFixed(1)} ms  (the adapter's CPU ${trip.clientCpuMsPerCall} ms per call)`);
      const authTrip = await timeAuthorizeTrips(clients);
      lines.push(`acquirer round trip, the adapter's authorize timed here ${String(clients).padStart(3)} clients: p50 ${authTrip.p50.toFixed(1)} ms  p95 ${authTrip.p95.toFixed(1)} ms  (the adapter's CPU ${authTrip.clientCpuMsPerCall} ms per call)`);
      for (const method of measuredMethods) {
        const callsBefore = await cobCalls(psp.baseUrl);
        const acquirerBefore = await acquirerCalls(acquirer.baseUrl);
        await eventLoopDelay(apiOpsPort);
        const { value: r, cpuSeconds } = await b.measured(() => create(method, clients, total));
        const loopDelay = await eventLoopDelay(apiOpsPort);
        const calls = (await cobCalls(psp.baseUrl)) - callsBefore;
        const acquirerPart = {
          callsPerOp: round(((await acquirerCalls(acquirer.baseUrl)) - acquirerBefore) / total, 2),
          ...(method === 'card' ? { roundTripMsP50: authTrip.p50, roundTripMsP95: authTrip.p95 } : {}),
          cpuMsPerOp: round(((cpuSeconds.acquirer ?? 0) * 1000) / total, 2),
        };
        line(methods[method].name, clients, r);
        const pspPart = {
          callsPerOp: round(calls / total, 2),
          ...(method === 'pix' ? { roundTripMsP50: trip.p50, roundTripMsP95: trip.p95 } : {}),
          cpuMsPerOp: round(((cpuSeconds.psp ?? 0) * 1000) / total, 2),
        };
        const issuerPart = { cpuMsPerOp: round(((cpuSeconds.issuer ?? 0) * 1000) / total, 2) };
        if (loopDelay) lines.push(`${methods[method].name} at ${clients} clients: the API's event loop delay p50 ${loopDelay.p50} ms, p99 ${loopDelay.p99} ms, max ${loopDelay.max} ms; its CPU ${round(((cpuSeconds.api ?? 0) * 1000) / total, 2)} ms per operation`);
        results.push(resultRow(method, clients, r, noop, { failures: r.failures, insertFloorRate: significant(insert.rate), cpuSeconds, apiCpuMsPerOp: round(((cpuSeconds.api ?? 0) * 1000) / total, 2), eventLoopDelayMs: loopDelay, psp: pspPart, acquirer: acquirerPart, issuer: issuerPart }));
      }
    }
    lines.push(`statements per operation (pg_stat_statements, API and worker): ${Object.entries(statementsPerOp).map(([m, n]) => `${m} ${n}`).join(', ')}`);
    lines.push(`workflow tasks per operation (the workflows' histories, once none waits for a task): ${Object.entries(workflowTasksPerOp).map(([m, n]) => `${m} ${n}`).join(', ')}`);
    lines.push(`workflow executions started per operation (Temporal's visibility, started during the sample): ${Object.entries(workflowStartsPerOp).map(([m, n]) => `${m} ${n}`).join(', ')}`);
    lines.push(
      `Temporal calls per operation (the server's metrics, API and worker, long polls left out): ${Object.entries(temporalCallsPerOp)
        .map(([m, n]) => `${m} ${n}${n > 0 ? ` (${Object.entries(temporalCallsByOperation[m]).map(([op, k]) => `${op} ${k}`).join(', ')})` : ''}`)
        .join(', ')}`,
    );
    lines.push(`PSP round trip alone (1 client): p50 ${alone.p50.toFixed(1)} ms, p95 ${alone.p95.toFixed(1)} ms; the adapter's CPU ${alone.clientCpuMsPerCall} ms per call`);
    lines.push(`acquirer round trip alone (1 client, a first attempt: the sale): p50 ${authorizeAlone.p50.toFixed(1)} ms, p95 ${authorizeAlone.p95.toFixed(1)} ms; the adapter's CPU ${authorizeAlone.clientCpuMsPerCall} ms per call`);
    for (const r of results) {
      const p = r.psp as { callsPerOp: number; cpuMsPerOp: number };
      const a = r.acquirer as { callsPerOp: number; cpuMsPerOp: number };
      lines.push(
        `${String(r.name).padEnd(7)} at ${String(r.clients).padStart(3)} clients: ${r.ratio}× the no-op workflow floor (p99 ${r.p99} ms beside ${r.floorP99} ms); PSP calls ${p.callsPerOp} per operation, PSP CPU ${p.cpuMsPerOp} ms per operation; acquirer calls ${a.callsPerOp} per operation, acquirer CPU ${a.cpuMsPerOp} ms per operation`,
      );
    }
    const cardRows = results.filter((r) => r.name === 'card').map((r) => r.acquirer as { callsPerOp: number });
    const pixRows = results.filter((r) => r.name === 'pix').map((r) => r.psp as { callsPerOp: number });
    const goals = goalsMet(results, statementsPerOp);
    lines.push(`goals (issue #42): ${Object.entries(goals.met).map(([g, ok]) => `${g} ${ok === null ? 'not measured' : ok ? 'met' : 'NOT met'} (${goals.measured[g as keyof typeof GOALS]} for ${GOALS[g as keyof typeof GOALS]})`).join(', ')}`);
    const extra = {
      statementsPerOpByMethod: statementsPerOp,
      workflowTasksPerOpByMethod: workflowTasksPerOp,
      workflowStartsPerOp,
      temporalCallsPerOp,
      temporalCallsByOperation,
      goals: GOALS,
      goalsMeasured: goals.measured,
      goalsMet: goals.met,
      psp: { callsPerPix: Math.max(...pixRows.map((p) => p.callsPerOp)), roundTripMs: roundTrips, pixPaidByCallbackMs: Math.round(paidAfterMs) },
      acquirer: { callsPerCard: Math.max(...cardRows.map((p) => p.callsPerOp)), roundTripMs: authorizeTrips },
    };
    return { args: { requestsPerLevel: total, levels }, lines, results, statementsPerOp: statementsPerOp.card, floor, extra };
  });

/**
 * The API's event loop delay since the previous read (prom-client's `monitorEventLoopDelay`
 * histogram on its operator port, reset at each scrape), in ms: how long a ready callback waited
 * for the loop, the queueing a request meets in the one thread. Null when /metrics is off.
 */
async function eventLoopDelay(opsPort: number): Promise<{ p50: number; p90: number; p99: number; max: number } | null> {
  const res = await fetch(`http://127.0.0.1:${opsPort}/metrics`).catch(() => null);
  if (!res?.ok) return null;
  const text = await res.text();
  const read = (name: string) => {
    const m = new RegExp(`^lastro_nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, 'm').exec(text);
    return m ? round(Number(m[1]) * 1000, 1) : NaN;
  };
  return { p50: read('p50'), p90: read('p90'), p99: read('p99'), max: read('max') };
}

/** The issue's goals for this benchmark (#42): card rate over each floor at 16 clients, card p99 at 16 clients, statements per operation. */
const GOALS = { cardOverInsertFloor: 0.15, cardOverNoopFloor: 2, cardP99Ms: 250, statementsPerCard: 16, statementsPerPixOrBoleto: 10 };

/** What this run measured for each goal, and whether it met it (null: not measured, e.g. no 16-client level). */
function goalsMet(results: ResultRow[], statements: Record<string, number>): { measured: Record<keyof typeof GOALS, number | null>; met: Record<keyof typeof GOALS, boolean | null> } {
  const card16 = results.find((r) => r.name === 'card' && r.clients === 16);
  const insertFloor = card16 ? (card16.insertFloorRate as number) : null;
  const measured: Record<keyof typeof GOALS, number | null> = {
    cardOverInsertFloor: card16 && insertFloor ? round(card16.rate / insertFloor, 3) : null,
    cardOverNoopFloor: card16?.ratio ?? null,
    cardP99Ms: card16?.p99 ?? null,
    statementsPerCard: statements.card ?? null,
    statementsPerPixOrBoleto: statements.pix === undefined || statements.boleto === undefined ? null : Math.max(statements.pix, statements.boleto),
  };
  const atLeast = new Set<keyof typeof GOALS>(['cardOverInsertFloor', 'cardOverNoopFloor']);
  const met = Object.fromEntries(
    (Object.keys(GOALS) as Array<keyof typeof GOALS>).map((g) => {
      const m = measured[g];
      return [g, m === null ? null : atLeast.has(g) ? m >= GOALS[g] : m <= GOALS[g]];
    }),
  ) as Record<keyof typeof GOALS, boolean | null>;
  return { measured, met };
}

/**
 * The Temporal calls so far, once none has been made for a second (the warm-up's and the
 * previous sample's workflows done), so a sample counts what its own operations set going.
 */
async function temporalQuiet(metricsUrl: string): Promise<Map<string, number>> {
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, n) => a + n, 0);
  let last = await temporalCalls(metricsUrl);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await temporalCalls(metricsUrl);
    if (total(now) === total(last)) return now;
    last = now;
  }
}

/** Pauses every Schedule not paused yet; the returned function unpauses them. */
async function pauseSchedules(temporal: Client): Promise<() => Promise<void>> {
  const paused: string[] = [];
  for await (const s of temporal.schedule.list()) {
    if (s.state.paused) continue;
    await temporal.schedule.getHandle(s.scheduleId).pause('transactions benchmark: sampling the operations’ Temporal calls');
    paused.push(s.scheduleId);
  }
  return async () => {
    for (const id of paused) await temporal.schedule.getHandle(id).unpause();
  };
}

/**
 * Workflow executions started since `from` (Temporal's visibility, StartTime), those its
 * Schedules started left out (the maintenance sweeps that may fall in the window): what the
 * operations of the window started. Visibility lags the starts a little: read until two reads agree.
 */
async function workflowsStartedSince(temporal: Client, from: Date): Promise<number> {
  const count = async () => {
    let n = 0;
    for await (const w of temporal.workflow.list({ query: `StartTime >= "${from.toISOString()}"` })) {
      if (!w.raw.searchAttributes?.indexedFields?.TemporalScheduledById) n++;
    }
    return n;
  };
  let last = await count();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await count();
    if (now === last) return now;
    last = now;
  }
}

/**
 * Workflow tasks the transactions' workflows completed (their histories), once none of them has a
 * task scheduled or running (on a busy machine a Pix's first task may still wait when its creation
 * answered): what the creations set going, counted whole. A card the API decided starts none.
 * Gives up waiting after 60 s and counts what is there.
 */
async function workflowTasksSettled(temporal: Client, rootEm: EntityManager, transactionIds: string[]): Promise<number> {
  const { EventType } = temporal_.api.enums.v1;
  const pending = new Set([EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED, EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED]);
  const started = performance.now();
  for (;;) {
    let completed = 0;
    let waiting = 0;
    // A transaction with no workflow waits for one only while its creation's events are undispatched:
    // once they are, none will start (a card the API decided has none).
    const undispatched = new Set(
      (
        await rootEm.execute<{ entity_id: string }[]>(`${BENCH_OWN_SQL} select distinct entity_id from events where entity_id in (${transactionIds.map(() => '?').join(', ')}) and dispatched_at is null`, transactionIds)
      ).map((r) => r.entity_id),
    );
    for (const id of transactionIds) {
      const events = await temporal.workflow
        .getHandle(id)
        .fetchHistory()
        .then((h) => h.events ?? [], () => null);
      completed += events?.filter((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED).length ?? 0;
      if (events ? events.length > 0 && pending.has(events[events.length - 1].eventType!) : undispatched.has(id)) waiting++;
    }
    if (waiting === 0 || performance.now() - started > 60_000) return completed;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Creates a Pix, pays it through the sandbox (the embedded PSP calls the API back) and answers
 * the ms until the API shows it paid: a PSP whose webhook does not reach the API fails the run.
 */
async function payOnePix(base: string, headers: Record<string, string>): Promise<number> {
  const json = { ...headers, 'content-type': 'application/json' };
  const created = await fetch(`${base}/v1/transactions`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ referenceCode: 'bench-paid-pix', items: [{ description: 'Bench', quantity: 1, amount: 1000 }], payments: [{ paymentMethod: 'pix', amount: 1000 }] }),
  });
  const txn = (await created.json()) as { id: string; payments: Array<{ id: string }> };
  if (created.status !== 201) throw new Error(`a Pix creation answered ${created.status}: ${JSON.stringify(txn)}`);
  const t0 = performance.now();
  const pay = await fetch(`${base}/sandbox/payments/${txn.payments[0].id}/pay`, { method: 'POST', headers: json, body: '{}' });
  if (pay.status !== 202) throw new Error(`the sandbox payment answered ${pay.status}: ${await pay.text()}`);
  while (performance.now() - t0 < 60_000) {
    const got = (await (await fetch(`${base}/v1/transactions/${txn.id}`, { headers })).json()) as { status: string };
    if (got.status === 'paid') return performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("a Pix paid in the sandbox was not paid within 60 s: the PSP's callback did not reach the API (PUBLIC_BASE_URL, the worker's webhook registration)");
}
