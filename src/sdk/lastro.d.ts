/**
 * Lastro browser SDK: the public API, the single source of its types. The implementation
 * (card.ts) is checked against it by the compiler; this file is also served as
 * /sdk/lastro.d.ts.
 *
 *   <script src="https://api.lastro.example/sdk/lastro.js"></script>   → window.Lastro.Card
 *   import { Card } from 'lastro-js';                                   → ES module
 */

export interface CardOptions {
  /** The company's public id (`comp_…`), safe to expose in a page. Never the secret API key. */
  companyId: string;
  /** The Lastro API address without a version segment, e.g. `https://api.lastro.example`. */
  apiUrl: string;
  /** Milliseconds allowed for tokenization; default 15000. */
  timeout?: number;
}

export interface CardTokenInput {
  /** Card number, digits only (a number with spaces or hyphens is refused: strip them first). */
  number: string;
  /** Cardholder name as printed on the card. */
  holder: string;
  /** The holder's CPF or CNPJ, digits only. */
  document: string;
  /** Security code: 3 digits, 4 for American Express. */
  cvv: string;
  /** `MM/YYYY`; `MM/YY` is also accepted. */
  expiration: string;
}

export interface CardToken {
  /** Opaque, single use, valid 24 hours: send it to your server, which pays with it. */
  tokenId: string;
}

/** The card could not be tokenized: invalid data, wrong companyId, or no processor. */
export interface TokenizationFailedError extends Error {
  message: 'Failed to generate any tokens';
  /** What the API said was wrong (`[{ path: 'card.number', message: '…' }]`), when it said. */
  details?: Array<{ path: string; message: string }>;
}

/** A network or API failure: `status` is the HTTP status (0 when no response arrived). */
export interface RequestFailedError extends Error {
  status: number;
  /** The response body (parsed JSON when it was JSON), or null. */
  body: unknown;
}

export declare class Card {
  constructor(options: CardOptions);
  /**
   * Resolves to `{ tokenId }`. Rejects with `Error('Failed to generate any tokens')`,
   * `Error('Timeout')` after `timeout` ms, or a `RequestFailedError` (status, body).
   */
  createCardToken(input: CardTokenInput): Promise<CardToken>;
}

/** Script-tag users get the same API on the global `Lastro`. */
export as namespace Lastro;
