import { z } from 'zod';
import { cents, csvOf, metadataSchema } from '../http/schemas';
import { PIX_EXPIRES_IN, BOLETO_DEFAULT_DUE_DAYS } from '../payments/transactions.schemas';
import { checkWebhookUrlSyntax } from '../webhooks/url-safety.rules';

/**
 * The structures a checkout link and a checkout session share (spec "Checkout link": items,
 * paymentMethods, splits, branding, requiredFields, customFields). Links use them now;
 * sessions and ad-hoc charges will reuse them, so the rules live in one place.
 */

export const CHECKOUT_LOCALES = ['pt-BR', 'en-US', 'es-ES'] as const;
export const checkoutLocale = z.enum(CHECKOUT_LOCALES);

/** Checkout charges in BRL only; `brl` in any case reads as BRL, as everywhere else in the API. */
export const checkoutCurrency = z
  .string()
  .regex(/^[Bb][Rr][Ll]$/, 'Only BRL is allowed')
  .transform((): 'BRL' => 'BRL');

/** Spec limits, named once (docs/checkout.md lists them). */
export const CHECKOUT_LIMITS = {
  urlLength: 2000,
  items: 100,
  splits: 50,
  customFields: 20,
  customFieldKeyLength: 50,
  selectOptions: 100,
  expirationMinutes: { min: 5, max: 43_200, default: 1440 },
  installments: { min: 1, max: 12 },
  boletoDueDateDays: { min: 1, max: 30, default: BOLETO_DEFAULT_DUE_DAYS },
  maxPaymentsCount: { min: 2, max: 8, default: 4 },
} as const;

/**
 * A URL the buyer's browser loads (item image, logo, favicon): HTTPS, so the page never mixes
 * content, and a public host, so a link cannot point buyers at a private address. Only the
 * text is checked (no DNS): Lastro's servers never fetch it.
 */
export const publicHttpsUrl = z
  .string()
  .max(CHECKOUT_LIMITS.urlLength)
  .superRefine((raw, ctx) => {
    const check = checkWebhookUrlSyntax(raw, []);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: `Must be a public https URL: ${check.reason}` });
  })
  .meta({ format: 'public-https-url' });

/** A redirect target (successUrl, cancelUrl): an absolute http(s) URL; `{CHECKOUT_SESSION_ID}` may appear in it. */
export const redirectUrl = z
  .string()
  .max(CHECKOUT_LIMITS.urlLength)
  .refine((raw) => {
    try {
      return ['http:', 'https:'].includes(new URL(raw).protocol);
    } catch {
      return false;
    }
  }, 'Must be an absolute http(s) URL')
  .meta({ format: 'http-url' });

/**
 * An item as written. quantity and unitAmount accept 0 here on purpose: a list whose total is 0
 * is answered with the spec's `amount_too_low`, and any other zero with `validation_failed`
 * (checkout.rules.ts, `itemsProblem`), so the two codes cannot be confused by zod's order.
 */
export const itemInput = z.strictObject({
  name: z.string().trim().min(1).max(255),
  description: z.string().max(2000).optional(),
  imageUrl: publicHttpsUrl.optional(),
  // The document says >= 1, the rule; zod lets 0 through so the service answers it with its own code.
  quantity: z.number().int().min(0).meta({ description: 'Integer >= 1', minimum: 1 }),
  unitAmount: cents.min(0).meta({ description: 'Integer cents >= 1', minimum: 1 }),
  metadata: metadataSchema.optional(),
});
/** `[]` passes zod so that the service answers the spec's `no_items`; a missing list is `validation_failed`. */
export const itemsInput = z.array(itemInput).max(CHECKOUT_LIMITS.items).meta({ minItems: 1 });

const installmentsInput = z.strictObject({
  maxInstallments: z.number().int().min(CHECKOUT_LIMITS.installments.min).max(CHECKOUT_LIMITS.installments.max),
  // At or above maxInstallments simply makes every option interest-free.
  freeInstallments: z.number().int().min(0).max(CHECKOUT_LIMITS.installments.max).default(0),
  interestRate: z.number().min(0).max(100).default(0).meta({ description: 'Monthly percent, decimals allowed' }),
  interestType: z.enum(['simple', 'compound']).default('compound'),
});

