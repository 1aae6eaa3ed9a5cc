import { processorsConfig } from '../../../src/processors/connections/processors.config';

/** PAYOUT_PROVIDER_*: the six required variables together or none; problems named without values. */
const FULL = {
  PAYOUT_PROVIDER_BASE_URL: 'https://pix.api.efipay.com.br/',
  PAYOUT_PROVIDER_TOKEN_URL: 'https://pix.api.efipay.com.br/oauth/token',
  PAYOUT_PROVIDER_CLIENT_ID: 'Client_Id_123',
  PAYOUT_PROVIDER_CLIENT_SECRET: 'Client_Secret_456',
  PAYOUT_PROVIDER_CHAVE: '5f84a4c5-c5cb-4599-9f13-7eb4d419dacc',
  PAYOUT_PROVIDER_CALLBACK_SECRET: 'a'.repeat(43),
};

describe('the deployment payout provider (PAYOUT_PROVIDER_*)', () => {
  it('none set: no default; all set: the default, the base URL without its trailing slash', () => {
    expect(processorsConfig({}).payout).toBeUndefined();
    expect(processorsConfig(FULL).payout).toEqual({
      baseUrl: 'https://pix.api.efipay.com.br',
      tokenUrl: FULL.PAYOUT_PROVIDER_TOKEN_URL,
      clientId: FULL.PAYOUT_PROVIDER_CLIENT_ID,
      clientSecret: FULL.PAYOUT_PROVIDER_CLIENT_SECRET,
      chave: FULL.PAYOUT_PROVIDER_CHAVE,
      callbackSecret: FULL.PAYOUT_PROVIDER_CALLBACK_SECRET,
    });
  });

  it('an empty variable counts as unset', () => {
    expect(processorsConfig({ ...Object.fromEntries(Object.keys(FULL).map((k) => [k, ''])) }).payout).toBeUndefined();
  });

  it('half a configuration stops the process, naming what is missing and no value', () => {
    const { PAYOUT_PROVIDER_CHAVE: _chave, PAYOUT_PROVIDER_CALLBACK_SECRET: _secret, ...half } = FULL;
    expect(() => processorsConfig(half)).toThrow(/PAYOUT_PROVIDER_CHAVE, PAYOUT_PROVIDER_CALLBACK_SECRET: required with the other PAYOUT_PROVIDER_\* variables/);
    try {
      processorsConfig(half);
    } catch (err) {
      expect((err as Error).message).not.toContain(FULL.PAYOUT_PROVIDER_CLIENT_SECRET);
    }
  });

  it('bad values are named: plain http off loopback, not a DICT key, a short callback secret, optional ones alone', () => {
    const message = (() => {
      try {
        processorsConfig({ ...FULL, PAYOUT_PROVIDER_BASE_URL: 'http://efi.example.com', PAYOUT_PROVIDER_CHAVE: 'not a key', PAYOUT_PROVIDER_CALLBACK_SECRET: 'short' });
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    })();
    expect(message).toContain('PAYOUT_PROVIDER_BASE_URL: Must be https://');
    expect(message).toContain('PAYOUT_PROVIDER_CHAVE:');
    expect(message).toContain('PAYOUT_PROVIDER_CALLBACK_SECRET: At least 32 characters');
    expect(() => processorsConfig({ PAYOUT_PROVIDER_SCOPES: 'pix.send' })).toThrow(/PAYOUT_PROVIDER_SCOPES: set without the deployment's payout provider/);
    expect(processorsConfig({ ...FULL, PAYOUT_PROVIDER_BASE_URL: 'http://127.0.0.1:4000' }).payout?.baseUrl).toBe('http://127.0.0.1:4000');
  });

  it('a certificate file that cannot be read stops the process at start', () => {
    const readFile = () => {
      throw Object.assign(new Error('nope'), { code: 'ENOENT' });
    };
    expect(() => processorsConfig({ ...FULL, PAYOUT_PROVIDER_CERT_PATH: '/x/cert.pem', PAYOUT_PROVIDER_KEY_PATH: '/x/key.pem' }, readFile)).toThrow(/PAYOUT_PROVIDER_CERT_PATH: cannot read \/x\/cert.pem \(ENOENT\)/);
  });
});
