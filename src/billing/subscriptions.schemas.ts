import { z } from 'zod';
import { invoiceBolepixSchema, invoiceBoletoSchema, invoiceOverpaymentSchema, invoicePixQrCodeSchema, lateFeesSchema } from './bolepix.schemas';
import { cents, currencyCode, idParam, isoDateTimeWithOffset, metadataSchema, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedFlatSchema, paginatedSchema, paginationQuery } from '../http/pagination';
import { recurrenceSchema, priceSchema } from './catalog.schemas';
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from './subscription.rules';
import { subscriptionDiscountSchema } from './coupons.schemas';

/**
 * An item of POST /subscriptions: with `planId`, a component of the plan (by id or key) and its
 * quantity; without, a standalone item (description and unitAmount).
 */
const subscriptionItemInput = z.strictObject({
  planItemId: z.string().min(1).max(40).optional(),
  planItemKey: z.string().min(1).max(100).optional(),
  description: z.string().trim().min(1).max(255).optional(),
  unitAmount: cents.min(1).optional(),
  quantity: z.number().int().min(1).max(1_000_000).optional(),
});

/** The superRefine below in JSON Schema: a plan's components, or standalone items with their cadence. */
const subscriptionShapes = {
  allOf: [
    {
      anyOf: [
        {
          required: ['planId'],
          properties: {
            recurrence: false,
            items: { items: { oneOf: [{ required: ['planItemId'] }, { required: ['planItemKey'] }], properties: { description: false, unitAmount: false } } },
          },
        },
        {
          required: ['items', 'recurrence', 'currency'],
          properties: {
            planId: false,
            items: { minItems: 1, items: { required: ['description', 'unitAmount'], properties: { planItemId: false, planItemKey: false } } },
          },
        },
      ],
    },
    { anyOf: [{ properties: { invoiceGenerationMode: { const: 'just_in_time' } } }, { required: ['maxCycles'] }] },
  ],
};

export const createSubscriptionBody = z
  .strictObject({
    customerId: z.string().min(1).max(40),
    planId: z.string().min(1).max(40).optional(),
    items: z.array(subscriptionItemInput).max(50).optional(),
    currency: currencyCode.optional(),
    recurrence: recurrenceSchema.optional(),
    collectionMethod: z.enum(['charge_automatically', 'send_invoice']).default('charge_automatically'),
    defaultPaymentMethodRef: z.string().min(1).max(40).optional().meta({ description: 'A saved card (crd_…) of the customer: POST /payment-methods/cards' }),
    invoiceGenerationMode: z.enum(['just_in_time', 'upfront']).default('just_in_time'),
    maxCycles: z.number().int().min(1).max(1200).optional(),
    metadata: metadataSchema.optional(),
    lateFees: lateFeesSchema.optional().meta({ description: "send_invoice: the fine, interest and discount of the invoices' bolepix (replaces the plan's)" }),
    couponId: z.string().min(1).max(40).optional().meta({ description: 'A coupon (cpn_…) discounting its invoices from the first (POST /coupons)' }),
  })
  .superRefine((b, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (b.invoiceGenerationMode === 'upfront' && b.maxCycles === undefined) issue(['maxCycles'], 'Required when invoiceGenerationMode is upfront');
    if (b.invoiceGenerationMode === 'upfront' && b.couponId !== undefined) issue(['couponId'], 'Not with upfront invoices (all issued at creation): apply the coupon to each invoice');
    if (b.planId) {
      if (b.recurrence) issue(['recurrence'], 'Not allowed with planId: the plan\'s prices set the cadence');
      b.items?.forEach((it, i) => {
        if (it.description !== undefined || it.unitAmount !== undefined) issue(['items', i], 'With planId, items name plan components (planItemId or planItemKey) and a quantity');
        if (!it.planItemId === !it.planItemKey) issue(['items', i, 'planItemId'], 'Give exactly one of planItemId and planItemKey');
      });
      return;
    }
    if (!b.items?.length) issue(['items'], 'Required (standalone items) when there is no planId');
    if (!b.recurrence) issue(['recurrence'], 'Required with standalone items');
    if (!b.currency) issue(['currency'], 'Required with standalone items');
    b.items?.forEach((it, i) => {
      if (it.planItemId !== undefined || it.planItemKey !== undefined) issue(['items', i], 'planItemId/planItemKey need a planId');
      if (it.description === undefined) issue(['items', i, 'description'], 'Required for a standalone item');
      if (it.unitAmount === undefined) issue(['items', i, 'unitAmount'], 'Required for a standalone item');
    });
  })
  .meta(subscriptionShapes);

