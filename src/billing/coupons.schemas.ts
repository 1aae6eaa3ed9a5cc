import { z } from 'zod';
import { cents, currencyCode, idParam, isoDateTimeWithOffset, metadataSchema, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { COUPON_DURATIONS } from './coupons.rules';

/** The most redemptions a coupon may allow. */
const MAX_REDEMPTIONS = 1_000_000_000;

/** POST /coupons (Stripe's shape): percentOff, or amountOff with its currency; durationInCycles with `repeating` only. */
export const createCouponBody = z
  .strictObject({
    code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'code: 1-64 letters, digits, _ or -').optional().meta({ description: 'Unique per company; the invoices name the coupon by it' }),
    percentOff: z.number().gt(0).max(100).multipleOf(0.01).optional(),
    amountOff: cents.min(1).optional(),
    currency: currencyCode.optional(),
    duration: z.enum(COUPON_DURATIONS),
    durationInCycles: z.number().int().min(1).max(1200).optional().meta({ description: 'With duration repeating: the number of invoice cycles discounted' }),
    // The counter is a PostgreSQL integer: a larger limit is a 400, never an overflow.
    maxRedemptions: z.number().int().min(1).max(MAX_REDEMPTIONS).optional(),
    redeemBy: isoDateTimeWithOffset.optional().meta({ description: 'No redemption from this instant on' }),
    metadata: metadataSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.percentOff === undefined) === (b.amountOff === undefined)) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Give percentOff or amountOff, one of them' });
    if (b.amountOff !== undefined && b.currency === undefined) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Required with amountOff' });
    if (b.percentOff !== undefined && b.currency !== undefined) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Only with amountOff' });
    if ((b.duration === 'repeating') !== (b.durationInCycles !== undefined)) ctx.addIssue({ code: 'custom', path: ['durationInCycles'], message: 'Required with duration repeating, refused otherwise' });
  });

export const listCouponsQuery = z.strictObject({ ...paginationQuery, ...cursorQuery });
export const couponIdParams = z.strictObject({ id: idParam });
export const applyCouponBody = z.strictObject({ couponId: z.string().min(1).max(40) });

export const couponSchema = z
  .object({
    id: z.string(),
    code: z.string().nullable(),
    percentOff: z.number().nullable(),
    amountOff: z.number().int().nullable(),
    currency: z.string().nullable(),
    duration: z.enum(COUPON_DURATIONS),
    durationInCycles: z.number().int().nullable(),
    maxRedemptions: z.number().int().nullable(),
    timesRedeemed: z.number().int(),
    redeemBy: nullableTimestamp,
    valid: z.boolean().meta({ description: 'Whether it can be redeemed now (active, not expired, redemptions left)' }),
    active: z.boolean(),
    metadata: z.record(z.string(), z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Coupon' });

export const couponListSchema = paginatedSchema(couponSchema).meta({ id: 'CouponList' });

export const discountSchema = z
  .object({
    id: z.string(),
    couponId: z.string(),
    subscriptionId: z.string().nullable(),
    invoiceId: z.string().nullable(),
    firstCycle: z.number().int().meta({ description: 'The first invoice cycle it applies to' }),
    lastCycle: z.number().int().nullable().meta({ description: 'The last one (null: every cycle)' }),
    endedAt: nullableTimestamp,
    createdAt: timestamp,
    coupon: couponSchema,
  })
  .meta({ id: 'Discount' });

/** A subscription's live discount as its GET shows it. */
export const subscriptionDiscountSchema = z
  .object({
    id: z.string(),
    couponId: z.string(),
    code: z.string().nullable(),
    percentOff: z.number().nullable(),
    amountOff: z.number().int().nullable(),
    currency: z.string().nullable(),
    duration: z.enum(COUPON_DURATIONS),
    firstCycle: z.number().int(),
    lastCycle: z.number().int().nullable(),
    cyclesLeft: z.number().int().nullable().meta({ description: 'Invoice cycles it still discounts, from the next invoice (null: every cycle)' }),
  })
  .meta({ id: 'SubscriptionDiscount' });

export type CreateCouponInput = z.output<typeof createCouponBody>;
export type ListCouponsQuery = z.output<typeof listCouponsQuery>;
