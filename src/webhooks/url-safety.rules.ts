/**
 * Pure SSRF rules for webhook URLs (no I/O: DNS resolution lives in url-guard.ts).
 *
 * A webhook makes Lastro's servers send requests to an address a merchant chose, so an
 * attacker would point it at our own network (127.0.0.1, 10/8, the cloud metadata service
 * at 169.254.169.254 …). These rules decide which addresses are public. They are written
 * here, not taken from the `ip` npm package, whose checks have had bypasses (numeric
 * encodings, IPv4-mapped IPv6), and they are allow-list shaped where it matters: an IPv6
 * address must be global unicast (2000::/3) to pass at all.
 */

export type UrlCheck = { ok: true } | { ok: false; reason: string };

const OK: UrlCheck = { ok: true };
const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

/**
 * Host names that are never public whatever they resolve to: loopback names, mDNS, and the
 * cloud metadata services' names (GCP, AWS, Azure, Oracle, Alibaba, DigitalOcean use
 * link-local or CGNAT addresses, refused below; their names are refused here too).
 */
const BLOCKED_HOST_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'];
const BLOCKED_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'kubernetes.default', 'kubernetes.default.svc']);

// ---------------------------------------------------------------------------------------
// IPv4

/**
 * Parses an IPv4 address the way inet_aton (and so getaddrinfo and the WHATWG URL parser)
 * does: 1 to 4 parts, each decimal, octal (`0177`) or hex (`0x7f`), the last part filling
 * the remaining bytes. So `2130706433`, `0x7f.1`, `127.1` and `0177.0.0.1` are all
 * 127.0.0.1. Returns the address as an unsigned 32-bit number, or null if `text` is not one.
 */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return null;
  const values: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = Number(p);
    else return null;
    if (!Number.isSafeInteger(n)) return null;
    values.push(n);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255)) return null;
  if (last >= 2 ** (8 * (4 - values.length))) return null;
  return values.reduce((acc, v, i) => acc + v * 2 ** (8 * (3 - i)), 0) + last;
}

