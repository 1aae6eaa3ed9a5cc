import { z } from 'zod';
import { lateFeesSchema } from './bolepix.schemas';
import { cents, csvOf, currencyCode, idParam, metadataSchema, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { checkRecurrence, checkSchemeFields } from './price.rules';

const slug = z.string().min(1).max(100).regex(/^[a-z0-9-_]+$/, 'Use lower-case letters, digits, - and _');
const description = z.string().max(1000).nullable();

// ---------- plans ----------

export const createPlanBody = z.strictObject({
  code: slug,
  name: z.string().trim().min(1).max(255),
  description: description.optional(),
  metadata: metadataSchema.optional(),
  lateFees: lateFeesSchema.optional().meta({ description: "send_invoice: the fine, interest and discount of its subscriptions' invoice bolepix" }),
});

/** Status is never changed by PATCH (publish/archive do it): sending it is an unknown field, 400. */
export const updatePlanBody = z.strictObject({
  name: z.string().trim().min(1).max(255).optional(),
  description: description.optional(),
  metadata: metadataSchema.optional(),
  lateFees: lateFeesSchema.nullable().optional(),
});

export const PLAN_STATUSES = ['draft', 'active', 'inactive', 'archived'] as const;

/** Filters accept an ISO date-time with an offset, or (plans only, spec) a plain YYYY-MM-DD. */
const planDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

// priceMin above priceMax is a range no price falls in: an empty list, as for createdFrom after
// createdTo (docs/decisions.md), not a 400 that no OpenAPI parameter list could state.
export const listPlansQuery = z
  .strictObject({
    status: z
      .string()
      .max(100)
      .regex(csvOf(PLAN_STATUSES), `Expected a comma-separated list of: ${PLAN_STATUSES.join(', ')}`)
      .transform((s) => s.split(',').map((v) => v.trim()) as (typeof PLAN_STATUSES)[number][])
      .optional()
      .meta({ description: 'Comma-separated statuses' }),
    q: z.string().min(1).max(100).optional().meta({ description: 'Quick search: code or name, partial, case-insensitive' }),
    code: z.string().min(1).max(100).optional(),
    name: z.string().min(1).max(255).optional(),
    item: z.string().min(1).max(255).optional().meta({ description: 'Partial match on component names' }),
    priceMin: z.coerce.number().int().min(0).optional().meta({ description: 'Cents; some current price >= this' }),
    priceMax: z.coerce.number().int().min(0).optional().meta({ description: 'Cents; some current price <= this' }),
    createdFrom: planDate.optional().meta({ description: 'Inclusive; ISO date-time with offset or YYYY-MM-DD (UTC day)' }),
    createdTo: planDate.optional().meta({ description: 'Inclusive; ISO date-time with offset or YYYY-MM-DD (the whole UTC day)' }),
    sortBy: z.enum(['createdAt', 'name']).default('createdAt'),
    sortDir: z.enum(['asc', 'desc']).default('desc'),
    ...paginationQuery,
    ...cursorQuery,
  });

export const planIdParams = z.strictObject({ id: idParam });
export const planItemParams = z.strictObject({ id: idParam, itemId: idParam });
export const planPriceParams = z.strictObject({ id: idParam, priceId: idParam });
export const templateQuery = z.strictObject({ currency: currencyCode.optional() });

export const planSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(PLAN_STATUSES),
    metadata: z.record(z.string(), z.string()),
    lateFees: lateFeesSchema.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
  })
  .meta({ id: 'Plan' });

export const planListSchema = paginatedSchema(planSchema).meta({ id: 'PlanList' });

// ---------- components ----------

/** These counts land in PostgreSQL `int` columns: a larger one is a 400 here, not a 500 there. */
const INT4_MAX = 2_147_483_647;

const itemFields = {
  name: z.string().trim().min(1).max(255),
  quantityDefault: z.number().int().min(1).max(INT4_MAX),
  quantityIncluded: z.number().int().min(0).max(INT4_MAX),
  optional: z.boolean(),
  displayOrder: z.number().int().min(0).max(INT4_MAX),
  description,
  metadata: metadataSchema,
};

