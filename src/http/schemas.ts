import { z } from 'zod';

/** Integer cents. A decimal (10.5) or a string ("1050") is a 400, never rounded or coerced. */
export const cents = z.number().int().meta({ description: 'Amount in integer cents' });

/** ISO 8601 with an explicit offset (`Z` or `-03:00`); date-only or localized dates are 400. */
export const isoDateTimeWithOffset = z.iso.datetime({ offset: true });

/** Currency code: exactly three letters, upper-cased (`brl` → `BRL`). */
export const currencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'Expected a 3-letter ISO 4217 currency code')
  .transform((s) => s.toUpperCase());

/** Query booleans arrive as text; only `true` and `false` are accepted. */
/**
 * A comma-separated list of `values` (spaces around commas allowed), as a pattern, so that
 * the OpenAPI document states what the split-and-check after it accepts.
 */
export const csvOf = (values: readonly string[]): RegExp => {
  const one = `(${values.join('|')})`;
  return new RegExp(`^ *${one} *(, *${one} *)*$`);
};

export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Opaque path id: any text; a malformed id is simply not found (404), as a missing one is. */
export const idParam = z.string().min(1).max(100);

/** Opaque string-to-string metadata, returned as given (and in webhooks). */
export const metadataSchema = z
  .record(z.string().max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, 'At most 50 metadata keys')
  .meta({ description: 'String-to-string map, at most 50 keys' });

/** Timestamps in responses. */
export const timestamp = z.iso.datetime();
export const nullableTimestamp = z.iso.datetime().nullable();

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'Error' });
