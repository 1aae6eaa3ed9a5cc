import { hash, randomBytes } from 'node:crypto';
import type { Mode } from './company.entity';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `sk_sandbox_<32 base62>` or `sk_live_<32 base62>`. */
export function generateApiKey(mode: Mode): string {
  const bytes = randomBytes(32);
  let body = '';
  // 62 does not divide 256; rejecting values >= 248 keeps every character equally likely.
  for (let i = 0; body.length < 32; i++) {
    const b = i < bytes.length ? bytes[i] : randomBytes(1)[0];
    if (b < 248) body += BASE62[b % 62];
  }
  return `${keyPrefix(mode)}${body}`;
}

export function keyPrefix(mode: Mode): string {
  return mode === 'production' ? 'sk_live_' : 'sk_sandbox_';
}

/**
 * Keys are looked up by their SHA-256 digest, so the comparison is the database's equality
 * on fixed-length digests: a key of any length hashes to 64 hex characters.
 */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export const API_KEY_PATTERN = /^sk_(sandbox|live)_[0-9A-Za-z]{32}$/;
