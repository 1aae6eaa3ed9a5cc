/**
 * Whether this process traces, read from the standard OpenTelemetry variables only (no Lastro
 * variable of its own), so a collector's usual set-up switches it on. Pure, for the unit test.
 */
export type TracingSettings = { enabled: false; reason: string } | { enabled: true; serviceName: string; exporter: 'otlp' | 'console' };

type Env = Record<string, string | undefined>;

export function tracingSettings(env: Env, defaultServiceName: string): TracingSettings {
  if (isTrue(env.OTEL_SDK_DISABLED)) return { enabled: false, reason: 'OTEL_SDK_DISABLED' };
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || defaultServiceName;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.length > 0) {
    // The spec's list form: the first exporter Lastro knows wins; `none` alone switches tracing off.
    if (exporters.includes('otlp')) return { enabled: true, serviceName, exporter: 'otlp' };
    if (exporters.includes('console')) return { enabled: true, serviceName, exporter: 'console' };
    return { enabled: false, reason: `OTEL_TRACES_EXPORTER=${env.OTEL_TRACES_EXPORTER}` };
  }
  // Unlike the SDK's default (otlp to localhost), an unset exporter means off: a deployment
  // that never mentions OpenTelemetry pays nothing. Naming an endpoint is saying "send them".
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return { enabled: true, serviceName, exporter: 'otlp' };
  return { enabled: false, reason: 'no OTEL_TRACES_EXPORTER or OTEL_EXPORTER_OTLP_*ENDPOINT' };
}

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}
