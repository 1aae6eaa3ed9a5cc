import {
  callbackIdentityProblem,
  callbackSecretProblem,
  connectionVersion,
  dictKeyKind,
  dictKeyProblem,
  isLoopbackHost,
  merchantIdProblem,
  normalizeHeaderName,
  normalizeScopes,
  pixCallbackUrl,
  pspUrlProblem,
} from '../../src/processors/connections/processor-connections.rules';
import { connectCardInput, connectPixInput } from '../../src/processors/connections/processor-connections.schemas';
import { certificateSummary, tlsMaterialProblems } from '../../src/processors/connections/tls-material';
import { useClientCertificate } from './client-certificate';

describe('DICT keys', () => {
  it.each([
    ['52998224725', 'cpf'],
    ['11222333000181', 'cnpj'],
    ['12ABC34501DE35', 'cnpj'],
    ['+5511987654321', 'phone'],
    ['+551133334444', 'phone'],
    ['pix@loja.com.br', 'email'],
    ['123e4567-e89b-12d3-a456-426614174000', 'evp'],
  ])('%s is a %s key', (chave, kind) => {
    expect(dictKeyKind(chave)).toBe(kind);
    expect(dictKeyProblem(chave)).toBeNull();
  });

  it.each([
    ['529.982.247-25', 'without punctuation'],
    ['52998224724', 'wrong check digits'],
    ['11222333000180', 'wrong check digits'],
    ['11111111111', 'wrong check digits'],
    ['11987654321', 'a phone key is written +55'],
    ['+12025550123', '+55 followed by 10-11 digits'],
    ['Pix@Loja.com.br', 'lower case'],
    ['123E4567-E89B-12D3-A456-426614174000', 'lower case'],
    ['loja', 'Not a DICT key'],
    ['', 'Not a DICT key'],
    [`${'a'.repeat(70)}@loja.com.br`, 'at most 77 characters'],
  ])('%s is refused: %s', (chave, reason) => {
    expect(dictKeyKind(chave)).toBeNull();
    expect(dictKeyProblem(chave)).toContain(reason);
  });
});

describe('PSP addresses', () => {
  it('takes https anywhere and plain http on a loopback host only', () => {
    expect(pspUrlProblem('https://pix.psp.com.br/api/v2')).toBeNull();
    expect(pspUrlProblem('http://127.0.0.1:8080')).toBeNull();
    expect(pspUrlProblem('http://localhost:8080/v2')).toBeNull();
    expect(pspUrlProblem('http://[::1]:8080')).toBeNull();
    expect(pspUrlProblem('http://pix.psp.com.br')).toMatch(/https/);
    expect(pspUrlProblem('http://10.0.0.5')).toMatch(/https/);
    expect(pspUrlProblem('ftp://127.0.0.1')).toMatch(/https/);
  });

  it('refuses credentials, queries, fragments and non-URLs', () => {
    expect(pspUrlProblem('https://id:secret@pix.psp.com.br')).toMatch(/credentials/);
    expect(pspUrlProblem('https://pix.psp.com.br/?x=1')).toMatch(/query/);
    expect(pspUrlProblem('https://pix.psp.com.br/#x')).toMatch(/fragment/);
    expect(pspUrlProblem('pix.psp.com.br')).toBe('Not a URL');
  });

  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'].every(isLoopbackHost)).toBe(true);
    expect(['localhost.example.com', '128.0.0.1', '0.0.0.0', '::'].some(isLoopbackHost)).toBe(false);
  });
});

describe('scopes, secrets, identities, headers', () => {
  it('normalizes an OAuth2 scope list and refuses malformed tokens', () => {
    expect(normalizeScopes('  cob.write   cob.read\tpix.read ')).toBe('cob.write cob.read pix.read');
    expect(normalizeScopes('cob.write "x"')).toBeNull();
    expect(normalizeScopes('   ')).toBeNull();
  });

  it('takes a callback secret only when it is a long URL-safe segment', () => {
    expect(callbackSecretProblem('a'.repeat(43))).toBeNull();
    expect(callbackSecretProblem('short')).toMatch(/At least 32/);
    expect(callbackSecretProblem(`${'a'.repeat(40)}/x`)).toMatch(/path segment/);
  });

  it('takes a printable one-line callback identity', () => {
    expect(callbackIdentityProblem('AB:CD:EF')).toBeNull();
    expect(callbackIdentityProblem('a\nb')).toMatch(/control/);
    expect(callbackIdentityProblem('')).toMatch(/1 to 512/);
  });

  it('lower-cases a header name and refuses what is none', () => {
    expect(normalizeHeaderName('X-Client-Cert-Fingerprint')).toBe('x-client-cert-fingerprint');
    expect(normalizeHeaderName('x client')).toBeNull();
  });

  it('builds the callback URL from the public base, the connection id and its secret', () => {
    expect(pixCallbackUrl('https://api.lastro.com.br/', { id: 'pcn_01', callbackSecret: 's3cr3t' })).toBe('https://api.lastro.com.br/processors/pix/callbacks/pcn_01/s3cr3t');
  });

  it('versions a connection by id and last change', () => {
    expect(connectionVersion('pcn_01', new Date(1_700_000_000_000))).toBe('pcn_01:1700000000000');
  });
});

