import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got: the parsed envelope and the headers it came with. */
export interface ReceivedWebhook {
  receivedAt: Date;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The webhook envelope `{ id, event, companyId, createdAt, data }`. */
  body: { id?: string; event?: string; companyId?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * A merchant endpoint on 127.0.0.1 that records every delivery. `hold()` makes later requests
 * wait unanswered until released, so a test can catch a webhook attempt in flight.
 */
export interface WebhookReceiver {
  url: string;
  /** `host:port`, for WEBHOOK_ALLOWLIST. */
  hostPort: string;
  received: ReceivedWebhook[];
  /** Event ids seen at least once. */
  eventIds(): Set<string>;
  /** Requests from now on hang until the returned function is called (then answer 200). */
  hold(): () => void;
  /** Event ids of the requests waiting for an answer now (attempts in flight). */
  heldEventIds(): string[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let held: Array<{ record: ReceivedWebhook; answer: () => void }> | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: ReceivedWebhook['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // Recorded with an empty body: the invariants then report the event as missing.
      }
      const record: ReceivedWebhook = { receivedAt: new Date(), path: req.url ?? '/', headers: req.headers, body };
      const answer = () => {
        if (res.destroyed) return;
        received.push(record);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      };
      if (!held) return answer();
      const entry = { record, answer };
      held.push(entry);
      // A request whose sender died is no longer in flight.
      res.once('close', () => {
        if (held) held = held.filter((h) => h !== entry);
      });
    });
  });
  // A killed worker leaves its sockets half-open; never let them keep the test process alive.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    hostPort: `127.0.0.1:${port}`,
    received,
    eventIds: () => new Set(received.map((r) => r.body.id).filter((id): id is string => typeof id === 'string')),
    hold() {
      held ??= [];
      return () => {
        const pending = held ?? [];
        held = null;
        for (const h of pending) h.answer();
      };
    },
    heldEventIds: () => (held ?? []).map((h) => h.record.body.id).filter((id): id is string => typeof id === 'string'),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
