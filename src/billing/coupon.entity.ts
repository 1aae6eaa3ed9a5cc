import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { CouponDuration } from './coupons.rules';

/** A coupon (`cpn_…`): a percentage or an amount off, for one invoice, N cycles or for ever. */
export class Coupon extends BaseEntity {
  companyId!: string;
  code: Opt<string> | null = null;
  percentOff: Opt<number> | null = null;
  amountOff: Opt<number> | null = null;
  currency: Opt<string> | null = null;
  duration!: CouponDuration;
  durationInCycles: Opt<number> | null = null;
  maxRedemptions: Opt<number> | null = null;
  timesRedeemed: Opt<number> = 0;
  redeemBy: Opt<Date> | null = null;
  metadata: Opt<Record<string, string>> = {};
  /** False once deleted: no new redemption; discounts already made keep applying. */
  active: Opt<boolean> = true;
}

export const CouponSchema = new EntitySchema<Coupon, BaseEntity>({
  class: Coupon,
  extends: BaseEntitySchema,
  tableName: 'billing_coupons',
  properties: {
    companyId: { type: 'string', length: 40 },
    code: { type: 'string', length: 64, nullable: true },
    percentOff: { type: 'float', columnType: 'numeric(5,2)', nullable: true },
    amountOff: { type: new BigIntType('number'), nullable: true },
    currency: { type: 'string', length: 3, nullable: true },
    duration: { type: 'string', length: 16 },
    durationInCycles: { type: 'integer', nullable: true },
    maxRedemptions: { type: 'integer', nullable: true },
    timesRedeemed: { type: 'integer' },
    redeemBy: { type: 'Date', columnType: 'timestamptz', nullable: true },
    metadata: { type: 'json' },
    active: { type: 'boolean' },
  },
});

/**
 * A coupon redeemed (`dsc_…`): on a subscription, for its invoice cycles `firstCycle` to
 * `lastCycle` (null: no end) until removed (`endedAt`); or on one invoice.
 */
export class Discount extends BaseEntity {
  companyId!: string;
  couponId!: string;
  subscriptionId: Opt<string> | null = null;
  invoiceId: Opt<string> | null = null;
  firstCycle!: number;
  lastCycle: Opt<number> | null = null;
  endedAt: Opt<Date> | null = null;
}

export const DiscountSchema = new EntitySchema<Discount, BaseEntity>({
  class: Discount,
  extends: BaseEntitySchema,
  tableName: 'billing_discounts',
  properties: {
    companyId: { type: 'string', length: 40 },
    couponId: { type: 'string', length: 40 },
    subscriptionId: { type: 'string', length: 40, nullable: true },
    invoiceId: { type: 'string', length: 40, nullable: true },
    firstCycle: { type: 'integer' },
    lastCycle: { type: 'integer', nullable: true },
    endedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
