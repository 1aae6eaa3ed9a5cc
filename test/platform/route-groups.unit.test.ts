import Router from '@koa/router';
import type Koa from 'koa';
import { allRoutes } from '../../src/routes';
import { firstSegment, groupedRouter, type RouteLayer } from '../../src/http/route-groups';

/** Every layer of the API, each answering with its own name. */
const layers: RouteLayer[] = allRoutes().flatMap((route) =>
  (route.versioned ? [route.path, `/v1${route.path}`] : [route.path]).map((path) => ({
    path,
    method: route.method.toUpperCase(),
    name: route.operationId,
    middleware: (ctx: Koa.Context) => {
      ctx.body = `${route.operationId} ${path}`;
    },
  })),
);

function oneRouter(): Koa.Middleware {
  const router = new Router();
  for (const l of layers) router.register(l.path, [l.method], l.middleware, { name: l.name });
  return router.routes() as unknown as Koa.Middleware;
}

async function dispatch(middleware: Koa.Middleware, method: string, path: string) {
  const ctx = { method, path, host: 'localhost', state: {}, request: {} } as unknown as Koa.Context & Record<string, any>;
  let fellThrough = false;
  await middleware(ctx, async () => {
    fellThrough = true;
  });
  return {
    body: ctx.body,
    fellThrough,
    matched: (ctx.matched ?? []).map((l: { path: string; methods: string[] }) => `${l.methods.join(',')} ${l.path}`),
    route: ctx._matchedRoute,
    name: ctx._matchedRouteName,
    params: ctx.params,
  };
}

describe('groupedRouter', () => {
  const grouped = groupedRouter(layers).routes;
  const single = oneRouter();
  const concrete = layers.map((l) => l.path.replace(/:[A-Za-z]+/g, 'x_1'));
  const odd = ['/', '', '/v1', '/v1/', '//customers', '/CUSTOMERS', '/V1/Customers/abc/', '/customers/', '/customersx', '/nope/1', '/v2/customers', '/%63ustomers', '/\u212Ayc/x', '/ſettings/refunds', '/v1/v1/customers', '/openapi.json', '/openapi.JSON', '/openapiXjson'];
  const paths = [...new Set([...concrete, ...concrete.map((p) => p.toUpperCase()), ...concrete.map((p) => `${p}/`), ...odd])];

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('answers %s on every path exactly as one router of every route', async (method) => {
    for (const path of paths) expect([path, await dispatch(grouped, method, path)]).toEqual([path, await dispatch(single, method, path)]);
  });

  it('groups by the first segment after an optional /v1, in lower case', () => {
    expect(['/v1/customers/cust_1', '/Customers', '/V1/CUSTOMERS/', '/v1', '/v1/', '/'].map(firstSegment)).toEqual(['customers', 'customers', 'customers', 'v1', '', '']);
  });
});
