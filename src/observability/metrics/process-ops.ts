import type { Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import type { Config } from '../../config';
import type { Orm } from '../../db/orm';
import type { Logger } from '../../shared/logger';
import { registerDatabaseGauges } from './database-gauges';
import { OPS_DEFAULT_PORTS, startOpsListener, type OpsListener } from './ops-listener';
import { setMetricsRecording, type ProcessRole } from './registry';
import type { MetricsSource } from './temporal-runtime';

interface ProcessDeps {
  config: Config;
  orm: Orm;
  temporal: Client;
  logger: Logger;
}

const postgresReachable = (orm: Orm) => () => orm.em.fork().execute('select 1');
const temporalReachable = (temporal: Client) => () => temporal.workflowService.getSystemInfo({});

async function startOrExit(role: ProcessRole, deps: ProcessDeps, checks: Record<string, () => Promise<unknown>>, extraMetrics: MetricsSource[] = []): Promise<OpsListener> {
  setMetricsRecording(deps.config.metrics);
  try {
    return await startOpsListener({ role, metrics: deps.config.metrics, host: deps.config.ops.host, port: deps.config.ops.port ?? OPS_DEFAULT_PORTS[role], checks, extraMetrics, logger: deps.logger });
  } catch (err) {
    // Like the API port: a process nobody can scrape or probe must not look healthy.
    deps.logger.fatal({ err }, (err as Error).message);
    process.exit(1);
  }
}

/**
 * The API process's operator listener: ready when PostgreSQL answers. Not Temporal: the API
 * answers payments from the database and hands the workflows over through the outbox, which
 * catches up when Temporal is back, so a Temporal outage must not take every API pod out of
 * its Service.
 */
export function startApiOps(deps: ProcessDeps): Promise<OpsListener> {
  return startOrExit('api', deps, { postgres: postgresReachable(deps.orm) });
}

/**
 * The worker process's operator listener, with the database gauges (webhook backlog, outbox
 * lag) and the Temporal SDK's metrics; ready when PostgreSQL and Temporal answer and the worker
 * is polling.
 */
export function startWorkerOps(deps: ProcessDeps & { worker: Worker; temporalMetrics?: MetricsSource }): Promise<OpsListener> {
  registerDatabaseGauges((text) => deps.orm.em.fork().execute(text), deps.logger);
  const running = async () => {
    if (deps.worker.getState() !== 'RUNNING') throw new Error(`worker ${deps.worker.getState()}`);
  };
  return startOrExit(
    'worker',
    deps,
    { postgres: postgresReachable(deps.orm), temporal: temporalReachable(deps.temporal), worker: running },
    deps.temporalMetrics ? [deps.temporalMetrics] : [],
  );
}
