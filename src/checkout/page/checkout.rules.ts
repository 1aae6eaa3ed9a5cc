/**
 * The buyer page's pure rules: input masks and checks, money and installment labels, the
 * brand colour's text colour. The server renders with them and the browser runs the very
 * same code (bundled into /checkout/assets/checkout.js), so what the page accepts as typed
 * is what the unit tests check. No I/O, no DOM.
 */
import { detectBrand, isExpired, luhnValid, parseExpiration, cvvLength, type CardBrand } from '../../payments/card.rules';
import { isValidCnpj, isValidCpf, normalizeDocument } from '../../shared/documents';
import { CHECKOUT_TEXT, fill, type CheckoutLocale } from './checkout.i18n';

export type FieldState = 'incomplete' | 'valid' | 'invalid';

const digits = (s: string): string => s.replace(/\D/g, '');

/** Groups characters as typed into a pattern where `0` is one character. */
function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '0') out += chars[i++];
    else out += p;
  }
  return out;
}

/** CPF `000.000.000-00` up to 11 characters, CNPJ `00.000.000/0000-00` beyond (alphanumeric CNPJ too). */
export function maskDocument(input: string): string {
  const n = normalizeDocument(input).replace(/[^0-9A-Z]/g, '').slice(0, 14);
  return n.length <= 11 ? applyPattern(n, '000.000.000-00') : applyPattern(n, '00.000.000/0000-00');
}

/**
 * As typed: `incomplete` until 11 (CPF) or 14 (CNPJ) characters, then `valid` or `invalid`
 * by the check digits. Letters only make sense in a CNPJ, so a CPF-length input with one is
 * still incomplete.
 */
export function documentState(input: string): FieldState {
  const n = normalizeDocument(input);
  if (/[^0-9A-Z]/.test(n)) return 'invalid';
  if (n.length === 11 && /^\d+$/.test(n)) return isValidCpf(n) ? 'valid' : 'invalid';
  if (n.length === 14) return isValidCnpj(n) ? 'valid' : 'invalid';
  return n.length > 14 ? 'invalid' : 'incomplete';
}

/** CEP as `00000-000`. */
export function maskZipCode(input: string): string {
  return applyPattern(digits(input).slice(0, 8), '00000-000');
}

export function zipCodeState(input: string): FieldState {
  if (/^\d{5}-\d{3}$/.test(input.trim()) || /^\d{8}$/.test(input.trim())) return 'valid';
  return digits(input).length < 8 && /^[\d-]*$/.test(input.trim()) ? 'incomplete' : 'invalid';
}

/** Brazilian phone with area code: `(11) 91234-5678` (mobile) or `(11) 3123-4567` (landline). */
export function maskPhone(input: string): string {
  const d = digits(input).slice(0, 11);
  return d.length <= 10 ? applyPattern(d, '(00) 0000-0000') : applyPattern(d, '(00) 00000-0000');
}

export function phoneState(input: string): FieldState {
  const d = digits(input);
  if (d.length < 10) return 'incomplete';
  // Area codes run 11-99; an 11-digit number is a mobile, which starts with 9.
  if (d.length > 11 || d[0] === '0' || d[1] === '0' || (d.length === 11 && d[2] !== '9')) return 'invalid';
  return 'valid';
}

export function emailState(input: string): FieldState {
  const v = input.trim();
  if (v === '') return 'incomplete';
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(v) && v.length <= 254 ? 'valid' : 'invalid';
}

