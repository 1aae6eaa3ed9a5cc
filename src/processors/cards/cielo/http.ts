import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import { backoffMs, retryAfterMs, type RetryLimits } from '../../retry-timing';
import { CieloAcquirerError, cieloErrorsOf } from './errors';

/**
 * One HTTP exchange with Cielo. `once` makes a single attempt and says when the answer was lost
 * (no answer in time, a dropped connection, a 5xx or a 429): what the sale POST needs, since Cielo
 * keeps no idempotency key and only a query can tell whether a lost POST charged the card.
 * `sendRetrying` is for what is safe to repeat (reads, and voids the caller checks against the
 * sale): it tries again after a backoff, or the `Retry-After` Cielo asked for, capped.
 */

export interface Transport extends RetryLimits {
  dispatcher: Dispatcher;
  /** MerchantId and MerchantKey: on every request, never in a message. */
  credentials: { merchantId: string; merchantKey: string };
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** The route as a template (`PUT /1/sales/{PaymentId}/void`): what messages name, never ids or keys. */
  route: string;
  body?: unknown;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

/** Why there is no answer to rely on. `inFlight`: the request may still be running at Cielo (a timeout, a dropped connection). */
export interface Lost {
  lost: string;
  inFlight: boolean;
  status: number | null;
  waitMs?: number;
}

export function createDispatcher(): Agent {
  return new Agent({ keepAliveTimeout: 30_000 });
}

const overloaded = (status: number) => status >= 500 || status === 429;

export async function once(t: Transport, req: HttpRequest): Promise<HttpAnswer | Lost> {
  let answer: HttpAnswer;
  try {
    // undici's request, not fetch: the same exchange for a third of the client's CPU (no WHATWG streams).
    const res = await request(req.url, {
      method: req.method,
      headers: {
        MerchantId: t.credentials.merchantId,
        MerchantKey: t.credentials.merchantKey,
        // Cielo's own request id: what its support finds a request by.
        RequestId: randomUUID(),
        accept: 'application/json',
        ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      dispatcher: t.dispatcher,
      signal: AbortSignal.timeout(t.timeoutMs),
    });
    answer = { status: res.statusCode, headers: res.headers, body: parseBody(await res.body.text()) };
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { lost: `no answer within ${t.timeoutMs} ms`, inFlight: true, status: null };
    const why = networkCause(err);
    return { lost: `network error${why ? ` (${why})` : ''}`, inFlight: true, status: null };
  }
  if (!overloaded(answer.status)) return answer;
  const errors = cieloErrorsOf(answer.body);
  const retryAfter = answer.headers['retry-after'];
  const asked = answer.status === 429 || answer.status === 503 ? retryAfterMs((Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null) : undefined;
  return {
    lost: `Cielo answered ${answer.status}${errors ? ` (${errors.text})` : ''}`,
    inFlight: false,
    status: answer.status,
    waitMs: asked === undefined ? undefined : Math.min(asked, t.maxRetryAfterMs),
  };
}

export const isLost = (a: HttpAnswer | Lost): a is Lost => 'lost' in a;

/** The wait before try number `retry + 1`: what Cielo asked for, else the backoff. */
export function pause(t: Transport, lost: Lost, retry: number): Promise<void> {
  return sleep(lost.waitMs ?? backoffMs(t.retryBaseMs, retry));
}

/** Answers any status but 5xx and 429; after the last attempt those, and lost answers, throw a retryable error. */
export async function sendRetrying(t: Transport, req: HttpRequest): Promise<HttpAnswer> {
  let last: Lost | null = null;
  for (let i = 0; i < t.attempts; i++) {
    if (last) await pause(t, last, i - 1);
    const a = await once(t, req);
    if (!isLost(a)) return a;
    last = a;
  }
  throw new CieloAcquirerError(`${req.route}: ${last!.lost} after ${t.attempts} attempt${t.attempts === 1 ? '' : 's'}`, true, last!.status);
}

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A system error code of a cause (`ECONNRESET`, `ECONNREFUSED`), else undici's short message. */
function networkCause(err: unknown): string | undefined {
  let message: string | undefined;
  for (let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
    if (depth > 0 && typeof e.message === 'string') message = e.message.slice(0, 80);
  }
  return message;
}
