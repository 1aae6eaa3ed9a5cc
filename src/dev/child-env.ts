/**
 * The environment for the Temporal dev server: the launcher's, less OpenTelemetry's variables.
 * `OTEL_*` are Lastro's tracing settings (docs/operations.md), for the API and the worker; the
 * Temporal server reads the same names for its own tracing and refuses to start on a value it
 * does not support (`OTEL_TRACES_EXPORTER=console`: "unsupported OTEL exporter").
 */
export function temporalServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.toUpperCase().startsWith('OTEL_')));
}

/**
 * Runs `start` with the OTEL_* variables out of this process's own environment, for a server the
 * Temporal SDK spawns itself (it takes no environment): put back once it has started. The dev
 * launcher starts nothing else meanwhile.
 */
export async function withoutTracingEnv<T>(start: () => Promise<T>): Promise<T> {
  const saved = Object.entries(process.env).filter(([key]) => key.toUpperCase().startsWith('OTEL_'));
  for (const [key] of saved) delete process.env[key];
  try {
    return await start();
  } finally {
    for (const [key, value] of saved) process.env[key] = value;
  }
}
