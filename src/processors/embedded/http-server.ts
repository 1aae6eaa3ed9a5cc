import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';

/** What every embedded processor's HTTP side does the same way: counting, listening, closing, comparing secrets. */

/** An embedded processor as its process entry (`main.ts`) runs it: listen, print the info line, close on a signal. */
export interface EmbeddedServer<Info> {
  listen(port: number, host?: string): Promise<Info>;
  close(): Promise<void>;
}

/** Counts the requests answered per route (`PUT /cob/:txid`), for a benchmark or a test to count the calls an operation makes. */
export function countRequests(requests: Record<string, number>): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const key = `${ctx.method} ${(ctx as { _matchedRoute?: string })._matchedRoute ?? '(no route)'}`;
      requests[key] = (requests[key] ?? 0) + 1;
    }
  };
}

/** Listens on `host:port` (0: any free port); resolves with the `host:port` reached (an IPv6 host in brackets). */
export function listenOn(server: Server, port: number, host: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const addr = server.address() as AddressInfo;
      resolve(`${host.includes(':') ? `[${host}]` : host}:${addr.port}`);
    });
  });
}

/** Stops listening and drops the open connections (keep-alive clients included). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Compares two secrets in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