export function formatIPv4(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

/** [first address, prefix length, why] for every IPv4 range that is not the public internet. */
const IPV4_BLOCKS: Array<[string, number, string]> = [
  ['0.0.0.0', 8, '"this network" (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'private (10.0.0.0/8)'],
  ['100.64.0.0', 10, 'carrier-grade NAT (100.64.0.0/10)'],
  ['127.0.0.0', 8, 'loopback (127.0.0.0/8)'],
  ['169.254.0.0', 16, 'link-local / cloud metadata (169.254.0.0/16)'],
  ['172.16.0.0', 12, 'private (172.16.0.0/12)'],
  ['192.0.0.0', 24, 'IETF protocol assignments (192.0.0.0/24)'],
  ['192.0.2.0', 24, 'documentation (192.0.2.0/24)'],
  ['192.88.99.0', 24, '6to4 relay (192.88.99.0/24)'],
  ['192.168.0.0', 16, 'private (192.168.0.0/16)'],
  ['198.18.0.0', 15, 'benchmarking (198.18.0.0/15)'],
  ['198.51.100.0', 24, 'documentation (198.51.100.0/24)'],
  ['203.0.113.0', 24, 'documentation (203.0.113.0/24)'],
  ['224.0.0.0', 4, 'multicast (224.0.0.0/4)'],
  ['240.0.0.0', 4, 'reserved / broadcast (240.0.0.0/4)'],
];
const IPV4_RANGES = IPV4_BLOCKS.map(([start, bits, why]) => ({ start: parseIPv4(start)!, size: 2 ** (32 - bits), why }));

export function classifyIPv4(n: number): UrlCheck {
  const hit = IPV4_RANGES.find((r) => n >= r.start && n < r.start + r.size);
  return hit ? refuse(`${formatIPv4(n)} is ${hit.why}`) : OK;
}

// ---------------------------------------------------------------------------------------
// IPv6

/** Parses an IPv6 address (with `::` and an optional dotted IPv4 tail) into 8 hextets, or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // A zone id (fe80::1%eth0) names an interface of this machine: never a public address.
  if (s.includes('%')) return null;
  const tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (lastColon < 0) return null;
  const dotted = s.slice(lastColon + 1);
  if (dotted.includes('.')) {
    // The embedded IPv4 tail (::ffff:127.0.0.1) is plain dotted decimal, no other encoding.
    if (!/^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){3}$/.test(dotted)) return null;
    const v4 = parseIPv4(dotted);
    if (v4 === null) return null;
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string): number[] | null => {
    if (h === '') return [];
    const groups = h.split(':');
    if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
    return groups.map((g) => parseInt(g, 16));
  };
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  if (!head || !rest) return null;
  const explicit = head.length + rest.length + tail.length;
  if (halves.length === 1) return explicit === 8 ? [...head, ...tail] : null;
  if (explicit > 7) return null;
  return [...head, ...new Array(8 - explicit).fill(0), ...rest, ...tail];
}

const prefixIs = (h: number[], words: number[]): boolean => words.every((w, i) => h[i] === w);

export function classifyIPv6(h: number[]): UrlCheck {
  const text = h.map((x) => x.toString(16)).join(':');
  if (h.every((x) => x === 0)) return refuse('the unspecified address (::) is not public');
  if (prefixIs(h, [0, 0, 0, 0, 0, 0, 0]) && h[7] === 1) return refuse('::1 is loopback');
  // IPv4 hidden inside IPv6 is the classic bypass: refuse the forms outright (a webhook has
  // no reason to use them) rather than trusting the embedded address.
  if (prefixIs(h, [0, 0, 0, 0, 0, 0xffff])) return refuse(`${text} is an IPv4-mapped IPv6 address (::ffff:0:0/96)`);
  if (prefixIs(h, [0, 0, 0, 0, 0, 0])) return refuse(`${text} is an IPv4-compatible IPv6 address (::/96)`);
  if (prefixIs(h, [0x64, 0xff9b, 0, 0, 0, 0])) return refuse(`${text} is a NAT64 address (64:ff9b::/96)`);
  if (prefixIs(h, [0x64, 0xff9b, 1])) return refuse(`${text} is a local-use NAT64 address (64:ff9b:1::/48)`);
  if ((h[0] & 0xe000) !== 0x2000) {
    if ((h[0] & 0xfe00) === 0xfc00) return refuse(`${text} is unique-local (fc00::/7)`);
    if ((h[0] & 0xffc0) === 0xfe80) return refuse(`${text} is link-local (fe80::/10)`);
    if ((h[0] & 0xff00) === 0xff00) return refuse(`${text} is multicast (ff00::/8)`);
    return refuse(`${text} is not a global unicast address (2000::/3)`);
  }
  if (prefixIs(h, [0x2001, 0xdb8])) return refuse(`${text} is documentation (2001:db8::/32)`);
  if (prefixIs(h, [0x2001, 0])) return refuse(`${text} is Teredo (2001::/32)`);
  if (h[0] === 0x2002) {
    // 6to4 carries an IPv4 address in bits 16-48: it must itself be public.
    const v4 = classifyIPv4(h[1] * 65536 + h[2]);
    if (!v4.ok) return refuse(`${text} is 6to4 for a non-public IPv4: ${v4.reason}`);
  }
  return OK;
}

// ---------------------------------------------------------------------------------------
// Addresses, host names and URLs

/** Whether a resolved or literal address (IPv4 in any encoding, or IPv6) is public. */
export function classifyAddress(address: string): UrlCheck {
  const v4 = parseIPv4(address);
  if (v4 !== null) return classifyIPv4(v4);
  const v6 = parseIPv6(address);
  if (v6) return classifyIPv6(v6);
  return refuse(`${address} is not an IP address`);
}

/** Rules on the host name itself, before any resolution. `hostname` is the URL's, lower case. */
export function classifyHostname(hostname: string): UrlCheck {
  const host = hostname.replace(/\.$/, '');
  if (host === '') return refuse('the URL has no host');
  if (BLOCKED_HOSTS.has(host)) return refuse(`${host} is a cloud metadata host`);
  const suffix = BLOCKED_HOST_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix) return refuse(`${host} is a local name (.${suffix})`);
  return OK;
}

/** A URL's literal host, when it is an IP address (the WHATWG parser already canonicalizes IPv4 encodings). */
export function literalAddress(hostname: string): string | null {
  if (hostname.startsWith('[')) return hostname.slice(1, -1);
  return parseIPv4(hostname) !== null ? hostname : null;
}

export interface ParsedWebhookUrl {
  url: URL;
  /** `host:port` with the scheme's default port filled in, as WEBHOOK_ALLOWLIST entries are written. */
  hostPort: string;
  /** An exact WEBHOOK_ALLOWLIST entry (development and tests): http allowed, address rules skipped. */
  allowlisted: boolean;
}

export function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Everything that can be decided from the URL text: scheme, credentials, host name, a literal
 * IP. What a host name resolves to is checked by url-guard.ts, at create/update and at each send.
 */
export function checkWebhookUrlSyntax(raw: string, allowlist: readonly string[]): { ok: true; parsed: ParsedWebhookUrl } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `scheme ${url.protocol.replace(':', '')} is not allowed; use https` };
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL are not allowed' };
  const hostPort = `${url.hostname}:${defaultPort(url)}`;
  const allowlisted = allowlist.includes(hostPort);
  if (allowlisted) return { ok: true, parsed: { url, hostPort, allowlisted } };
  if (url.protocol !== 'https:') return { ok: false, reason: 'the URL must use https' };
  const literal = literalAddress(url.hostname);
  const check = literal !== null ? classifyAddress(literal) : classifyHostname(url.hostname);
  if (!check.ok) return check;
  return { ok: true, parsed: { url, hostPort, allowlisted } };
}