export const listSubscriptionsQuery = z.strictObject({
  status: z.enum(SUBSCRIPTION_STATUSES as [string, ...string[]]).optional(),
  customerId: z.string().min(1).max(40).optional().meta({ description: 'Customer id (cust_…)' }),
  planId: z.string().min(1).max(40).optional().meta({ description: 'Plan id (plan_…)' }),
  ...paginationQuery,
  ...cursorQuery,
});

export const subscriptionIdParams = z.strictObject({ id: idParam });

export const cancelSubscriptionBody = z.strictObject({
  mode: z.enum(['immediately', 'at_period_end']).default('immediately'),
});

export const attachPaymentMethodBody = z.strictObject({ defaultPaymentMethodRef: z.string().min(1).max(40) });

export const reportUsageBody = z.strictObject({
  meterId: z.string().min(1).max(100),
  quantity: z.number().int().min(0).max(1_000_000_000),
  timestamp: isoDateTimeWithOffset.optional().meta({ description: 'When the usage happened (default: now); billed on the invoice of the period it falls in' }),
});

export const saveCardBody = z.strictObject({
  customerId: z.string().min(1).max(40),
  token: z.string().min(1).max(200).meta({ description: 'A single-use card token (tokenId from POST /v1/tokens/cards)' }),
});

const recurrenceView = priceSchema.shape.recurrence;

