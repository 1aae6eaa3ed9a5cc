import { isIP } from 'node:net';
import { Pool } from 'undici';
import { ATTEMPT_TIMEOUT_MS } from './delivery-schedule.rules';
import { guardWebhookUrl, systemResolver, UnsafeWebhookUrlError, type GuardedTarget, type Resolver } from './url-guard';

/** At most this much of a receiver's answer is read and stored (returnData must stay small). */
export const RETURN_DATA_MAX_BYTES = 4096;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowlist: readonly string[];
  resolve?: Resolver;
  timeoutMs?: number;
}

export type WebhookResponse =
  | { kind: 'response'; status: number; retryAfter: string | null; returnData: { contentType: string | null; body: string; truncated: boolean } }
  /** No HTTP answer: refused by the URL rules, DNS failure, connection error or timeout. */
  | { kind: 'error'; refused: boolean; message: string };

/**
 * Keep-alive pools (undici), one per checked address, port and host name: the pool's origin is
 * the address the guard checked, so its sockets only ever connect there and are only reused by
 * a request whose check answered the same address; the host name goes as the Host header and the
 * TLS server name (SNI and certificate check). A merchant endpoint receiving a burst pays one
 * connection (and one TLS handshake) per request in flight, not one per event. Kept for a
 * bounded number of targets. undici rather than node:http: a third less CPU per request, which
 * the delivery lanes spend thousands of times a second (docs/performance.md).
 */
const pools = new Map<string, Pool>();
const MAX_POOLS = 1000;
const CONNECTIONS_PER_POOL = 64;

function poolFor(target: GuardedTarget): Pool {
  const { url, address, family } = target;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const origin = `${url.protocol}//${family === 6 ? `[${address}]` : address}:${port}`;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address has no server name (TLS forbids one): the certificate is checked against the address.
  const servername = isIP(hostname) ? undefined : hostname;
  const key = `${origin} ${servername ?? ''}`;
  let pool = pools.get(key);
  if (!pool) {
    if (pools.size >= MAX_POOLS) {
      const [oldestKey, oldest] = pools.entries().next().value as [string, Pool];
      pools.delete(oldestKey);
      void oldest.destroy().catch(() => undefined);
    }
    pool = new Pool(origin, { connections: CONNECTIONS_PER_POOL, connect: servername ? { servername } : {} });
    pools.set(key, pool);
  }
  return pool;
}

/**
 * POSTs one webhook attempt safely: the URL is checked (and resolved) again at every send,
 * the connection goes to the checked address with the original Host header and TLS SNI,
 * redirects are never followed (a 3xx is returned as is and counts as a failure), the whole
 * exchange is bounded by the timeout, and at most RETURN_DATA_MAX_BYTES of the answer is read.
 */
export async function sendWebhookRequest(req: WebhookRequest): Promise<WebhookResponse> {
  let target;
  try {
    target = await guardWebhookUrl(req.url, req.allowlist, req.resolve ?? systemResolver);
  } catch (err) {
    if (err instanceof UnsafeWebhookUrlError) return { kind: 'error', refused: true, message: `URL refused: ${err.message}` };
    throw err;
  }
  const { url } = target;
  const timeoutMs = req.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const pool = poolFor(target);
  const aborter = new AbortController();
  let timedOut = false;
  // One timer for the whole exchange, answer included (undici's own timeouts, 300 s, never come first): a receiver
  // that trickles its body is cut at the timeout too.
  const timer = setTimeout(() => {
    timedOut = true;
    aborter.abort();
  }, timeoutMs);
  try {
    const res = await pool.request({
      method: 'POST',
      path: `${url.pathname}${url.search}`,
      signal: aborter.signal,
      // Redirects are never followed (undici's request follows none): a 3xx is the answer. The Host
      // header also gives undici the TLS server name of the request (none for a literal address).
      headers: {
        ...req.headers,
        host: url.host,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(req.body)),
        'user-agent': 'Lastro-Webhooks/1',
      },
      body: req.body,
    });
    const chunks: Uint8Array[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      const room = RETURN_DATA_MAX_BYTES - size;
      chunks.push(new Uint8Array(chunk.subarray(0, room)));
      size += Math.min(room, chunk.length);
      if (chunk.length > room) {
        // Enough is stored; stop reading a large (or endless) answer instead of buffering it (leaving the loop destroys the body).
        truncated = true;
        break;
      }
    }
    const header = (name: string): string | null => {
      const v = res.headers[name];
      return typeof v === 'string' ? v : null;
    };
    return {
      kind: 'response',
      status: res.statusCode,
      retryAfter: header('retry-after'),
      returnData: { contentType: header('content-type'), body: Buffer.concat(chunks).toString('utf8').slice(0, RETURN_DATA_MAX_BYTES), truncated },
    };
  } catch (err) {
    if (timedOut) return { kind: 'error', refused: false, message: `Timed out after ${timeoutMs} ms` };
    return { kind: 'error', refused: false, message: `Request failed: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}
