import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createApp } from '../../src/app';
import { storeCard } from '../../src/cards/card-vault.service';
import { createApiKey, createCompany } from '../../src/companies/companies.service';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { signalSubscription, startSubscriptionWorkflowAfterCommit } from '../../src/billing/subscription-workflow.client';
import { advanceSubscriptionSignal } from '../../workflows/billing/subscription.contract';
import { noopDecision } from './transaction-floors/noop.workflow';
import { formatProbe, startBenchStack } from './bench-stack';
import { transactionWorkflowId } from '../../workflows/payments/transaction.contract';
import { subscriptionWorkflowId } from '../../workflows/billing/subscription.contract';

/**
 * Subscriptions advanced one cycle, end to end on a dev-like stack started here (embedded
 * PostgreSQL, the Temporal dev server, the Lastro worker): N trialing subscriptions (prepaid
 * monthly plan, 30-day trial, one saved card) each get the sandbox `advance` signal, which ends
 * the trial and runs cycle 0: invoice issued, charged as a subscription transaction on the saved
 * card (its own transaction workflow, sandbox acquirer), paid, cycle advanced. Measured: from
 * the first signal until all N invoices are paid. Beside it, on the same Temporal server, N
 * no-op workflows each answered by one message and completing (the floor).
 * Setting up the N subscriptions (and N no-op workflows) is not measured. At the end it prints
 * where the time went: per-invoice stages, CPU and run-queue wait of each process, SQL
 * statements per invoice (BENCH_SQL=1 lists them), the pool, and workflow tasks per workflow.
 *
 *   npm run bench -- billing [--count N = 10000] [--concurrency C = 64] [--temporal-db memory|file]
 *     [--temporal-config key=<JSON> ...] [--db-pool N]
 */
