import type { AppDeps } from '../app-deps';
import { clientAddressKey } from '../http/client-address';
import { perMinute, rateLimited, sharedLimits, type LimitRule, type Verdict } from '../http/rate-limit';

/**
 * The public checkout is limited so that a link cannot serve as a card-testing rig, and so
 * that no stranger can close a merchant's link for its buyers:
 * - reads and writes per (client address, session): a page polling for its Pix stays far
 *   below them, a script hammering one session does not;
 * - new sessions (link visits) per client address, then per link (only visits to a live link
 *   that their address's limit let through);
 * - payment attempts (confirm) per client address across all sessions, counted on every
 *   attempt (junk included), and per link across all addresses, counted only for an attempt
 *   that passed validation (its card tokens claimed, its fields and amounts accepted): junk
 *   tokens or bodies from any number of addresses never spend a link's budget. A session
 *   without a link counts as its own link.
 * A client address is its /64 for IPv6 (src/http/client-address.ts). Every count is shared
 * by all API processes (src/http/rate-limit.ts): reads and writes per session are counted in
 * the process and synced once a second, the visit and payment limits with one statement per
 * counted hit, exactly. The visit and confirm limits are configurable (CHECKOUT_*_PER_MINUTE_*).
 */
export const CHECKOUT_PUBLIC_LIMITS = { readsPerMinute: 120, writesPerMinute: 20 } as const;

interface Rules {
  reads: LimitRule;
  writes: LimitRule;
  visitsPerAddress: LimitRule;
  visitsPerLink: LimitRule;
  confirmsPerAddress: LimitRule;
  confirmsPerLink: LimitRule;
}

const byApp = new WeakMap<AppDeps, Rules>();

function rules(deps: AppDeps): Rules {
  let r = byApp.get(deps);
  if (!r) {
    const c = deps.config.checkoutLimits;
    r = {
      reads: perMinute('checkout_session_reads', CHECKOUT_PUBLIC_LIMITS.readsPerMinute),
      writes: perMinute('checkout_session_writes', CHECKOUT_PUBLIC_LIMITS.writesPerMinute),
      visitsPerAddress: perMinute('checkout_visits_address', c.visitsPerAddress),
      visitsPerLink: perMinute('checkout_visits_link', c.visitsPerLink),
      confirmsPerAddress: perMinute('checkout_confirms_address', c.confirmsPerAddress),
      confirmsPerLink: perMinute('checkout_confirms_link', c.confirmsPerLink),
    };
    byApp.set(deps, r);
  }
  return r;
}

function refuse(v: Verdict, what: string): void {
  if (!v.allowed) throw rateLimited(`Too many ${what}; try again later`, v);
}

async function count(deps: AppDeps, rule: keyof Rules, key: string, what: string): Promise<void> {
  refuse(await sharedLimits(deps).shared(rules(deps)[rule], key), what);
}

/** Counts one request of `ip` on `sessionId`; past the limit, 429 `rate_limited` with Retry-After. */
export function limitPublicSession(deps: AppDeps, kind: 'reads' | 'writes', ip: string, sessionId: string): void {
  refuse(sharedLimits(deps).local(rules(deps)[kind], `${clientAddressKey(ip)} ${sessionId}`), 'requests for this checkout session');
}

/** A visit that would open a new session: per address first (before any database work), then per link. */
export const limitVisitsFrom = (deps: AppDeps, ip: string): Promise<void> => count(deps, 'visitsPerAddress', clientAddressKey(ip), 'checkout sessions from this address');
export const limitVisitsOf = (deps: AppDeps, linkId: string): Promise<void> => count(deps, 'visitsPerLink', linkId, 'checkout sessions for this link');

/** One payment attempt of `ip`, counted before anything is checked. */
export const limitConfirmsFrom = (deps: AppDeps, ip: string): Promise<void> => count(deps, 'confirmsPerAddress', clientAddressKey(ip), 'payment attempts from this address');

/** One payment attempt on a session of `linkKey` (the link id, or the session id of an ad-hoc charge), once it has passed validation. */
export const limitConfirmsOn = (deps: AppDeps, linkKey: string): Promise<void> => count(deps, 'confirmsPerLink', linkKey, 'payment attempts on this checkout');
