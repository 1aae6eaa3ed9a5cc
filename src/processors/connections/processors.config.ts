import fs from 'node:fs';
import type { CardDefaultConfig } from './card-connection';
import type { PixDefaultConfig, ProcessorsConfig } from './pix-connection';
import { callbackIdentityProblem, callbackSecretProblem, dictKeyProblem, merchantIdProblem, normalizeHeaderName, normalizePspUrl, normalizeScopes, pspUrlProblem } from './processor-connections.rules';
import { tlsMaterialProblems, type TlsMaterial } from './tls-material';
import { payoutDefault, type PayoutProviderEnv } from './payout-connections.config';
import { boletoDefault, type BoletoIssuerEnv } from './boleto-connections.config';

/** The variables of the deployment's Pix PSP, of callback authentication and of the deployment's acquirer (src/config.ts parses them as strings). */
export interface ProcessorsEnv extends PayoutProviderEnv, BoletoIssuerEnv {
  PIX_PSP_BASE_URL?: string;
  PIX_PSP_TOKEN_URL?: string;
  PIX_PSP_CLIENT_ID?: string;
  PIX_PSP_CLIENT_SECRET?: string;
  PIX_PSP_CHAVE?: string;
  PIX_PSP_SCOPES?: string;
  PIX_PSP_CERT_PATH?: string;
  PIX_PSP_KEY_PATH?: string;
  PIX_PSP_CA_PATH?: string;
  PIX_PSP_CALLBACK_SECRET?: string;
  PIX_PSP_CALLBACK_IDENTITY?: string;
  PIX_CALLBACK_IDENTITY_HEADER?: string;
  CARD_ACQUIRER_BASE_URL?: string;
  CARD_ACQUIRER_QUERY_URL?: string;
  CARD_ACQUIRER_MERCHANT_ID?: string;
  CARD_ACQUIRER_MERCHANT_KEY?: string;
}

const REQUIRED = ['PIX_PSP_BASE_URL', 'PIX_PSP_TOKEN_URL', 'PIX_PSP_CLIENT_ID', 'PIX_PSP_CLIENT_SECRET', 'PIX_PSP_CHAVE', 'PIX_PSP_CALLBACK_SECRET'] as const;
const CARD_REQUIRED = ['CARD_ACQUIRER_BASE_URL', 'CARD_ACQUIRER_QUERY_URL', 'CARD_ACQUIRER_MERCHANT_ID', 'CARD_ACQUIRER_MERCHANT_KEY'] as const;
const OPTIONAL = ['PIX_PSP_SCOPES', 'PIX_PSP_CERT_PATH', 'PIX_PSP_KEY_PATH', 'PIX_PSP_CA_PATH', 'PIX_PSP_CALLBACK_IDENTITY'] as const;

/**
 * `config.processors`: the deployment default Pix and card connections, when the operator configured them,
 * with its certificate files read now, so a missing or unreadable file stops the process at
 * start instead of failing the first charge. Half a configuration is refused, naming what is
 * missing. An empty variable counts as unset (compose files pass `${VAR:-}`). Problems are
 * described without the values: some of them are secrets.
 */
export function processorsConfig(env: ProcessorsEnv, readFile: (file: string) => string = (f) => fs.readFileSync(f, 'utf8')): ProcessorsConfig {
  const v = (name: keyof ProcessorsEnv): string | undefined => (env[name]?.trim() ? env[name] : undefined);
  const problems: string[] = [];
  let callbackIdentityHeader: string | undefined;
  const header = v('PIX_CALLBACK_IDENTITY_HEADER');
  if (header) {
    callbackIdentityHeader = normalizeHeaderName(header) ?? undefined;
    if (!callbackIdentityHeader) problems.push('PIX_CALLBACK_IDENTITY_HEADER: not an HTTP header name');
  }

  const missing = REQUIRED.filter((name) => !v(name));
  let pix: PixDefaultConfig | undefined;
  if (missing.length === REQUIRED.length) {
    const stray = OPTIONAL.filter((name) => v(name));
    if (stray.length > 0) problems.push(`${stray.join(', ')}: set without the deployment's Pix PSP (${REQUIRED.join(', ')})`);
  } else if (missing.length > 0) {
    problems.push(`${missing.join(', ')}: required with the other PIX_PSP_* variables (set all of ${REQUIRED.join(', ')}, or none)`);
  } else {
    pix = pixDefault(v, readFile, problems);
    if (pix?.callbackIdentity && !callbackIdentityHeader) {
      problems.push('PIX_PSP_CALLBACK_IDENTITY: needs PIX_CALLBACK_IDENTITY_HEADER (the header in which the edge passes the identity it verified), else every callback is refused');
    }
  }
  const card = cardDefault(v, problems);
  const payout = payoutDefault(env, readFile, problems);
  const boleto = boletoDefault(env, problems);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return { ...(pix ? { pix } : {}), ...(card ? { card } : {}), ...(payout ? { payout } : {}), ...(boleto ? { boleto } : {}), ...(callbackIdentityHeader ? { callbackIdentityHeader } : {}) };
}

