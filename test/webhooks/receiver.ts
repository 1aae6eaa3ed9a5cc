import http from 'node:http';
import net from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
  /** When the answer was written (set once it is). */
  answeredAt?: number;
}

export type Responder = (req: ReceivedRequest, nth: number) => { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

const okResponder: Responder = () => ({ status: 200, body: '{"ok":true}' });

/**
 * A local webhook endpoint for tests: records every request per path and answers with the
 * responder registered for that path (200 by default), so each test uses its own path.
 */
export class Receiver {
  readonly requests = new Map<string, ReceivedRequest[]>();
  private readonly responders = new Map<string, Responder>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private server!: http.Server;
  port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        const received: ReceivedRequest = { path, headers: req.headers, body: Buffer.concat(chunks as unknown as Uint8Array[]).toString('utf8'), at: Date.now() };
        const list = this.requests.get(path) ?? [];
        list.push(received);
        this.requests.set(path, list);
        const answer = (this.responders.get(path) ?? okResponder)(received, list.length);
        const reply = () => {
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(answer.body ?? '');
          received.answeredAt = Date.now();
        };
        if (answer.delayMs) this.timers.add(setTimeout(reply, answer.delayMs));
        else reply();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  on(path: string, responder: Responder): void {
    this.responders.set(path, responder);
  }

  received(path: string): ReceivedRequest[] {
    return this.requests.get(path) ?? [];
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A TCP listener that must never be reached: it counts connections (an SSRF target stand-in). */
export class Trap {
  connections = 0;
  private server!: net.Server;
  port = 0;

  async start(): Promise<this> {
    this.server = net.createServer((socket) => {
      this.connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** Polls until `fn` returns a truthy value (deliveries are asynchronous), or fails after `timeoutMs`. */
export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = 20_000, label = 'condition'): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
