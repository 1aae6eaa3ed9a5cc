import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import type { PayoutInterval, Weekday } from './payout-schedule.rules';

/**
 * A recipient's payout schedule with one company (keyed by the company's link): on its days the
 * daily payout run withdraws the whole withdrawable balance in `currency` (docs/withdrawals.md).
 */
export class PayoutSchedule {
  companyId!: string;
  recipientId!: string;
  interval!: PayoutInterval;
  /** Weekly only. */
  weekday: Opt<Weekday> | null = null;
  /** Monthly only: 1-31 (a shorter month pays on its last day). */
  day: Opt<number> | null = null;
  currency!: string;
  minimumAmount!: number;
  enabled!: boolean;
  createdAt: Opt<Date> = new Date();
  updatedAt: Opt<Date> = new Date();
}

export const PayoutScheduleSchema = new EntitySchema<PayoutSchedule>({
  class: PayoutSchedule,
  tableName: 'payout_schedules',
  properties: {
    companyId: { type: 'string', length: 40, primary: true },
    recipientId: { type: 'string', length: 40, primary: true },
    interval: { type: 'string', length: 16 },
    weekday: { type: 'string', length: 16, nullable: true },
    day: { type: 'integer', nullable: true },
    currency: { type: 'string', columnType: 'char(3)' },
    minimumAmount: { type: new BigIntType('number') },
    enabled: { type: 'boolean' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