export async function run(args: string[]): Promise<void> {
  const count = Number(flag(args, '--count') ?? args.find((a) => /^\d+$/.test(a)) ?? 10_000);
  const concurrency = Number(flag(args, '--concurrency') ?? 64);
  // In memory by default: the dev server's SQLite file (rollback journal, fsync per write, one
  // connection) cost the Temporal server half again as much CPU per invoice as the same
  // server in memory (docs/billing.md "Benchmark"), a cost of the dev server, not of Lastro.
  const temporalDb = flag(args, '--temporal-db') ?? 'memory';
  if (temporalDb !== 'file' && temporalDb !== 'memory') throw new Error('--temporal-db is file or memory');
  const dynamicConfig = keyValues(flags(args, '--temporal-config'));
  const dbPoolMax = flag(args, '--db-pool') ? Number(flag(args, '--db-pool')) : undefined;
  const root = path.resolve(__dirname, '..', '..');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-bench-'));
  fs.chmodSync(tmp, 0o755);
  const cleanup: Array<() => Promise<unknown>> = [];
  const log = (line: string) => process.stdout.write(`${line}\n`);

  try {
    const { deps, rootEm, connection, startProbe } = await startBenchStack({
      root,
      tmp,
      env: { LASTRO_DATA_DIR: tmp, RATE_LIMIT_PER_MINUTE: '1000000' },
      cleanup,
      log,
      temporal: { inMemory: temporalDb === 'memory', dynamicConfig },
      dbPoolMax,
    });
    const noopBundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./transaction-floors/noop.workflow'), logger: quietLogger(log) });
    const noopWorker = await Worker.create({ connection, namespace: 'default', taskQueue: 'bench-noop', workflowBundle: noopBundle });
    const noopRunning = noopWorker.run();
    cleanup.unshift(async () => {
      noopWorker.shutdown();
      await noopRunning;
    });
    const api: Server = createApp({ ...deps }).listen(0, '127.0.0.1');
    await new Promise((resolve) => api.once('listening', resolve));
    cleanup.unshift(() => new Promise((resolve) => (api.closeAllConnections(), api.close(resolve))));
    const base = `http://127.0.0.1:${(api.address() as { port: number }).port}`;

    const em = rootEm.fork();
    const company = await createCompany(em, { name: 'Bench', mode: 'sandbox' });
    const { apiKey } = await createApiKey(em, company);
    await em.flush();
    const call = async (method: string, url: string, body: object = {}): Promise<{ id: string; status?: string }> => {
      const res = await fetch(`${base}${url}`, { method, headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    // The company came with its owner recipient, active in sandbox.
    const customer = await call('POST', '/customers', { name: 'Bench Buyer', email: 'buyer@bench.example', type: 'individual', document: '52998224725', phone: '+5511999990000' });
    const plan = await call('POST', '/plans', { code: 'bench', name: 'Bench' });
    await call('POST', `/plans/${plan.id}/prices`, { money: { amount: 2990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' }, trialSpec: { durationDays: 30 } });
    await call('POST', `/plans/${plan.id}/publish`);
    const tokenEm = rootEm.fork();
    const token = storeCard(tokenEm, company.id, { number: '4111111111111111', holder: 'BENCH', document: '52998224725', cvv: '123', brand: 'visa', expMonth: 12, expYear: 2031 }).tokenId;
    await tokenEm.flush();
    const card = await call('POST', '/payment-methods/cards', { customerId: customer.id, token });
    const body = createSubscriptionBody.parse({ customerId: customer.id, planId: plan.id, defaultPaymentMethodRef: card.id });

    log(`[bench] creating ${count} trialing subscriptions and ${count} no-op workflows (not measured)…`);
    const setupStarted = Date.now();
    const ids: string[] = [];
    await pool(count, concurrency, async () => {
      const { subscription } = await rootEm.fork().transactional((tem) => createSubscription(tem, company.id, body));
      await startSubscriptionWorkflowAfterCommit(rootEm.fork(), deps.temporal, deps.config.temporal.taskQueue, subscription.id);
      ids.push(subscription.id);
    });
    const noops = await startNoops(deps.temporal, count, concurrency);
    log(`[bench] set up in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
    // The subscription workflows must be waiting on their trial timer before the clock starts.
    await waitFor(async () => (await countIn(rootEm, 'billing_subscriptions', company.id, 'trialing')) === count, 'all subscriptions trialing', Math.max(600_000, count * 300));

    log(`[bench] advancing ${count} subscriptions one cycle…`);
    const stopProbe = startProbe();
    const started = Date.now();
    await pool(count, concurrency, async (i) => signalSubscription(deps.temporal, ids[i], advanceSubscriptionSignal));
    const signaled = Date.now();
    // A long run (10,000 on a shared machine takes hours) reports its progress once a minute.
    let reported = Date.now();
    await waitFor(
      async () => {
        const paid = await countIn(rootEm, 'billing_invoices', company.id, 'paid');
        if (Date.now() - reported >= 60_000) {
          reported = Date.now();
          log(`[bench] ${((reported - started) / 1000).toFixed(0)} s: ${paid} of ${count} invoices paid (load average ${os.loadavg()[0].toFixed(2)})`);
        }
        return paid >= count;
      },
      `${count} paid invoices`,
      Math.max(3_600_000, count * 6_000),
    );
    const seconds = (Date.now() - started) / 1000;
    const probe = stopProbe();
    const [{ txns }] = await rootEm.fork().execute<{ txns: string }[]>(`select count(*) as txns from transactions where company_id = ? and origin = 'subscription' and status = 'paid'`, [company.id]);

    const stageRows = await stages(rootEm, company.id, new Date(started));
    const tasks = await workflowTasks(deps.temporal, rootEm, company.id, ids);

    log(`[bench] the floor: ${count} no-op workflows, one message each…`);
    const floorStarted = Date.now();
    await pool(count, concurrency, async (i) => {
      const handle = deps.temporal.workflow.getHandle(noops[i]);
      await handle.executeUpdate(noopDecision);
      await handle.result();
    });
    const floorSeconds = (Date.now() - floorStarted) / 1000;

    log('');
    log(`billing: ${count} subscriptions advanced one cycle (invoice issued, card charged, paid) in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(1)} invoices/s`);
    log(`  signals sent in ${((signaled - started) / 1000).toFixed(1)} s; paid subscription transactions: ${txns}`);
    log(`floor: ${count} no-op workflows answered and completed in ${floorSeconds.toFixed(1)} s = ${(count / floorSeconds).toFixed(1)} workflows/s`);
    log('  where the time goes, per invoice (seconds, p50 / p90 / max):');
    for (const r of stageRows) log(`    ${r.stage.padEnd(40)} ${r.p50.toFixed(1)} / ${r.p90.toFixed(1)} / ${r.max.toFixed(1)}`);
    for (const line of formatProbe(probe, count)) log(line);
    for (const line of tasks) log(line);
    log(`(${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, concurrency ${concurrency}, Temporal store ${temporalDb}, settings ${JSON.stringify({ dynamicConfig, dbPoolMax })})`);
  } finally {
    for (const fn of cleanup) await fn().catch((err) => log(`[bench] cleanup: ${String(err)}`));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** `key=<JSON>` pairs (`--temporal-config system.enableActivityEagerExecution=true`) as an object. */
function keyValues(pairs: string[]): Record<string, string | number | boolean> {
  return Object.fromEntries(pairs.map((kv) => [kv.slice(0, kv.indexOf('=')), JSON.parse(kv.slice(kv.indexOf('=') + 1)) as string | number | boolean]));
}

/** Every value of a repeatable flag (`--name v` or `--name=v`). */
function flags(args: string[], name: string): string[] {
  return args.flatMap((a, i) => (a === name && i + 1 < args.length ? [args[i + 1]] : a.startsWith(`${name}=`) ? [a.slice(name.length + 1)] : []));
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** Runs `task(0..total-1)` with at most `concurrency` in flight. */
async function pool(total: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

async function startNoops(temporal: Client, count: number, concurrency: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `bench-noop-${i}`);
  await pool(count, concurrency, (i) => temporal.workflow.start('benchNoop', { workflowId: ids[i], taskQueue: 'bench-noop' }));
  return ids;
}

/** Rows of the bench company in one state (`billing_subscriptions` or `billing_invoices`). */
async function countIn(rootEm: EntityManager, table: 'billing_subscriptions' | 'billing_invoices', companyId: string, status: string): Promise<number> {
  const [row] = await rootEm.fork().execute<{ n: string }[]>(`select count(*) as n from ${table} where company_id = ? and status = ?`, [companyId, status]);
  return Number(row.n);
}

/**
 * Per-invoice stage durations from the outbox events' times: the advance signal to
 * invoice.issued (trial end, activation, issue), to transaction.created (the charge activity),
 * to transaction.paid (the transaction workflow's authorization), to invoice.paid (the decision
 * back to the subscription workflow and the settle).
 */
async function stages(rootEm: EntityManager, companyId: string, since: Date): Promise<Array<{ stage: string; p50: number; p90: number; max: number }>> {
  const rows = await rootEm.fork().execute<Array<{ stage: string; p50: number; p90: number; max: number }>>(
    `with ev as (
       select entity_id, type, min(created_at) as at from events
       where company_id = ? and created_at >= ? and type in ('invoice.issued', 'invoice.paid', 'transaction.created', 'transaction.paid')
       group by entity_id, type),
     r as (
       select ii.at as issued, tc.at as created, tp.at as decided, ip.at as paid
       from transactions t
       join ev ii on ii.entity_id = t.metadata->>'invoiceId' and ii.type = 'invoice.issued'
       join ev ip on ip.entity_id = t.metadata->>'invoiceId' and ip.type = 'invoice.paid'
       join ev tc on tc.entity_id = t.id and tc.type = 'transaction.created'
       join ev tp on tp.entity_id = t.id and tp.type = 'transaction.paid'
       where t.company_id = ? and t.origin = 'subscription'),
     s as (
       select 1 as n, 'advance signal → invoice.issued' as stage, extract(epoch from issued - ?::timestamptz) as d from r
       union all select 2, 'invoice.issued → transaction.created', extract(epoch from created - issued) from r
       union all select 3, 'transaction.created → transaction.paid', extract(epoch from decided - created) from r
       union all select 4, 'transaction.paid → invoice.paid', extract(epoch from paid - decided) from r)
     select stage, percentile_cont(0.5) within group (order by d)::float as p50, percentile_cont(0.9) within group (order by d)::float as p90, max(d)::float as max
     from s group by n, stage order by n`,
    [companyId, since, companyId, since],
  );
  return rows;
}

/** How many histories `workflowTasks` reads per kind: enough for a mean, cheap beside the run. */
const HISTORY_SAMPLE = 20;

/**
 * Workflow tasks per workflow, from a sample of histories: how many were scheduled, and how
 * many timed out or failed (each one a task the server and the worker did twice).
 */
async function workflowTasks(temporal: Client, rootEm: EntityManager, companyId: string, subscriptionIds: string[]): Promise<string[]> {
  const txns = await rootEm
    .fork()
    .execute<{ id: string }[]>(`select id from transactions where company_id = ? and origin = 'subscription' order by id limit ?`, [companyId, HISTORY_SAMPLE]);
  const kinds = [
    { name: 'subscription', ids: subscriptionIds.slice(0, HISTORY_SAMPLE).map(subscriptionWorkflowId) },
    { name: 'transaction', ids: txns.map((t) => transactionWorkflowId(t.id)) },
  ];
  const lines: string[] = [];
  for (const kind of kinds) {
    const counts = { events: 0, scheduled: 0, timedOut: 0, failed: 0, activities: 0 };
    for (const id of kind.ids) {
      const history = await temporal.workflow.getHandle(id).fetchHistory();
      for (const e of history.events ?? []) {
        counts.events++;
        if (e.workflowTaskScheduledEventAttributes) counts.scheduled++;
        if (e.workflowTaskTimedOutEventAttributes) counts.timedOut++;
        if (e.workflowTaskFailedEventAttributes) counts.failed++;
        if (e.activityTaskScheduledEventAttributes) counts.activities++;
      }
    }
    const per = (n: number) => (n / Math.max(1, kind.ids.length)).toFixed(2);
    lines.push(
      `  ${kind.name} workflows (${kind.ids.length} histories): ${per(counts.events)} events, ${per(counts.scheduled)} workflow tasks (${per(counts.timedOut)} timed out, ${per(counts.failed)} failed), ${per(counts.activities)} activity tasks each`,
    );
  }
  return lines;
}

async function waitFor(ok: () => Promise<boolean>, what: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const quietLogger = (log: (l: string) => void) => ({ trace() {}, debug() {}, info() {}, warn() {}, error: (m: string) => log(m), log() {} }) as never;