/** The deployment's acquirer (Cielo E-commerce 3.0): all four CARD_ACQUIRER_* variables, or none. */
function cardDefault(v: (name: keyof ProcessorsEnv) => string | undefined, problems: string[]): CardDefaultConfig | undefined {
  const missing = CARD_REQUIRED.filter((name) => !v(name));
  if (missing.length === CARD_REQUIRED.length) return undefined;
  if (missing.length > 0) {
    problems.push(`${missing.join(', ')}: required with the other CARD_ACQUIRER_* variables (set all of ${CARD_REQUIRED.join(', ')}, or none)`);
    return undefined;
  }
  const before = problems.length;
  for (const name of ['CARD_ACQUIRER_BASE_URL', 'CARD_ACQUIRER_QUERY_URL'] as const) {
    const problem = pspUrlProblem(v(name)!);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  const idProblem = merchantIdProblem(v('CARD_ACQUIRER_MERCHANT_ID')!.trim());
  if (idProblem) problems.push(`CARD_ACQUIRER_MERCHANT_ID: ${idProblem}`);
  if (problems.length > before) return undefined;
  return {
    baseUrl: normalizePspUrl(v('CARD_ACQUIRER_BASE_URL')!),
    queryUrl: normalizePspUrl(v('CARD_ACQUIRER_QUERY_URL')!),
    merchantId: v('CARD_ACQUIRER_MERCHANT_ID')!.trim(),
    merchantKey: v('CARD_ACQUIRER_MERCHANT_KEY')!.trim(),
  };
}

function pixDefault(v: (name: keyof ProcessorsEnv) => string | undefined, readFile: (file: string) => string, problems: string[]): PixDefaultConfig | undefined {
  const before = problems.length;
  for (const name of ['PIX_PSP_BASE_URL', 'PIX_PSP_TOKEN_URL'] as const) {
    const problem = pspUrlProblem(v(name)!);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  const chaveProblem = dictKeyProblem(v('PIX_PSP_CHAVE')!);
  if (chaveProblem) problems.push(`PIX_PSP_CHAVE: ${chaveProblem}`);
  const secretProblem = callbackSecretProblem(v('PIX_PSP_CALLBACK_SECRET')!);
  if (secretProblem) problems.push(`PIX_PSP_CALLBACK_SECRET: ${secretProblem}`);
  const identity = v('PIX_PSP_CALLBACK_IDENTITY');
  const identityProblem = identity ? callbackIdentityProblem(identity) : null;
  if (identityProblem) problems.push(`PIX_PSP_CALLBACK_IDENTITY: ${identityProblem}`);
  const scopes = v('PIX_PSP_SCOPES') ? normalizeScopes(v('PIX_PSP_SCOPES')!) : undefined;
  if (scopes === null) problems.push('PIX_PSP_SCOPES: OAuth2 scopes separated by spaces');

  const material = readTlsMaterial(v, readFile, problems);
  if (problems.length > before) return undefined;
  return {
    baseUrl: normalizePspUrl(v('PIX_PSP_BASE_URL')!),
    tokenUrl: v('PIX_PSP_TOKEN_URL')!,
    clientId: v('PIX_PSP_CLIENT_ID')!,
    clientSecret: v('PIX_PSP_CLIENT_SECRET')!,
    chave: v('PIX_PSP_CHAVE')!,
    ...(scopes ? { scopes } : {}),
    ...(material.cert && material.key ? { tls: { cert: material.cert, key: material.key, ...(material.ca ? { ca: material.ca } : {}) } } : {}),
    callbackSecret: v('PIX_PSP_CALLBACK_SECRET')!,
    callbackIdentity: identity ?? null,
  };
}

const TLS_FILES = { cert: 'PIX_PSP_CERT_PATH', key: 'PIX_PSP_KEY_PATH', ca: 'PIX_PSP_CA_PATH' } as const;

/** The PEM files named, read and checked together (a certificate with its key, a CA with both). */
function readTlsMaterial(v: (name: keyof ProcessorsEnv) => string | undefined, readFile: (file: string) => string, problems: string[]): Partial<TlsMaterial> {
  const before = problems.length;
  if (Boolean(v('PIX_PSP_CERT_PATH')) !== Boolean(v('PIX_PSP_KEY_PATH'))) problems.push('PIX_PSP_CERT_PATH and PIX_PSP_KEY_PATH: set both (mutual TLS) or neither');
  if (v('PIX_PSP_CA_PATH') && !v('PIX_PSP_CERT_PATH')) problems.push('PIX_PSP_CA_PATH: used with PIX_PSP_CERT_PATH and PIX_PSP_KEY_PATH (the API Pix requires mutual TLS)');
  if (problems.length > before) return {};
  const material: Partial<TlsMaterial> = {};
  for (const field of ['cert', 'key', 'ca'] as const) {
    const file = v(TLS_FILES[field]);
    if (!file) continue;
    try {
      material[field] = readFile(file);
    } catch (err) {
      problems.push(`${TLS_FILES[field]}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  if (problems.length > before) return {};
  for (const p of tlsMaterialProblems(material)) problems.push(`${TLS_FILES[p.field]}: ${p.message}`);
  return material;
}
