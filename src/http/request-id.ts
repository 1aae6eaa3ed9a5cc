import { randomFillSync } from 'node:crypto';

/** Crockford's base32 in lower case, as `newId` writes ULIDs (src/shared/ids.ts). */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RANDOM_CHARS = 16;

let pool = Buffer.alloc(0);
let offset = 0;
let lastMs = -1;
let timePart = '';

/**
 * `req_<26 chars>`, laid out as a ULID (decisions.md, "Identifiers"): 10 characters of
 * millisecond time, then 80 random bits. Unlike `newId`, which asks the OS for one random byte
 * per character (16 calls per id, each an async resource), the random part comes from a pool
 * refilled 4 KiB at a time, and the time part is encoded once per millisecond. Request ids are
 * not monotonic within a millisecond: nothing sorts them more finely than that.
 */
export function newRequestId(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    timePart = encodeTime(now);
  }
  if (offset + RANDOM_CHARS > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(4096));
    offset = 0;
  }
  let id = `req_${timePart}`;
  for (let i = 0; i < RANDOM_CHARS; i++) id += ALPHABET[pool[offset++] & 31];
  return id;
}

function encodeTime(ms: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}
