import type { ApiPixConnection } from '../../pix/api-pix/api-pix.connection';

/**
 * How Lastro reaches Banco do Brasil's API Cobranças v2 for one beneficiary: the API's base URL,
 * the OAuth2 token endpoint and client credentials (the same shape as an API Pix PSP's, BB's
 * portal issues both), the application key (sent as `gw-app-key`, or `gw-dev-app-key` to a homologation host), and the beneficiary's
 * contract: the convênio (7 digits), its carteira and variação, and the agência and conta the
 * list of boletos is asked by.
 */
export interface BbCobrancaConnection extends ApiPixConnection {
  appKey: string;
  convenio: string;
  carteira: number;
  variacaoCarteira: number;
  agencia: string;
  conta: string;
}

export interface BbCobrancaOptions {
  /** Per attempt, the whole exchange. Default 10 s. */
  timeoutMs?: number;
  /** Attempts per call (a registration: POSTs, each after a query). Default 3. */
  attempts?: number;
  /** First backoff delay; each later one doubles it. Default 200 ms. */
  retryBaseMs?: number;
  /** Longest wait a `Retry-After` can impose. Default 5 s. */
  maxRetryAfterMs?: number;
}
