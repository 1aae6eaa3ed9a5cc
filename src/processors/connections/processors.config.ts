import fs from 'node:fs';
import type { CardDefaultConfig } from './card-connection';
import type { PixDefaultConfig, ProcessorsConfig } from './pix-connection';
import type { PixReceiverAccount } from '../pix/pix-psp.port';
import { pixReceiverAccountInput } from './processor-connections.schemas';
import { callbackIdentityProblem, merchantIdProblem, normalizeHeaderName, normalizePspUrl, pspUrlProblem } from './processor-connections.rules';
import { allOrNone, apiPixDefault, apiPixVariables } from './default-env';
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
  PIX_PSP_RECEIVER_BRANCH?: string;
  PIX_PSP_RECEIVER_ACCOUNT?: string;
  PIX_PSP_RECEIVER_ACCOUNT_TYPE?: string;
  PIX_CALLBACK_IDENTITY_HEADER?: string;
  CARD_ACQUIRER_BASE_URL?: string;
  CARD_ACQUIRER_QUERY_URL?: string;
  CARD_ACQUIRER_MERCHANT_ID?: string;
  CARD_ACQUIRER_MERCHANT_KEY?: string;
}

const { required: REQUIRED, optional: API_PIX_OPTIONAL } = apiPixVariables('PIX_PSP');
const RECEIVER = ['PIX_PSP_RECEIVER_BRANCH', 'PIX_PSP_RECEIVER_ACCOUNT', 'PIX_PSP_RECEIVER_ACCOUNT_TYPE'] as const;
const OPTIONAL = [...API_PIX_OPTIONAL, 'PIX_PSP_CALLBACK_IDENTITY', ...RECEIVER] as const;
const CARD_REQUIRED = ['CARD_ACQUIRER_BASE_URL', 'CARD_ACQUIRER_QUERY_URL', 'CARD_ACQUIRER_MERCHANT_ID', 'CARD_ACQUIRER_MERCHANT_KEY'] as const;

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

  let pix: PixDefaultConfig | undefined;
  if (allOrNone(v, 'PIX_PSP', 'Pix PSP', REQUIRED, OPTIONAL, problems)) {
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
  if (!allOrNone(v, 'CARD_ACQUIRER', 'acquirer', CARD_REQUIRED, [], problems)) return undefined;
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

/** The deployment's Pix PSP: an API Pix account, and the client identity its callbacks must carry. */
function pixDefault(v: (name: keyof ProcessorsEnv) => string | undefined, readFile: (file: string) => string, problems: string[]): PixDefaultConfig | undefined {
  const identity = v('PIX_PSP_CALLBACK_IDENTITY');
  const identityProblem = identity ? callbackIdentityProblem(identity) : null;
  if (identityProblem) problems.push(`PIX_PSP_CALLBACK_IDENTITY: ${identityProblem}`);
  const account = apiPixDefault('PIX_PSP', v as (name: string) => string | undefined, readFile, problems);
  const receiverAccount = pixReceiverDefault(v, problems);
  return account && !identityProblem && receiverAccount !== undefined ? { ...account, callbackIdentity: identity ?? null, ...(receiverAccount ? { receiverAccount } : {}) } : undefined;
}

/**
 * The default connection's receiving account for Pix Automático (PIX_PSP_RECEIVER_ACCOUNT and
 * _ACCOUNT_TYPE, with _BRANCH unless a payment account): null when unset; undefined when at fault.
 */
function pixReceiverDefault(v: (name: keyof ProcessorsEnv) => string | undefined, problems: string[]): PixReceiverAccount | null | undefined {
  if (!RECEIVER.some((name) => v(name))) return null;
  const parsed = pixReceiverAccountInput.safeParse({ branch: v('PIX_PSP_RECEIVER_BRANCH') ?? null, number: v('PIX_PSP_RECEIVER_ACCOUNT'), type: v('PIX_PSP_RECEIVER_ACCOUNT_TYPE') });
  if (parsed.success) return parsed.data;
  const names: Record<string, string> = { branch: 'PIX_PSP_RECEIVER_BRANCH', number: 'PIX_PSP_RECEIVER_ACCOUNT', type: 'PIX_PSP_RECEIVER_ACCOUNT_TYPE' };
  for (const issue of parsed.error.issues) problems.push(`${names[String(issue.path[0])]}: ${issue.code === 'invalid_value' ? 'CORRENTE, POUPANCA or PAGAMENTO' : issue.message}`);
  return undefined;
}
