// First: starts tracing (when OTEL_* asks for it) before http and pg are loaded.
import '../src/observability/tracing/register-worker';
import path from 'node:path';
import { NativeConnection, Runtime, Worker, bundleWorkflowCode, type WorkerOptions } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import { createActivities } from '../activities';
import { createBillingRunActivities } from '../activities/billing/billing-run.activities';
import type { ActivityDeps } from '../activities/deps';
import { loadConfig } from '../src/config';
import { createConfiguredOrm } from '../src/db/orm';
import { createEventDispatcher } from '../src/events/subscribers';
import { startWorkerOps } from '../src/observability/metrics/process-ops';
import { databaseErrorsWithoutValues } from '../src/observability/redaction/activity-failures';
import { sanitizeError } from '../src/observability/redaction/errors';
import { installTemporalRuntimeMetrics } from '../src/observability/metrics/temporal-runtime';
import { TRACING_WORKFLOW_MODULES, tracingClientInterceptors, tracingWorkerOptions } from '../src/observability/tracing/temporal';
import { activeTracing, stopTracing } from '../src/observability/tracing/state';
import { createLogger } from '../src/shared/logger';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { startDeliveryLanes } from '../src/webhooks/delivery-lanes';
import { billingRunTaskQueue } from '../workflows/billing/billing-run.contract';
import { ensureDefaultPayoutWebhook, ensureDefaultPixWebhook, ensureMaintenanceSchedules } from './schedules';
import { whenTemporalAnswers } from './wait-for-temporal';

const WORKFLOWS_PATH = path.join(__dirname, '..', 'workflows');

interface WorkerParts {
  connection: NativeConnection;
  namespace: string;
  /** Lastro's task queue (`TEMPORAL_TASK_QUEUE`); the billing run's is named after it. */
  taskQueue: string;
  deps: ActivityDeps;
  /** The workflow code, bundled once per process (bundleLastroWorkflows; tests keep one per file). */
  workflowBundle: NonNullable<WorkerOptions['workflowBundle']>;
}

/**
 * Bundles the workflows once for every worker of the process, with the tracing interceptors when
 * tracing is on (`tracing`: for workers of another process, whose `OTEL_*` say whether they trace).
 */
export function bundleLastroWorkflows(tracing = activeTracing() !== undefined): Promise<NonNullable<WorkerOptions['workflowBundle']>> {
  return bundleWorkflowCode({
    workflowsPath: require.resolve(WORKFLOWS_PATH),
    workflowInterceptorModules: tracing ? TRACING_WORKFLOW_MODULES : undefined,
    // The SDK's logger, as a worker bundling for itself uses: webpack's report at debug, not on the console.
    logger: Runtime.instance().logger,
  });
}

/** What both workers share: their connection, the workflow code, tracing and the sticky timeout. */
function sharedOptions(opts: WorkerParts): Omit<WorkerOptions, 'taskQueue'> {
  const { interceptors, sinks } = tracingWorkerOptions();
  return {
    connection: opts.connection,
    namespace: opts.namespace,
    // The SDK sends heartbeats at most every 80 % of an activity's heartbeat timeout: 16 s of a
    // 20 s one, so a heartbeat 4 s late on a loaded machine times the activity out and its retry
    // runs beside it (the likeliest cause of the few webhook events the soak got twice). Every
    // 5 s leaves 15 s of margin.
    maxHeartbeatThrottleInterval: '5 seconds',
    // A busy worker takes its cached workflows' next tasks late: after the default 10 s the
    // server moves such a task to the shared queue, behind every new workflow's first task, to
    // be replayed from its history. The price: a worker that dies holding cached workflows hands
    // them on after 60 s, not 10.
    stickyQueueScheduleToStartTimeout: '60 seconds',
    // Workflow and activity spans when tracing is on; the bundle has the workflow interceptors
    // in it already (bundleLastroWorkflows). Always, innermost: activity failures without the
    // values a database error carries.
    interceptors: { ...interceptors, workflowModules: [], activity: [...(interceptors?.activity ?? []), databaseErrorsWithoutValues] },
    ...(sinks ? { sinks } : {}),
    workflowBundle: opts.workflowBundle,
  };
}

