import type { PayoutDefaultConfig } from './payout-connection';
import { allOrNone, apiPixDefault, apiPixVariables } from './default-env';

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

const { required, optional } = apiPixVariables('PAYOUT_PROVIDER');

/**
 * The deployment's payout provider (Efí's Pix Envio), read as the Pix PSP's default is (Efí is
 * reached like an API Pix): the six required PAYOUT_PROVIDER_* variables together or none (an
 * empty one counts as unset), the optional ones only with them, certificate files read now.
 */
export function payoutDefault(env: PayoutProviderEnv, readFile: (file: string) => string, problems: string[]): PayoutDefaultConfig | undefined {
  const v = (name: string): string | undefined => env[name as keyof PayoutProviderEnv]?.trim() || undefined;
  if (!allOrNone(v, 'PAYOUT_PROVIDER', 'payout provider', required, optional, problems)) return undefined;
  return apiPixDefault('PAYOUT_PROVIDER', v, readFile, problems);
}
