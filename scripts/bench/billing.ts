import os from 'node:os';
import { ScheduleOverlapPolicy, WithStartWorkflowOperation, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { temporal as temporal_ } from '@temporalio/proto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { BILLING_RUN_SCHEDULE, billingRunProgressQuery, type BillingRunProgress } from '../../workflows/billing/billing-run.contract';
import { ensureMaintenanceSchedules } from '../../worker/schedules';
import { noopDecision } from './transaction-floors/noop.workflow';
import { startNoopWorker } from './transaction-floors/floors';
import { formatProbe, statementsDuring } from './bench-stack';
import { seedDueSubscriptions } from './billing-seed';
import { benchCardTokens, benchCompany, pool, resultRow, round, runBench, stopwatch } from './harness';
import { transactionWorkflowId } from '../../workflows/payments/transaction.contract';
import { subscriptionWorkflowId } from '../../workflows/billing/subscription.contract';
import { processorsOf } from '../../src/processors/processors';
import { registerPixWebhook } from '../../src/processors/pix/pix-webhooks.service';
import { activeMandateCount, approveMandates, doneAfter, mandateChargesScheduled, pspCalls } from './billing-mandates';

/**
 * One billing cycle of N subscriptions, end to end on a dev-like stack started here (embedded
 * PostgreSQL, the Temporal dev server, the Lastro worker, the embedded Pix PSP as a process of
 * its own): N active subscriptions (prepaid monthly plan) parked with their cycle due now, as
 * every subscription is when its month comes round, two thirds paying by one saved card and a
 * third (`--mandates`, N/3 by default) by a Pix Automático mandate created through Lastro's API
 * and approved at the PSP (billing-mandates.ts), and one billing run started by triggering its
 * Temporal Schedule (lastro-billing-run). The run claims them page by page and issues their
 * invoices set-based; it charges each card (a subscription transaction, decided by the payments
 * module) and records the paid ones, advances their cycle and parks them again set-based; it
 * schedules each mandate invoice's recurring charge at the PSP (`PUT /cobr`, a few at once, and
 * its Pix transaction) and parks the row until the charge's due day, 3 days on. No subscription
 * workflow (one is started only for what must wait, e.g. a refused card).
 * Measured: from the trigger until every card invoice is paid and every mandate charge is
 * scheduled, as renewals per second, and per method: card invoices paid per second, `/cobr`
 * scheduled per second, PSP calls (the PSP's own request counters) and workflow tasks per renewal.
 * Before it, on the same Temporal server, N no-op workflows each started and answered by one
 * update (update-with-start, as a card transaction is) until completed, as workflows per second
 * (the floor, run first so that none of its workflows is open during the run; the row's ratio is
 * the one rate over the other). Each row's p50 / p99 is the time from its phase's start until an
 * item completed. Seeding the N subscriptions (set-based copies of one made through the
 * service) is not measured. At the end it prints where the time went: per-invoice
 * stages, SQL statements per renewed subscription (pg_stat_statements; BENCH_SQL=1 lists those
 * this process sent), the pool, and workflow tasks per workflow.
 *
 *   npm run bench -- billing [--count N = 10000] [--concurrency C = 64 (the floor's clients)]
 *     [--page-size P = 500] [--parallelism K = 4] [--temporal-config key=<JSON> ...] [--db-pool N] [--floor off]
 */
export const run = (argv: string[]) =>
  runBench('billing', argv, async (b) => {
    // `billing 500` is `billing --count 500`.
    const count = b.args.number('count', b.args.number(0, 10_000));
    const concurrency = b.args.number('concurrency', 64);
    const pageSize = b.args.number('page-size', 500);
    const parallelism = b.args.number('parallelism', 4);
    if (b.args.flag('temporal-db') !== undefined) throw new Error("--temporal-db is no option: every benchmark's Temporal dev server keeps its histories in a SQLite file, as npm run dev's");
    const dynamicConfig = keyValues(b.args.flags('temporal-config'));
    const dbPoolMax = b.args.flag('db-pool') === undefined ? undefined : b.args.number('db-pool', 0);
    // --floor off: the run alone, for counts whose floor would take hours (100,000: compare with a 10,000 run's time).
    const withFloor = b.args.flag('floor') !== 'off';
    // --mandates 0: every subscription by card (the run the mixed one keeps its ratio against).
    const mandateCount = b.args.flag('mandates') === '0' ? 0 : Math.min(count, b.args.number('mandates', Math.floor(count / 3)));
    const cardCount = count - mandateCount;
    const { deps, rootEm, connection, startProbe, pixPsp } = await b.startStack({
      env: { LASTRO_DATA_DIR: b.tmp, RATE_LIMIT_PER_MINUTE: '1000000' },
      temporal: { dynamicConfig },
      dbPoolMax,
      pixPsp: true,
    });
    const psp = pixPsp!;
    b.defer(await startNoopWorker(connection, b.log));
    const { base } = await b.startApi(deps);
    // The PSP's callbacks (a mandate approved, a charge settled) reach this API.
    await registerPixWebhook((await processorsOf(deps).pixById(rootEm.fork(), 'default'))!, base);
    const { companyId, apiKey } = await benchCompany(rootEm);
    const call = async (method: string, url: string, body: object = {}): Promise<{ id: string; status?: string }> => {
      const res = await fetch(`${base}${url}`, { method, headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    const customer = await call('POST', '/customers', { name: 'Bench Buyer', email: 'buyer@bench.example', type: 'individual', document: '52998224725', phone: '+5511999990000' });
    const plan = await call('POST', '/plans', { code: 'bench', name: 'Bench' });
    await call('POST', `/plans/${plan.id}/prices`, { money: { amount: 2990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } });
    await call('POST', `/plans/${plan.id}/publish`);
    const [token] = await benchCardTokens(rootEm, companyId, 1);
    const card = await call('POST', '/payment-methods/cards', { customerId: customer.id, token });
    const body = createSubscriptionBody.parse({ customerId: customer.id, planId: plan.id, defaultPaymentMethodRef: card.id });

    b.log(`[bench] seeding ${count} subscriptions due now, ${mandateCount} of them paying by a Pix Automático mandate (not measured)…`);
    const setup = stopwatch();
    // The templates are written through the service and never started: only their copies are parked.
    const { subscription: template } = await rootEm.fork().transactional((tem) => createSubscription(tem, companyId, body));
    const cardIds = await seedDueSubscriptions(rootEm.fork(), template.id, cardCount, 'bench');
    const byMandate = createSubscriptionBody.parse({ customerId: customer.id, planId: plan.id });
    const { subscription: mandateTemplate } = await rootEm.fork().transactional((tem) => createSubscription(tem, companyId, byMandate));
    const mandateIds = await seedDueSubscriptions(rootEm.fork(), mandateTemplate.id, mandateCount, 'benchpa');
    await approveMandates(rootEm, call, psp.baseUrl, mandateIds);
    await waitFor(async () => (await activeMandateCount(rootEm, companyId)) >= mandateCount, `${mandateCount} active mandates`, Math.max(600_000, mandateCount * 1_000), 500);
    await ensureMaintenanceSchedules(deps.temporal, deps.config.temporal.taskQueue);
    const schedule = deps.temporal.schedule.getHandle(BILLING_RUN_SCHEDULE.scheduleId);
    // Paused: only the trigger below starts a run (a trigger is taken while paused). Running, the
    // schedule's own quarter-hour start renewed the seeded rows while the floor was still going.
    await schedule.pause('benchmark: only its trigger starts a billing run');
    // The run this benchmark measures: the schedule's action with this run's page size and parallelism.
    await schedule.update((prev) => ({ ...prev, action: { ...prev.action, args: [{ pageSize, parallelism }] } }) as typeof prev);
    b.log(`[bench] set up in ${setup().toFixed(1)} s`);

    // The floor first: its workflows complete and close, so none of them is open on the server while the run goes
    // (the run's transaction workflows stay open, waiting for their release dates).
    const floorDoneMs: number[] = [];
    let floorSeconds = 0;
    if (withFloor) {
      b.log(`[bench] the floor: ${count} no-op workflows, each started and answered by one update, until completed…`);
      const floorElapsed = stopwatch();
      await pool(count, concurrency, async (i) => {
        const workflowId = `bench-noop-${i}`;
        await deps.temporal.workflow.executeUpdateWithStart(noopDecision, {
          startWorkflowOperation: new WithStartWorkflowOperation('benchNoop', { workflowId, taskQueue: 'bench-noop', workflowIdConflictPolicy: 'USE_EXISTING' }),
        });
        await deps.temporal.workflow.getHandle(workflowId).result();
        floorDoneMs.push(floorElapsed() * 1000);
      });
      floorSeconds = floorElapsed();
    }

    b.log(`[bench] triggering the billing run schedule for ${count} due subscriptions…`);
    const stopProbe = startProbe();
    const startedAt = new Date();
    let seconds = 0;
    let paidAfterMs: number[] = [];
    let byMethod: { card: number[]; mandate: number[] } = { card: [], mandate: [] };
    let runSeconds = 0;
    let backlogAtPaid = 0;
    let drainedSeconds = 0;
    let runProgress: BillingRunProgress | null = null;
    let runWorkflowId: string | null = null;
    // The bench's own polls of the invoices are statements too: counted, and taken off.
    let polls = 0;
    const pspBefore = await pspCalls(psp.baseUrl);
    const statements = await statementsDuring(rootEm, () =>
      b.measured(async () => {
        const elapsed = stopwatch();
        const actionsBefore = (await schedule.describe()).info.recentActions.length;
        // SKIP, as the schedule's own starts (the SDK's default, ALLOW_ALL, starts a run the schedule
        // does not wait for). Paused, the schedule starts nothing else: the run is the first action since.
        await schedule.trigger(ScheduleOverlapPolicy.SKIP);
        // A busy server can let a description time out (the schedule answers through its own workflow): asked again later.
        const runSinceTrigger = async (): Promise<string | null> => {
          try {
            return (await schedule.describe()).info.recentActions[actionsBefore]?.action.workflow.workflowId ?? null;
          } catch (err) {
            b.log(`[bench] the schedule's description failed (${(err as Error).message}); asked again later`);
            return null;
          }
        };
        // A long run (100,000 on a shared machine) reports its progress once a minute.
        let reported = Date.now();
        let queried = 0;
        let querying = false;
        await waitFor(
          async () => {
            polls += 2;
            const paid = await countIn(rootEm, 'billing_invoices', companyId, 'paid');
            const scheduled = await mandateChargesScheduled(rootEm, companyId, startedAt);
            runWorkflowId ??= await runSinceTrigger();
            // Once a second, and never awaited: a query waits for the run's next workflow task,
            // which can wait minutes behind a backlog, and the paid count must not wait with it.
            if (runWorkflowId && !runProgress?.done && !querying && Date.now() - queried >= 1_000) {
              queried = Date.now();
              querying = true;
              void deps.temporal.workflow
                .getHandle(runWorkflowId)
                .query(billingRunProgressQuery)
                .then((p) => (runProgress = p))
                .catch(() => undefined)
                .finally(() => (querying = false));
            }
            if (Date.now() - reported >= 60_000) {
              reported = Date.now();
              if (!runWorkflowId && elapsed() > 300) throw new Error('the trigger started no billing run within five minutes');
              b.log(`[bench] ${elapsed().toFixed(0)} s: run ${JSON.stringify(runProgress)}; ${paid} of ${cardCount} card invoices paid, ${scheduled} of ${mandateCount} mandate charges scheduled (load average ${os.loadavg()[0].toFixed(2)})`);
            }
            return paid >= cardCount && scheduled >= mandateCount;
          },
          `${cardCount} paid invoices and ${mandateCount} scheduled mandate charges`,
          Math.max(3_600_000, count * 6_000),
          // Once a second: each count reads every invoice of the company, a cost that grows with
          // the run (at 100,000, a quarter of a core if asked ten times a second). The time itself
          // is the last invoice.paid event's, not when the poll saw it.
          1_000,
        );
        byMethod = await doneAfter(rootEm, companyId, startedAt);
        paidAfterMs = [...byMethod.card, ...byMethod.mandate];
        seconds = paidAfterMs.reduce((a, b) => Math.max(a, b), 0) / 1000;
        // Paid is the merchant's renewal; each charge's transaction workflow may still wait for its
        // first task (its release timers). Until none waits: Temporal's own count of the queue's backlog.
        const backlog = () => workflowTaskBacklog(deps.temporal, deps.config.temporal.taskQueue);
        backlogAtPaid = await backlog();
        let shown = Date.now();
        await waitFor(
          async () => {
            const waiting = await backlog();
            if (Date.now() - shown >= 60_000) {
              shown = Date.now();
              b.log(`[bench] ${elapsed().toFixed(0)} s: ${waiting} workflow tasks wait in the task queue`);
            }
            return waiting === 0;
          },
          'the workflow task backlog to drain',
          Math.max(3_600_000, count * 6_000),
          1_000,
        );
        drainedSeconds = elapsed();
        // The run ends once its last page has recorded its renewals: its own time, from Temporal.
        const handle = deps.temporal.workflow.getHandle(runWorkflowId!);
        runProgress = await handle.result();
        runSeconds = ((await handle.describe()).closeTime!.getTime() - startedAt.getTime()) / 1000;
      }),
    );
    const probe = stopProbe();
    const pspAfter = await pspCalls(psp.baseUrl);
    const statementsPerRenewal = (statements - polls) / count;
    const [{ txns, invoices }] = await rootEm
      .fork()
      .execute<{ txns: string; invoices: string }[]>(
        `select (select count(*) from transactions where company_id = ? and origin = 'subscription' and status = 'paid') as txns, (select count(*) from billing_invoices where company_id = ?) as invoices`,
        [companyId, companyId],
      );

    const stageRows = await stages(rootEm, companyId, startedAt);
    const tasks = await workflowTasks(deps.temporal, rootEm, companyId, { card: cardIds, mandate: mandateIds }, runWorkflowId);

    const renewed = { rate: count / seconds, latencies: paidAfterMs };
    const floor = withFloor ? { rate: count / floorSeconds, latencies: floorDoneMs } : null;
    const lastOf = (ms: number[]) => ms.reduce((a, x) => Math.max(a, x), 0) / 1000;
    const methodLoad = (ms: number[]) => ({ rate: ms.length / Math.max(lastOf(ms), 1e-9), latencies: ms });
    const runTasksPerRenewal = tasks.perWorkflow.run / Math.max(1, count);
    const perMethod = {
      card: {
        renewals: cardCount,
        invoicesPerSecond: round(methodLoad(byMethod.card).rate, 2),
        pspCallsPerRenewal: 0,
        workflowTasksPerRenewal: round(tasks.perWorkflow.cardSubscription + tasks.perWorkflow.cardTransaction + runTasksPerRenewal, 2),
      },
      mandate: {
        renewals: mandateCount,
        cobrScheduledPerSecond: round(methodLoad(byMethod.mandate).rate, 2),
        cobrPuts: pspAfter.cobrPuts - pspBefore.cobrPuts,
        pspCallsPerRenewal: round((pspAfter.total - pspBefore.total) / Math.max(1, mandateCount), 2),
        workflowTasksPerRenewal: round(tasks.perWorkflow.mandateSubscription + tasks.perWorkflow.mandateTransaction + runTasksPerRenewal, 2),
      },
    };
    const progress = runProgress as BillingRunProgress | null;
    return {
      args: { count, concurrency, pageSize, parallelism, temporalConfig: dynamicConfig, dbPool: dbPoolMax ?? null },
      lines: [
        `billing: one billing run renewed ${count} subscriptions in ${seconds.toFixed(1)} s = ${renewed.rate.toFixed(1)} invoices/s`,
        `  by card: ${cardCount} (invoice issued, card charged, paid, cycle advanced) = ${perMethod.card.invoicesPerSecond} invoices/s; ${perMethod.card.workflowTasksPerRenewal} workflow tasks per renewal`,
        `  by Pix Automático: ${mandateCount} (invoice issued, cobr scheduled at the PSP, row parked until its due day) = ${perMethod.mandate.cobrScheduledPerSecond} cobr scheduled/s; ${perMethod.mandate.cobrPuts} PUT /cobr, ${perMethod.mandate.pspCallsPerRenewal} PSP calls and ${perMethod.mandate.workflowTasksPerRenewal} workflow tasks per renewal`,
        `  when the last invoice was paid, ${backlogAtPaid} workflow tasks waited in the task queue (transaction workflows' first tasks): none after ${drainedSeconds.toFixed(1)} s`,
        `  the run itself (claims, set-based invoices, charges, set-based records, workflow starts) took ${runSeconds.toFixed(1)} s: ${JSON.stringify(progress)}; invoices: ${invoices}, paid subscription transactions: ${txns}`,
        ...(floor
          ? [
              `floor: ${count} no-op workflows answered and completed in ${floorSeconds.toFixed(1)} s = ${floor.rate.toFixed(1)} workflows/s`,
              `  invoices/s over the floor's workflows/s: ${(renewed.rate / floor.rate).toFixed(3)}×`,
            ]
          : ['floor: not run (--floor off)']),
        `  SQL statements per renewed subscription (pg_stat_statements, until all were paid and 3 s after): ${statementsPerRenewal.toFixed(1)}`,
        '  where the time goes, per invoice (seconds, p50 / p90 / max):',
        ...stageRows.map((r) => `    ${r.stage.padEnd(40)} ${r.p50.toFixed(1)} / ${r.p90.toFixed(1)} / ${r.max.toFixed(1)}`),
        ...formatProbe(probe, count),
        ...tasks.lines,
      ],
      results: [
        resultRow('subscriptions renewed by one billing run', Math.min(concurrency, count), renewed, floor, {
          invoices: Number(invoices),
          invoicesPerSecond: round(renewed.rate, 2),
          seconds: round(seconds, 2),
          floorSeconds: floor ? round(floorSeconds, 2) : null,
          runSeconds: round(runSeconds, 2),
          backlogAtPaid,
          drainedSeconds: round(drainedSeconds, 2),
          paidTransactions: Number(txns),
          perMethod: {
            card: { ...perMethod.card, ratio: floor ? round(perMethod.card.invoicesPerSecond / floor.rate, 3) : null },
            mandate: { ...perMethod.mandate, ratio: floor ? round(perMethod.mandate.cobrScheduledPerSecond / floor.rate, 3) : null },
          },
          stagesSeconds: Object.fromEntries(stageRows.map((r) => [r.stage, { p50: round(r.p50, 2), p90: round(r.p90, 2), max: round(r.max, 2) }])),
        }),
      ],
      statementsPerOp: round(statementsPerRenewal, 1),
      note: `floor clients ${concurrency}, page size ${pageSize}, parallelism ${parallelism}, settings ${JSON.stringify({ dynamicConfig, dbPoolMax })}`,
    };
  });

/** `key=<JSON>` pairs (`--temporal-config system.enableActivityEagerExecution=true`) as an object. */
function keyValues(pairs: string[]): Record<string, string | number | boolean> {
  return Object.fromEntries(pairs.map((kv) => [kv.slice(0, kv.indexOf('=')), JSON.parse(kv.slice(kv.indexOf('=') + 1)) as string | number | boolean]));
}

/** Rows of the bench company in one state (`billing_subscriptions` or `billing_invoices`). */
async function countIn(rootEm: EntityManager, table: 'billing_subscriptions' | 'billing_invoices', companyId: string, status: string): Promise<number> {
  const [row] = await rootEm.fork().execute<{ n: string }[]>(`select count(*) as n from ${table} where company_id = ? and status = ?`, [companyId, status]);
  return Number(row.n);
}

/**
 * Per-invoice stage durations from the outbox events' times: the run's trigger to
 * invoice.issued (the page's set-based issue), to transaction.created (the page's charge),
 * to transaction.paid (the card decision), to invoice.paid (the page's set-based record of its
 * paid charges).
 */
async function stages(rootEm: EntityManager, companyId: string, since: Date): Promise<Array<{ stage: string; p50: number; p90: number; max: number }>> {
  const rows = await rootEm.fork().execute<Array<{ stage: string; p50: number; p90: number; max: number }>>(
    // One row per entity with each stage's first time (a pivot), joined twice: four joins of a
    // (entity, type) aggregate made the planner nest loops over thousands of rows for minutes.
    `with ev as (
       select entity_id,
              min(created_at) filter (where type = 'invoice.issued') as issued,
              min(created_at) filter (where type = 'invoice.paid') as paid,
              min(created_at) filter (where type = 'transaction.created') as created,
              min(created_at) filter (where type = 'transaction.paid') as decided
         from events
        where company_id = ? and created_at >= ? and type in ('invoice.issued', 'invoice.paid', 'transaction.created', 'transaction.paid')
        group by entity_id),
     r as materialized (
       select inv.issued, tx.created, tx.decided, inv.paid
         from transactions t
         join ev inv on inv.entity_id = t.metadata->>'invoiceId'
         join ev tx on tx.entity_id = t.id
        where t.company_id = ? and t.origin = 'subscription' and inv.issued is not null and inv.paid is not null and tx.created is not null and tx.decided is not null),
     s as (
       select 1 as n, 'run trigger → invoice.issued' as stage, extract(epoch from issued - ?::timestamptz) as d from r
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
 * many timed out or failed (each one a task the server and the worker did twice). `perWorkflow`:
 * the mean tasks per sampled id, one with no workflow counting 0 (a renewal's subscription and its
 * one transaction), and the run's tasks in all.
 */
async function workflowTasks(
  temporal: Client,
  rootEm: EntityManager,
  companyId: string,
  subscriptionIds: { card: string[]; mandate: string[] },
  runWorkflowId: string | null,
): Promise<{ lines: string[]; perWorkflow: Record<'cardSubscription' | 'mandateSubscription' | 'cardTransaction' | 'mandateTransaction' | 'run', number> }> {
  const txnsOf = (byMandate: boolean) =>
    rootEm
      .fork()
      .execute<{ id: string }[]>(`select id from transactions where company_id = ? and origin = 'subscription' and (metadata->>'mandateId' is not null) = ? order by id limit ?`, [companyId, byMandate, HISTORY_SAMPLE]);
  const kinds = [
    { key: 'cardSubscription', name: 'card subscription', ids: subscriptionIds.card.slice(0, HISTORY_SAMPLE).map(subscriptionWorkflowId) },
    { key: 'mandateSubscription', name: 'Pix Automático subscription', ids: subscriptionIds.mandate.slice(0, HISTORY_SAMPLE).map(subscriptionWorkflowId) },
    { key: 'cardTransaction', name: 'card transaction', ids: (await txnsOf(false)).map((t) => transactionWorkflowId(t.id)) },
    { key: 'mandateTransaction', name: 'Pix Automático transaction', ids: (await txnsOf(true)).map((t) => transactionWorkflowId(t.id)) },
    { key: 'run', name: 'billing run', ids: runWorkflowId ? [runWorkflowId] : [] },
  ] as const;
  const lines: string[] = [];
  const perWorkflow = { cardSubscription: 0, mandateSubscription: 0, cardTransaction: 0, mandateTransaction: 0, run: 0 };
  for (const kind of kinds) {
    const counts = { events: 0, scheduled: 0, timedOut: 0, failed: 0, activities: 0 };
    const timeoutTypes = new Map<string, number>();
    let none = 0;
    for (const id of kind.ids) {
      // A subscription renewed by its run's page has no workflow at all.
      const exists = await temporal.workflow
        .getHandle(id)
        .describe()
        .then(() => true)
        .catch((err: unknown) => {
          if (err instanceof WorkflowNotFoundError) return false;
          throw err;
        });
      if (!exists) {
        none++;
        continue;
      }
      const history = await temporal.workflow.getHandle(id).fetchHistory();
      for (const e of history.events ?? []) {
        counts.events++;
        if (e.workflowTaskScheduledEventAttributes) counts.scheduled++;
        if (e.workflowTaskTimedOutEventAttributes) {
          counts.timedOut++;
          // SCHEDULE_TO_START: a sticky task no worker took in time; START_TO_CLOSE: a task taken and not answered.
          const type = temporal_.api.enums.v1.TimeoutType[e.workflowTaskTimedOutEventAttributes.timeoutType ?? 0] ?? 'unknown';
          timeoutTypes.set(type, (timeoutTypes.get(type) ?? 0) + 1);
        }
        if (e.workflowTaskFailedEventAttributes) counts.failed++;
        if (e.activityTaskScheduledEventAttributes) counts.activities++;
      }
    }
    perWorkflow[kind.key] = counts.scheduled / Math.max(1, kind.ids.length);
    const per = (n: number) => (n / Math.max(1, kind.ids.length - none)).toFixed(2);
    lines.push(
      `  ${kind.name} workflows (${kind.ids.length - none} histories${none > 0 ? `; ${none} of ${kind.ids.length} sampled had no workflow` : ''}): ${per(counts.events)} events, ${per(counts.scheduled)} workflow tasks (${per(counts.timedOut)} timed out${timeoutTypes.size > 0 ? `: ${[...timeoutTypes].map(([t, n]) => `${t.replace('TIMEOUT_TYPE_', '')} ×${n}`).join(', ')} in all` : ''}, ${per(counts.failed)} failed), ${per(counts.activities)} activity tasks each`,
    );
  }
  return { lines, perWorkflow };
}

async function waitFor(ok: () => Promise<boolean>, what: string, timeoutMs = 600_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Workflow tasks waiting in the task queue's backlog (Temporal's approximate count; a task handed straight to a polling worker is never in it). */
async function workflowTaskBacklog(temporal: Client, taskQueue: string): Promise<number> {
  const { stats } = await temporal.workflowService.describeTaskQueue({
    namespace: temporal.options.namespace,
    taskQueue: { name: taskQueue },
    taskQueueType: temporal_.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    reportStats: true,
  });
  return Number(stats?.approximateBacklogCount ?? 0);
}
