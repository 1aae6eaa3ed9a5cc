import { hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { generateVaultKey, keyFingerprint, parseVaultKey } from './card-vault.crypto';

export interface VaultKey {
  key: Buffer;
  /** keyFingerprint(key), stored with every sealed card. */
  id: string;
}

/**
 * Thrown when the vault has no key to use. In production this is the only outcome without
 * CARD_VAULT_KEY: a generated key would silently differ between API and worker replicas
 * and be lost with the container, making every stored card unreadable.
 */
export class VaultKeyUnavailableError extends Error {}

/** Where a sandbox deployment keeps its generated key: the dev stack's data directory. */
export function devKeyPath(env: NodeJS.ProcessEnv = process.env): string {
  const root = path.resolve(__dirname, '..', '..');
  return path.join(path.resolve(env.LASTRO_DATA_DIR ?? path.join(root, '.data')), 'card-vault.key');
}

/**
 * The key from CARD_VAULT_KEY; without it, in sandbox mode only, a key generated once and
 * kept in `<data dir>/card-vault.key` (mode 0600). The API and the worker are separate
 * processes that must agree on the key, so the first one to need it creates the file
 * exclusively and every other one, including a loser of that race, reads it.
 */
export function resolveVaultKey(config: Pick<Config, 'mode' | 'cardVaultKey'>, keyFile = devKeyPath()): VaultKey {
  if (config.cardVaultKey) return withId(parseVaultKey(config.cardVaultKey));
  if (config.mode === 'production') {
    throw new VaultKeyUnavailableError('CARD_VAULT_KEY is required in production mode: card tokenization and authorization are disabled until it is set');
  }
  return withId(readOrCreateKeyFile(keyFile));
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    return parseVaultKey(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written to a private temporary name, then hard-linked into place: link() is atomic and
  // fails if the file exists, so a concurrent reader never sees a half-written key.
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${generateVaultKey().toString('base64')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.unlinkSync(tmp);
  }
  return parseVaultKey(fs.readFileSync(file, 'utf8'));
}

function withId(key: Buffer): VaultKey {
  return { key, id: keyFingerprint(key) };
}

let cached: VaultKey | undefined;

/**
 * The process's vault key, resolved from the environment on first use. The vault functions
 * take only an EntityManager (activities call them), so the key is process-wide rather than
 * passed around; API and worker read the same variables.
 */
export function vaultKey(): VaultKey {
  cached ??= resolveVaultKey(loadConfig(process.env));
  return cached;
}

const derived = new Map<string, Buffer>();

/**
 * A 32-byte key for another purpose than cards (`purpose` names it), derived from the vault key
 * by HKDF: API and worker agree on it without a variable of its own, and no two purposes share a key.
 */
export function derivedVaultKey(purpose: string): Buffer {
  let key = derived.get(purpose);
  if (!key) {
    key = deriveVaultKey(vaultKey(), purpose);
    derived.set(purpose, key);
  }
  return key;
}

/** `derivedVaultKey` of a given vault key, for code that is handed its key (tests use another key than the process's). */
export function deriveVaultKey(base: VaultKey, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', base.key, Buffer.alloc(0), purpose, 32));
}
