/**
 * Boleto bancário (FEBRABAN): 44-digit barcode, 47-digit linha digitável, check digits and
 * the due-date factor including its 2025-02-22 restart. Pure: importable from workflow code.
 *
 * Barcode positions (1-based): 1-3 bank; 4 currency (9 = BRL); 5 general DV (mod 11);
 * 6-9 due-date factor; 10-19 amount in cents; 20-44 free field (bank specific).
 * Linha digitável: field 1 = bank + currency + barcode 20-24 + DV1; field 2 = barcode 25-34
 * + DV2; field 3 = barcode 35-44 + DV3 (DVs mod 10); field 4 = general DV; field 5 = factor
 * + amount.
 */

export interface BarcodeInput {
  /** 3-digit bank code, e.g. '341' (Itaú), '001' (Banco do Brasil). */
  bankCode: string;
  /** Integer cents, 0..9 999 999 999 (0 = amount filled in by the payer). */
  amount: number;
  /** Due date, 'YYYY-MM-DD' (calendar date, no time zone). */
  dueDate: string;
  /** The bank-specific free field, exactly 25 digits. */
  freeField: string;
  /** Currency code digit; '9' (BRL) by default. */
  currencyCode?: string;
}

export interface ParsedBarcode {
  bankCode: string;
  currencyCode: string;
  checkDigit: number;
  factor: number;
  /** Integer cents. */
  amount: number;
  freeField: string;
}

const DAY_MS = 86_400_000;
/** Day numbers (days since 1970-01-01) of the factor bases. */
const FACTOR_BASE_DAY = Date.UTC(1997, 9, 7) / DAY_MS; // 1997-10-07: factor 0
const MIN_FACTOR = 1000;
const MAX_FACTOR = 9999;
/** The factor cycles through 1000..9999, so every 9000 days the same factor comes back. */
const FACTOR_CYCLE = MAX_FACTOR - MIN_FACTOR + 1;
const WINDOW_BACK = 3000;
const WINDOW_AHEAD = 5500;

