import Koa from 'koa';
import type { AppDeps } from './app-deps';
import { watchApiKeyWrites } from './companies/api-key-cache';
import { accessLog, errorHandler, requestId } from './http/middleware';
import { mountRoutes } from './http/mount';
import { httpMetrics } from './observability/metrics/http';
import { allRoutes } from './routes';

/** Assembles the Koa app: request id, access log, error body, the routes (each parses its JSON body). */
export function createApp(deps: AppDeps): Koa {
  // Behind N proxies the client is the N-th address from the right of X-Forwarded-For; the
  // entries left of it are the client's own words and never count (Koa's maxIpsCount).
  const hops = deps.config.trustedProxies;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  const router = mountRoutes(allRoutes(), deps);
  // Keys and companies changed through the ORM in this process leave the API key cache at once.
  watchApiKeyWrites(deps.orm.em);
  app.use(requestId());
  // Outside the error handler: it counts the status the client gets.
  if (deps.config.metrics) app.use(httpMetrics());
  app.use(accessLog(deps.logger));
  app.use(errorHandler(deps.logger));
  // JSON bodies are parsed by each route (src/http/mount.ts), which may declare its own limit.
  app.use(router.routes);
  app.use(router.allowedMethods({ throw: true }));
  // What fails after the answer started (a streamed body): a client leaving an event stream is
  // no error of the API; anything else goes to the log (Koa's default prints stacks to stderr).
  app.on('error', (err: NodeJS.ErrnoException, ctx?: Koa.Context) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    deps.logger.error({ err, requestId: ctx?.state.requestId }, 'response failed');
  });
  return app;
}
