import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { AppDeps } from './app-deps';
import { accessLog, errorHandler, requestId } from './http/middleware';
import { mountRoutes } from './http/mount';
import { allRoutes } from './routes';

/** Assembles the Koa app: request id, access log, error body, JSON body parsing, the routes. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  const router = mountRoutes(allRoutes(), deps);
  app.use(requestId());
  app.use(accessLog(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: deps.config.bodyLimit, encoding: 'utf-8' }));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return app;
}
