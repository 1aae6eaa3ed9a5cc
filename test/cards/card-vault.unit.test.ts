import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateVaultKey, keyFingerprint, openSecret, parseVaultKey, sealSecret } from '../../src/cards/card-vault.crypto';
import { resolveVaultKey, VaultKeyUnavailableError } from '../../src/cards/card-vault.key';
import { newCardTokenId } from '../../src/cards/card-vault.service';

describe('sealSecret / openSecret (AES-256-GCM)', () => {
  const key = generateVaultKey();

  it('round-trips, with a fresh IV each time', () => {
    const a = sealSecret(key, 'crd_1', 'pan', '4111111111111111');
    const b = sealSecret(key, 'crd_1', 'pan', '4111111111111111');
    expect(a.equals(b)).toBe(false);
    expect(openSecret(key, 'crd_1', 'pan', a)).toBe('4111111111111111');
    expect(a.toString('latin1')).not.toContain('4111111111111111');
  });

  it('refuses another key, another row, another field and any flipped bit', () => {
    const sealed = sealSecret(key, 'crd_1', 'cvv', '123');
    expect(() => openSecret(generateVaultKey(), 'crd_1', 'cvv', sealed)).toThrow();
    expect(() => openSecret(key, 'crd_2', 'cvv', sealed)).toThrow();
    expect(() => openSecret(key, 'crd_1', 'pan', sealed)).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => openSecret(key, 'crd_1', 'cvv', tampered)).toThrow();
    expect(() => openSecret(key, 'crd_1', 'cvv', Buffer.from([9, 9]))).toThrow(/unreadable/);
  });
});

describe('vault key', () => {
  const dirs: string[] = [];
  const tmpKeyFile = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-vault-'));
    dirs.push(dir);
    return path.join(dir, 'nested', 'card-vault.key');
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('takes CARD_VAULT_KEY as 32 bytes of base64, and refuses any other length', () => {
    const encoded = generateVaultKey().toString('base64');
    const key = resolveVaultKey({ mode: 'production', cardVaultKey: encoded });
    expect(key.key.toString('base64')).toBe(encoded);
    expect(key.id).toBe(keyFingerprint(key.key));
    expect(() => parseVaultKey(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => resolveVaultKey({ mode: 'sandbox', cardVaultKey: 'short' })).toThrow(/CARD_VAULT_KEY must be 32 bytes/);
  });

  it('refuses to run without CARD_VAULT_KEY in production (no generated key)', () => {
    const file = tmpKeyFile();
    expect(() => resolveVaultKey({ mode: 'production', cardVaultKey: undefined }, file)).toThrow(VaultKeyUnavailableError);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('in sandbox generates one key file (0600) and every later resolution reads the same key', () => {
    const file = tmpKeyFile();
    const first = resolveVaultKey({ mode: 'sandbox', cardVaultKey: undefined }, file);
    const second = resolveVaultKey({ mode: 'sandbox', cardVaultKey: undefined }, file);
    expect(second.key.equals(first.key)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['card-vault.key']);
  });
});

describe('newCardTokenId', () => {
  it('is tok_ and 26 random base32 characters, never repeating', () => {
    const ids = new Set(Array.from({ length: 2000 }, newCardTokenId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^tok_[a-z2-7]{26}$/);
  });
});
