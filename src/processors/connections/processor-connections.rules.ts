import { documentKind } from '../../shared/documents';

/**
 * Pure rules of processor connections: what a PSP's address, a receiver's DICT key, an OAuth2
 * scope list and a callback secret may look like. No I/O, no Node modules.
 */

export const PROCESSOR_RAILS = ['pix', 'card', 'boleto', 'payout'] as const;
export type ProcessorRail = (typeof PROCESSOR_RAILS)[number];

/** The wire protocols a Pix connection can speak; today only the Central Bank's API Pix. */
export const PIX_ADAPTERS = ['api_pix'] as const;
export type PixAdapter = (typeof PIX_ADAPTERS)[number];

/** The card acquirers' protocols a card connection can speak; today only Cielo's E-commerce API 3.0. */
export const CARD_ADAPTERS = ['cielo'] as const;
export type CardAdapter = (typeof CARD_ADAPTERS)[number];

/** The boleto issuers' protocols a boleto connection can speak; today only Banco do Brasil's API Cobranças v2. */
export const BOLETO_ADAPTERS = ['bb_cobranca'] as const;
export type BoletoAdapter = (typeof BOLETO_ADAPTERS)[number];

/** The id of a rail's deployment-wide connection configured by environment variables. */
export const DEFAULT_CONNECTION_ID = 'default';

export type DictKeyKind = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * The kind of a DICT key written as the DICT stores it (and as `cob.chave` carries it): CPF (11
 * digits) and CNPJ (14 characters) with valid check digits and no punctuation, a lower-case
 * e-mail of at most 77 characters, a Brazilian phone `+55` + 10-11 digits, or an EVP (a lower-case
 * UUID). Null for anything else: a charge on a key the PSP does not hold is refused at every call.
 */
export function dictKeyKind(chave: string): DictKeyKind | null {
  if (chave.length === 0 || chave.length > 77) return null;
  if (/^\d{11}$/.test(chave)) return documentKind(chave) === 'cpf' ? 'cpf' : null;
  if (/^[0-9A-Z]{12}\d{2}$/.test(chave)) return documentKind(chave) === 'cnpj' ? 'cnpj' : null;
  if (/^\+55\d{10,11}$/.test(chave)) return 'phone';
  if (EVP.test(chave)) return 'evp';
  if (EMAIL.test(chave)) return 'email';
  return null;
}

/** Why `chave` is not a DICT key, in words an operator can act on; null when it is one. */
export function dictKeyProblem(chave: string): string | null {
  if (dictKeyKind(chave)) return null;
  if (chave.length > 77) return 'A DICT key has at most 77 characters';
  if (/^[\d.\-/]+$/.test(chave) && /[.\-/]/.test(chave)) return 'A CPF or CNPJ key is written without punctuation';
  if (/^\d{11}$/.test(chave)) return 'The CPF key has wrong check digits (a phone key is written +55 followed by 10-11 digits)';
  if (/^[0-9A-Z]{12}\d{2}$/.test(chave)) return 'The CNPJ key has wrong check digits';
  if (/^\+?\d+$/.test(chave)) return 'A phone key is +55 followed by 10-11 digits';
  if (EVP.test(chave.toLowerCase()) || EMAIL.test(chave.toLowerCase())) return 'E-mail and random (EVP) keys are written in lower case';
  return 'Not a DICT key: a CPF, a CNPJ, an e-mail, a +55 phone or a random (EVP) key';
}

/** Loopback hosts, the only ones a PSP address may name over plain HTTP (a PSP on the same machine, in tests). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * Why `url` cannot be a PSP's (or an acquirer's) address; null when it can. HTTPS except on a
 * loopback host (the client secret or the merchant key and the charges travel on it), no
 * credentials in it (they would end up in logs), no query or fragment (paths are appended to it).
 */
export function pspUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Not a URL';
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) {
    return 'Must be https:// (plain http:// only on a loopback host)';
  }
  if (parsed.username || parsed.password) return 'Must not carry credentials: they are options of their own';
  if (parsed.search || parsed.hash) return 'Must not carry a query or a fragment';
  return null;
}

/** A PSP address as stored: without the trailing slashes, so `${baseUrl}/cob/…` has one. */
export function normalizePspUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why `merchantId` cannot be a Cielo MerchantId (the store's GUID); null when it can. */
export function merchantIdProblem(merchantId: string): string | null {
  return GUID.test(merchantId) ? null : 'A GUID (8-4-4-4-12 hexadecimal digits), as Cielo shows it in the store\'s E-commerce API settings';
}

const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** An OAuth2 scope list (RFC 6749 3.3: tokens separated by spaces) with single spaces; null when a token is malformed. */
export function normalizeScopes(scopes: string): string | null {
  const tokens = scopes.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || !tokens.every((t) => SCOPE_TOKEN.test(t))) return null;
  return tokens.join(' ');
}

/**
 * A callback secret is a path segment of the webhook URL registered at the PSP: URL-safe
 * characters only, and long enough that guessing it is hopeless (a generated one is 32 random
 * bytes, 43 base64url characters).
 */
export const CALLBACK_SECRET_MIN_LENGTH = 32;
export function callbackSecretProblem(secret: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(secret)) return 'Only letters, digits, - and _ (it is a URL path segment)';
  if (secret.length < CALLBACK_SECRET_MIN_LENGTH) return `At least ${CALLBACK_SECRET_MIN_LENGTH} characters (e.g. openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')`;
  return null;
}

/** The path under which the PSP calls a connection back; the PSP appends `/pix` to it (API Pix webhooks). */
export function pixCallbackPath(connection: { id: string; callbackSecret: string }): string {
  return `/processors/pix/callbacks/${encodeURIComponent(connection.id)}/${connection.callbackSecret}`;
}

/** The webhook URL an operator (or Lastro) registers at the PSP: a secret, since its last segment authenticates callbacks. */
export function pixCallbackUrl(publicBase: string, connection: { id: string; callbackSecret: string }): string {
  return `${normalizePspUrl(publicBase)}${pixCallbackPath(connection)}`;
}

/** The path under which a boleto issuer calls a connection back (the liquidation webhook registered at the bank). */
export function boletoCallbackPath(connection: { id: string; callbackSecret: string }): string {
  return `/processors/boletos/callbacks/${encodeURIComponent(connection.id)}/${connection.callbackSecret}`;
}

/** The webhook URL an operator registers at the issuer: a secret, since its last segment authenticates callbacks. */
export function boletoCallbackUrl(publicBase: string, connection: { id: string; callbackSecret: string }): string {
  return `${normalizePspUrl(publicBase)}${boletoCallbackPath(connection)}`;
}

/** Why `convenio` cannot be a BB convênio of cobrança (7 digits); null when it can. */
export function convenioProblem(convenio: string): string | null {
  return /^\d{7}$/.test(convenio) ? null : 'The convênio of cobrança: 7 digits, as BB shows it';
}

/** Changes whenever a stored connection changes: the key adapters are cached under. */
export function connectionVersion(id: string, updatedAt: Date): string {
  return `${id}:${updatedAt.getTime()}`;
}

/** An HTTP header name as Node hands it to Koa (lower case), or null when it is no header name. */
export function normalizeHeaderName(name: string): string | null {
  const trimmed = name.trim();
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** A client identity the edge reports (a certificate fingerprint or subject): printable, one line. */
export function callbackIdentityProblem(identity: string): string | null {
  if (identity.length === 0 || identity.length > 512) return '1 to 512 characters';
  if (/[\x00-\x1f\x7f]/.test(identity)) return 'No control characters (it is compared with a header value)';
  return null;
}
