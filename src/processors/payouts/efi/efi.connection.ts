import type { ApiPixConnection } from '../../pix/api-pix/api-pix.connection';

/**
 * How Lastro reaches an Efí account's Pix API for sending (Pix Envio): the same host, OAuth2
 * client credentials and client certificate as Efí's API Pix (so part 1's transport is reused),
 * and the account's own Pix key, which Efí requires as `pagador.chave` and whose webhook carries
 * the outcome of every Pix sent from it. `baseUrl` is the host (`https://pix.api.efipay.com.br`):
 * the send and query paths carry their own versions (`/v3/gn/pix/…`, `/v2/gn/pix/enviados/…`).
 */
export interface EfiConnection extends ApiPixConnection {
  chave: string;
}

export interface EfiOptions {
  /** Per attempt, connect to last byte. Default 10 s. */
  timeoutMs?: number;
  /** Attempts per request for network errors, timeouts, 5xx and 429. Default 3. */
  attempts?: number;
  /** First backoff; each later one doubles it. Default 200 ms. */
  retryBaseMs?: number;
  /** Longest `Retry-After` honoured. Default 5 s. */
  maxRetryAfterMs?: number;
}

/** The scopes a payout connection asks for: send, read what was sent, and manage the key's webhook. */
export const EFI_PAYOUT_SCOPES = 'pix.send gn.pix.send.read webhook.write webhook.read';