/** A method object that is present is enabled unless it says `enabled: false`. */
const enabled = z.boolean().default(true);

/** The methods' structure; a session in subscription mode shows it as is (only its card, perhaps disabled: Pix Automático is the offer's). */
export const paymentMethodsShape = z.strictObject({
    card: z
      .strictObject({
        enabled,
        multipleCards: z.boolean().default(false),
        installments: installmentsInput.default({ maxInstallments: 1, freeInstallments: 0, interestRate: 0, interestType: 'compound' }),
      })
      .optional(),
    pix: z.strictObject({ enabled, expiresIn: z.number().int().min(PIX_EXPIRES_IN.min).max(PIX_EXPIRES_IN.max).default(PIX_EXPIRES_IN.default) }).optional(),
    boleto: z
      .strictObject({
        enabled,
        dueDateDays: z.number().int().min(CHECKOUT_LIMITS.boletoDueDateDays.min).max(CHECKOUT_LIMITS.boletoDueDateDays.max).default(CHECKOUT_LIMITS.boletoDueDateDays.default),
      })
      .optional(),
    combined: z
      .strictObject({
        enabled: z.boolean(),
        minAmountPerPayment: cents.min(1).default(1),
        maxPaymentsCount: z.number().int().min(CHECKOUT_LIMITS.maxPaymentsCount.min).max(CHECKOUT_LIMITS.maxPaymentsCount.max).default(CHECKOUT_LIMITS.maxPaymentsCount.default),
      })
      .optional(),
  });
export const paymentMethodsInput = paymentMethodsShape
  .refine((pm) => Boolean(pm.card?.enabled || pm.pix?.enabled || pm.boleto?.enabled), 'At least one of card, pix or boleto must be enabled')
  // The same rule in JSON Schema, so OpenAPI clients and generators know it: one of the three
  // is present and not `enabled: false` (absent `enabled` defaults to true).
  .meta({ anyOf: (['card', 'pix', 'boleto'] as const).map((m) => ({ required: [m], properties: { [m]: { properties: { enabled: { const: true } } } } })) });

export const splitInput = z.strictObject({
  recipientId: z.string().min(1).max(100),
  percentage: z.number().min(0.01).max(100),
  liable: z.boolean().default(true),
});
export const splitsInput = z
  .array(splitInput)
  .max(CHECKOUT_LIMITS.splits)
  .refine((s) => new Set(s.map((x) => x.recipientId)).size === s.length, 'A recipient appears at most once in splits');

