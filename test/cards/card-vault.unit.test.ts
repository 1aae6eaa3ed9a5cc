import { generateVaultKey, openSecret, sealSecret } from '../../src/cards/card-vault.crypto';
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

describe('newCardTokenId', () => {
  it('is tok_ and 26 random base32 characters, never repeating', () => {
    const ids = new Set(Array.from({ length: 2000 }, newCardTokenId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^tok_[a-z2-7]{26}$/);
  });
});