describe('client certificates and connect input', () => {
  const certificate = useClientCertificate();
  let cert: string;
  let key: string;
  let ca: string;
  let otherKey: string;
  beforeAll(() => ({ cert, key, ca, otherKey } = certificate()));

  it('takes a certificate with its own key, and a CA beside them', () => {
    expect(tlsMaterialProblems({ cert, key, ca }, new Date())).toEqual([]);
    expect(tlsMaterialProblems({})).toEqual([]);
    expect(certificateSummary(cert)).toMatchObject({ subject: 'CN=lastro-client', fingerprint256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) });
  });

  it('refuses half a pair, a CA alone, another certificate\'s key, garbage and an expired certificate', () => {
    expect(tlsMaterialProblems({ cert })).toEqual([{ field: 'key', message: expect.stringMatching(/both or neither/) }]);
    expect(tlsMaterialProblems({ key })).toEqual([{ field: 'cert', message: expect.stringMatching(/both or neither/) }]);
    expect(tlsMaterialProblems({ ca })).toEqual([expect.objectContaining({ field: 'ca', message: expect.stringMatching(/mutual TLS/) })]);
    expect(tlsMaterialProblems({ cert, key: otherKey })).toEqual([{ field: 'key', message: 'The private key does not belong to the certificate' }]);
    expect(tlsMaterialProblems({ cert: 'not a pem', key: 'not a key' }).map((p) => p.field)).toEqual(['cert', 'key']);
    const later = new Date(Date.now() + 30 * 86_400_000);
    expect(tlsMaterialProblems({ cert, key }, later)).toEqual([{ field: 'cert', message: expect.stringMatching(/^The certificate expired on /) }]);
  });

  const valid = { baseUrl: 'https://pix.psp.com.br/api/v2/', tokenUrl: 'https://pix.psp.com.br/oauth/token', clientId: 'lastro', clientSecret: 'client-secret-value', chave: '52998224725' };

  it('parses a connect input, normalized', () => {
    expect(connectPixInput.parse({ ...valid, scopes: ' cob.write  pix.read ', cert, key, ca, callbackIdentity: 'AB:CD' })).toEqual({
      ...valid,
      baseUrl: 'https://pix.psp.com.br/api/v2',
      scopes: 'cob.write pix.read',
      cert,
      key,
      ca,
      callbackIdentity: 'AB:CD',
    });
  });

  it('names each field that is wrong, and repeats no value', () => {
    const result = connectPixInput.safeParse({ ...valid, baseUrl: 'http://pix.psp.com.br', chave: '529.982.247-25', cert, key: otherKey, clientSecret: '', extra: 1 });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    expect(issues.map((i) => i.path).sort()).toEqual(['', 'baseUrl', 'chave', 'clientSecret', 'key']);
    const withKey = connectPixInput.safeParse({ ...valid, cert, key: otherKey });
    expect(withKey.error!.issues).toEqual([expect.objectContaining({ path: ['key'], message: 'The private key does not belong to the certificate' })]);
    expect(JSON.stringify(result.error!.issues)).not.toContain('529.982.247-25');
  });
});

describe('card connections (Cielo E-commerce 3.0)', () => {
  const store = {
    adapter: 'cielo',
    baseUrl: 'https://api.cieloecommerce.cielo.com.br/',
    queryUrl: 'https://apiquery.cieloecommerce.cielo.com.br',
    merchantId: '5A3E1C2B-0D4F-4E6A-9B8C-7D6E5F4A3B2C',
    merchantKey: 'the-merchant-key-of-forty-characters-xxx',
  };

  it('a MerchantId is a GUID, in either case', () => {
    expect(merchantIdProblem('5a3e1c2b-0d4f-4e6a-9b8c-7d6e5f4a3b2c')).toBeNull();
    expect(merchantIdProblem(store.merchantId)).toBeNull();
    expect(merchantIdProblem('5a3e1c2b0d4f4e6a9b8c7d6e5f4a3b2c')).toMatch(/GUID/);
    expect(merchantIdProblem('loja-42')).toMatch(/GUID/);
  });

  it('takes a store, its hosts without trailing slashes', () => {
    expect(connectCardInput.parse(store)).toEqual({ ...store, baseUrl: 'https://api.cieloecommerce.cielo.com.br' });
    expect(connectCardInput.parse({ ...store, baseUrl: 'http://127.0.0.1:4200', queryUrl: 'http://localhost:4201' })).toMatchObject({ baseUrl: 'http://127.0.0.1:4200' });
  });

  it('refuses an unknown adapter, plain http off loopback, a MerchantId that is no GUID and an empty key, repeating no value', () => {
    const result = connectCardInput.safeParse({ ...store, adapter: 'rede', queryUrl: 'http://apiquery.cieloecommerce.cielo.com.br', merchantId: 'loja-42', merchantKey: '' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues;
    expect(issues.map((i) => i.path.join('.')).sort()).toEqual(['adapter', 'merchantId', 'merchantKey', 'queryUrl']);
    expect(JSON.stringify(issues.map((i) => i.message))).not.toContain('loja-42');
  });
});
