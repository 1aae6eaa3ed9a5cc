import { lookup } from 'node:dns/promises';
import { checkWebhookUrlSyntax, classifyAddress, literalAddress, type ParsedWebhookUrl } from './url-safety.rules';

/** Resolves a host name to every address it has (A and AAAA). Injected in tests to play DNS tricks. */
export type Resolver = (hostname: string) => Promise<string[]>;

const RESOLVE_TIMEOUT_MS = 5000;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await Promise.race([
    lookup(hostname, { all: true, verbatim: true }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`DNS lookup of ${hostname} timed out`)), RESOLVE_TIMEOUT_MS).unref()),
  ]);
  return answers.map((a) => a.address);
};

export class UnsafeWebhookUrlError extends Error {}

/** A URL that passed every check, and the one address to connect to. */
export interface GuardedTarget extends ParsedWebhookUrl {
  address: string;
  family: 4 | 6;
}

type UrlVerdict = { ok: true; parsed: ParsedWebhookUrl; literal: string | null } | { ok: false; reason: string };

/**
 * What the URL text alone decides, per allowlist and URL: a pure function, parsed once rather
 * than at every attempt. What the host resolves to is never cached (below).
 */
const verdicts = new WeakMap<readonly string[], Map<string, UrlVerdict>>();
const VERDICTS_MAX = 1_000;

function urlVerdict(raw: string, allowlist: readonly string[]): UrlVerdict {
  let byUrl = verdicts.get(allowlist);
  if (!byUrl) verdicts.set(allowlist, (byUrl = new Map()));
  let verdict = byUrl.get(raw);
  if (!verdict) {
    const syntax = checkWebhookUrlSyntax(raw, allowlist);
    verdict = syntax.ok ? { ...syntax, literal: literalAddress(syntax.parsed.url.hostname) } : syntax;
    if (byUrl.size >= VERDICTS_MAX) byUrl.clear();
    byUrl.set(raw, verdict);
  }
  return verdict;
}

/**
 * Decides where a webhook request may go: the URL rules, then the host's addresses, every
 * one of which must be public (an attacker's DNS can mix a public and a private answer).
 * The caller connects to `address`, the address that was checked, so a second lookup that
 * answers differently (DNS rebinding) can never redirect the connection.
 * Throws UnsafeWebhookUrlError with a reason a merchant can act on.
 */
export async function guardWebhookUrl(raw: string, allowlist: readonly string[], resolve: Resolver = systemResolver): Promise<GuardedTarget> {
  const verdict = urlVerdict(raw, allowlist);
  if (!verdict.ok) throw new UnsafeWebhookUrlError(verdict.reason);
  const { parsed, literal } = verdict;
  let addresses: string[];
  if (literal !== null) {
    addresses = [literal];
  } else {
    try {
      addresses = await resolve(parsed.url.hostname);
    } catch (err) {
      throw new UnsafeWebhookUrlError(`${parsed.url.hostname} does not resolve (${(err as Error).message})`);
    }
    if (addresses.length === 0) throw new UnsafeWebhookUrlError(`${parsed.url.hostname} does not resolve`);
  }
  if (!parsed.allowlisted) {
    for (const address of addresses) {
      const check = classifyAddress(address);
      if (!check.ok) throw new UnsafeWebhookUrlError(literal !== null ? check.reason : `${parsed.url.hostname} resolves to ${check.reason}`);
    }
  }
  const address = addresses[0];
  return { ...parsed, address, family: address.includes(':') ? 6 : 4 };
}
