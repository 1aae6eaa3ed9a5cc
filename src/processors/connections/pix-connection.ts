import type { ApiPixConnection } from '../pix/api-pix/api-pix.connection';
import type { PixReceiverAccount } from '../pix/pix-psp.port';
import type { CardDefaultConfig } from './card-connection';
import type { PayoutDefaultConfig } from './payout-connection';
import type { BoletoDefaultConfig } from './boleto-connection';

/**
 * A Pix connection as the rest of Lastro uses it: how to reach and authenticate to the PSP
 * (`ApiPixConnection`: baseUrl, tokenUrl, clientId, clientSecret, scopes?, tls?), the receiver's
 * key and how the PSP's callbacks are authenticated. Resolved from a company's row (secrets
 * opened) or from the deployment default (environment). It holds secrets: pass it to the
 * adapter, never to a log, an event, a workflow or a response.
 */
export interface PixConnection extends ApiPixConnection {
  /** 'default' for the deployment default, else pcn_… */
  id: string;
  /** null for the deployment default */
  companyId: string | null;
  adapter: 'api_pix';
  chave: string;
  /** The receiving account Pix Automático charges (`cobr`) settle into; null: the connection takes no Pix Automático. */
  receiverAccount: PixReceiverAccount | null;
  /** Authenticates the PSP's callbacks: a path segment of the registered webhook URL. */
  callbackSecret: string;
  /** When set, callbacks must also carry this verified client identity from the edge. */
  callbackIdentity: string | null;
  /** Changes whenever the connection changes: the adapter cache's key. */
  version: string;
}

/**
 * The deployment-wide Pix connection as configuration holds it (`config.processors.pix`); `tls`
 * holds the PEM contents read from PIX_PSP_CERT_PATH / PIX_PSP_KEY_PATH / PIX_PSP_CA_PATH at start.
 */
export type PixDefaultConfig = ApiPixConnection & Pick<PixConnection, 'chave' | 'callbackSecret' | 'callbackIdentity'> & Partial<Pick<PixConnection, 'receiverAccount'>>;

export interface ProcessorsConfig {
  pix?: PixDefaultConfig;
  card?: CardDefaultConfig;
  /** The deployment's payout provider (PAYOUT_PROVIDER_*). */
  payout?: PayoutDefaultConfig;
  /** The deployment's boleto issuer (BOLETO_ISSUER_*). */
  boleto?: BoletoDefaultConfig;
  /** The lower-case header in which the edge passes the verified client certificate identity of a callback. */
  callbackIdentityHeader?: string;
}