export const createPlanItemBody = z.strictObject({
  key: slug,
  kind: z.enum(['recurring', 'activation']).default('recurring'),
  name: itemFields.name,
  quantityDefault: itemFields.quantityDefault.default(1),
  quantityIncluded: itemFields.quantityIncluded.default(0),
  optional: itemFields.optional.default(false),
  displayOrder: itemFields.displayOrder.default(0),
  description: itemFields.description.optional(),
  metadata: itemFields.metadata.optional(),
});

/** Only the editable fields; key and kind are identity (a 400 names them). */
export const updatePlanItemBody = z
  .object({
    name: itemFields.name.optional(),
    quantityDefault: itemFields.quantityDefault.optional(),
    quantityIncluded: itemFields.quantityIncluded.optional(),
    optional: itemFields.optional.optional(),
    displayOrder: itemFields.displayOrder.optional(),
    description: itemFields.description.optional(),
    metadata: itemFields.metadata.optional(),
    key: z.never({ error: 'key is not editable' }).optional(),
    kind: z.never({ error: 'kind is not editable' }).optional(),
  })
  .strict();

export const planItemSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    planId: z.string(),
    key: z.string(),
    name: z.string(),
    kind: z.enum(['recurring', 'activation']),
    quantityDefault: z.number().int(),
    quantityIncluded: z.number().int(),
    optional: z.boolean(),
    displayOrder: z.number().int(),
    description: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    isDefault: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
  })
  .meta({ id: 'PlanItem' });

// ---------- prices ----------

export const recurrenceSchema = z
  .strictObject({
    interval: z.number().int().min(1).max(36),
    unit: z.enum(['month', 'year']),
    anchor: z.enum(['subscription_start', 'day_of_month', 'end_of_month']).default('subscription_start'),
    anchorDay: z.number().int().min(1).max(31).nullable().optional(),
    collectionTiming: z.enum(['prepaid', 'postpaid']).default('prepaid'),
  })
  // checkRecurrence in JSON Schema: anchorDay goes with day_of_month, and only there.
  .meta({
    id: 'Recurrence',
    anyOf: [
      { required: ['anchor', 'anchorDay'], properties: { anchor: { const: 'day_of_month' }, anchorDay: { type: 'integer' } } },
      { properties: { anchor: { enum: ['subscription_start', 'end_of_month'] }, anchorDay: { type: 'null' } } },
    ],
  });

export const trialSpecSchema = z
  .strictObject({
    durationDays: z.number().int().min(1).max(730),
    requiresPaymentMethod: z.boolean().default(true),
  })
  .meta({ id: 'TrialSpec' });

export const moneySchema = z.strictObject({ amount: cents.min(0), currency: currencyCode }).meta({ id: 'Money' });

const tierSchema = z.strictObject({ upTo: z.number().int().min(1).nullable(), unitAmount: cents.min(0) });

const priceFields = {
  billingScheme: z.enum(['fixed', 'per_unit', 'tiered', 'package', 'metered']).default('fixed'),
  money: moneySchema,
  recurrence: recurrenceSchema,
  tiers: z.array(tierSchema).min(1).max(50).nullable().optional(),
  packageSize: z.number().int().min(1).max(INT4_MAX).nullable().optional(),
  meterId: z.string().min(1).max(100).nullable().optional(),
  trialSpec: trialSpecSchema.nullable().optional(),
};

/**
 * checkSchemeFields in JSON Schema: each scheme's own field (tiers, packageSize, meterId) is
 * required with it and absent or null with the others; billingScheme defaults to fixed.
 */
