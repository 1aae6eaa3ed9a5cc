import pino from 'pino';
import { traceLogMixin } from '../observability/tracing/log-fields';

export type Logger = pino.Logger;

/**
 * Structured JSON logs on stdout. Request bodies are never logged, and the redaction list
 * keeps secrets out if a field ever reaches a log line by mistake.
 */
export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    redact: {
      paths: ['apiKey', 'headers["x-api-key"]', 'card.number', 'card.cvv', 'number', 'cvv', 'secret', '*.secret'],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
    // trace_id / span_id on lines written inside a trace; no mixin at all when tracing is off.
    mixin: traceLogMixin(),
  });
}
