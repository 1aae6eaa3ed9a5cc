import type Koa from 'koa';
import { Counter, Histogram } from 'prom-client';
import { metricsRecording, registry } from './registry';

/** The route label of a request no route matched (404s, 405s): raw paths would be unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Methods that get a label value of their own; any other (Node's parser accepts some 30) is `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** `GET`, …, or `OTHER`: the method label takes a bounded set of values. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** `2xx`, `4xx`, `5xx`…: the status label is the class, whose values are bounded whatever the routes answer. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/*
 * The budget is about 1,000 series on one API process whatever the traffic (test/observability/
 * metrics-cardinality.int.test.ts). A latency histogram costs its buckets + 3 series per label
 * set, and the API has some 170 route templates, each answering 2xx and 4xx: a histogram per
 * route would be ~5,000 series. So per route: a count and the seconds spent (mean latency by
 * route and class, 2 series each); the quantiles come from one histogram by method and class.
 */
const requests = new Counter({
  name: 'lastro_http_requests_total',
  help: 'HTTP requests answered by the API, by method, route template and status class (2xx, 4xx, 5xx)',
  labelNames: ['method', 'route', 'status_class'],
  registers: [registry],
});
const routeSeconds = new Counter({
  name: 'lastro_http_route_seconds_total',
  help: 'Seconds spent answering HTTP requests, by method, route template and status class: divided by lastro_http_requests_total, the mean latency by route',
  labelNames: ['method', 'route', 'status_class'],
  registers: [registry],
});
const duration = new Histogram({
  name: 'lastro_http_request_duration_seconds',
  help: 'Time from the request reaching Koa to its answer, by method and status class (2xx, 4xx, 5xx)',
  labelNames: ['method', 'status_class'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Records one answered request; `startedAt` is performance.now() when it reached the app. */
export function observeHttpRequest(method: string, route: string, status: number, startedAt: number): void {
  if (!metricsRecording()) return;
  const seconds = (performance.now() - startedAt) / 1000;
  const labels = { method: methodLabel(method), status_class: statusClass(status) };
  requests.inc({ ...labels, route });
  routeSeconds.inc({ ...labels, route }, seconds);
  duration.observe(labels, seconds);
}

/**
 * Counts and times every request by its @koa/router route template. Mounted outside the error
 * handler, so the status is the one the client gets.
 */
export function httpMetrics(): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      observeHttpRequest(ctx.method, (ctx as { _matchedRoute?: string })._matchedRoute ?? UNMATCHED_ROUTE, ctx.status, started);
    }
  };
}
