/**
 * The deployment default Pix PSP and callback authentication, from the environment
 * (src/config.ts → src/processors/connections/processors.config.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { useClientCertificate, type ClientCertificate } from './client-certificate';

const CALLBACK_SECRET = 'c'.repeat(43);
const required = {
  PIX_PSP_BASE_URL: 'https://pix.psp.com.br/api/v2/',
  PIX_PSP_TOKEN_URL: 'https://pix.psp.com.br/oauth/token',
  PIX_PSP_CLIENT_ID: 'lastro',
  PIX_PSP_CLIENT_SECRET: 'the-client-secret',
  PIX_PSP_CHAVE: '11222333000181',
  PIX_PSP_CALLBACK_SECRET: CALLBACK_SECRET,
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('config.processors', () => {
  const certificate = useClientCertificate();
  let dir: string;
  let certs: ClientCertificate;
  beforeAll(() => {
    certs = certificate();
    dir = certs.dir;
    writeFileSync(join(dir, 'garbage.pem'), 'not a certificate');
  });

  it('has no default and no identity header when nothing is set (or only empty values)', () => {
    expect(loadConfig({}).processors).toEqual({});
    expect(loadConfig({ PIX_PSP_BASE_URL: '', PIX_PSP_CERT_PATH: '  ' }).processors).toEqual({});
  });

  it('reads the deployment default, its PEM files at start, and the identity header in lower case', () => {
    const { processors } = loadConfig({
      ...required,
      PIX_PSP_SCOPES: 'cob.write cob.read  pix.read',
      PIX_PSP_CERT_PATH: certs.certFile,
      PIX_PSP_KEY_PATH: certs.keyFile,
      PIX_PSP_CA_PATH: certs.caFile,
      PIX_PSP_CALLBACK_IDENTITY: 'AB:CD:EF',
      PIX_CALLBACK_IDENTITY_HEADER: 'X-Client-Cert-Fingerprint',
    });
    expect(processors).toEqual({
      pix: {
        baseUrl: 'https://pix.psp.com.br/api/v2',
        tokenUrl: 'https://pix.psp.com.br/oauth/token',
        clientId: 'lastro',
        clientSecret: 'the-client-secret',
        chave: '11222333000181',
        scopes: 'cob.write cob.read pix.read',
        tls: { cert: certs.cert, key: certs.key, ca: certs.ca },
        callbackSecret: CALLBACK_SECRET,
        callbackIdentity: 'AB:CD:EF',
      },
      callbackIdentityHeader: 'x-client-cert-fingerprint',
    });
  });

  it('takes a default without a client certificate (a PSP on loopback over plain HTTP)', () => {
    const { processors } = loadConfig({ ...required, PIX_PSP_BASE_URL: 'http://127.0.0.1:4100', PIX_PSP_TOKEN_URL: 'http://127.0.0.1:4100/oauth/token' });
    expect(processors.pix).toMatchObject({ baseUrl: 'http://127.0.0.1:4100', callbackIdentity: null });
    expect(processors.pix).not.toHaveProperty('tls');
    expect(processors.pix).not.toHaveProperty('scopes');
  });

  it('refuses half a default, naming what is missing', () => {
    const { PIX_PSP_CLIENT_SECRET: _s, PIX_PSP_CALLBACK_SECRET: _c, ...partial } = required;
    const message = configError(partial);
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PIX_PSP_CLIENT_SECRET, PIX_PSP_CALLBACK_SECRET: required with the other PIX_PSP_* variables');
  });

  it('refuses optional settings without a default', () => {
    expect(configError({ PIX_PSP_CERT_PATH: certs.certFile, PIX_PSP_KEY_PATH: certs.keyFile })).toContain('PIX_PSP_CERT_PATH, PIX_PSP_KEY_PATH: set without the deployment\'s Pix PSP');
  });

  it('refuses bad values, each named, none repeated', () => {
    const message = configError({
      ...required,
      PIX_PSP_BASE_URL: 'http://pix.psp.com.br',
      PIX_PSP_CHAVE: '112.223.330/0018-1',
      PIX_PSP_CALLBACK_SECRET: 'too-short-secret',
      PIX_PSP_SCOPES: 'cob.write "x"',
    });
    expect(message).toContain('PIX_PSP_BASE_URL: Must be https://');
    expect(message).toContain('PIX_PSP_CHAVE: A CPF or CNPJ key is written without punctuation');
    expect(message).toContain('PIX_PSP_CALLBACK_SECRET: At least 32 characters');
    expect(message).toContain('PIX_PSP_SCOPES: OAuth2 scopes separated by spaces');
    expect(message).not.toContain('too-short-secret');
    expect(message).not.toContain(required.PIX_PSP_CLIENT_SECRET);
  });

  it('refuses half a certificate pair, a CA alone, an unreadable file and a file that is no certificate', () => {
    expect(configError({ ...required, PIX_PSP_CERT_PATH: certs.certFile })).toContain('PIX_PSP_CERT_PATH and PIX_PSP_KEY_PATH: set both (mutual TLS) or neither');
    expect(configError({ ...required, PIX_PSP_CA_PATH: certs.caFile })).toContain('PIX_PSP_CA_PATH: used with PIX_PSP_CERT_PATH and PIX_PSP_KEY_PATH');
    const missing = join(dir, 'missing.pem');
    expect(configError({ ...required, PIX_PSP_CERT_PATH: certs.certFile, PIX_PSP_KEY_PATH: missing })).toContain(`PIX_PSP_KEY_PATH: cannot read ${missing} (ENOENT)`);
    expect(configError({ ...required, PIX_PSP_CERT_PATH: join(dir, 'garbage.pem'), PIX_PSP_KEY_PATH: certs.keyFile })).toContain('PIX_PSP_CERT_PATH: Not a readable PEM certificate');
    expect(configError({ ...required, PIX_PSP_CERT_PATH: certs.certFile, PIX_PSP_KEY_PATH: certs.otherKeyFile })).toContain('PIX_PSP_KEY_PATH: The private key does not belong to the certificate');
  });

  it('refuses a callback identity without the header that carries it, and a header name that is none', () => {
    expect(configError({ ...required, PIX_PSP_CALLBACK_IDENTITY: 'AB:CD' })).toContain('PIX_PSP_CALLBACK_IDENTITY: needs PIX_CALLBACK_IDENTITY_HEADER');
    expect(configError({ PIX_CALLBACK_IDENTITY_HEADER: 'x client' })).toContain('PIX_CALLBACK_IDENTITY_HEADER: not an HTTP header name');
    expect(loadConfig({ PIX_CALLBACK_IDENTITY_HEADER: 'x-ssl-client-sha256' }).processors).toEqual({ callbackIdentityHeader: 'x-ssl-client-sha256' });
  });
});

describe('config.processors.card', () => {
  const card = {
    CARD_ACQUIRER_BASE_URL: 'https://api.cieloecommerce.cielo.com.br/',
    CARD_ACQUIRER_QUERY_URL: 'https://apiquery.cieloecommerce.cielo.com.br',
    CARD_ACQUIRER_MERCHANT_ID: '5a3e1c2b-0d4f-4e6a-9b8c-7d6e5f4a3b2c',
    CARD_ACQUIRER_MERCHANT_KEY: 'the-merchant-key-of-forty-characters-xxx',
  };

  it('reads the deployment acquirer from all four variables', () => {
    expect(loadConfig(card).processors).toEqual({
      card: {
        baseUrl: 'https://api.cieloecommerce.cielo.com.br',
        queryUrl: 'https://apiquery.cieloecommerce.cielo.com.br',
        merchantId: card.CARD_ACQUIRER_MERCHANT_ID,
        merchantKey: card.CARD_ACQUIRER_MERCHANT_KEY,
      },
    });
    expect(loadConfig({ ...required, ...card }).processors).toMatchObject({ pix: { clientId: 'lastro' }, card: { merchantId: card.CARD_ACQUIRER_MERCHANT_ID } });
  });

  it('has none when none is set (or only empty values)', () => {
    expect(loadConfig({ CARD_ACQUIRER_BASE_URL: '', CARD_ACQUIRER_MERCHANT_KEY: ' ' }).processors).toEqual({});
  });

  it('refuses some of the four, naming what is missing and repeating no key', () => {
    const { CARD_ACQUIRER_QUERY_URL: _q, CARD_ACQUIRER_MERCHANT_ID: _m, ...partial } = card;
    const message = configError(partial);
    expect(message).toContain('CARD_ACQUIRER_QUERY_URL, CARD_ACQUIRER_MERCHANT_ID: required with the other CARD_ACQUIRER_* variables');
    expect(message).not.toContain(card.CARD_ACQUIRER_MERCHANT_KEY);
  });

  it('refuses plain http off loopback and a MerchantId that is no GUID, and takes a loopback acquirer', () => {
    const message = configError({ ...card, CARD_ACQUIRER_BASE_URL: 'http://api.cieloecommerce.cielo.com.br', CARD_ACQUIRER_MERCHANT_ID: 'loja-42' });
    expect(message).toContain('CARD_ACQUIRER_BASE_URL: Must be https://');
    expect(message).toContain('CARD_ACQUIRER_MERCHANT_ID: A GUID');
    expect(message).not.toContain(card.CARD_ACQUIRER_MERCHANT_KEY);
    const loopback = loadConfig({ ...card, CARD_ACQUIRER_BASE_URL: 'http://127.0.0.1:4200', CARD_ACQUIRER_QUERY_URL: 'http://127.0.0.1:4200' });
    expect(loopback.processors.card).toMatchObject({ baseUrl: 'http://127.0.0.1:4200', queryUrl: 'http://127.0.0.1:4200' });
  });
});
