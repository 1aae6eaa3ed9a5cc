import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch, type Dispatcher } from 'undici';
import { PixPspError } from '../pix-psp.port';
import type { ApiPixConnection } from './api-pix.connection';
import { problemOf } from './problem';
import { backoffMs, retryAfterMs, type RetryLimits } from '../../retry-timing';

/**
 * One HTTP exchange with a PSP, with the faults a network has handled here: every attempt has a
 * deadline; a network error, a timeout, a 5xx or a 429 is tried again after a backoff (or the
 * `Retry-After` the PSP asked for, capped). That is safe because every call the adapter makes is
 * idempotent on an id Lastro chose (txid, devolução id) or only reads. Any other answer is
 * returned to the caller, who knows what a 4xx means for its route.
 */

export interface Transport extends RetryLimits {
  dispatcher: Dispatcher;
}

/** A client's timeouts and retries (the Pix PSP's, the issuer's, the payout provider's options). */
export interface TransportOptions {
  /** Per attempt, the whole exchange. Default 10 s. */
  timeoutMs?: number;
  /** Attempts per call. Default 3. */
  attempts?: number;
  /** First backoff delay; each later one doubles it. Default 200 ms. */
  retryBaseMs?: number;
  /** Longest wait a `Retry-After` can impose. Default 5 s. */
  maxRetryAfterMs?: number;
}

/**
 * The transport of a client to one processor account reached by OAuth2 over mutual TLS (an API
 * Pix PSP, BB's API Cobranças, Efí's Pix Envio): its own keep-alive connections, presenting the
 * client certificate when there is one, and its timeouts and retries.
 */
export function createTransport(tls: ApiPixConnection['tls'], options: TransportOptions = {}): Transport {
  return {
    dispatcher: createDispatcher(tls),
    timeoutMs: options.timeoutMs ?? 10_000,
    attempts: Math.max(1, options.attempts ?? 3),
    retryBaseMs: options.retryBaseMs ?? 200,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 5_000,
  };
}

export interface HttpRequest {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST';
  url: string;
  /** The route as a template (`PUT /cob/{txid}`): what error messages name, never the ids or keys. */
  route: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

/** Keep-alive connections to one PSP, presenting the client certificate when there is one. */
export function createDispatcher(tls: ApiPixConnection['tls']): Agent {
  return new Agent({ connect: tls ? { cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}) } : {} });
}

// A certificate the client refuses, or a handshake the PSP refuses, fails the same way every time.
const TLS_SETUP = /CERT|SELF_SIGNED|ERR_TLS|ERR_SSL|ERR_OSSL/;

/** One try: the PSP's answer, or why there was none (a fault worth another try). */
async function attempt(t: Transport, req: HttpRequest): Promise<HttpAnswer | { fault: string }> {
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      dispatcher: t.dispatcher,
      redirect: 'manual',
      signal: AbortSignal.timeout(t.timeoutMs),
    });
    return { status: res.status, headers: res.headers as unknown as Headers, body: parseBody(await res.text()) };
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { fault: `no answer within ${t.timeoutMs} ms` };
    const { code, message } = cause(err);
    if (code && TLS_SETUP.test(code)) throw new PixPspError(`${req.route}: TLS with the PSP failed (${code})`, false);
    const why = code ?? message;
    return { fault: `network error${why ? ` (${why})` : ''}` };
  }
}

const overloaded = (status: number) => status >= 500 || status === 429;

/** `send` answers any status but 5xx and 429; after the last attempt those throw a retryable PixPspError. */
export async function send(t: Transport, req: HttpRequest): Promise<HttpAnswer> {
  let why = '';
  let status: number | null = null;
  let waitMs: number | undefined;
  for (let i = 0; i < t.attempts; i++) {
    if (i > 0) await sleep(waitMs ?? backoffMs(t.retryBaseMs, i - 1));
    const a = await attempt(t, req);
    if ('fault' in a) {
      [why, status, waitMs] = [a.fault, null, undefined];
      continue;
    }
    if (!overloaded(a.status)) return a;
    const tipo = problemOf(a.body)?.tipo;
    const asked = a.status === 429 || a.status === 503 ? retryAfterMs(a.headers.get('retry-after')) : undefined;
    [why, status, waitMs] = [`the PSP answered ${a.status}${tipo ? ` ${tipo}` : ''}`, a.status, asked === undefined ? undefined : Math.min(asked, t.maxRetryAfterMs)];
  }
  throw new PixPspError(`${req.route}: ${why} after ${t.attempts} attempt${t.attempts === 1 ? '' : 's'}`, true, status);
}

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Why a fetch failed: the system error code of a cause (`ECONNREFUSED`, a TLS code), else undici's short message. */
function cause(err: unknown): { code?: string; message?: string } {
  let message: string | undefined;
  for (let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return { code: e.code };
    if (depth > 0 && typeof e.message === 'string') message = e.message.slice(0, 80);
  }
  return { message };
}
