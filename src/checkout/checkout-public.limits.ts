import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/errors';
import { RateLimiter } from '../http/rate-limit';

/**
 * The public session endpoints are limited per client address and session: a page polling
 * for its Pix (every few seconds) stays far below the read limit, while a script trying card
 * after card on one session hits the write limit quickly. Counted in-process, like the other
 * limits (docs/api-conventions.md).
 */
export const CHECKOUT_PUBLIC_LIMITS = { readsPerMinute: 120, writesPerMinute: 20 } as const;

interface Limiters {
  reads: RateLimiter;
  writes: RateLimiter;
}

// One set per app instance (tests build several apps in one process).
const byApp = new WeakMap<AppDeps, Limiters>();

function limiters(deps: AppDeps): Limiters {
  let l = byApp.get(deps);
  if (!l) {
    l = { reads: new RateLimiter(CHECKOUT_PUBLIC_LIMITS.readsPerMinute), writes: new RateLimiter(CHECKOUT_PUBLIC_LIMITS.writesPerMinute) };
    byApp.set(deps, l);
  }
  return l;
}

/** Counts one request of `ip` on `sessionId`; past the limit, 429 `rate_limited` with Retry-After. */
export function limitPublicSession(deps: AppDeps, kind: 'reads' | 'writes', ip: string, sessionId: string): void {
  const r = limiters(deps)[kind].hit(`${ip} ${sessionId}`);
  if (!r.allowed) {
    throw new ApiError(429, 'rate_limited', 'Too many requests for this checkout session; try again later', undefined, { 'Retry-After': String(Math.ceil(r.retryAfterMs / 1000)) });
  }
}
