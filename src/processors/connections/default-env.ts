import { callbackSecretProblem, dictKeyProblem, normalizePspUrl, normalizeScopes, pspUrlProblem } from './processor-connections.rules';
import type { ApiPixConnection } from '../pix/api-pix/api-pix.connection';
import { tlsMaterialProblems, type TlsMaterial } from './tls-material';

/**
 * Reading a rail's deployment default from its environment variables, the parts every rail
 * shares: all of its required variables or none, and (Pix and payouts, reached alike) an API
 * Pix-style account. Problems are pushed without values: some are secrets.
 */

/** A variable's value, or undefined when it is unset or empty. */
export type EnvReader<N extends string> = (name: N) => string | undefined;

/**
 * True when every `required` variable is set. None set: false, and the `optional` ones must be
 * unset too. Some set: false, naming the missing ones. `family` names the variables (`PIX_PSP`),
 * `what` the default (`Pix PSP`).
 */
export function allOrNone<N extends string>(v: EnvReader<N>, family: string, what: string, required: readonly N[], optional: readonly N[], problems: string[]): boolean {
  const missing = required.filter((name) => !v(name));
  if (missing.length === required.length) {
    const stray = optional.filter((name) => v(name));
    if (stray.length > 0) problems.push(`${stray.join(', ')}: set without the deployment's ${what} (${required.join(', ')})`);
    return false;
  }
  if (missing.length > 0) {
    problems.push(`${missing.join(', ')}: required with the other ${family}_* variables (set all of ${required.join(', ')}, or none)`);
    return false;
  }
  return true;
}

type ApiPixVar = 'BASE_URL' | 'TOKEN_URL' | 'CLIENT_ID' | 'CLIENT_SECRET' | 'CHAVE' | 'CALLBACK_SECRET' | 'SCOPES' | 'CERT_PATH' | 'KEY_PATH' | 'CA_PATH';

/** The variables of an API Pix-style default under `family` (PIX_PSP_BASE_URL, …): the required ones and the optional ones. */
export function apiPixVariables<F extends string>(family: F): { required: Array<`${F}_${ApiPixVar}`>; optional: Array<`${F}_${ApiPixVar}`> } {
  const name = (suffix: ApiPixVar) => `${family}_${suffix}` as const;
  return {
    required: (['BASE_URL', 'TOKEN_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'CHAVE', 'CALLBACK_SECRET'] as const).map(name),
    optional: (['SCOPES', 'CERT_PATH', 'KEY_PATH', 'CA_PATH'] as const).map(name),
  };
}

/**
 * An API Pix-style account from its (complete) variables under `family`: the URLs, the chave, the
 * callback secret and the scopes checked, the certificate files read now (a certificate with its
 * key, a CA with both). Undefined when any is at fault.
 */
export function apiPixDefault(family: string, v: EnvReader<string>, readFile: (file: string) => string, problems: string[]): (ApiPixConnection & { chave: string; callbackSecret: string }) | undefined {
  const name = (suffix: ApiPixVar) => `${family}_${suffix}`;
  const before = problems.length;
  for (const url of [name('BASE_URL'), name('TOKEN_URL')]) {
    const problem = pspUrlProblem(v(url)!);
    if (problem) problems.push(`${url}: ${problem}`);
  }
  const chaveProblem = dictKeyProblem(v(name('CHAVE'))!);
  if (chaveProblem) problems.push(`${name('CHAVE')}: ${chaveProblem}`);
  const secretProblem = callbackSecretProblem(v(name('CALLBACK_SECRET'))!);
  if (secretProblem) problems.push(`${name('CALLBACK_SECRET')}: ${secretProblem}`);
  const scopes = v(name('SCOPES')) ? normalizeScopes(v(name('SCOPES'))!) : undefined;
  if (scopes === null) problems.push(`${name('SCOPES')}: OAuth2 scopes separated by spaces`);
  const material = readTlsMaterial(family, v, readFile, problems);
  if (problems.length > before) return undefined;
  return {
    baseUrl: normalizePspUrl(v(name('BASE_URL'))!),
    tokenUrl: v(name('TOKEN_URL'))!,
    clientId: v(name('CLIENT_ID'))!,
    clientSecret: v(name('CLIENT_SECRET'))!,
    chave: v(name('CHAVE'))!,
    ...(scopes ? { scopes } : {}),
    ...(material.cert && material.key ? { tls: { cert: material.cert, key: material.key, ...(material.ca ? { ca: material.ca } : {}) } } : {}),
    callbackSecret: v(name('CALLBACK_SECRET'))!,
  };
}

/** The PEM files named, read and checked together (a certificate with its key, a CA with both). */
function readTlsMaterial(family: string, v: EnvReader<string>, readFile: (file: string) => string, problems: string[]): Partial<TlsMaterial> {
  const files = { cert: `${family}_CERT_PATH`, key: `${family}_KEY_PATH`, ca: `${family}_CA_PATH` };
  const before = problems.length;
  if (Boolean(v(files.cert)) !== Boolean(v(files.key))) problems.push(`${files.cert} and ${files.key}: set both (mutual TLS) or neither`);
  if (v(files.ca) && !v(files.cert)) problems.push(`${files.ca}: used with ${files.cert} and ${files.key} (the API Pix requires mutual TLS)`);
  if (problems.length > before) return {};
  const material: Partial<TlsMaterial> = {};
  for (const field of ['cert', 'key', 'ca'] as const) {
    const file = v(files[field]);
    if (!file) continue;
    try {
      material[field] = readFile(file);
    } catch (err) {
      problems.push(`${files[field]}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  if (problems.length > before) return {};
  for (const p of tlsMaterialProblems(material)) problems.push(`${files[p.field]}: ${p.message}`);
  return material;
}
