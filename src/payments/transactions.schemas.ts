import { z } from 'zod';
import { cents, idParam, isoDateTimeWithOffset, metadataSchema, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { BOLETO_MAX_CENTS } from './boleto.rules';
import { PIX_MAX_CENTS } from './pix.rules';
import { addressSchema } from '../customers/customers.schemas';

export const PAYMENT_METHODS = ['credit_card', 'pix', 'boleto'] as const;
export const TRANSACTION_STATUSES = ['pending', 'waiting_payment', 'paid', 'refused', 'failed', 'canceled', 'chargeback', 'refunded', 'partially_refunded'] as const;
export const PIX_EXPIRES_IN = { min: 60, max: 86_400, default: 3_600 } as const;
/** A boleto without a due date is due three calendar days after creation. */
export const BOLETO_DEFAULT_DUE_DAYS = 3;

const positiveCents = cents.min(1);
const calendarDate = z.iso.date().meta({ description: 'YYYY-MM-DD' });

const itemSchema = z.strictObject({
  description: z.string().trim().min(1).max(255),
  quantity: z.number().int().min(1),
  amount: positiveCents.meta({ description: 'Unit price in integer cents; the line is quantity × amount' }),
});

const creditCardInput = z.strictObject({
  token: z.string().min(1).max(200).meta({ description: 'tokenId from POST /v1/tokens/cards (single use)' }),
  installments: z.number().int().min(1).max(12).default(1),
  capture: z.literal(true).default(true).meta({ description: 'Authorize and capture at once (the only mode offered)' }),
});
const pixInput = z.strictObject({ expiresIn: z.number().int().min(PIX_EXPIRES_IN.min).max(PIX_EXPIRES_IN.max).default(PIX_EXPIRES_IN.default) });
/** Exactly one of two forms: checked by zod (one message for either mistake), stated in the OpenAPI document as a oneOf. */
const oneFormOf = <T extends z.ZodObject>(schema: T, forms: [string, string]) =>
  schema
    .superRefine((o: Record<string, unknown>, ctx) => {
      if (forms.filter((k) => o[k] !== undefined).length !== 1) ctx.addIssue({ code: 'custom', message: `Give exactly one of ${forms.join(' and ')}` });
    })
    .meta({ oneOf: forms.map((k) => ({ required: [k] })) });
const boletoFine = oneFormOf(
  z.strictObject({ percent: z.number().min(0.01).max(2).optional().meta({ description: 'Of the amount, once, from the day after the due date (at most 2%, the consumer code\'s cap)' }), amount: positiveCents.optional() }),
  ['percent', 'amount'],
);
const boletoInterest = oneFormOf(
  z.strictObject({ monthlyPercent: z.number().min(0.01).max(10).optional().meta({ description: 'Per month, charged per calendar day late (a 30-day month)' }), dailyAmount: positiveCents.optional() }),
  ['monthlyPercent', 'dailyAmount'],
);
const boletoDiscount = oneFormOf(
  z.strictObject({ until: calendarDate.meta({ description: 'The last day of the discount, on or before the due date' }), percent: z.number().min(0.01).max(99.99).optional(), amount: positiveCents.optional() }),
  ['percent', 'amount'],
);
/** A fine or interest needs days payable after the due date (the superRefine below), in JSON Schema. */
const payableAfterDue = { required: ['payableDaysAfterDue'], properties: { payableDaysAfterDue: { minimum: 1 } } };
const boletoPayer = z
  .strictObject({
    name: z.string().trim().min(1).max(255),
    document: z.string().trim().min(1).max(32).meta({ format: 'cpf-cnpj', description: 'CPF or CNPJ, with or without punctuation; check digits are verified (422 boleto_payer_invalid)' }),
    address: addressSchema.nullable().optional(),
  })
  .meta({ description: "The boleto's payer (pagador), printed on it and registered with the issuer; defaults to the transaction's customer. Neither: 422 boleto_payer_required" });
const boletoInput = z
  .strictObject({
    dueDate: calendarDate.optional(),
    payer: boletoPayer.optional(),
    instructions: z.string().trim().max(255).optional(),
    payableDaysAfterDue: z.number().int().min(0).max(60).optional().meta({ description: 'Days after the due date the boleto can still be paid (with fine and interest); 0 (the default): not after it' }),
    fine: boletoFine.optional(),
    interest: boletoInterest.optional(),
    discount: boletoDiscount.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.fine || b.interest) && !b.payableDaysAfterDue) ctx.addIssue({ code: 'custom', path: ['payableDaysAfterDue'], message: 'A fine or interest applies only after the due date: give the days it stays payable after it' });
    if (b.discount && b.dueDate && b.discount.until > b.dueDate) ctx.addIssue({ code: 'custom', path: ['discount', 'until'], message: 'Must be on or before the due date' });
  })
  // The first rule, for the OpenAPI document; the second compares two values, which JSON Schema cannot.
  .meta({ dependentSchemas: { fine: payableAfterDue, interest: payableAfterDue } });

