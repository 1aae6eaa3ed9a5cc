import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/errors';
import { RateLimiter } from '../http/rate-limit';

/**
 * Tokenization is public, so it is limited per client address (one buyer's browser, or a
 * card-testing script) and per company (a flood aimed at one merchant from many
 * addresses). Counted in-process like the per-key limit (docs/api-conventions.md).
 */
export interface TokenLimiters {
  perIp: RateLimiter;
  perCompany: RateLimiter;
}

// One set per app instance (tests build several apps with different limits in one process).
const byApp = new WeakMap<AppDeps, TokenLimiters>();

export function tokenLimiters(deps: AppDeps): TokenLimiters {
  let limiters = byApp.get(deps);
  if (!limiters) {
    const { perIpPerMinute, perCompanyPerMinute } = deps.config.cardTokenRateLimit;
    limiters = { perIp: new RateLimiter(perIpPerMinute), perCompany: new RateLimiter(perCompanyPerMinute) };
    byApp.set(deps, limiters);
  }
  return limiters;
}

/** Counts one request against `key`; past the limit, 429 `rate_limited` with Retry-After. */
export function countOrRefuse(limiter: RateLimiter, key: string, what: string): void {
  const r = limiter.hit(key);
  if (!r.allowed) {
    throw new ApiError(429, 'rate_limited', `Too many card tokenization requests ${what}; try again later`, undefined, {
      'Retry-After': String(Math.ceil(r.retryAfterMs / 1000)),
    });
  }
}
