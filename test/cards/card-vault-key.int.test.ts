import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateVaultKey, keyFingerprint, parseVaultKey } from '../../src/cards/card-vault.crypto';
import { resolveVaultKey, VaultKeyUnavailableError } from '../../src/cards/card-vault.key';

/** The vault key: CARD_VAULT_KEY, the production refusal, and the sandbox key file (real files and processes). */

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

describe('vault key file under concurrent starts', () => {
  it('gives the API and the worker (separate processes starting together) the same key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-vault-race-'));
    const file = path.join(dir, 'card-vault.key');
    const script = `const { resolveVaultKey } = require(${JSON.stringify(path.resolve(__dirname, '../../src/cards/card-vault.key.ts'))});
      process.stdout.write(resolveVaultKey({ mode: 'sandbox' }, ${JSON.stringify(file)}).id);`;
    try {
      const ids = await Promise.all(
        Array.from({ length: 4 }, () => new Promise<string>((resolve, reject) => {
          execFile(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.resolve(__dirname, '../..') }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
        })),
      );
      expect(new Set(ids).size).toBe(1);
      expect(ids[0]).toMatch(/^[0-9a-f]{16}$/);
      expect(fs.readdirSync(dir)).toEqual(['card-vault.key']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