const paymentInput = z
  .strictObject({
    paymentMethod: z.enum(PAYMENT_METHODS),
    amount: positiveCents,
    creditCard: creditCardInput.optional(),
    pix: pixInput.optional(),
    boleto: boletoInput.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.paymentMethod === 'credit_card' && !p.creditCard) ctx.addIssue({ code: 'custom', path: ['creditCard'], message: 'creditCard.token is required for credit_card' });
    const others = { credit_card: ['pix', 'boleto'], pix: ['creditCard', 'boleto'], boleto: ['creditCard', 'pix'] }[p.paymentMethod] as Array<'creditCard' | 'pix' | 'boleto'>;
    for (const key of others) if (p[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is not allowed with paymentMethod ${p.paymentMethod}` });
    // An issuer refuses a discount that takes the whole amount, so it is the request's mistake, not the issuer's.
    const discount = p.boleto?.discount?.amount;
    if (discount !== undefined && discount >= p.amount) ctx.addIssue({ code: 'custom', path: ['boleto', 'discount', 'amount'], message: "A fixed discount is less than the payment's amount" });
  })
  // The superRefine above in JSON Schema: each method's own options object, and no other's.
  .meta({
    oneOf: [
      { required: ['creditCard'], properties: { paymentMethod: { const: 'credit_card' }, pix: false, boleto: false } },
      // The largest amount a BR Code / a boleto barcode carries (transactions.service.ts).
      { properties: { paymentMethod: { const: 'pix' }, amount: { maximum: PIX_MAX_CENTS }, creditCard: false, boleto: false } },
      { properties: { paymentMethod: { const: 'boleto' }, amount: { maximum: BOLETO_MAX_CENTS }, creditCard: false, pix: false } },
    ],
  });

const splitInput = z.strictObject({
  recipientId: z.string().min(1).max(100),
  type: z.enum(['sale', 'interest', 'platform_fee']).default('sale'),
  amount: positiveCents.optional(),
  percentage: z.number().min(0.01).max(100).optional(),
  liable: z.boolean().default(true),
  chargeProcessingFee: z.boolean().default(true),
}).superRefine((s, ctx) => {
  if ((s.amount === undefined) === (s.percentage === undefined)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Give exactly one of amount and percentage' });
}).meta({ oneOf: [{ required: ['amount'] }, { required: ['percentage'] }] });

const LEGACY_KEYS = ['amount', 'paymentMethod', 'creditCard', 'pix', 'boleto'] as const;

/**
 * The older form (`amount`, `paymentMethod`, `creditCard` at the top level, spec "Transactions")
 * becomes one payment; without items it gets one item for the whole amount. A body mixing
 * both forms is left alone, so the strict schema names the stray field.
 */
function normalizeLegacy(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if ('payments' in b || !LEGACY_KEYS.some((k) => k in b)) return body;
  const payment: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(b)) ((LEGACY_KEYS as readonly string[]).includes(k) ? payment : rest)[k] = v;
  const items = rest.items ?? (typeof payment.amount === 'number' ? [{ description: 'Transaction', quantity: 1, amount: payment.amount }] : undefined);
  return { ...rest, items, payments: [payment] };
}

export const createTransactionBody = z.preprocess(
  normalizeLegacy,
  z.strictObject({
    referenceCode: z.string().trim().min(1).max(255),
    customerId: z.string().min(1).max(100).optional(),
    items: z.array(itemSchema).min(1).max(100),
    payments: z.array(paymentInput).min(1).max(8),
    splits: z.array(splitInput).max(50).optional(),
    metadata: metadataSchema.optional(),
  }),
).meta({ description: 'The legacy top-level form (amount, paymentMethod, creditCard) is accepted and normalized to one payment' });

export type CreateTransactionInput = z.output<typeof createTransactionBody>;
export type PaymentInput = CreateTransactionInput['payments'][number];
export type SplitInput = NonNullable<CreateTransactionInput['splits']>[number];

export const transactionIdParams = z.strictObject({ id: idParam });
export const paymentIdParams = z.strictObject({ payId: idParam });

export const listTransactionsQuery = z.strictObject({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  referenceCode: z.string().max(255).optional(),
  customerId: z.string().max(100).optional(),
  createdFrom: isoDateTimeWithOffset.optional(),
  createdTo: isoDateTimeWithOffset.optional(),
  ...paginationQuery,
  ...cursorQuery,
});
export type ListTransactionsQuery = z.output<typeof listTransactionsQuery>;

const statusEnum = z.enum(TRANSACTION_STATUSES);

export const paymentSchema = z
  .object({
    id: z.string(),
    transactionId: z.string(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    status: statusEnum,
    statusReason: z.string().nullable(),
    amount: z.number().int(),
    currency: z.string(),
    installments: z.number().int(),
    creditCard: z
      .object({
        cardId: z.string(),
        brand: z.string(),
        first6: z.string(),
        last4: z.string(),
        holder: z.string(),
        expMonth: z.number().int(),
        expYear: z.number().int(),
        authorizationCode: z.string().nullable(),
      })
      .nullable(),
    pix: z.object({ qrCode: z.string(), qrCodeUrl: z.string(), txid: z.string(), expiresAt: timestamp }).nullable(),
    boleto: z
      .object({
        barcode: z.string(),
        line: z.string(),
        formattedLine: z.string(),
        dueDate: z.string(),
        instructions: z.string().nullable(),
        url: z.string(),
        pdfUrl: z.string().meta({ description: 'The boleto as a PDF (the same boleto as url, for printing or attaching)' }),
        payer: z.object({ name: z.string(), document: z.string() }).optional().meta({ description: "The boleto's payer (pagador), as registered" }),
        number: z.string().optional().meta({ description: "The boleto's number at its issuer (nosso número)" }),
        payableDaysAfterDue: z.number().int().optional(),
        fine: z.object({ percent: z.number().optional(), amount: z.number().int().optional() }).nullable().optional(),
        interest: z.object({ monthlyPercent: z.number().optional(), dailyAmount: z.number().int().optional() }).nullable().optional(),
        discount: z.object({ until: z.string(), percent: z.number().optional(), amount: z.number().int().optional() }).nullable().optional(),
        pix: z
          .object({ qrCode: z.string().meta({ description: 'Bolepix: the BR Code of the due-date Pix charge; paying it pays the boleto' }), txid: z.string() })
          .nullable()
          .optional(),
        paidVia: z.enum(['boleto', 'pix']).optional(),
        paidAmount: z.number().int().optional().meta({ description: 'What the payer paid: fine and interest in, discount out' }),
      })
      .nullable(),
    expiresAt: nullableTimestamp,
    paidAt: nullableTimestamp,
    chargedBackAmount: z.number().int().meta({ description: 'Cents charged back so far (sandbox chargebacks; several partial ones add up)' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Payment' });

export const splitSchema = z
  .object({
    id: z.string(),
    recipientId: z.string(),
    type: z.enum(['sale', 'interest', 'platform_fee']),
    amount: z.number().int().nullable(),
    percentage: z.number().nullable(),
    liable: z.boolean(),
    chargeProcessingFee: z.boolean(),
  })
  .meta({ id: 'SplitItem' });

export const transactionSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    referenceCode: z.string(),
    customerId: z.string().nullable(),
    status: statusEnum,
    statusReason: z.string().nullable(),
    amount: z.number().int(),
    currency: z.string(),
    items: z.array(z.object({ description: z.string(), quantity: z.number().int(), amount: z.number().int() })),
    payments: z.array(paymentSchema),
    splits: z.array(splitSchema),
    metadata: z.record(z.string(), z.string()),
    /** Who started it: api, subscription (a merchant-initiated recurring charge of a saved card) or checkout. */
    origin: z.enum(['api', 'subscription', 'checkout']),
    paidAt: nullableTimestamp,
    canceledAt: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Transaction' });

export const transactionListSchema = paginatedSchema(transactionSchema).meta({ id: 'TransactionList' });

export const timelineSchema = z
  .object({
    transactionId: z.string(),
    status: statusEnum,
    happened: z.array(z.object({ at: timestamp, kind: z.string(), description: z.string(), paymentId: z.string().nullable(), amount: z.number().int().nullable(), ref: z.string().nullable() })),
    scheduled: z.array(z.object({ at: timestamp, kind: z.enum(['expiry', 'release']), description: z.string(), paymentId: z.string().nullable(), amount: z.number().int().nullable() })),
  })
  .meta({ id: 'TransactionTimeline' });

export type PaymentView = z.output<typeof paymentSchema>;
export type SplitView = z.output<typeof splitSchema>;
export type TransactionView = z.output<typeof transactionSchema>;
export type TimelineView = z.output<typeof timelineSchema>;
