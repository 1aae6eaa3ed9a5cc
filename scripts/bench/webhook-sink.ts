import http from 'node:http';

/**
 * The webhooks benchmark's receiving end, in a process of its own (a merchant's endpoint is
 * not on the event loop of whoever records the events): answers 200 at once (`/slow` after
 * 10 s, `/silent` never) and notes when each delivery's first attempt arrived, from the
 * envelope's `createdAt`. The benchmark asks it over IPC: `{ id, op: 'reset' | 'count' |
 * 'latencies' | 'waitFor', prefix?, count? }` is answered with `{ id, value }`; `waitFor` is
 * answered once `count` deliveries (under `prefix`) have arrived, so the benchmark does not poll
 * a process that shares the CPU with the system under test.
 */
const firstArrival = new Map<string, { path: string; ms: number }>();
const waiters = new Set<{ id: number; prefix?: string; left: number }>();

function arrived(path: string): void {
  for (const w of waiters) {
    if (w.prefix && !path.startsWith(w.prefix)) continue;
    w.left -= 1;
    if (w.left <= 0) {
      waiters.delete(w);
      process.send?.({ id: w.id, value: null });
    }
  }
}

const server = http.createServer((req, res) => {
  const at = Date.now();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const id = req.headers['webhook-id'];
    const path = req.url ?? '/';
    if (typeof id === 'string') {
      const key = `${path} ${id}`;
      if (!firstArrival.has(key)) {
        const createdAt = Date.parse(JSON.parse(Buffer.concat(chunks as unknown as Uint8Array[]).toString('utf8')).createdAt);
        firstArrival.set(key, { path, ms: at - createdAt });
        arrived(path);
      }
    }
    if (path === '/silent') return;
    const answer = () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    };
    if (path === '/slow') setTimeout(answer, 10_000).unref();
    else answer();
  });
});
server.keepAliveTimeout = 60_000;

const arrivals = (prefix?: string) => [...firstArrival.values()].filter((a) => !prefix || a.path.startsWith(prefix));

process.on('message', (m: { id: number; op: 'reset' | 'count' | 'latencies' | 'waitFor'; prefix?: string; count?: number }) => {
  let value: unknown = null;
  if (m.op === 'waitFor') {
    const left = (m.count ?? 0) - arrivals(m.prefix).length;
    if (left > 0) return void waiters.add({ id: m.id, prefix: m.prefix, left });
  } else if (m.op === 'reset') firstArrival.clear();
  else if (m.op === 'count') value = m.prefix ? arrivals(m.prefix).length : firstArrival.size;
  else value = arrivals(m.prefix).map((a) => a.ms);
  process.send?.({ id: m.id, value });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send?.({ type: 'listening', port: (server.address() as { port: number }).port }));
