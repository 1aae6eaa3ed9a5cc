import type { AppDeps } from '../app-deps';
import { clientAddressKey } from '../http/client-address';
import { perMinute, rateLimited, sharedLimits, type LimitRule } from '../http/rate-limit';

/**
 * Tokenization is public and a company's id is too, so the limits are built so that nobody
 * can spend a company's checkout for its real buyers: first per client address (one buyer's
 * browser, or a card-testing script; IPv6 by /64), counted on every request, then the
 * company's budget as a ceiling against a flood from many addresses, counted only for a
 * request whose body passed validation, which never refuses an address's first few tokens of
 * the minute for that company (a real buyer's tries). Shared by every API process, one
 * statement per counted hit (src/http/rate-limit.ts).
 */
interface Rules {
  perIp: LimitRule;
  perCompany: LimitRule;
  /** Per (address, company): what the buyer allowance is measured on. */
  perIpForCompany: LimitRule;
}

const byApp = new WeakMap<AppDeps, Rules>();

function rules(deps: AppDeps): Rules {
  let r = byApp.get(deps);
  if (!r) {
    const { perIpPerMinute, perCompanyPerMinute, buyerAllowancePerMinute } = deps.config.cardTokenRateLimit;
    r = {
      perIp: perMinute('card_tokens_address', perIpPerMinute),
      perCompany: perMinute('card_tokens_company', perCompanyPerMinute),
      perIpForCompany: perMinute('card_tokens_address_company', buyerAllowancePerMinute),
    };
    byApp.set(deps, r);
  }
  return r;
}

/** Counts one request from `ip`, whatever it sends; past the limit, 429 `rate_limited` with Retry-After. */
export async function limitTokensFrom(deps: AppDeps, ip: string): Promise<void> {
  const v = await sharedLimits(deps).shared(rules(deps).perIp, clientAddressKey(ip));
  if (!v.allowed) throw rateLimited('Too many card tokenization requests from this address; try again later', v);
}

/** The company's ceiling, past which only an address still within its buyer allowance for the company is served. */
export async function admitForCompany(deps: AppDeps, ip: string, companyId: string): Promise<void> {
  const r = rules(deps);
  const [own, ceiling] = await sharedLimits(deps).sharedAll([
    [r.perIpForCompany, `${clientAddressKey(ip)} ${companyId}`],
    [r.perCompany, companyId],
  ]);
  if (!ceiling.allowed && !own.allowed) {
    throw rateLimited('Too many card tokenization requests for this company; try again later', { ...ceiling, retryAfterMs: Math.max(ceiling.retryAfterMs, own.retryAfterMs) });
  }
}