function dayNumber(date: string, label: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`${label} must be YYYY-MM-DD, got ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`${label} is not a calendar date: ${date}`);
  return ms / DAY_MS;
}

function dateFromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The 4-digit due-date factor of a date ('YYYY-MM-DD'). Days since 1997-10-07, except that
 * after 9999 (2025-02-21) it restarts at 1000 (2025-02-22 = 1000) and keeps cycling every 9000
 * days. Dates before 2000-07-03 (factor 1000 of the first cycle) throw.
 */
export function dueDateFactor(date: string): number {
  const days = dayNumber(date, 'date') - FACTOR_BASE_DAY;
  if (days < MIN_FACTOR) throw new RangeError(`${date} is before 2000-07-03, the first representable due date`);
  return ((days - MIN_FACTOR) % FACTOR_CYCLE) + MIN_FACTOR;
}

/**
 * The due date ('YYYY-MM-DD') a factor stands for, seen from `today` ('YYYY-MM-DD'): the one
 * date with that factor within 3000 days back and 5500 days ahead of today (FEBRABAN's window
 * rule; the window is shorter than a cycle, so there is at most one). Returns null for a
 * factor outside 1000..9999 (e.g. 0000 = no due date) or one whose date falls outside the window.
 */
export function dateFromFactor(factor: number, today: string): string | null {
  if (!Number.isInteger(factor) || factor < MIN_FACTOR || factor > MAX_FACTOR) return null;
  const todayDays = dayNumber(today, 'today') - FACTOR_BASE_DAY;
  const earliest = todayDays - WINDOW_BACK;
  // Candidate day offsets are factor + 9000·k (k ≥ 0); take the first one ≥ earliest.
  const k = Math.max(0, Math.ceil((earliest - factor) / FACTOR_CYCLE));
  const days = factor + k * FACTOR_CYCLE;
  if (days > todayDays + WINDOW_AHEAD) return null;
  return dateFromDayNumber(FACTOR_BASE_DAY + days);
}

/**
 * FEBRABAN mod 10 check digit (linha digitável fields 1-3): weights 2,1,2,1… from the right;
 * a product over 9 contributes the sum of its digits; DV = (10 − sum mod 10) mod 10.
 */
export function boletoMod10(digits: string): number {
  assertDigits(digits, 'digits');
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const p = (digits.charCodeAt(i) - 48) * weight;
    sum += p > 9 ? p - 9 : p;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * FEBRABAN mod 11 general check digit (barcode position 5), over the 43 other digits:
 * weights 2..9 cycling from the right; DV = 11 − (sum mod 11), and 1 when that is 0, 10 or 11.
 */
export function boletoMod11(digits: string): number {
  assertDigits(digits, 'digits');
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += (digits.charCodeAt(i) - 48) * weight;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

function assertDigits(s: string, label: string, length?: number): void {
  if (!/^\d+$/.test(s) || (length !== undefined && s.length !== length)) {
    throw new RangeError(`${label} must be ${length ?? 'only'} digits`);
  }
}

/** The barcode's amount field is ten digits: R$ 99.999.999,99 is the largest boleto. */
export const BOLETO_MAX_CENTS = 9_999_999_999;

/** Builds the 44-digit barcode, computing the general (mod 11) check digit. */
export function buildBarcode(input: BarcodeInput): string {
  const currency = input.currencyCode ?? '9';
  assertDigits(input.bankCode, 'bankCode', 3);
  assertDigits(currency, 'currencyCode', 1);
  assertDigits(input.freeField, 'freeField', 25);
  if (!Number.isSafeInteger(input.amount) || input.amount < 0 || input.amount > BOLETO_MAX_CENTS) {
    throw new RangeError('amount must be integer cents between 0 and 9999999999');
  }
  const factor = String(dueDateFactor(input.dueDate));
  const amount = String(input.amount).padStart(10, '0');
  const withoutDv = input.bankCode + currency + factor + amount + input.freeField;
  const dv = boletoMod11(withoutDv);
  return withoutDv.slice(0, 4) + dv + withoutDv.slice(4);
}

/** True when `barcode` is 44 digits with a correct general check digit. */
export function validateBarcode(barcode: string): boolean {
  if (!/^\d{44}$/.test(barcode)) return false;
  return boletoMod11(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}

/** Splits a valid barcode into its parts; throws RangeError when it is not valid. */
export function parseBarcode(barcode: string): ParsedBarcode {
  if (!validateBarcode(barcode)) throw new RangeError('invalid boleto barcode');
  return {
    bankCode: barcode.slice(0, 3),
    currencyCode: barcode[3],
    checkDigit: Number(barcode[4]),
    factor: Number(barcode.slice(5, 9)),
    amount: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19),
  };
}

/** The 47-digit linha digitável (digits only) of a valid 44-digit barcode; throws otherwise. */
export function barcodeToLinhaDigitavel(barcode: string): string {
  if (!validateBarcode(barcode)) throw new RangeError('invalid boleto barcode');
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return (
    f1 + boletoMod10(f1) + f2 + boletoMod10(f2) + f3 + boletoMod10(f3) + barcode[4] + barcode.slice(5, 19)
  );
}

function digitsOfLine(line: string): string {
  return line.replace(/[\s.]/g, '');
}

/**
 * True when `line` (printed form or bare digits) is 47 digits whose three mod-10 field DVs
 * and general mod-11 DV are all correct.
 */
export function validateLinhaDigitavel(line: string): boolean {
  const d = digitsOfLine(line);
  if (!/^\d{47}$/.test(d)) return false;
  if (boletoMod10(d.slice(0, 9)) !== Number(d[9])) return false;
  if (boletoMod10(d.slice(10, 20)) !== Number(d[20])) return false;
  if (boletoMod10(d.slice(21, 31)) !== Number(d[31])) return false;
  return validateBarcode(rearrange(d));
}

function rearrange(d: string): string {
  return d.slice(0, 4) + d[32] + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31);
}

/** The 44-digit barcode of a linha digitável (printed or bare); throws RangeError when invalid. */
export function linhaDigitavelToBarcode(line: string): string {
  if (!validateLinhaDigitavel(line)) throw new RangeError('invalid linha digitável');
  return rearrange(digitsOfLine(line));
}

/**
 * The printed form `AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV` of a 47-digit
 * line (accepts it bare or already formatted). Does not check DVs; throws on a wrong length.
 */
export function formatLinhaDigitavel(line: string): string {
  const d = digitsOfLine(line);
  if (!/^\d{47}$/.test(d)) throw new RangeError('a linha digitável has 47 digits');
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}
