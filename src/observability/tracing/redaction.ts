import type { Attributes, SpanStatus } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace-base';
import { safeDatabaseMessage } from '../redaction/errors';
import { sanitizeSql } from '../redaction/sql';
import { redactUrl } from '../redaction/urls';

/**
 * What a span may carry out of the process, applied to every span just before export, whoever
 * made it (the http and pg instrumentations, Temporal's interceptors in the worker and in the
 * workflow sandbox): one place, so an instrumentation added later is covered too.
 * - SQL statements keep placeholders only (sanitizeSql): MikroORM writes values into them.
 * - Statement parameters (recorded only with enhancedDatabaseReporting, which is off) go, and
 *   so do the caller's address and user agent (personal data under the LGPD, which the access
 *   log does not keep either; the rate limits store only digests of addresses).
 * - URLs, request targets and paths lose their credential segment and query values (redactUrl,
 *   the access log's own rule), in attributes and in the span's name.
 * - A database error's message, in a span's status or exception event, loses its values.
 */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  const view = Object.create(span) as ReadableSpan & Record<string, unknown>;
  const isDb = span.attributes['db.system'] !== undefined;
  Object.defineProperties(view, {
    name: { value: redactPathsIn(span.name), enumerable: true },
    attributes: { value: redactAttributes(span.attributes), enumerable: true },
    status: { value: redactStatus(span.status, isDb), enumerable: true },
    events: { value: span.events.map((e) => redactEvent(e, isDb)), enumerable: true },
  });
  return view;
}

const STATEMENT_KEYS = new Set(['db.statement', 'db.query.text']);
const DROPPED = [
  /^db\.postgresql\.values$/,
  /^db\.query\.parameter\./,
  /^(net\.peer\.ip|net\.sock\.peer\.addr|network\.peer\.address|client\.address|http\.client_ip)$/,
  /^(http\.user_agent|user_agent\.original)$/,
];
const URL_KEY = /(^|\.)(url|target|path|query)$|^url\./;

function redactAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.some((d) => d.test(key))) continue;
    if (typeof value === 'string' && STATEMENT_KEYS.has(key)) out[key] = sanitizeSql(value);
    else if (typeof value === 'string' && key === 'url.query') out[key] = redactUrl(`?${value}`).slice(1);
    else if (typeof value === 'string' && URL_KEY.test(key)) out[key] = redactUrl(value);
    else out[key] = value;
  }
  return out;
}

/** `GET /kyc/abc` → `GET /kyc/[redacted]`: any path-looking word of a span name. */
function redactPathsIn(text: string): string {
  return text.replace(/(^|\s)(\/\S*)/g, (_m, space: string, path: string) => space + redactUrl(path));
}

function redactStatus(status: SpanStatus, isDb: boolean): SpanStatus {
  return status.message ? { ...status, message: isDb ? safeDatabaseMessage(status.message) : redactPathsIn(status.message) } : status;
}

function redactEvent(event: TimedEvent, isDb: boolean): TimedEvent {
  if (!event.attributes) return event;
  const attributes: Attributes = redactAttributes(event.attributes);
  const type = String(event.attributes['exception.type'] ?? '');
  if (isDb || /Exception$|DatabaseError/.test(type)) {
    for (const key of ['exception.message', 'exception.stacktrace']) {
      const value = attributes[key];
      if (typeof value === 'string') attributes[key] = safeExceptionText(value);
    }
  }
  return { ...event, attributes };
}

/** A stack trace's first lines are the message; its frames name code only. */
function safeExceptionText(text: string): string {
  const frames = text.split('\n');
  const first = frames.findIndex((l) => /^\s+at /.test(l));
  if (first === -1) return safeDatabaseMessage(text);
  return [safeDatabaseMessage(frames.slice(0, first).join('\n')), ...frames.slice(first)].join('\n');
}

/** The exporter every span leaves through: each redacted (redactSpan) before `inner` sees it. */
export class RedactingSpanExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans.map(redactSpan), done);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
