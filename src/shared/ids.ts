import { randomBytes, randomFillSync } from 'node:crypto';
import { encodeTime, monotonicFactory } from 'ulid';

/**
 * Every public id is `<prefix>_<26 chars>`: a lower-case ULID, so ids sort by creation time
 * and B-tree inserts stay local. The prefix tells a human (and an operator in the Temporal
 * UI) what kind of thing an id names.
 */
export const ID_PREFIXES = [
  'comp', 'ten', 'key', 'req', 'cust', 'rec', 'rba', 'txn', 'pay', 'spl', 'crd', 'tok', 'ref',
  'wlt', 'wdr', 'whk', 'whd', 'evt', 'plan', 'pli', 'price', 'sub', 'inv', 'chk', 'ci', 'cs',
  'led', 'pst', 'usg', 'kyc', 'pcn', 'rcv', 'trf', 'cpn', 'dsc', 'sbc', 'mdt', 'ant', 'bps', 'sch', 'ii',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/**
 * ulid's default source asks the OS for one random byte per character (16 calls per id, each
 * an async resource on the hot path); this one hands out bytes of a 4 KiB pool. A byte / 256
 * picks each base32 character uniformly. These ids are names, not secrets (newCapabilityId is).
 */
let pool = Buffer.alloc(0);
let offset = 0;
function pooledRandom(): number {
  if (offset >= pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(4096));
    offset = 0;
  }
  return pool[offset++] / 256;
}

const ulid = monotonicFactory(pooledRandom);

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}

/** The lowest id `newId(prefix)` can make at `ms` or later (its time part, nothing after): a bound for a range of ids by time. */
export function idFloorAt(prefix: IdPrefix, ms: number): string {
  return `${prefix}_${encodeTime(Math.max(0, Math.floor(ms)), 10).toLowerCase()}`;
}

const LOWER_BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * An id that opens something on its own, with no key beside it (a checkout session's buyer
 * page, a payment's Pix or boleto page, a card token): `<prefix>_` + 26 lower-case base32
 * characters from 130 random bits. Nothing in it is time-ordered, sequential or guessable from a
 * neighbour, unlike `newId`, whose ids minted in one millisecond differ by one.
 */
export function newCapabilityId(prefix: IdPrefix): string {
  const bytes = randomBytes(17);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0x1fff;
    bits += 8;
    while (bits >= 5 && out.length < 26) {
      out += LOWER_BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `${prefix}_${out}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return id.startsWith(`${prefix}_`);
}
