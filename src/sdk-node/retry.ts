import { LastroConnectionError } from './errors';

/** How the client retries (docs/node-client.md, "Retries"). */
export interface RetryPolicy {
  /** Retries after the first attempt (default 2). 0 turns retries off. */
  maxRetries: number;
  /** The first backoff (default 500 ms), doubled per retry, up to maxDelayMs (default 8 s), with jitter. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this (default 60 s) is not waited for: the error is raised. */
  maxRetryAfterMs: number;
  /** Per attempt; an attempt past it is aborted and counts as a network error (default 60 s). */
  timeoutMs: number;
  fetch: (request: Request) => Promise<Response>;
  /** How a wait is spent (a timer); tests pass their own to see the waits without spending them. */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 60_000,
  fetch: (request) => fetch(request),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Milliseconds a `Retry-After` asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * Whether an answer is worth another attempt. `replayable`: the request can be repeated
 * without doing its work twice (a GET, or a write carrying an Idempotency-Key, which the API
 * replays). A 429 is always retryable: a rate-limited request was refused before any work.
 * A 409 with Retry-After is `idempotency_in_progress` (the first request with that key is
 * still running): the same key will get its answer.
 */
function retryableStatus(status: number, headers: Headers, replayable: boolean): boolean {
  if (status === 429) return true;
  if (!replayable) return false;
  return status >= 500 || (status === 409 && headers.has('retry-after'));
}

function backoffMs(policy: RetryPolicy, retry: number): number {
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  return Math.round(base * (0.5 + Math.random() / 2));
}

/**
 * A fetch that repeats `request` on network errors, 5xx, 429 (and 409 in progress) with the
 * same headers (so the same Idempotency-Key), waiting Retry-After when the answer gives one and
 * an exponential backoff otherwise. The last answer is returned as is; a network error after
 * the last attempt is a LastroConnectionError.
 */
export function retryingFetch(policy: RetryPolicy, replayable: boolean): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let retry = 0; ; retry++) {
      const last = retry >= policy.maxRetries;
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await policy.fetch(new Request(request.clone(), { signal }));
      } catch (err) {
        if (request.signal?.aborted) throw err;
        if (last || !replayable) {
          const why = timeout.aborted ? `no answer within ${policy.timeoutMs} ms` : String((err as Error)?.cause ?? (err as Error)?.message ?? err);
          throw new LastroConnectionError(`${request.method} ${new URL(request.url).pathname}: ${why}`, { cause: err });
        }
        await policy.sleep(backoffMs(policy, retry));
        continue;
      }
      if (last || !retryableStatus(response.status, response.headers, replayable)) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'), Date.now());
      if (asked !== undefined && asked > policy.maxRetryAfterMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await policy.sleep(asked ?? backoffMs(policy, retry));
    }
  };
}
