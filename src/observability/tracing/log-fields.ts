import { isSpanContextValid, trace } from '@opentelemetry/api';
import { activeTracing } from './state';

/**
 * A pino `mixin` that puts the active span's `trace_id` and `span_id` on every log line written
 * inside a trace (the field names OpenTelemetry's log data model and Temporal's activity log
 * attributes use), so a trace leads to its log lines and back. Undefined when tracing is off:
 * then pino calls nothing per line.
 */
export function traceLogMixin(): (() => Record<string, string>) | undefined {
  if (!activeTracing()) return undefined;
  const none = {};
  return () => {
    const span = trace.getActiveSpan()?.spanContext();
    return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : none;
  };
}
