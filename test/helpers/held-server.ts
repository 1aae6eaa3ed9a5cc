import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the server holds: it is never answered, so only the client can end it. */
export interface HeldExchange {
  method: string;
  path: string;
  /** Settles when the connection ends: the client gave up on it, or the test closed the server. */
  ended: Promise<'closed by the client' | 'closed by the test'>;
}

/**
 * A local HTTP endpoint that receives requests and never answers them, for timeout tests: the
 * client under test has to give up by itself. Arrival and the client's hang-up are promises, so
 * a test waits for the event itself instead of sleeping or bounding the time it takes.
 */
export interface HeldServer {
  url: string;
  port: number;
  /** Every request received so far, CORS preflights included. */
  exchanges: HeldExchange[];
  /** The first request, once it is at the server (and held). */
  first: Promise<HeldExchange>;
  close(): Promise<void>;
}

export async function heldServer(): Promise<HeldServer> {
  const sockets = new Set<Socket>();
  let closing = false;
  let arrived!: (exchange: HeldExchange) => void;
  const first = new Promise<HeldExchange>((resolve) => (arrived = resolve));
  const exchanges: HeldExchange[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    const exchange: HeldExchange = {
      method: req.method ?? '',
      path: (req.url ?? '/').split('?')[0],
      ended: new Promise((resolve) => res.on('close', () => resolve(closing ? 'closed by the test' : 'closed by the client'))),
    };
    exchanges.push(exchange);
    arrived(exchange);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    exchanges,
    first,
    async close() {
      closing = true;
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Whether `promise` is still unsettled once everything already runnable (I/O callbacks, promise reactions) has run. */
export async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const still = Symbol('pending');
  const turn = new Promise<typeof still>((resolve) => setImmediate(() => setImmediate(() => resolve(still))));
  return (await Promise.race([promise.then(() => undefined, () => undefined), turn])) === still;
}