export const brandingInput = z
  .strictObject({
    primaryColor: z.string().regex(/^#([0-9a-f]{6}|[0-9a-f]{3})$/i, 'Expected a hex color such as #1a2b3c or #abc'),
    logoUrl: publicHttpsUrl,
    merchantName: z.string().trim().min(1).max(100),
    mobileLayout: z.enum(['single-page', 'step-by-step']),
    faviconUrl: publicHttpsUrl,
  })
  .partial();

const requiredField = z.enum(['email', 'document', 'phone', 'address']);
// Piped into its own shape so the documented answer says what it holds (a bare transform is "any" there).
export const requiredFieldsInput = z.array(requiredField).max(4).transform((f) => [...new Set(f)]).pipe(z.array(requiredField));

const labelText = z.string().trim().min(1).max(255);
/** A label is one text, or a text per locale (at least one). */
const localizableLabel = z.union([
  labelText,
  z.partialRecord(checkoutLocale, labelText).refine((m) => Object.keys(m).length > 0, 'Give at least one locale').meta({ minProperties: 1 }),
]);

const selectOption = z.union([z.string().trim().min(1).max(255), z.strictObject({ value: z.string().trim().min(1).max(255), label: localizableLabel })]);
const optionValue = (o: z.output<typeof selectOption>): string => (typeof o === 'string' ? o : o.value);

const customFieldInput = z
  .strictObject({
    key: z.string().max(CHECKOUT_LIMITS.customFieldKeyLength).regex(/^[a-z][a-z0-9_]*$/i, 'Starts with a letter, then letters, digits or _'),
    label: localizableLabel,
    type: z.enum(['text', 'select', 'checkbox']),
    // Values are unique (superRefine): for plain strings that is uniqueItems; an object option
    // with another's value but its own label is beyond JSON Schema (scripts/fuzz-hooks.py).
    options: z.array(selectOption).min(1).max(CHECKOUT_LIMITS.selectOptions).meta({ uniqueItems: true }).optional(),
    required: z.boolean().default(false),
  })
  .superRefine((f, ctx) => {
    if (f.type === 'select' && !f.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Required when type is select' });
    if (f.type !== 'select' && f.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a select field has options' });
    const values = (f.options ?? []).map(optionValue);
    if (new Set(values).size !== values.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Option values must be unique' });
  })
  // options go with select, and only there.
  .meta({ anyOf: [{ required: ['type', 'options'], properties: { type: { const: 'select' } } }, { properties: { type: { enum: ['text', 'checkbox'] }, options: false } }] });

export const customFieldsInput = z
  .array(customFieldInput)
  .max(CHECKOUT_LIMITS.customFields)
  .refine((fields) => new Set(fields.map((f) => f.key.toLowerCase())).size === fields.length, 'Custom field keys must be unique (case-insensitive)');

/**
 * `status=a,b` in a list query: each entry one of `values` (spaces around commas allowed). The
 * pattern says in OpenAPI what the enum check says after the split.
 */
export const statusCsv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .regex(csvOf(values), `Expected a comma-separated list of: ${values.join(', ')}`)
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1, 'Give at least one status'));

export const expirationMinutes = z.number().int().min(CHECKOUT_LIMITS.expirationMinutes.min).max(CHECKOUT_LIMITS.expirationMinutes.max);

/** The content a link or an ad-hoc charge is given: what a session holds (CheckoutContent). */
export const checkoutContentFields = {
  mode: z.literal('payment', { error: 'Only payment is allowed' }),
  currency: checkoutCurrency,
  locale: checkoutLocale,
  items: itemsInput,
  paymentMethods: paymentMethodsInput,
  splits: splitsInput,
  branding: brandingInput,
  requiredFields: requiredFieldsInput,
  customFields: customFieldsInput,
  successUrl: redirectUrl,
  cancelUrl: redirectUrl,
  metadata: metadataSchema,
  expirationMinutes,
};

/** At creation (a link or a charge): the defaults of what may be left out. */
export const checkoutContentDefaults = {
  mode: checkoutContentFields.mode.default('payment'),
  currency: checkoutCurrency.default('BRL'),
  locale: checkoutLocale.default('pt-BR'),
  expirationMinutes: expirationMinutes.default(CHECKOUT_LIMITS.expirationMinutes.default),
};

export type ItemInput = z.output<typeof itemInput>;
export type PaymentMethods = z.output<typeof paymentMethodsInput>;
export type SplitInput = z.output<typeof splitInput>;
export type Branding = z.output<typeof brandingInput>;
export type RequiredField = z.output<typeof requiredFieldsInput>[number];
export type CustomField = z.output<typeof customFieldInput>;

/** An item as stored and shown: with its ci_ id, and every optional field present. */
export const itemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    quantity: z.number().int(),
    unitAmount: z.number().int(),
    metadata: z.record(z.string(), z.string()),
  })
  .meta({ id: 'CheckoutItem' });
export type CheckoutItem = z.output<typeof itemSchema>;

export const splitSchema = z.object({ recipientId: z.string(), percentage: z.number(), liable: z.boolean() }).meta({ id: 'CheckoutSplit' });

/** The content as a link or a session shows it (CheckoutContent). */
export const checkoutContentView = {
  mode: z.literal('payment'),
  currency: z.literal('BRL'),
  locale: checkoutLocale,
  items: z.array(itemSchema),
  paymentMethods: paymentMethodsInput,
  splits: z.array(splitSchema),
  branding: brandingInput.nullable(),
  requiredFields: requiredFieldsInput,
  customFields: customFieldsInput,
  successUrl: z.string().nullable(),
  cancelUrl: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  expirationMinutes: z.number().int(),
};