/** A worker for Lastro's task queue: every workflow and activity. Tests pass their file's bundle and a test-environment connection. */
export async function createLastroWorker(opts: WorkerParts): Promise<Worker> {
  return Worker.create({
    ...sharedOptions(opts),
    taskQueue: opts.taskQueue,
    activities: createActivities(opts.deps),
    // Bounded: transactions stay open for months (settlement, chargebacks), so an unbounded cache
    // grows with every sale (the SDK's default is sized to the heap: ~2,300 workflows here).
    maxCachedWorkflows: opts.deps.config.temporal.maxCachedWorkflows,
  });
}

/**
 * A worker for the billing run's task queue (`billingRunTaskQueue`): its workflow and its page
 * activities only. Apart from Lastro's queue because a run's pages start a transaction workflow
 * per charge, thousands a minute; on one queue the run's own next task waited behind all their
 * first tasks, and a 100,000 run stalled for minutes at a time.
 */
export async function createBillingRunWorker(opts: WorkerParts): Promise<Worker> {
  return Worker.create({
    ...sharedOptions(opts),
    taskQueue: billingRunTaskQueue(opts.taskQueue),
    activities: createBillingRunActivities(opts.deps),
    // Runs are few (one per schedule tick, or by hand); each page is one activity.
    maxCachedWorkflows: 20,
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'lastro-worker');
  const orm = await createConfiguredOrm(config);
  // Before the first NativeConnection: the SDK's runtime takes its telemetry settings only then.
  const temporalMetrics = config.metrics ? await installTemporalRuntimeMetrics() : undefined;
  // TLS/mTLS and the API key as the API's client connects (src/temporal/connection.ts).
  const connectionOptions = temporalConnectionOptions(config.temporal);
  const connection = await whenTemporalAnswers('connect', logger, () => NativeConnection.connect(connectionOptions));
  const temporal = new Client({ connection, namespace: config.temporal.namespace, interceptors: tracingClientInterceptors() });
  const dispatcher = createEventDispatcher(orm, { config, temporal, logger });

  await whenTemporalAnswers('register the schedules', logger, () => ensureMaintenanceSchedules(temporal, config.temporal.taskQueue));
  await ensureDefaultPixWebhook({ config, orm, logger });
  await ensureDefaultPayoutWebhook({ config, orm, logger });
  const common = { connection, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue, deps: { config, orm, dispatcher, logger, temporal } };
  // Built ahead (WORKFLOW_BUNDLE_PATH: an image build, a test stack's restarts) or here: bundling costs seconds of CPU per start.
  const prebuilt = config.temporal.workflowBundlePath;
  const parts: WorkerParts = prebuilt ? { ...common, workflowBundle: { codePath: prebuilt } } : { ...common, workflowBundle: await bundleLastroWorkflows() };
  const worker = await createLastroWorker(parts);
  const billingRuns = await createBillingRunWorker(parts);
  // Webhook deliveries' first attempts: no workflow, drained from the database (src/webhooks/delivery-lanes.ts).
  const lanes = await startDeliveryLanes({ orm, config, temporal, logger });
  const ops = await startWorkerOps({ config, orm, temporal, logger, worker, temporalMetrics });
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and drains in-flight tasks.
  logger.info({ taskQueue: config.temporal.taskQueue, billingRunTaskQueue: billingRunTaskQueue(config.temporal.taskQueue), address: config.temporal.address }, 'worker started');
  await Promise.all([worker.run(), billingRuns.run()]);
  await lanes.stop();
  await ops.close();
  // Events the last activities recorded are dispatched before the connections close.
  await dispatcher.settled();
  await orm.close();
  await connection.close();
  await stopTracing();
  logger.info('worker stopped');
}

if (require.main === module) {
  main().catch((err) => {
    // A start that fails on a statement (a migration, a seed) would print its values otherwise.
    console.error(sanitizeError(err));
    process.exit(1);
  });
}