export const subscriptionSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    customerId: z.string(),
    planId: z.string().nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES as [string, ...string[]]),
    currency: z.string(),
    collectionMethod: z.enum(['charge_automatically', 'send_invoice']),
    defaultPaymentMethodRef: z.string().nullable(),
    invoiceGenerationMode: z.enum(['just_in_time', 'upfront']),
    maxCycles: z.number().int().nullable(),
    recurrence: recurrenceView,
    startedAt: timestamp,
    trialEndsAt: nullableTimestamp,
    cyclesCompleted: z.number().int(),
    currentPeriodStart: nullableTimestamp,
    currentPeriodEnd: nullableTimestamp,
    nextInvoiceAt: nullableTimestamp,
    cancelAtPeriodEnd: z.boolean(),
    canceledAt: nullableTimestamp,
    cancellationReason: z.string().nullable(),
    pausedAt: nullableTimestamp,
    endedAt: nullableTimestamp,
    metadata: z.record(z.string(), z.string()),
    lateFees: lateFeesSchema.nullable(),
    discount: subscriptionDiscountSchema.nullable().optional().meta({ description: 'Its live discount (GET /subscriptions/:id): the coupon and the cycles it still covers' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Subscription' });

/** The spec's sample for this list: data, page, limit, total at the top level (and hasMore). */
export const subscriptionListSchema = paginatedFlatSchema(subscriptionSchema).meta({ id: 'SubscriptionList' });

export const subscriptionItemSchema = z
  .object({
    id: z.string(),
    subscriptionId: z.string(),
    planItemId: z.string().nullable(),
    priceId: z.string().nullable(),
    kind: z.enum(['recurring', 'activation']),
    description: z.string(),
    quantity: z.number().int(),
    quantityIncluded: z.number().int(),
    billingScheme: z.enum(['fixed', 'per_unit', 'tiered', 'package', 'metered']),
    amount: z.number().int(),
    tiers: z.array(z.object({ upTo: z.number().int().nullable(), unitAmount: z.number().int() })).nullable(),
    packageSize: z.number().int().nullable(),
    meterId: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'SubscriptionItem' });

export const usageRecordSchema = z
  .object({ id: z.string(), subscriptionId: z.string(), meterId: z.string(), quantity: z.number().int(), timestamp, createdAt: timestamp })
  .meta({ id: 'UsageRecord' });

export const savedCardSchema = z
  .object({ id: z.string(), customerId: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int(), createdAt: timestamp })
  .meta({ id: 'SavedCard' });

// ---------- invoices ----------

export const listInvoicesQuery = z.strictObject({
  status: z.enum(INVOICE_STATUSES as [string, ...string[]]).optional(),
  subscriptionId: z.string().min(1).max(40).optional().meta({ description: 'Subscription id (sub_…)' }),
  customerId: z.string().min(1).max(40).optional().meta({ description: 'Customer id (cust_…)' }),
  ...paginationQuery,
  ...cursorQuery,
});

export const invoiceIdParams = z.strictObject({ id: idParam });

export const invoiceSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    subscriptionId: z.string(),
    customerId: z.string(),
    cycle: z.number().int(),
    status: z.enum(INVOICE_STATUSES as [string, ...string[]]),
    currency: z.string(),
    total: z.number().int(),
    discountAmount: z.number().int().meta({ description: 'Cents a coupon took off (its discount line)' }),
    collectionMethod: z.enum(['charge_automatically', 'send_invoice']),
    periodStart: timestamp,
    periodEnd: timestamp,
    issuedAt: timestamp,
    dueAt: timestamp,
    paidAt: nullableTimestamp,
    voidedAt: nullableTimestamp,
    attemptCount: z.number().int(),
    nextAttemptAt: nullableTimestamp,
    lastTransactionId: z.string().nullable(),
    lastFailureCode: z.string().nullable(),
    /** Cents refunded of the paying transaction (a refunded invoice stays paid: the spec names no refunded state). */
    amountRefunded: z.number().int(),
    /** send_invoice: the payment link (a checkout page, Pix or boleto); paying it pays the invoice. Null otherwise. */
    paymentUrl: z.string().nullable(),
    checkoutSessionId: z.string().nullable(),
    /** Its bolepix (issueInvoiceBolepix): the boleto and its Pix QR code, with the late fees they carry. Null until made. */
    bolepix: invoiceBolepixSchema.nullable(),
    boleto: invoiceBoletoSchema.nullable(),
    pixQrCode: invoicePixQrCodeSchema.nullable(),
    /** Payments that came after it was paid (its other way of paying): the merchant refunds them. */
    overpayments: z.array(invoiceOverpaymentSchema),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Invoice' });

export const invoiceListSchema = paginatedSchema(invoiceSchema).meta({ id: 'InvoiceList' });

export const invoiceLineItemSchema = z
  .object({
    id: z.string(),
    invoiceId: z.string(),
    subscriptionItemId: z.string().nullable(),
    kind: z.enum(['recurring', 'activation', 'usage', 'discount', 'proration']),
    description: z.string(),
    quantity: z.number().int(),
    amount: z.number().int(),
    periodStart: timestamp,
    periodEnd: timestamp,
  })
  .meta({ id: 'InvoiceLineItem' });

export type CreateSubscriptionInput = z.output<typeof createSubscriptionBody>;
export type ListSubscriptionsQuery = z.output<typeof listSubscriptionsQuery>;
export type ListInvoicesQuery = z.output<typeof listInvoicesQuery>;
export type ReportUsageInput = z.output<typeof reportUsageBody>;
export type SubscriptionView = z.output<typeof subscriptionSchema>;
export type InvoiceView = z.output<typeof invoiceSchema>;
