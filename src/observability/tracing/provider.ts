import { context, diag, DiagConsoleLogger, DiagLogLevel, propagation, type Context } from '@opentelemetry/api';
import { getEnv } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { envDetectorSync, Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { RedactingSpanExporter } from './redaction';
import { REQUEST_ID_ATTRIBUTE } from './request-id';
import { serviceVersion } from './service-version';
import type { TracingSettings } from './settings';
import { setActiveTracing, type ActiveTracing } from './state';

/**
 * Paths scraped or probed every few seconds (the API's /health, the operator listener's /metrics
 * and /health/live|ready): a span each would bury the requests worth reading.
 */
const UNTRACED_PATHS = new Set(['/metrics', '/health', '/health/live', '/health/ready']);

/** What a caller sends to place its request in a trace (W3C trace context and baggage). */
const CALLER_TRACE_HEADERS = ['traceparent', 'tracestate', 'baggage'];

/**
 * Starts tracing for this process: a tracer provider exporting in batches (OTLP/HTTP, or the
 * console), W3C trace context and baggage propagation, and the http and pg instrumentations.
 * Must run before `pg` is first required (register-api.ts / register-worker.ts see to it).
 * Sampling (`OTEL_TRACES_SAMPLER`, `…_ARG`), batching (`OTEL_BSP_*`), the endpoint and headers
 * (`OTEL_EXPORTER_OTLP_*`) and resource attributes are read from the environment by the SDK.
 */
export function startTracing(settings: Extract<TracingSettings, { enabled: true }>): ActiveTracing {
  // The SDK reports a failed export (collector down, wrong port) only through its diagnostic
  // logger: on stderr at OTEL_LOG_LEVEL, errors by default, so spans are never lost silently.
  const level = process.env.OTEL_LOG_LEVEL ? getEnv().OTEL_LOG_LEVEL : DiagLogLevel.ERROR;
  diag.setLogger(new DiagConsoleLogger(), level);
  const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol === 'grpc') diag.error('OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported here: spans go as OTLP/HTTP (JSON), to a collector\'s HTTP port (4318)');
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, win over the process's default name and version.
  const resource = new Resource({ [ATTR_SERVICE_NAME]: settings.serviceName, [ATTR_SERVICE_VERSION]: serviceVersion() }).merge(envDetectorSync.detect());
  // The http instrumentation reads its semantic conventions from the environment when it is built.
  process.env.OTEL_SEMCONV_STABILITY_OPT_IN = settings.semconvStabilityOptIn;
  const exporter = settings.exporter === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter();
  // Every span, whichever instrumentation made it, leaves without values, tokens or personal data.
  const processor = new BatchSpanProcessor(new RedactingSpanExporter(exporter));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new RequestIdSpanProcessor(), processor] });
  // Default context manager (AsyncLocalStorage) and propagators (OTEL_PROPAGATORS, by default
  // tracecontext + baggage: the baggage carries the request id into workflows and activities).
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      ...(settings.instrument.http
        ? [
            new HttpInstrumentation({
              ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]),
              // Called before the instrumentation reads the caller's trace context from the
              // headers: unless the deployment trusts its callers (TRUST_TRACEPARENT), they
              // are dropped and the request starts a trace of its own.
              startIncomingSpanHook: (req) => {
                if (!settings.trustTraceparent) for (const header of CALLER_TRACE_HEADERS) delete req.headers[header];
                return {};
              },
              // Outgoing HTTP from these processes is webhook deliveries to merchants' endpoints:
              // instrumenting it would send them our traceparent and baggage headers.
              disableOutgoingRequestInstrumentation: true,
            }),
          ]
        : []),
      // Only queries inside a trace: the delivery lanes and sweepers poll the database on their
      // own and would otherwise make a root span per poll.
      // Never the parameter values (enhancedDatabaseReporting); the statement's inline values are
      // taken out on export (redaction.ts).
      ...(settings.instrument.pg ? [new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false })] : []),
    ],
  });
  const tracing: ActiveTracing = { serviceName: settings.serviceName, resource, processor, shutdown: () => provider.shutdown() };
  setActiveTracing(tracing);
  return tracing;
}

/**
 * Stamps every span started inside a request with the request's id, in whichever process it
 * starts (API, or worker: the id travels in the baggage through Temporal's headers), so a
 * backend finds all of a request's spans by `lastro.request_id`. Workflow spans, made in the
 * sandbox, are found through their trace.
 */
class RequestIdSpanProcessor implements SpanProcessor {
  onStart(span: Span, parentContext: Context): void {
    const requestId = propagation.getBaggage(parentContext ?? context.active())?.getEntry(REQUEST_ID_ATTRIBUTE)?.value;
    if (requestId) span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  }
  onEnd(_span: ReadableSpan): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
