// First: starts tracing (when OTEL_* asks for it) before http and pg are loaded.
import './observability/tracing/register-api';
import type { Server } from 'node:http';
import { createApp } from './app';
import type { AppDeps } from './app-deps';
import { loadConfig, type Config } from './config';
import { createConfiguredOrm } from './db/orm';
import { createEventDispatcher } from './events/subscribers';
import { startApiOps } from './observability/metrics/process-ops';
import { sanitizeError } from './observability/redaction/errors';
import { stopTracing } from './observability/tracing/state';
import { createLogger } from './shared/logger';
import { connectTemporalClient } from './temporal/client';

/** Builds everything the API needs from a config (tests call this with their own). */
export async function createApiDeps(config: Config): Promise<AppDeps> {
  const logger = createLogger(config.logLevel, 'lastro-api');
  const orm = await createConfiguredOrm(config);
  const temporal = await connectTemporalClient(config);
  const dispatcher = createEventDispatcher(orm, { config, temporal, logger });
  return { config, orm, temporal, dispatcher, logger };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const deps = await createApiDeps(config);
  await startApiOps(deps);
  const server: Server = createApp(deps).listen(config.port, config.host, () => {
    deps.logger.info({ port: config.port, mode: config.mode }, `Lastro API listening on ${config.urls.publicBase}`);
    // The dev launcher waits for this, not for the port to answer: a port that answers may be someone else's.
    process.send?.({ type: 'listening', port: config.port });
  });
  server.once('error', (err: NodeJS.ErrnoException) => {
    deps.logger.fatal({ err }, `The API cannot listen on ${config.host}:${config.port} (${err.code ?? err.message}): stop the process that holds it, or set PORT`);
    process.exit(1);
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    deps.logger.info('API stopping');
    server.close(async () => {
      // The answers already sent set dispatches going (workflow starts among them): they finish first.
      await deps.dispatcher.settled();
      await deps.orm.close();
      await deps.temporal.connection.close();
      // The last spans (this shutdown's own requests among them) leave before the process does.
      await stopTracing();
      process.exit(0);
    });
    server.closeAllConnections();
  };
  // `on`, not `once`: under tsx or a terminal a signal can arrive twice.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((err) => {
    // A start that fails on a statement (a migration, a seed) would print its values otherwise.
    console.error(sanitizeError(err));
    process.exit(1);
  });
}
