import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ATTEMPT_TIMEOUT_MS } from './delivery-schedule.rules';
import { guardWebhookUrl, systemResolver, UnsafeWebhookUrlError, type Resolver } from './url-guard';

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
 * Keep-alive pools, one per checked address: a merchant endpoint receiving a burst pays one
 * connection (and one TLS handshake) per lane, not one per event, and a pooled socket is only
 * ever reused by a request whose check answered the same address it was opened to (the pool
 * key of node's agents ignores the lookup, so one shared agent could reuse a socket opened to
 * an address checked earlier). Kept for a bounded number of addresses.
 */
const agents = new Map<string, http.Agent>();
const MAX_AGENTS = 1000;

function agentFor(protocol: 'http:' | 'https:', address: string): http.Agent {
  const key = `${protocol}${address}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_AGENTS) {
      const [oldestKey, oldest] = agents.entries().next().value as [string, http.Agent];
      agents.delete(oldestKey);
      oldest.destroy();
    }
    agent = protocol === 'https:' ? new https.Agent({ keepAlive: true, maxSockets: 64 }) : new http.Agent({ keepAlive: true, maxSockets: 64 });
    agents.set(key, agent);
  }
  return agent;
}

/**
 * Answers the connection's lookup with the address the guard checked, so there is no second
 * DNS query for an attacker to answer differently. Node 20's happy-eyeballs asks for `all`.
 */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
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
  const transport = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(req.body, 'utf8');

  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const finish = (r: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const request = transport.request({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      agent: agentFor(url.protocol as 'http:' | 'https:', target.address),
      lookup: pinnedLookup(target.address, target.family),
      headers: {
        ...req.headers,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'Lastro-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      finish({ kind: 'error', refused: false, message: `Timed out after ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);

    request.on('error', (err) => finish({ kind: 'error', refused: false, message: `Request failed: ${err.message}` }));
    request.on('response', (res) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      let truncated = false;
      const done = () =>
        finish({
          kind: 'response',
          status: res.statusCode ?? 0,
          retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null,
          returnData: { contentType: res.headers['content-type'] ?? null, body: Buffer.concat(chunks).toString('utf8').slice(0, RETURN_DATA_MAX_BYTES), truncated },
        });
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = RETURN_DATA_MAX_BYTES - size;
        chunks.push(new Uint8Array(chunk.subarray(0, room)));
        size += Math.min(room, chunk.length);
        if (chunk.length > room) {
          // Enough is stored; stop reading a large (or endless) answer instead of buffering it.
          truncated = true;
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', (err) => finish({ kind: 'error', refused: false, message: `Response failed: ${err.message}` }));
    });
    request.end(body);
  });
}
