import type Koa from 'koa';
import { timedCounter } from './registry';

const record = timedCounter({
  counter: { name: 'lastro_http_requests_total', help: 'HTTP requests answered by the API, by method, route template and status' },
  histogram: {
    name: 'lastro_http_request_duration_seconds',
    help: 'Time from the request reaching Koa to its answer, by method, route template and status',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  },
  labelNames: ['method', 'route', 'status'],
});

/** The route label of a request no route matched (404s, 405s): raw paths would be unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

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
      record({ method: ctx.method, route: (ctx as { _matchedRoute?: string })._matchedRoute ?? UNMATCHED_ROUTE, status: String(ctx.status) }, started);
    }
  };
}
