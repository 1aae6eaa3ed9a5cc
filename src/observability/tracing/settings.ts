/**
 * Whether this process traces, read from the standard OpenTelemetry variables, so a
 * collector's usual set-up switches it on, plus one of Lastro's: TRUST_TRACEPARENT (see
 * trustsCallers). Pure, for the unit test.
 */
export type TracingSettings =
  | { enabled: false; reason: string }
  | { enabled: true; serviceName: string; exporter: 'otlp' | 'console'; instrument: Instrumented; trustTraceparent: boolean; semconvStabilityOptIn: string };

/** Which libraries get spans of their own (the Temporal interceptors always do, when on). */
export interface Instrumented {
  http: boolean;
  pg: boolean;
}

type Env = Record<string, string | undefined>;

export function tracingSettings(env: Env, defaultServiceName: string): TracingSettings {
  if (isTrue(env.OTEL_SDK_DISABLED)) return { enabled: false, reason: 'OTEL_SDK_DISABLED' };
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || defaultServiceName;
  const instrument = instrumented(env);
  const trustTraceparent = trustsCallers(env);
  const semconvStabilityOptIn = semconvOptIn(env);
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.length > 0) {
    // The spec's list form: the first exporter Lastro knows wins; `none` alone switches tracing off.
    if (exporters.includes('otlp')) return { enabled: true, serviceName, exporter: 'otlp', instrument, trustTraceparent, semconvStabilityOptIn };
    if (exporters.includes('console')) return { enabled: true, serviceName, exporter: 'console', instrument, trustTraceparent, semconvStabilityOptIn };
    return { enabled: false, reason: `OTEL_TRACES_EXPORTER=${env.OTEL_TRACES_EXPORTER}` };
  }
  // Unlike the SDK's default (otlp to localhost), an unset exporter means off: a deployment
  // that never mentions OpenTelemetry pays nothing. Naming an endpoint is saying "send them".
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return { enabled: true, serviceName, exporter: 'otlp', instrument, trustTraceparent, semconvStabilityOptIn };
  return { enabled: false, reason: 'no OTEL_TRACES_EXPORTER or OTEL_EXPORTER_OTLP_*ENDPOINT' };
}

/**
 * `OTEL_NODE_DISABLED_INSTRUMENTATIONS=pg` (the list OpenTelemetry's Node auto-instrumentation
 * reads, short names or `@opentelemetry/instrumentation-pg`): traces without a span per SQL
 * statement, which are most of a request's spans.
 */
function instrumented(env: Env): Instrumented {
  const disabled = new Set(
    (env.OTEL_NODE_DISABLED_INSTRUMENTATIONS ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase().replace(/^@opentelemetry\/instrumentation-/, ''))
      .filter(Boolean),
  );
  return { http: !disabled.has('http'), pg: !disabled.has('pg') };
}

/**
 * `TRUST_TRACEPARENT=true`: the API's callers are the deployment's own (a gateway or service
 * mesh that starts the trace), so a request's `traceparent`, `tracestate` and `baggage`
 * continue their trace and its sampling decision. Off (the default, for an API open to the
 * internet), each request starts a trace of its own, sampled by OTEL_TRACES_SAMPLER alone:
 * a caller can neither make its requests sampled nor write into a trace of its choosing.
 */
function trustsCallers(env: Env): boolean {
  return isTrue(env.TRUST_TRACEPARENT);
}

/**
 * `OTEL_SEMCONV_STABILITY_OPT_IN`, `http` unless set: the HTTP spans carry the stable semantic
 * conventions (`http.request.method`, `http.response.status_code`, `url.path`, `url.query`,
 * `http.route`, …) rather than the old experimental names the instrumentation defaults to. Set,
 * it is the operator's list as the spec reads it (`http/dup` emits both, while dashboards move).
 */
function semconvOptIn(env: Env): string {
  return env.OTEL_SEMCONV_STABILITY_OPT_IN?.trim() || 'http';
}

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}
