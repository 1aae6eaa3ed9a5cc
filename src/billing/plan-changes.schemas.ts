import { z } from 'zod';
import { idParam, nullableTimestamp, timestamp } from '../http/schemas';
import { subscriptionItemSchema } from './subscriptions.schemas';

/** One component in a change: by id or key; its quantity and, optionally, which of its prices. */
const changeItemInput = z
  .strictObject({
    planItemId: z.string().min(1).max(40).optional(),
    planItemKey: z.string().min(1).max(100).optional(),
    priceId: z.string().min(1).max(40).optional().meta({ description: 'A price of this component in the subscription’s currency and cadence (default: its current one)' }),
    quantity: z.number().int().min(1).max(1_000_000).optional(),
  })
  .superRefine((it, ctx) => {
    if (!it.planItemId === !it.planItemKey) ctx.addIssue({ code: 'custom', path: ['planItemId'], message: 'Give exactly one of planItemId and planItemKey' });
  })
  .meta({ oneOf: [{ required: ['planItemId'] }, { required: ['planItemKey'] }] });

/** POST /subscriptions/:id/plan-changes (and its preview): Stripe's subscription update, in Lastro's names. */
export const planChangeBody = z
  .strictObject({
    planId: z.string().min(1).max(40).optional().meta({ description: 'Move to this (active) plan: its required components plus the items named' }),
    items: z.array(changeItemInput).max(50).optional().meta({ description: 'Components to set (quantity, price) or add; without planId, of the current plan' }),
    effective: z.enum(['now', 'cycle_end']).default('now').meta({ description: 'now: the items change at once; cycle_end: when the next cycle’s invoice is issued' }),
    prorationBehavior: z.enum(['create_prorations', 'none']).default('create_prorations').meta({ description: 'now only: the proration lines go on the next invoice (create_prorations) or none are made' }),
  })
  .superRefine((b, ctx) => {
    if (b.planId === undefined && !b.items?.length) ctx.addIssue({ code: 'custom', path: ['items'], message: 'Give planId or items' });
  })
  .meta({ anyOf: [{ required: ['planId'] }, { required: ['items'], properties: { items: { minItems: 1 } } }] });

export const planChangeParams = z.strictObject({ id: idParam, changeId: idParam });

const changedItemSchema = subscriptionItemSchema.pick({ planItemId: true, priceId: true, kind: true, description: true, quantity: true, quantityIncluded: true, billingScheme: true, amount: true });

const prorationLineSchema = z.object({ kind: z.literal('proration'), description: z.string(), amount: z.number().int() });

export const planChangeSchema = z
  .object({
    id: z.string(),
    subscriptionId: z.string(),
    status: z.enum(['pending', 'applied', 'canceled']),
    effective: z.enum(['now', 'cycle_end']),
    prorationBehavior: z.enum(['create_prorations', 'none']),
    fromCycle: z.number().int().nullable().meta({ description: 'cycle_end: the first invoice cycle billed with the new items' }),
    planId: z.string().nullable(),
    items: z.array(changedItemSchema),
    previous: z.object({ planId: z.string().nullable(), items: z.array(changedItemSchema) }),
    prorationLines: z.array(prorationLineSchema).meta({ description: 'What the change left for the next invoice (credit negative)' }),
    appliedAt: nullableTimestamp,
    canceledAt: nullableTimestamp,
    createdAt: timestamp,
  })
  .meta({ id: 'PlanChange' });

export const planChangePreviewSchema = z
  .object({
    prorationLines: z.array(prorationLineSchema),
    prorationAmount: z.number().int().meta({ description: 'Their sum: what the change costs now (negative: a credit)' }),
    nextInvoice: z.object({
      cycle: z.number().int(),
      issuesAt: nullableTimestamp,
      lines: z.array(z.object({ kind: z.string(), description: z.string(), quantity: z.number().int(), amount: z.number().int() })),
      discountAmount: z.number().int(),
      total: z.number().int(),
    }),
  })
  .meta({ id: 'PlanChangePreview' });

export type PlanChangeInput = z.output<typeof planChangeBody>;
