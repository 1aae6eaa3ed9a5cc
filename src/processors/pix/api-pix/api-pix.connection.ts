/**
 * How Lastro reaches one PSP's API Pix: the API's base URL, the OAuth2 token endpoint and the
 * client credentials the PSP issued, and (for every production PSP) the client certificate of the
 * mutual TLS the BCB requires. Certificates are PEM contents, not file paths, because they come
 * decrypted from a company's processor configuration row.
 */
export interface ApiPixConnection {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated OAuth2 scopes; omitted: the PSP's default for the client. */
  scopes?: string;
  /** Mutual TLS: the client certificate and key, and the CA that issued the PSP's server certificate when it is not a public one. */
  tls?: { cert: string; key: string; ca?: string };
}

export interface ApiPixOptions {
  /** Per attempt, the whole exchange (connect, answer, body). Default 10 s. */
  timeoutMs?: number;
  /** Attempts per call for network errors, timeouts, 5xx and 429. Default 3. */
  attempts?: number;
  /** First backoff delay; each later one doubles it. Default 200 ms. */
  retryBaseMs?: number;
  /** Longest wait a `Retry-After` can impose before the next attempt. Default 5 s. */
  maxRetryAfterMs?: number;
  /** `paginacao.itensPorPagina` when listing Pix. Default 100. */
  pageSize?: number;
}
