/**
 * The hosted card fields' pure rules on the iframe's side: the declared parent origin, the
 * locale, the fields' state as the parent may learn it, and the card as tokenized. Bundled
 * into the iframe's script, so it runs exactly what the unit tests check. No I/O, no DOM.
 */
import { parseExpiration } from '../../payments/card.rules';
import { cardBrand, cardNumberState, cvvState, expiryState, type FieldState } from '../page/checkout.rules';
import type { CheckoutLocale } from '../page/checkout.i18n';
import type { CardFieldErrors, CardFieldName } from './card-fields.protocol';

/**
 * The exact origin (`scheme://host[:port]`) of a declared parent, or null: no path, query,
 * credentials or wildcard. The iframe answers only there, and only that origin may frame it.
 */
export function parseParentOrigin(value: string | undefined): string | null {
  if (!value || value.length > 300) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** `pt-BR` (default), `en` / `en-US`, `es` / `es-ES`: the checkout's locales. */
export function fieldsLocale(value: string | undefined): CheckoutLocale {
  const v = (value ?? '').toLowerCase();
  if (v.startsWith('en')) return 'en-US';
  if (v.startsWith('es')) return 'es-ES';
  return 'pt-BR';
}

/** The three fields' state as the parent may learn it: complete or not, the brand, which field is wrong. */
export function cardFieldsState(fields: Record<CardFieldName, string>, now: Date): { complete: boolean; empty: boolean; brand: string | null; errors: CardFieldErrors } {
  const states: Record<CardFieldName, FieldState> = {
    number: cardNumberState(fields.number),
    expiry: expiryState(fields.expiry, now),
    cvv: cvvState(fields.cvv, fields.number),
  };
  const errors: CardFieldErrors = {};
  for (const name of ['number', 'expiry', 'cvv'] as const) if (states[name] !== 'valid') errors[name] = states[name] as 'incomplete' | 'invalid';
  const empty = fields.number === '' && fields.expiry === '' && fields.cvv === '';
  return { complete: Object.keys(errors).length === 0, empty, brand: cardBrand(fields.number), errors };
}

/** The card as POST /v1/tokens/cards takes it: digits only, expiry as `MM/YYYY`. */
export function cardToTokenize(fields: Record<CardFieldName, string>, holder: string, document: string): { number: string; holder: string; document: string; cvv: string; expiration: string } {
  const parsed = parseExpiration(fields.expiry.replace(/\s/g, ''));
  const expiration = parsed ? `${String(parsed.month).padStart(2, '0')}/${parsed.year}` : fields.expiry;
  return { number: fields.number.replace(/\D/g, ''), holder, document: document.replace(/\D/g, ''), cvv: fields.cvv.trim(), expiration };
}
