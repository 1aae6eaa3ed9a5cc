import { tracingSettings } from './settings';

/**
 * Starts tracing in an entry process (src/server.ts, worker/index.ts) when the OTEL_* variables
 * ask for it. Called from register-api.ts / register-worker.ts, which each entry imports before
 * anything else: the pg instrumentation patches `pg` when it is first required, so it must be
 * registered before the ORM loads it.
 *
 * Only when `entry` is the process's main module: tests, benchmarks and scripts import the
 * entries' exports (createApiDeps, createLastroWorker) and must not start tracing themselves.
 */
export function registerTracing(entry: string, defaultServiceName: string): void {
  if (require.main?.filename !== entry) return;
  const settings = tracingSettings(process.env, defaultServiceName);
  if (!settings.enabled) return;
  // Required only when on: off, a process never loads the SDK, the exporter or the instrumentations.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./provider') as typeof import('./provider');
  startTracing(settings);
}
