import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under, from the client address (`koa.ip`, see
 * TRUST_PROXY):
 * - IPv4: the address itself (one NAT, one key: the limits are sized for it);
 * - IPv4-mapped IPv6 (`::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 client): the
 *   IPv4 address, so the same client is one key whichever way the socket names it;
 * - any other IPv6 address: its /64 (`2001:db8:0:7::/64`). A subscriber is given at least a
 *   /64 and picks any of its 2^64 addresses at will (privacy addresses rotate by themselves),
 *   so counting the exact address would give one client unlimited fresh budgets;
 * - anything else (not an address): unchanged.
 */
export function clientAddressKey(address: string): string {
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names an interface of ours, not the client
  if (!isIPv6(bare)) return address;
  const h = hextets(bare);
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) return `${h[6] >> 8}.${h[6] & 0xff}.${h[7] >> 8}.${h[7] & 0xff}`;
  return `${h.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function hextets(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`
    : address;
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const before = groups(head);
  const after = groups(tail);
  return tail === undefined ? before : [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}
