import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/errors';
import { RateLimiter } from '../http/rate-limit';

/**
 * Tokenization is public and a company's id is too, so the limits are built so that nobody
 * can spend a company's checkout for its real buyers: first per client address (one buyer's
 * browser, or a card-testing script), then the company's budget as a ceiling against a flood
 * from many addresses, which never refuses an address's first few tokens of the minute for
 * that company (a real buyer's tries). Counted in-process like the per-key limit
 * (docs/api-conventions.md).
 */
export interface TokenLimiters {
  perIp: RateLimiter;
  perCompany: RateLimiter;
  /** Per (address, company): what the buyer allowance is measured on. */
  perIpForCompany: RateLimiter;
}

// One set per app instance (tests build several apps with different limits in one process).
const byApp = new WeakMap<AppDeps, TokenLimiters>();

export function tokenLimiters(deps: AppDeps): TokenLimiters {
  let limiters = byApp.get(deps);
  if (!limiters) {
    const { perIpPerMinute, perCompanyPerMinute } = deps.config.cardTokenRateLimit;
    limiters = { perIp: new RateLimiter(perIpPerMinute), perCompany: new RateLimiter(perCompanyPerMinute), perIpForCompany: new RateLimiter(perIpPerMinute) };
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

/** The company's ceiling, past which only an address still within its buyer allowance for the company is served. */
export function admitForCompany(deps: AppDeps, ip: string, companyId: string): void {
  const limiters = tokenLimiters(deps);
  const own = limiters.perIpForCompany.hit(`${ip} ${companyId}`);
  const ceiling = limiters.perCompany.hit(companyId);
  const withinAllowance = limiters.perIpForCompany.count(`${ip} ${companyId}`) <= deps.config.cardTokenRateLimit.buyerAllowancePerMinute;
  if (!ceiling.allowed && !withinAllowance) {
    throw new ApiError(429, 'rate_limited', 'Too many card tokenization requests for this company; try again later', undefined, {
      'Retry-After': String(Math.ceil(Math.max(ceiling.retryAfterMs, own.retryAfterMs) / 1000)),
    });
  }
}
