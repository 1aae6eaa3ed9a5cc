/**
 * How Lastro reaches one merchant's Cielo E-commerce API 3.0: the transactional API (sales,
 * voids), the query API (reads, which Cielo serves from another host) and the two credentials
 * Cielo issues per store, sent as headers on every request. They come decrypted from a company's
 * processor configuration row; the merchant key never appears in a message or a log.
 */
export interface CieloConnection {
  /** Transactional API, e.g. `https://api.cieloecommerce.cielo.com.br`. */
  baseUrl: string;
  /** Query API, e.g. `https://apiquery.cieloecommerce.cielo.com.br`. */
  queryUrl: string;
  /** The store's id at Cielo (a GUID). */
  merchantId: string;
  /** The store's key (40 characters). */
  merchantKey: string;
}

export interface CieloOptions {
  /** Per attempt, the whole exchange (connect, answer, body). Default 15 s: an issuer can take seconds to answer. */
  timeoutMs?: number;
  /** Attempts per read or void for network errors, timeouts, 5xx and 429. Default 3. */
  attempts?: number;
  /** How many times one authorize may send its sale POST (each one only after a query found no sale). Default 2. */
  saleAttempts?: number;
  /** First backoff delay; each later one doubles it. Default 250 ms. */
  retryBaseMs?: number;
  /** Longest wait a `Retry-After` can impose before the next attempt. Default 5 s. */
  maxRetryAfterMs?: number;
  /** The wait before a void Cielo held as a duplicate of one it just accepted (ReturnCode 10) is asked again. Default 5 s, Cielo's guard. */
  duplicateVoidWaitMs?: number;
  /** Authorizations in flight at once per adapter; the others wait their turn before their clock starts. Default 8. */
  maxConcurrency?: number;
  /** What the buyer's statement shows after the store's name (`SoftDescriptor`: at most 13 letters, digits or spaces). */
  softDescriptor?: string;
}
