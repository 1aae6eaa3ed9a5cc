import path from 'node:path';
import { NativeConnection } from '@temporalio/worker';
import { Client, Connection } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivityDeps } from '../../activities/deps';
import { loadConfig } from '../../src/config';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { createOrm, migrate } from '../../src/db/orm';
import { startTemporalDevServer } from '../../src/dev/temporal-dev-server';
import { createEventDispatcher } from '../../src/events/subscribers';
import { createLogger } from '../../src/shared/logger';
import { createLastroWorker } from '../../worker';
import { freePort } from '../../test/helpers/ports';

export type Cleanup = Array<() => Promise<unknown>>;

export interface BenchStack {
  deps: ActivityDeps;
  rootEm: EntityManager;
  /** A worker connection, for benchmarks that run extra workers (floors). */
  connection: NativeConnection;
}

/**
 * The platform as `npm run dev` runs it, for a benchmark: embedded PostgreSQL and the
 * Temporal dev server in `tmp`, migrations, and a running Lastro worker. Each started part
 * registers its stop in `cleanup` (newest first), so the caller tears down in reverse order.
 */
export async function startBenchStack(opts: { root: string; tmp: string; env: Record<string, string>; cleanup: Cleanup; log: (line: string) => void }): Promise<BenchStack> {
  const { cleanup, log } = opts;
  log('[bench] starting PostgreSQL and the Temporal dev server…');
  const pg = await startEmbeddedPostgres({ dataDir: path.join(opts.tmp, 'pg'), port: await freePort() });
  cleanup.unshift(() => pg.stop());
  const databaseUrl = await ensureDatabase(pg.serverUrl, 'lastro_bench');
  const temporalServer = await startTemporalDevServer({ root: opts.root, dbFile: path.join(opts.tmp, 'temporal.db'), port: await freePort(), uiPort: await freePort(), log: () => undefined });
  cleanup.unshift(() => temporalServer.stop());

  const config = loadConfig({ TEMPORAL_TASK_QUEUE: 'bench', LOG_LEVEL: 'warn', ...opts.env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalServer.address });
  const logger = createLogger(config.logLevel, 'bench');
  const orm = await createOrm(databaseUrl);
  cleanup.unshift(() => orm.close());
  await migrate(orm, databaseUrl);
  const rootEm = orm.em as unknown as EntityManager;

  const connection = await NativeConnection.connect({ address: temporalServer.address });
  cleanup.unshift(() => connection.close());
  const clientConnection = await Connection.connect({ address: temporalServer.address });
  cleanup.unshift(() => clientConnection.close());
  const temporal = new Client({ connection: clientConnection });
  const dispatcher = createEventDispatcher(orm, { config, temporal, logger });

  log('[bench] bundling workflows and starting the worker…');
  const deps: ActivityDeps = { config, orm, dispatcher, logger, temporal };
  const worker = await createLastroWorker({ connection, namespace: 'default', taskQueue: config.temporal.taskQueue, deps });
  const running = worker.run();
  cleanup.unshift(async () => {
    worker.shutdown();
    await running;
  });
  return { deps, rootEm, connection };
}