const schemeFieldsByScheme = (() => {
  const own = { tiered: ['tiers', { type: 'array' }], package: ['packageSize', { type: 'integer' }], metered: ['meterId', { type: 'string' }] } as const;
  const absent = { tiers: { type: 'null' }, packageSize: { type: 'null' }, meterId: { type: 'null' } };
  return [
    { properties: { billingScheme: { enum: ['fixed', 'per_unit'] }, ...absent } },
    ...Object.entries(own).map(([scheme, [field, shape]]) => ({ required: ['billingScheme', field], properties: { ...absent, billingScheme: { const: scheme }, [field]: shape } })),
  ];
})();

/** The cross-field rules, so that a bad price fails validation (400) before anything is written. */
function refinePrice<T extends z.ZodType<{ billingScheme: 'fixed' | 'per_unit' | 'tiered' | 'package' | 'metered'; recurrence: { unit: string; anchor: 'subscription_start' | 'day_of_month' | 'end_of_month'; anchorDay?: number | null } } & Record<string, unknown>>>(schema: T) {
  return schema.superRefine((p, ctx) => {
    for (const problem of [...checkSchemeFields(p as never), ...checkRecurrence(p.recurrence)]) {
      ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
    }
  });
}

/** The price fields without the component reference (POST /plans/:id/charges). */
export const priceBodyWithoutItem = refinePrice(z.strictObject(priceFields)).meta({ anyOf: schemeFieldsByScheme });

export const createPriceBody = refinePrice(
  z.strictObject({
    planItemId: z.string().min(1).max(36).optional(),
    planItemKey: slug.optional(),
    ...priceFields,
  }),
)
  .refine((p) => !(p.planItemId && p.planItemKey), { path: ['planItemKey'], message: 'Send planItemId or planItemKey, not both' })
  .meta({ anyOf: schemeFieldsByScheme, not: { required: ['planItemId', 'planItemKey'] } });

export const createChargeBody = z.strictObject({ item: createPlanItemBody, price: priceBodyWithoutItem });

export const priceSchema = z
  .object({
    id: z.string(),
    planId: z.string(),
    planItemId: z.string(),
    billingScheme: z.enum(['fixed', 'per_unit', 'tiered', 'package', 'metered']),
    amount: z.number().int(),
    currency: z.string(),
    recurrence: z.object({
      interval: z.number().int(),
      unit: z.enum(['month', 'year']),
      anchor: z.enum(['subscription_start', 'day_of_month', 'end_of_month']),
      anchorDay: z.number().int().nullable(),
      collectionTiming: z.enum(['prepaid', 'postpaid']),
    }),
    tiers: z.array(z.object({ upTo: z.number().int().nullable(), unitAmount: z.number().int() })).nullable(),
    packageSize: z.number().int().nullable(),
    meterId: z.string().nullable(),
    trialSpec: z.object({ durationDays: z.number().int(), requiresPaymentMethod: z.boolean() }).nullable(),
    isCurrent: z.boolean(),
    publishedAt: timestamp,
    archivedAt: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Price' });

export const chargeSchema = z.object({ item: planItemSchema, price: priceSchema }).meta({ id: 'PlanCharge' });

export const planTemplateSchema = planSchema
  .extend({
    currency: z.string().meta({ description: "The currency of every price in the template: the query's, or the company's default" }),
    items: z.array(planItemSchema.extend({ price: priceSchema.nullable() })),
  })
  .meta({ id: 'PlanTemplate' });

export type CreatePlanInput = z.output<typeof createPlanBody>;
export type UpdatePlanInput = z.output<typeof updatePlanBody>;
export type ListPlansQuery = z.output<typeof listPlansQuery>;
export type CreatePlanItemInput = z.output<typeof createPlanItemBody>;
export type UpdatePlanItemInput = z.output<typeof updatePlanItemBody>;
export type CreatePriceInput = z.output<typeof createPriceBody>;
export type PriceFieldsInput = z.output<typeof priceBodyWithoutItem>;
export type PlanView = z.output<typeof planSchema>;
export type PlanItemView = z.output<typeof planItemSchema>;
export type PriceView = z.output<typeof priceSchema>;