/** Card number in groups as printed: 4-6-5 for Amex, otherwise groups of 4. */
export function maskCardNumber(input: string): string {
  const d = digits(input).slice(0, 19);
  if (detectBrand(d) === 'amex') return applyPattern(d.slice(0, 15), '0000 000000 00000');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function cardNumberState(input: string): FieldState {
  const d = digits(input);
  if (d.length < 12) return 'incomplete';
  return luhnValid(d) ? 'valid' : d.length >= 16 ? 'invalid' : 'incomplete';
}

export function cardBrand(input: string): CardBrand | null {
  return detectBrand(digits(input));
}

/** Expiry as `MM/AA`. */
export function maskExpiry(input: string): string {
  return applyPattern(digits(input).slice(0, 4), '00/00');
}

export function expiryState(input: string, now: Date): FieldState {
  if (digits(input).length < 4) return 'incomplete';
  const parsed = parseExpiration(input.trim());
  return parsed && !isExpired(parsed, now) ? 'valid' : 'invalid';
}

export function cvvState(input: string, cardNumber: string): FieldState {
  const d = input.trim();
  const want = cvvLength(cardBrand(cardNumber));
  if (!/^\d*$/.test(d)) return 'invalid';
  return d.length < want ? 'incomplete' : d.length === want ? 'valid' : 'invalid';
}

/**
 * Money as the buyer reads it: `R$ 35,12` (pt-BR), `R$35.12` (en-US), `35,12 R$` (es-ES). The
 * narrow symbol, because Spanish data would otherwise write "BRL", which a buyer in Brazil
 * does not recognise.
 */
export function formatMoney(cents: number, locale: CheckoutLocale): string {
  return moneyFormat(locale).format(cents / 100);
}

// Building an Intl.NumberFormat costs far more than using one: one per locale.
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: CheckoutLocale): Intl.NumberFormat {
  let f = moneyFormats.get(locale);
  if (!f) moneyFormats.set(locale, (f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL', currencyDisplay: 'narrowSymbol' })));
  return f;
}

/**
 * An amount typed by the buyer (`50`, `50,5`, `1.234,56` in pt-BR/es-ES; `1,234.56` in en-US)
 * as integer cents, or null when it is not a plain amount with at most 2 decimals.
 */
export function parseMoneyInput(input: string, locale: CheckoutLocale): number | null {
  const decimal = locale === 'en-US' ? '.' : ',';
  const group = decimal === ',' ? '.' : ',';
  const raw = input.replace(/R\$|\s/g, '');
  if (!/^[\d.,]+$/.test(raw)) return null;
  const [whole, fraction = '', extra] = raw.split(decimal);
  if (extra !== undefined || !/^\d{0,2}$/.test(fraction)) return null;
  // Group separators only where they belong (1.234.567), so "50.00" in pt-BR is not 5000 reais.
  const grouped = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);
  if (!/^\d+$/.test(whole) && !grouped.test(whole)) return null;
  return Number(whole.split(group).join('')) * 100 + Number(fraction.padEnd(2, '0'));
}

export interface InstallmentOption {
  installments: number;
  installmentAmount: number;
  totalAmount: number;
  interestFree: boolean;
}

/** "3x de R$ 35,12 (total R$ 105,36)" with interest, "3x de R$ 33,33 sem juros" without. */
export function installmentLabel(option: InstallmentOption, locale: CheckoutLocale): string {
  const t = CHECKOUT_TEXT[locale];
  const values = { count: option.installments, amount: formatMoney(option.installmentAmount, locale), total: formatMoney(option.totalAmount, locale) };
  const one = option.installments === 1;
  const template = option.interestFree ? (one ? t.installmentOneInterestFree : t.installmentInterestFree) : one ? t.installmentOneWithInterest : t.installmentWithInterest;
  return fill(template, values);
}

/** `#abc` → `#aabbcc`, lower case; null for anything that is not a hex colour. */
export function normalizeHexColor(hex: string): string | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return `#${h.toLowerCase()}`;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number): number => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** Black or white, whichever reads better on the merchant's colour (buttons, header). */
export function textColorOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

export type CheckoutPanel = 'form' | 'pix' | 'boleto' | 'mandate' | 'paid' | 'expired' | 'canceled';

/** Which panel a session shows: the end states, a Pix or boleto still waiting, else the form (`failed` lets the buyer try again). */
export function panelFor(view: { status: string; payments: Array<{ method: string; status: string }>; subscription?: { mandate: { status: string } | null } | null }): CheckoutPanel {
  if (view.status === 'paid') return 'paid';
  if (view.status === 'expired') return 'expired';
  if (view.status === 'canceled') return 'canceled';
  // Subscription mode: the mandate's QR while the payer has not authorized it.
  if (view.status === 'paying' && view.subscription?.mandate?.status === 'pending') return 'mandate';
  const waiting = view.payments.find((p) => (p.method === 'pix' || p.method === 'boleto') && p.status === 'waiting_payment');
  return waiting ? (waiting.method as 'pix' | 'boleto') : 'form';
}
