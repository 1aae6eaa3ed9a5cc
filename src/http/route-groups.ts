import Router, { type AllowedMethodsOptions } from '@koa/router';
import type Koa from 'koa';

export interface RouteLayer {
  path: string;
  method: string;
  name: string;
  middleware: Koa.Middleware;
}

export interface GroupedRouter {
  /** Dispatches a request to the routes of its path's group (or to every route). */
  routes: Koa.Middleware;
  /** `@koa/router`'s 405 / 501 handling over every route. */
  allowedMethods(options: AllowedMethodsOptions): Koa.Middleware;
}

/**
 * `@koa/router` tests every layer's regular expression, in order, on every request: over 160
 * layers here. The layers are grouped by the first literal segment of their path (after an
 * optional `/v1`), in lower case as the router matches case-insensitively, and a request is
 * dispatched to its group's router: a layer whose first segment is a literal matches no path
 * whose first segment differs, so the group's router matches the same layers, in the same
 * order (`ctx.matched`, `_matchedRoute`, params), as one router of every layer. A layer whose
 * first segment is not a literal (a parameter) goes into every group. A path whose segment
 * names no group (an unknown path, a spelling outside ASCII) goes to the router of every
 * layer, which answers as it always did.
 */
export function groupedRouter(layers: RouteLayer[]): GroupedRouter {
  const all = new Router();
  const groups = new Map<string, Router>();
  const keys = layers.map((layer) => literalFirstSegment(layer.path));
  for (const key of keys) if (key !== null && !groups.has(key)) groups.set(key, new Router());
  layers.forEach((layer, i) => {
    const register = (router: Router) => router.register(layer.path, [layer.method], layer.middleware, { name: layer.name });
    register(all);
    if (keys[i] === null) for (const router of groups.values()) register(router);
    else register(groups.get(keys[i])!);
  });
  // The router's middleware types its context as a router context; Koa hands it a plain one (as `app.use` does).
  const middlewareOf = (router: Router) => router.routes() as unknown as Koa.Middleware;
  const everyRoute = middlewareOf(all);
  const byGroup = new Map([...groups].map(([key, router]) => [key, middlewareOf(router)] as const));
  return {
    routes: (ctx, next) => (byGroup.get(firstSegment(ctx.path)) ?? everyRoute)(ctx, next),
    allowedMethods: (options) => all.allowedMethods(options) as unknown as Koa.Middleware,
  };
}

const LITERAL = /^[a-z0-9._~-]+$/;

function literalFirstSegment(path: string): string | null {
  const segment = firstSegment(path);
  return LITERAL.test(segment) ? segment : null;
}

/** `/v1/customers/cust_1` and `/Customers` → `customers`. */
export function firstSegment(path: string): string {
  let start = 1;
  let end = path.indexOf('/', start);
  if (end === 3 && (path[1] === 'v' || path[1] === 'V') && path[2] === '1') {
    start = 4;
    end = path.indexOf('/', start);
  }
  return path.slice(start, end === -1 ? path.length : end).toLowerCase();
}
