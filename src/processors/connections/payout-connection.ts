import type { EfiConnection } from '../payouts/efi/efi.connection';

/** The payout providers' protocols a payout connection can speak; today Efí's Pix Envio. */
export const PAYOUT_ADAPTERS = ['efi'] as const;
export type PayoutAdapter = (typeof PAYOUT_ADAPTERS)[number];

/**
 * A payout connection as the rest of Lastro uses it: how to reach and authenticate to the
 * provider (`EfiConnection`: baseUrl, tokenUrl, clientId, clientSecret, scopes?, tls?, the
 * account's Pix key) and the secret that authenticates its callbacks. Resolved from a company's
 * row (secrets opened) or from the deployment default (PAYOUT_PROVIDER_*). It holds secrets: pass
 * it to the adapter, never to a log, an event, a workflow or a response.
 */
export interface PayoutConnection extends EfiConnection {
  /** 'default' for the deployment default, else pcn_… */
  id: string;
  /** null for the deployment default */
  companyId: string | null;
  adapter: PayoutAdapter;
  /** Authenticates the provider's callbacks: a path segment of the registered webhook URL. */
  callbackSecret: string;
  /** Changes whenever the connection changes: the adapter cache's key. */
  version: string;
}

/** The deployment-wide payout provider as configuration holds it (`config.processors.payout`, from PAYOUT_PROVIDER_*). */
export type PayoutDefaultConfig = EfiConnection & { callbackSecret: string };

/** The path under which the provider calls a payout connection back; Efí appends `/pix` to it. */
export function payoutCallbackPath(connection: { id: string; callbackSecret: string }): string {
  return `/processors/payouts/callbacks/${encodeURIComponent(connection.id)}/${connection.callbackSecret}`;
}

export function payoutCallbackUrl(publicBase: string, connection: { id: string; callbackSecret: string }): string {
  return `${publicBase.replace(/\/+$/, '')}${payoutCallbackPath(connection)}`;
}
