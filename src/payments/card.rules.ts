/**
 * Card number rules: Luhn, brand detection, CVV length, expiry. Pure: importable from
 * workflow code. Brands are detected by the LONGEST matching prefix because Brazilian
 * brands (Elo, Hipercard, Hiper) issue inside Visa/Discover/Mastercard-looking ranges.
 */

export type CardBrand = 'elo' | 'hipercard' | 'hiper' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'visa';

export interface CardExpiration {
  /** 1..12 */
  month: number;
  /** four digits, e.g. 2030 */
  year: number;
}

/** [brand, first prefix, last prefix]; both ends inclusive and of the same length. */
type PrefixRange = readonly [CardBrand, string, string];

const range = (brand: CardBrand, from: string, to: string = from): PrefixRange => [brand, from, to];

/**
 * Prefix table. Elo, Hipercard and Hiper come from the reference (brazil-payments.md) plus a
 * few other publicly documented Elo BINs; longest match wins, so e.g. 401178 is Elo even
 * though 4 is Visa, and 650xxx is Elo even though 65 is Discover.
 */
const PREFIXES: readonly PrefixRange[] = [
  // Elo
  range('elo', '401178', '401179'),
  range('elo', '431274'),
  range('elo', '438935'),
  range('elo', '451416'),
  range('elo', '457393'),
  range('elo', '457631', '457632'),
  range('elo', '504175'),
  range('elo', '506699', '506799'),
  range('elo', '509000', '509999'),
  range('elo', '627780'),
  range('elo', '636297'),
  range('elo', '636368'),
  range('elo', '650000', '650999'),
  range('elo', '651652', '651679'),
  range('elo', '655000', '655999'),
  // Hipercard
  range('hipercard', '606282'),
  range('hipercard', '384100'),
  range('hipercard', '384140'),
  range('hipercard', '384160'),
  // Hiper
  range('hiper', '637095'),
  range('hiper', '637568'),
  range('hiper', '637599'),
  range('hiper', '637609'),
  range('hiper', '637612'),
  // Mastercard
  range('mastercard', '51', '55'),
  range('mastercard', '2221', '2720'),
  // American Express
  range('amex', '34'),
  range('amex', '37'),
  // Diners Club
  range('diners', '300', '305'),
  range('diners', '36'),
  range('diners', '38', '39'),
  // Discover
  range('discover', '6011'),
  range('discover', '622126', '622925'),
  range('discover', '644', '649'),
  range('discover', '65'),
  // Visa
  range('visa', '4'),
];

function digitsOnly(pan: string): string {
  return pan.replace(/[\s-]/g, '');
}

/**
 * The Luhn check digit (0-9) to append to `payload` digits. Used to build test PANs.
 */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d+$/.test(payload)) throw new RangeError('payload must be digits');
  let sum = 0;
  // The check digit will sit at the right, so the payload's rightmost digit is doubled.
  for (let i = payload.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = payload.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * True when `pan` (spaces and hyphens allowed) is 12-19 digits and passes the Luhn check.
 */
export function luhnValid(pan: string): boolean {
  const digits = digitsOnly(pan);
  if (!/^\d{12,19}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === digits.charCodeAt(digits.length - 1) - 48;
}

/**
 * The card brand by the longest matching prefix, or null when unknown (e.g. JCB, or fewer
 * digits than any discriminating prefix). Works on partial numbers as they are typed, but a
 * 4-6 digit Elo prefix only wins once those digits are present.
 */
export function detectBrand(pan: string): CardBrand | null {
  const digits = digitsOnly(pan);
  if (!/^\d+$/.test(digits)) return null;
  let best: CardBrand | null = null;
  let bestLength = 0;
  for (const [brand, from, to] of PREFIXES) {
    const len = from.length;
    if (len <= bestLength || digits.length < len) continue;
    const head = digits.slice(0, len);
    if (head >= from && head <= to) {
      best = brand;
      bestLength = len;
    }
  }
  return best;
}

/** Number of CVV digits for a brand: 4 for American Express, 3 otherwise (also unknown). */
export function cvvLength(brand: CardBrand | null): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/**
 * Parses a card expiration `MM/YYYY` or `MM/YY` (two-digit years are 20YY; surrounding
 * whitespace allowed). Returns null for anything else, including month 00 or 13.
 */
export function parseExpiration(input: string): CardExpiration | null {
  const m = /^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/.exec(input.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month, year };
}

/** Brasília time: UTC−03:00 all year (Brazil has had no daylight saving time since 2019). */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * True when the card is expired at `now`. A card is valid through the last day of its
 * expiration month; the calendar month is taken in Brasília time (UTC−3), so a 01/2026 card
 * is still accepted at 2026-01-31T23:59-03:00 (= 2026-02-01T02:59Z).
 */
export function isExpired(expiration: CardExpiration, now: Date): boolean {
  const local = new Date(now.getTime() + BRASILIA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  return expiration.year < year || (expiration.year === year && expiration.month < month);
}

/** The only parts of a PAN that may be displayed or stored in clear: BIN (first 6) and last 4. */
export function panDisplayParts(pan: string): { first6: string; last4: string } {
  const digits = digitsOnly(pan);
  if (!/^\d{12,19}$/.test(digits)) throw new RangeError('pan must be 12-19 digits');
  return { first6: digits.slice(0, 6), last4: digits.slice(-4) };
}
