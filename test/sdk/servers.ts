import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A local HTTP server for SDK failure cases; `close()` also drops the connections it holds. */
export interface LocalServer {
  url: string;
  /** Requests received (method and path), including CORS preflights. */
  requests: Array<{ method: string; url: string }>;
  close(): Promise<void>;
}

export async function localServer(answer?: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const state: LocalServer = { url: '', requests: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    state.requests.push({ method: req.method ?? '', url: req.url ?? '' });
    // Without `answer` the server never responds: the SDK's timeout must fire.
    answer?.(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}

/** A server that answers every request with `status` and `body` (and permissive CORS). */
export function answering(status: number, body: string, contentType = 'application/json'): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    req.resume();
    req.on('end', () => res.writeHead(status, { 'Content-Type': contentType }).end(body));
  };
}
