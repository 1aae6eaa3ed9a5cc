import type { ClientInterceptors } from '@temporalio/client';
import type { WorkerOptions } from '@temporalio/worker';
import { activeTracing } from './state';

/** The interceptors' package, loaded when a process traces: it brings the OpenTelemetry SDK (~0.14 s), which an untraced process never needs. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const otel = () => require('@temporalio/interceptors-opentelemetry') as typeof import('@temporalio/interceptors-opentelemetry');

/**
 * Temporal's OpenTelemetry interceptors, only when this process traces: off, a client and a
 * worker are built exactly as without them (no interceptor, no sink, no workflow module), so
 * workflow histories and the bundle do not change.
 */

/** For every Client: StartWorkflow / UpdateWithStart / SignalWorkflow … spans, and the trace context in the workflow's headers. */
export function tracingClientInterceptors(): ClientInterceptors | undefined {
  if (!activeTracing()) return undefined;
  return { workflow: [new (otel().OpenTelemetryWorkflowClientInterceptor)()] };
}

/**
 * For the worker: RunWorkflow / StartActivity spans made in the workflow sandbox (the package's
 * workflow interceptors module, bundled with the workflows) and handed out of it by the
 * `exporter` sink to this process's exporting processor; RunActivity spans around each activity,
 * continuing the trace from the headers, so the activity's SQL and logs join it.
 */
/** The workflow interceptors a bundle has in it for a worker that traces (`bundleLastroWorkflows`). */
export const TRACING_WORKFLOW_MODULES = [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')];

export function tracingWorkerOptions(): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  const tracing = activeTracing();
  if (!tracing) return {};
  const { makeWorkflowExporter, OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor } = otel();
  return {
    interceptors: {
      workflowModules: TRACING_WORKFLOW_MODULES,
      activity: [(ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) })],
    },
    sinks: { exporter: makeWorkflowExporter(tracing.processor, tracing.resource) },
  };
}
