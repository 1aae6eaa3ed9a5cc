import { z } from 'zod';
import { cvvLength, detectBrand, isExpired, luhnValid, parseExpiration, type CardBrand } from '../payments/card.rules';
import { documentKind, normalizeDocument } from '../shared/documents';

/**
 * The body of POST /v1/tokens/cards, strict (an unknown field is a 400 naming it). Each
 * failed rule names its field (`card.number`, `card.cvv`, …), so the SDK error carries
 * details a checkout form can show. The number is digits only, as the spec says (a form
 * strips what the buyer typed around them); punctuation in the document is accepted and removed.
 */

const HOLDER = /^\p{L}[\p{L}\p{M} .'-]*$/u;

const cardNumber = z
  .string()
  // `abort`: one message per field, the first rule it breaks.
  .regex(/^\d{12,19}$/, { message: 'Card number must be 12-19 digits, digits only (no spaces or hyphens)', abort: true })
  .refine(luhnValid, { message: 'Invalid card number (Luhn check failed)', abort: true })
  .refine((n) => detectBrand(n) !== null, 'Unsupported card brand');

const card = z
  .strictObject({
    number: cardNumber.meta({ format: 'card-number', description: 'Card number (PAN) of a supported brand, 12-19 digits only, passing the Luhn check' }),
    holder: z
      .string()
      .transform((s) => s.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(2, { message: 'Holder name must have at least 2 characters', abort: true }).max(100, { abort: true }).regex(HOLDER, 'Holder name must contain only letters, spaces and . \' -'))
      // The pattern uses Unicode letter classes, which not every JSON Schema tool reads: a named format instead.
      .meta({ format: 'card-holder', minLength: 2, maxLength: 100, description: "Holder's name: 2-100 characters, a letter first, then letters, spaces and . ' -" }),
    document: z
      .string()
      .max(32)
      .refine((d) => documentKind(d) !== null, 'Invalid CPF or CNPJ (check digits do not match)')
      .transform(normalizeDocument)
      .meta({ format: 'cpf-cnpj', description: "Holder's CPF or CNPJ (valid check digits)" }),
    cvv: z.string().regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
    expiration: z
      .string()
      .refine((e) => parseExpiration(e) !== null, 'Expiration must be MM/YYYY or MM/YY')
      .meta({ format: 'card-expiration', description: 'MM/YYYY or MM/YY, not in the past' }),
  })
  // The CVV length by brand, in JSON Schema: 4 digits for American Express (34, 37), 3 otherwise.
  .meta({
    anyOf: [
      { properties: { number: { pattern: '^3[47]' }, cvv: { pattern: '^\\d{4}$' } } },
      { properties: { number: { pattern: '^(?!3[47])' }, cvv: { pattern: '^\\d{3}$' } } },
    ],
  })
  .superRefine((c, ctx) => {
    const brand = detectBrand(c.number);
    // Only a well-formed CVV of a valid number is checked against the brand (one message per field).
    if (brand && luhnValid(c.number) && /^\d{3,4}$/.test(c.cvv) && c.cvv.length !== cvvLength(brand)) {
      ctx.addIssue({ code: 'custom', path: ['cvv'], message: `CVV must be ${cvvLength(brand)} digits for this card (${brand})` });
    }
    const expiration = parseExpiration(c.expiration);
    if (expiration && isExpired(expiration, new Date())) {
      ctx.addIssue({ code: 'custom', path: ['expiration'], message: 'Card is expired' });
    }
  })
  .transform((c) => {
    const expiration = parseExpiration(c.expiration)!;
    return { ...c, brand: detectBrand(c.number) as CardBrand, expMonth: expiration.month, expYear: expiration.year };
  });

/** Public companies are `comp_` + 26 lower-case characters; anything else cannot exist. */
export const companyIdSchema = z.string().regex(/^comp_[0-9a-z]{26}$/, 'Expected the public company id (comp_…)');

export const createCardTokenBody = z
  .strictObject({
    companyId: companyIdSchema,
    card,
  })
  .meta({ id: 'CreateCardToken' });

export const cardTokenSchema = z
  .object({ tokenId: z.string().meta({ description: 'Opaque, single-use, valid 24 hours' }) })
  .meta({ id: 'CardToken' });

export type CreateCardTokenInput = z.output<typeof createCardTokenBody>;
