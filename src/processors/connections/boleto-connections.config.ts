import type { BoletoDefaultConfig } from './boleto-connection';
import { allOrNone } from './default-env';
import { callbackSecretProblem, convenioProblem, normalizePspUrl, normalizeScopes, pspUrlProblem } from './processor-connections.rules';

/** The variables of the deployment's boleto issuer (BB API Cobranças v2); src/config.ts parses them as strings. */
export interface BoletoIssuerEnv {
  BOLETO_ISSUER_BASE_URL?: string;
  BOLETO_ISSUER_TOKEN_URL?: string;
  BOLETO_ISSUER_CLIENT_ID?: string;
  BOLETO_ISSUER_CLIENT_SECRET?: string;
  BOLETO_ISSUER_APP_KEY?: string;
  BOLETO_ISSUER_CONVENIO?: string;
  BOLETO_ISSUER_AGENCIA?: string;
  BOLETO_ISSUER_CONTA?: string;
  BOLETO_ISSUER_CALLBACK_SECRET?: string;
  BOLETO_ISSUER_CARTEIRA?: string;
  BOLETO_ISSUER_VARIACAO?: string;
  BOLETO_ISSUER_SCOPES?: string;
}

const REQUIRED = [
  'BOLETO_ISSUER_BASE_URL', 'BOLETO_ISSUER_TOKEN_URL', 'BOLETO_ISSUER_CLIENT_ID', 'BOLETO_ISSUER_CLIENT_SECRET', 'BOLETO_ISSUER_APP_KEY',
  'BOLETO_ISSUER_CONVENIO', 'BOLETO_ISSUER_AGENCIA', 'BOLETO_ISSUER_CONTA', 'BOLETO_ISSUER_CALLBACK_SECRET',
] as const;
const OPTIONAL = ['BOLETO_ISSUER_CARTEIRA', 'BOLETO_ISSUER_VARIACAO', 'BOLETO_ISSUER_SCOPES'] as const;

/**
 * The deployment's boleto issuer: the nine required BOLETO_ISSUER_* variables together, or none
 * (then the optional ones must be unset too). Problems are pushed onto `problems`, described
 * without the values (some are secrets). An empty variable counts as unset.
 */
export function boletoDefault(env: BoletoIssuerEnv, problems: string[]): BoletoDefaultConfig | undefined {
  const v = (name: keyof BoletoIssuerEnv): string | undefined => (env[name]?.trim() ? env[name]!.trim() : undefined);
  if (!allOrNone(v, 'BOLETO_ISSUER', 'boleto issuer', REQUIRED, OPTIONAL, problems)) return undefined;
  const before = problems.length;
  for (const name of ['BOLETO_ISSUER_BASE_URL', 'BOLETO_ISSUER_TOKEN_URL'] as const) {
    const problem = pspUrlProblem(v(name)!);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  const convenio = convenioProblem(v('BOLETO_ISSUER_CONVENIO')!);
  if (convenio) problems.push(`BOLETO_ISSUER_CONVENIO: ${convenio}`);
  if (!/^\d{1,5}$/.test(v('BOLETO_ISSUER_AGENCIA')!)) problems.push('BOLETO_ISSUER_AGENCIA: up to 5 digits, without its check digit');
  if (!/^\d{1,12}$/.test(v('BOLETO_ISSUER_CONTA')!)) problems.push('BOLETO_ISSUER_CONTA: up to 12 digits, without its check digit');
  const secret = callbackSecretProblem(v('BOLETO_ISSUER_CALLBACK_SECRET')!);
  if (secret) problems.push(`BOLETO_ISSUER_CALLBACK_SECRET: ${secret}`);
  const int = (name: 'BOLETO_ISSUER_CARTEIRA' | 'BOLETO_ISSUER_VARIACAO', fallback: number, max: number): number => {
    const raw = v(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) problems.push(`${name}: a whole number 1-${max}`);
    return n;
  };
  const carteira = int('BOLETO_ISSUER_CARTEIRA', 17, 99);
  const variacaoCarteira = int('BOLETO_ISSUER_VARIACAO', 35, 999);
  const scopes = v('BOLETO_ISSUER_SCOPES') ? normalizeScopes(v('BOLETO_ISSUER_SCOPES')!) : undefined;
  if (scopes === null) problems.push('BOLETO_ISSUER_SCOPES: OAuth2 scopes separated by spaces');
  if (problems.length > before) return undefined;
  return {
    baseUrl: normalizePspUrl(v('BOLETO_ISSUER_BASE_URL')!),
    tokenUrl: v('BOLETO_ISSUER_TOKEN_URL')!,
    clientId: v('BOLETO_ISSUER_CLIENT_ID')!,
    clientSecret: v('BOLETO_ISSUER_CLIENT_SECRET')!,
    ...(scopes ? { scopes } : {}),
    appKey: v('BOLETO_ISSUER_APP_KEY')!,
    convenio: v('BOLETO_ISSUER_CONVENIO')!,
    carteira,
    variacaoCarteira,
    agencia: v('BOLETO_ISSUER_AGENCIA')!,
    conta: v('BOLETO_ISSUER_CONTA')!,
    callbackSecret: v('BOLETO_ISSUER_CALLBACK_SECRET')!,
  };
}
