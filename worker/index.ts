// First: starts tracing (when OTEL_* asks for it) before http and pg are loaded.
import '../src/observability/tracing/register-worker';
import path from 'node:path';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import { createActivities } from '../activities';
import type { ActivityDeps } from '../activities/deps';
import { loadConfig } from '../src/config';
import { createOrm } from '../src/db/orm';
import { createEventDispatcher } from '../src/events/subscribers';
import { startWorkerOps } from '../src/observability/metrics/process-ops';
import { installTemporalRuntimeMetrics } from '../src/observability/metrics/temporal-runtime';
import { tracingClientInterceptors, tracingWorkerOptions } from '../src/observability/tracing/temporal';
import { stopTracing } from '../src/observability/tracing/state';
import { createLogger } from '../src/shared/logger';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { startDeliveryLanes } from '../src/webhooks/delivery-lanes';
import { ensureMaintenanceSchedules } from './schedules';

export const WORKFLOWS_PATH = path.join(__dirname, '..', 'workflows');

/**
 * A worker for Lastro's task queue. Tests pass a prebuilt `workflowBundle` (bundling is the
 * slow part) and a test-environment connection.
 */
export async function createLastroWorker(opts: {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  workflowBundle?: WorkerOptions['workflowBundle'];
}): Promise<Worker> {
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: createActivities(opts.deps),
    // Bounded: transactions stay open for months (settlement, chargebacks), so an unbounded cache
    // grows with every sale (the SDK's default is sized to the heap: ~2,300 workflows here).
    maxCachedWorkflows: opts.deps.config.temporal.maxCachedWorkflows,
    // The SDK sends heartbeats at most every 80 % of an activity's heartbeat timeout: 16 s of a
    // 20 s one, so a heartbeat 4 s late on a loaded machine times the activity out and its retry
    // runs beside it (the likeliest cause of the few webhook events the soak got twice). Every
    // 5 s leaves 15 s of margin.
    maxHeartbeatThrottleInterval: '5 seconds',
    // A busy worker (a billing run's page starting hundreds of transaction workflows) takes its
    // cached workflows' next tasks late: after the default 10 s the server moves such a task to
    // the shared queue, behind every new workflow's first task, to be replayed from its history
    // (5 of a 10,000-renewal run's 31 tasks; the run took 388 s, 267 s with 60 s). The price: a
    // worker that dies holding cached workflows hands them on after 60 s, not 10.
    stickyQueueScheduleToStartTimeout: '60 seconds',
    // Workflow and activity spans when tracing is on; nothing at all when it is off.
    ...tracingWorkerOptions(),
    ...(opts.workflowBundle ? { workflowBundle: opts.workflowBundle } : { workflowsPath: require.resolve(WORKFLOWS_PATH) }),
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'lastro-worker');
  const orm = await createOrm(config.databaseUrl);
  // Before the first NativeConnection: the SDK's runtime takes its telemetry settings only then.
  const temporalMetrics = config.metrics ? await installTemporalRuntimeMetrics() : undefined;
  // TLS/mTLS and the API key as the API's client connects (src/temporal/connection.ts).
  const connection = await NativeConnection.connect(temporalConnectionOptions(config.temporal));
  const temporal = new Client({ connection, namespace: config.temporal.namespace, interceptors: tracingClientInterceptors() });
  const dispatcher = createEventDispatcher(orm, { config, temporal, logger });

  await ensureMaintenanceSchedules(temporal, config.temporal.taskQueue);
  const worker = await createLastroWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    deps: { config, orm, dispatcher, logger, temporal },
  });
  // Webhook deliveries' first attempts: no workflow, drained from the database (src/webhooks/delivery-lanes.ts).
  const lanes = await startDeliveryLanes({ orm, config, temporal, logger });
  const ops = await startWorkerOps({ config, orm, temporal, logger, worker, temporalMetrics });
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and drains in-flight tasks.
  logger.info({ taskQueue: config.temporal.taskQueue, address: config.temporal.address }, 'worker started');
  await worker.run();
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
    console.error(err);
    process.exit(1);
  });
}
