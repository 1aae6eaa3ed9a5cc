/**
 * Temporal TLS / mTLS / API key settings: parsed and checked by loadConfig (src/config.ts),
 * turned into the connection options the API, the CLI and the worker share
 * (src/temporal/connection.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { temporalConnectionOptions } from '../../src/temporal/connection';

describe('Temporal connection settings in loadConfig', () => {
  it('is plaintext with no TLS setting (the dev server, an in-cluster frontend without TLS)', () => {
    const { temporal } = loadConfig({ TEMPORAL_ADDRESS: 'temporal-frontend.temporal:7233' });
    expect(temporal.tls).toBeUndefined();
    expect(temporal.apiKey).toBeUndefined();
    expect(temporalConnectionOptions(temporal)).toEqual({ address: 'temporal-frontend.temporal:7233' });
  });

  it('TEMPORAL_TLS=1 alone: TLS against the system CAs', () => {
    expect(loadConfig({ TEMPORAL_TLS: '1' }).temporal.tls).toEqual({});
    expect(loadConfig({ TEMPORAL_TLS: '0' }).temporal.tls).toBeUndefined();
  });

  it('mTLS: certificate, key, CA and server name', () => {
    const { temporal } = loadConfig({
      TEMPORAL_ADDRESS: 'lastro.a1b2c.tmprl.cloud:7233',
      TEMPORAL_NAMESPACE: 'lastro.a1b2c',
      TEMPORAL_TLS_CERT_PATH: '/etc/lastro/temporal-tls/tls.crt',
      TEMPORAL_TLS_KEY_PATH: '/etc/lastro/temporal-tls/tls.key',
      TEMPORAL_TLS_CA_PATH: '/etc/lastro/temporal-tls/ca.crt',
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    });
    expect(temporal).toMatchObject({
      address: 'lastro.a1b2c.tmprl.cloud:7233',
      namespace: 'lastro.a1b2c',
      tls: {
        certPath: '/etc/lastro/temporal-tls/tls.crt',
        keyPath: '/etc/lastro/temporal-tls/tls.key',
        caPath: '/etc/lastro/temporal-tls/ca.crt',
        serverName: 'temporal.internal',
      },
    });
  });

  it('a CA or a server name alone turns TLS on (server-authenticated TLS, no client certificate)', () => {
    expect(loadConfig({ TEMPORAL_TLS_CA_PATH: '/ca.pem' }).temporal.tls).toEqual({ caPath: '/ca.pem' });
    expect(loadConfig({ TEMPORAL_TLS_SERVER_NAME: 'frontend' }).temporal.tls).toEqual({ serverName: 'frontend' });
  });

  it('an API key (Temporal Cloud) implies TLS', () => {
    const { temporal } = loadConfig({ TEMPORAL_ADDRESS: 'us-east-1.aws.api.temporal.io:7233', TEMPORAL_API_KEY: 'key-123' });
    expect(temporal.apiKey).toBe('key-123');
    expect(temporal.tls).toEqual({});
    expect(temporalConnectionOptions(temporal)).toEqual({ address: 'us-east-1.aws.api.temporal.io:7233', apiKey: 'key-123', tls: {} });
  });

  it.each([
    [{ TEMPORAL_TLS_CERT_PATH: '/c.pem' }, /TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: set both/],
    [{ TEMPORAL_TLS_KEY_PATH: '/k.pem' }, /TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: set both/],
    [{ TEMPORAL_TLS: '0', TEMPORAL_API_KEY: 'k' }, /TEMPORAL_TLS: 0 \(plaintext\) contradicts/],
    [{ TEMPORAL_TLS: '0', TEMPORAL_TLS_CA_PATH: '/ca.pem' }, /TEMPORAL_TLS: 0 \(plaintext\) contradicts/],
    [{ TEMPORAL_TLS: 'yes' }, /TEMPORAL_TLS/],
    [{ TEMPORAL_TLS_CERT_PATH: '', TEMPORAL_TLS_KEY_PATH: '/k.pem' }, /TEMPORAL_TLS_CERT_PATH/],
    [{ TEMPORAL_API_KEY: '' }, /TEMPORAL_API_KEY/],
  ])('refuses %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration:/);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('temporalConnectionOptions', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lastro-temporal-tls-'));
    writeFileSync(join(dir, 'tls.crt'), 'CLIENT CERT');
    writeFileSync(join(dir, 'tls.key'), 'CLIENT KEY');
    writeFileSync(join(dir, 'ca.crt'), 'SERVER CA');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the PEM files into the SDK tls option', () => {
    const { temporal } = loadConfig({
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_TLS_CERT_PATH: join(dir, 'tls.crt'),
      TEMPORAL_TLS_KEY_PATH: join(dir, 'tls.key'),
      TEMPORAL_TLS_CA_PATH: join(dir, 'ca.crt'),
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    });
    const options = temporalConnectionOptions(temporal);
    expect(options.address).toBe('temporal:7233');
    expect(options.apiKey).toBeUndefined();
    expect(options.tls?.serverNameOverride).toBe('temporal.internal');
    expect(Buffer.from(options.tls!.serverRootCACertificate!).toString()).toBe('SERVER CA');
    expect(Buffer.from(options.tls!.clientCertPair!.crt).toString()).toBe('CLIENT CERT');
    expect(Buffer.from(options.tls!.clientCertPair!.key).toString()).toBe('CLIENT KEY');
  });

  it('a missing file stops with the variable that named it', () => {
    const { temporal } = loadConfig({ TEMPORAL_TLS_CERT_PATH: join(dir, 'tls.crt'), TEMPORAL_TLS_KEY_PATH: join(dir, 'missing.key') });
    expect(() => temporalConnectionOptions(temporal)).toThrow(`TEMPORAL_TLS_KEY_PATH: cannot read ${join(dir, 'missing.key')} (ENOENT)`);
  });
});
