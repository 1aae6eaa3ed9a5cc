import { z } from 'zod';
import { cents, currencyCode, idParam, timestamp } from '../http/schemas';
import { WEEKDAYS } from './payout-schedule.rules';

/** PUT/GET /recipients/:id/payout-schedule (docs/withdrawals.md, "Payout schedules"). */

export const payoutScheduleParams = z.strictObject({ id: idParam });

const common = {
  minimumAmount: cents.min(0).default(0).meta({ description: 'Pays out only when the withdrawable balance is at least this (and at least the withdrawal minimum), in cents' }),
  enabled: z.boolean().default(true),
  currency: currencyCode.default('BRL'),
};

export const payoutScheduleBody = z.discriminatedUnion('interval', [
  z.strictObject({ interval: z.literal('daily'), ...common }),
  z.strictObject({ interval: z.literal('weekly'), weekday: z.enum(WEEKDAYS), ...common }),
  z.strictObject({
    interval: z.literal('monthly'),
    day: z.number().int().min(1).max(31).meta({ description: 'Day of the month; a shorter month pays on its last day' }),
    ...common,
  }),
]).meta({ id: 'PayoutScheduleInput' });

export const payoutScheduleSchema = z
  .object({
    recipientId: z.string(),
    interval: z.enum(['daily', 'weekly', 'monthly']),
    weekday: z.enum(WEEKDAYS).nullable(),
    day: z.number().int().nullable(),
    currency: z.string().length(3),
    minimumAmount: cents,
    enabled: z.boolean(),
    updatedAt: timestamp,
  })
  .meta({ id: 'PayoutSchedule' });

export type PayoutScheduleInput = z.output<typeof payoutScheduleBody>;
export type PayoutScheduleView = z.output<typeof payoutScheduleSchema>;
