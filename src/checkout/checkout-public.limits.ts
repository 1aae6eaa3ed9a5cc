import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/errors';
import { RateLimiter } from '../http/rate-limit';

/**
 * The public checkout is limited so that a link cannot serve as a card-testing rig:
 * - reads and writes per (client address, session): a page polling for its Pix stays far
 *   below them, a script hammering one session does not;
 * - new sessions (link visits) per client address and per link: a fresh session per try
 *   does not reset anything;
 * - payment attempts (confirm) per client address across all sessions, and per link across
 *   all addresses (a session without a link counts as its own link), so many addresses
 *   cannot run stolen cards through one merchant's link either.
 * Counted in-process, like the other limits (docs/api-conventions.md); the visit and confirm
 * limits are configurable (CHECKOUT_*_PER_MINUTE_*).
 */
export const CHECKOUT_PUBLIC_LIMITS = { readsPerMinute: 120, writesPerMinute: 20 } as const;

interface Limiters {
  reads: RateLimiter;
  writes: RateLimiter;
  visitsPerAddress: RateLimiter;
  visitsPerLink: RateLimiter;
  confirmsPerAddress: RateLimiter;
  confirmsPerLink: RateLimiter;
}

// One set per app instance (tests build several apps in one process).
const byApp = new WeakMap<AppDeps, Limiters>();

function limiters(deps: AppDeps): Limiters {
  let l = byApp.get(deps);
  if (!l) {
    const c = deps.config.checkoutLimits;
    l = {
      reads: new RateLimiter(CHECKOUT_PUBLIC_LIMITS.readsPerMinute),
      writes: new RateLimiter(CHECKOUT_PUBLIC_LIMITS.writesPerMinute),
      visitsPerAddress: new RateLimiter(c.visitsPerAddress),
      visitsPerLink: new RateLimiter(c.visitsPerLink),
      confirmsPerAddress: new RateLimiter(c.confirmsPerAddress),
      confirmsPerLink: new RateLimiter(c.confirmsPerLink),
    };
    byApp.set(deps, l);
  }
  return l;
}

function count(limiter: RateLimiter, key: string, what: string): void {
  const r = limiter.hit(key);
  if (!r.allowed) {
    throw new ApiError(429, 'rate_limited', `Too many ${what}; try again later`, undefined, { 'Retry-After': String(Math.ceil(r.retryAfterMs / 1000)) });
  }
}

/** Counts one request of `ip` on `sessionId`; past the limit, 429 `rate_limited` with Retry-After. */
export function limitPublicSession(deps: AppDeps, kind: 'reads' | 'writes', ip: string, sessionId: string): void {
  count(limiters(deps)[kind], `${ip} ${sessionId}`, 'requests for this checkout session');
}

/** A visit that would open a new session: per address first (before any database work), then per link. */
export const limitVisitsFrom = (deps: AppDeps, ip: string): void => count(limiters(deps).visitsPerAddress, ip, 'checkout sessions from this address');
export const limitVisitsOf = (deps: AppDeps, linkId: string): void => count(limiters(deps).visitsPerLink, linkId, 'checkout sessions for this link');

/** One payment attempt of `ip` on a session of `linkKey` (the link id, or the session id of an ad-hoc charge). */
export function limitConfirm(deps: AppDeps, ip: string, linkKey: string): void {
  count(limiters(deps).confirmsPerAddress, ip, 'payment attempts from this address');
  count(limiters(deps).confirmsPerLink, linkKey, 'payment attempts on this checkout');
}
