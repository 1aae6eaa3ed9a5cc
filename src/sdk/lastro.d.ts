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

export interface FieldsOptions {
  /** The company's public id (`comp_…`). */
  companyId: string;
  /** The Lastro API address without a version segment; the fields' iframe is served from its origin. */
  apiUrl: string;
  /** The fields' language: `pt-BR` (default), `en`, `es`. */
  locale?: string;
  /** Typography and colours per state; other properties and values with `url(` are dropped. */
  style?: Partial<Record<'base' | 'invalid' | 'focus', Partial<Record<'color' | 'backgroundColor' | 'borderColor' | 'fontFamily' | 'fontSize' | 'fontWeight' | 'fontStyle' | 'letterSpacing' | 'lineHeight' | 'textTransform' | 'placeholderColor' | 'labelColor', string>>>>;
  /** Milliseconds allowed for `createToken`; default 15000. */
  timeout?: number;
}

/** What the page learns as the buyer types: never the number, expiry or CVV. */
export interface CardFieldsChange {
  complete: boolean;
  empty: boolean;
  /** `visa`, `mastercard`, `elo`, … once the number tells. */
  brand: string | null;
  errors: Partial<Record<'number' | 'expiry' | 'cvv', 'incomplete' | 'invalid'>>;
}

/** The holder's name and CPF/CNPJ: not card data, so the merchant's page collects them. */
export interface FieldsTokenInput {
  holder: string;
  document: string;
}

export interface CardFields {
  /** Adds the iframe inside `target` (a selector or an element). */
  mount(target: string | HTMLElement): void;
  on(event: 'ready', handler: () => void): void;
  on(event: 'change', handler: (change: CardFieldsChange) => void): void;
  /**
   * The iframe tokenizes what the buyer typed and hands back only the token. Rejects as
   * `Card.createCardToken` does (`Failed to generate any tokens` with `details`, `Timeout`).
   */
  createToken(input: FieldsTokenInput): Promise<CardToken>;
  clear(): void;
  destroy(): void;
}

/** Hosted card fields: the card number, expiry and CVV typed into an iframe on Lastro's origin. */
export declare function fields(options: FieldsOptions): CardFields;

/** Script-tag users get the same API on the global `Lastro`. */
export as namespace Lastro;
