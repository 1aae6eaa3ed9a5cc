/**
 * The webhook retry schedule (decisions.md, "Webhooks"): pure rules shared by the delivery
 * workflow (which sleeps the delays as durable timers) and the attempt activity (which
 * records the resulting status). No imports: workflow code imports this file.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits after attempt 1, 2, … 7. The 8th failed attempt is final. */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const LONGEST_DELAY_MS = Math.max(...RETRY_DELAYS_MS);

/** A 2xx answered within the timeout is success; anything else (3xx included: redirects are not followed) is a failure. */
export const ATTEMPT_TIMEOUT_MS = 15 * SECOND;

export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

/** 429 and 503 are the statuses whose Retry-After we honour (RFC 9110 §10.2.3). */
export const honoursRetryAfter = (status: number): boolean => status === 429 || status === 503;

/**
 * How long to wait after the `attemptCount`-th failed attempt, or null when the schedule is
 * exhausted (the delivery is `failed`). The schedule is indexed by the delivery's total
 * attempt count, so manual retries use up scheduled ones rather than extending the series.
 *
 * `retryAfterMs` (from a 429/503) can only lengthen a wait, never shorten it below the
 * schedule (a busy endpoint must not make us hammer it), and is capped at the schedule's
 * longest step (10 h) so a hostile value cannot park a delivery for a year.
 */
export function nextRetryDelayMs(attemptCount: number, retryAfterMs?: number | null): number | null {
  if (attemptCount >= MAX_ATTEMPTS) return null;
  const scheduled = RETRY_DELAYS_MS[Math.max(attemptCount, 1) - 1];
  if (retryAfterMs == null || !Number.isFinite(retryAfterMs)) return scheduled;
  return Math.min(Math.max(scheduled, retryAfterMs), LONGEST_DELAY_MS);
}

/**
 * Parses a Retry-After header: delay-seconds or an HTTP-date (relative to `nowMs`).
 * Returns milliseconds, or null when the header is absent or unreadable.
 */
export function parseRetryAfterMs(header: string | undefined | null, nowMs: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * SECOND;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

export type DeliveryStatus = 'pending' | 'retrying' | 'success' | 'failed';

/** The status a delivery takes after an attempt. 410 Gone is final: the endpoint asked us to stop. */
export function statusAfterAttempt(httpStatus: number | null, attemptCount: number): DeliveryStatus {
  if (httpStatus !== null && isSuccessStatus(httpStatus)) return 'success';
  if (httpStatus === 410) return 'failed';
  return nextRetryDelayMs(attemptCount) === null ? 'failed' : 'retrying';
}
