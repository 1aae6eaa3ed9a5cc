import { isIP } from 'node:net';
import { Pool, type Dispatcher } from 'undici';
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
  const headers = {
    ...req.headers,
    host: url.host,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(req.body)),
    'user-agent': 'Lastro-Webhooks/1',
  };
  return new Promise<WebhookResponse>((resolve) => {
    // Redirects are never followed (a bare dispatch follows none): a 3xx is the answer. The Host header also gives
    // undici the TLS server name of the request (none for a literal address).
    poolFor(target).dispatch({ method: 'POST', path: `${url.pathname}${url.search}`, headers, body: req.body }, new AnswerReader(resolve, req.timeoutMs ?? ATTEMPT_TIMEOUT_MS));
  });
}

/**
 * Reads one answer for sendWebhookRequest through undici's dispatch handler, the layer its
 * `request()` is built on: the status, the two headers the schedule reads, and the body up to
 * RETURN_DATA_MAX_BYTES, with no response stream, signal or header object per request (they were
 * most of an attempt's CPU; docs/performance.md). One timer bounds the whole exchange, answer
 * included (undici's own timeouts, 300 s, never come first): a receiver that trickles its body is
 * cut at the timeout too. Settles once; whatever undici reports after that is ignored.
 */
class AnswerReader implements Dispatcher.DispatchHandlers {
  private abortRequest: ((err: Error) => void) | null = null;
  private settled = false;
  private readonly timer: NodeJS.Timeout;
  private status = 0;
  private contentType: string | null = null;
  private retryAfter: string | null = null;
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly resolve: (response: WebhookResponse) => void,
    private readonly timeoutMs: number,
  ) {
    this.timer = setTimeout(timeOut, timeoutMs, this);
  }

  onTimeout(): void {
    this.settle({ kind: 'error', refused: false, message: `Timed out after ${this.timeoutMs} ms` });
    this.abortRequest?.(new Error('timed out'));
  }

  onConnect(abort: (err?: Error) => void): void {
    // Settled before it had a connection, which only the timeout does: closed as soon as it has one.
    if (this.settled) abort(new Error('timed out'));
    else this.abortRequest = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    // A 1xx is not the answer: the real one follows.
    if (statusCode < 200) return true;
    this.status = statusCode;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i].toString('latin1').toLowerCase();
      if (name === 'content-type') this.contentType ??= rawHeaders[i + 1].toString('latin1');
      else if (name === 'retry-after') this.retryAfter ??= rawHeaders[i + 1].toString('latin1');
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    const room = RETURN_DATA_MAX_BYTES - this.size;
    // A copy: the chunk is a view of the socket's read, which must not be kept alive (or see reuse) for its few bytes.
    this.chunks.push(Buffer.from(chunk.subarray(0, room)));
    this.size += Math.min(room, chunk.length);
    if (chunk.length > room) {
      // Enough is stored; stop reading a large (or endless) answer instead of buffering it.
      this.answer(true);
      this.abortRequest?.(new Error('answer truncated'));
      return false;
    }
    return true;
  }

  onComplete(): void {
    this.answer(false);
  }

  onError(err: Error): void {
    this.settle({ kind: 'error', refused: false, message: `Request failed: ${err.message}` });
  }

  private answer(truncated: boolean): void {
    const body = Buffer.concat(this.chunks).toString('utf8').slice(0, RETURN_DATA_MAX_BYTES);
    this.settle({ kind: 'response', status: this.status, retryAfter: this.retryAfter, returnData: { contentType: this.contentType, body, truncated } });
  }

  private settle(response: WebhookResponse): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.resolve(response);
  }
}

function timeOut(reader: AnswerReader): void {
  reader.onTimeout();
}
