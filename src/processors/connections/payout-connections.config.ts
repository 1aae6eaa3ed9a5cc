import { callbackSecretProblem, dictKeyProblem, normalizePspUrl, normalizeScopes, pspUrlProblem } from './processor-connections.rules';
import type { PayoutDefaultConfig } from './payout-connection';
import { tlsMaterialProblems, type TlsMaterial } from './tls-material';

/** The variables of the deployment's payout provider (src/config.ts parses them as strings). */
export interface PayoutProviderEnv {
  PAYOUT_PROVIDER_BASE_URL?: string;
  PAYOUT_PROVIDER_TOKEN_URL?: string;
  PAYOUT_PROVIDER_CLIENT_ID?: string;
  PAYOUT_PROVIDER_CLIENT_SECRET?: string;
  PAYOUT_PROVIDER_CHAVE?: string;
  PAYOUT_PROVIDER_CALLBACK_SECRET?: string;
  PAYOUT_PROVIDER_SCOPES?: string;
  PAYOUT_PROVIDER_CERT_PATH?: string;
  PAYOUT_PROVIDER_KEY_PATH?: string;
  PAYOUT_PROVIDER_CA_PATH?: string;
}

const REQUIRED = ['PAYOUT_PROVIDER_BASE_URL', 'PAYOUT_PROVIDER_TOKEN_URL', 'PAYOUT_PROVIDER_CLIENT_ID', 'PAYOUT_PROVIDER_CLIENT_SECRET', 'PAYOUT_PROVIDER_CHAVE', 'PAYOUT_PROVIDER_CALLBACK_SECRET'] as const;
const OPTIONAL = ['PAYOUT_PROVIDER_SCOPES', 'PAYOUT_PROVIDER_CERT_PATH', 'PAYOUT_PROVIDER_KEY_PATH', 'PAYOUT_PROVIDER_CA_PATH'] as const;
const TLS_FILES = { cert: 'PAYOUT_PROVIDER_CERT_PATH', key: 'PAYOUT_PROVIDER_KEY_PATH', ca: 'PAYOUT_PROVIDER_CA_PATH' } as const;

/**
 * The deployment's payout provider (Efí's Pix Envio): the six required PAYOUT_PROVIDER_* variables
 * together or none (an empty one counts as unset), the optional ones only with them, certificate
 * files read now. Problems are pushed without values: some are secrets.
 */
export function payoutDefault(env: PayoutProviderEnv, readFile: (file: string) => string, problems: string[]): PayoutDefaultConfig | undefined {
  const v = (name: keyof PayoutProviderEnv): string | undefined => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const missing = REQUIRED.filter((name) => !v(name));
  if (missing.length === REQUIRED.length) {
    const stray = OPTIONAL.filter((name) => v(name));
    if (stray.length > 0) problems.push(`${stray.join(', ')}: set without the deployment's payout provider (${REQUIRED.join(', ')})`);
    return undefined;
  }
  if (missing.length > 0) {
    problems.push(`${missing.join(', ')}: required with the other PAYOUT_PROVIDER_* variables (set all of ${REQUIRED.join(', ')}, or none)`);
    return undefined;
  }
  const before = problems.length;
  for (const name of ['PAYOUT_PROVIDER_BASE_URL', 'PAYOUT_PROVIDER_TOKEN_URL'] as const) {
    const problem = pspUrlProblem(v(name)!);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  const chaveProblem = dictKeyProblem(v('PAYOUT_PROVIDER_CHAVE')!);
  if (chaveProblem) problems.push(`PAYOUT_PROVIDER_CHAVE: ${chaveProblem}`);
  const secretProblem = callbackSecretProblem(v('PAYOUT_PROVIDER_CALLBACK_SECRET')!);
  if (secretProblem) problems.push(`PAYOUT_PROVIDER_CALLBACK_SECRET: ${secretProblem}`);
  const scopes = v('PAYOUT_PROVIDER_SCOPES') ? normalizeScopes(v('PAYOUT_PROVIDER_SCOPES')!) : undefined;
  if (scopes === null) problems.push('PAYOUT_PROVIDER_SCOPES: OAuth2 scopes separated by spaces');
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
  for (const p of tlsMaterialProblems(material)) problems.push(`${TLS_FILES[p.field]}: ${p.message}`);
  if (problems.length > before) return undefined;
  return {
    baseUrl: normalizePspUrl(v('PAYOUT_PROVIDER_BASE_URL')!),
    tokenUrl: v('PAYOUT_PROVIDER_TOKEN_URL')!,
    clientId: v('PAYOUT_PROVIDER_CLIENT_ID')!,
    clientSecret: v('PAYOUT_PROVIDER_CLIENT_SECRET')!,
    chave: v('PAYOUT_PROVIDER_CHAVE')!,
    ...(scopes ? { scopes } : {}),
    ...(material.cert && material.key ? { tls: { cert: material.cert, key: material.key, ...(material.ca ? { ca: material.ca } : {}) } } : {}),
    callbackSecret: v('PAYOUT_PROVIDER_CALLBACK_SECRET')!,
  };
}
