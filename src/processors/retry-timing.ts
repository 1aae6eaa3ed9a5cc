/** Retry timing shared by the processors' adapters (API Pix, Cielo): how long to wait before asking again. */

/** Exponential with equal jitter: base·2ⁱ, half of it random, so many clients do not retry in step. */
export function backoffMs(baseMs: number, retry: number): number {
  const d = baseMs * 2 ** retry;
  return d / 2 + Math.random() * (d / 2);
}

/** `Retry-After` as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How an adapter's transport waits and retries: every adapter's options come down to these. */
export interface RetryLimits {
  timeoutMs: number;
  attempts: number;
  retryBaseMs: number;
  maxRetryAfterMs: number;
}
