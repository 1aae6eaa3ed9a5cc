import { z } from 'zod';
import type { AnticipationSelector } from './anticipation.rules';
import { cents, currencyCode, idParam, isoDateTimeWithOffset, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';

/** Anticipation (docs/receivables.md "Anticipation"). */

const calendarDate = z.iso.date();

/** One of: `amount` (the most gross to anticipate), `receivableIds`, `upTo` (a due date); none: everything eligible. */
const selection = {
  recipientId: z.string().trim().min(1).max(100),
  currency: currencyCode.default('BRL'),
  amount: cents.min(1).optional().meta({ description: 'Anticipate at most this gross amount: whole receivables, soonest due first' }),
  receivableIds: z.array(z.string().min(1).max(100)).min(1).max(10_000).optional().meta({ description: 'Exactly these waiting receivables' }),
  upTo: calendarDate.optional().meta({ description: 'The waiting receivables due on this date or before' }),
};

const oneSelector = (b: { amount?: number; receivableIds?: string[]; upTo?: string }) => [b.amount, b.receivableIds, b.upTo].filter((x) => x !== undefined).length <= 1;
const oneSelectorIssue = { message: 'give at most one of amount, receivableIds, upTo', path: ['amount'] };

export const simulateAnticipationBody = z.strictObject(selection).refine(oneSelector, oneSelectorIssue);
export const createAnticipationBody = z
  .strictObject({ ...selection, fingerprint: z.string().regex(/^[0-9a-f]{64}$/).meta({ description: 'The simulation’s fingerprint: the request takes exactly what it showed, or is a 409' }) })
  .refine(oneSelector, oneSelectorIssue);
export type SimulateAnticipationBody = z.infer<typeof simulateAnticipationBody>;

export const anticipationIdParams = z.strictObject({ id: idParam });

export const ANTICIPATION_STATUSES = ['pending_approval', 'completed', 'rejected'] as const;

export const listAnticipationsQuery = z.strictObject({
  recipientId: z.string().trim().min(1).max(100).optional(),
  status: z.enum(ANTICIPATION_STATUSES).optional(),
  createdFrom: isoDateTimeWithOffset.optional().meta({ description: 'Anticipations created at this instant or after (ISO 8601 with offset)' }),
  createdTo: isoDateTimeWithOffset.optional().meta({ description: 'Anticipations created at this instant or before (ISO 8601 with offset)' }),
  ...paginationQuery,
  ...cursorQuery,
});
export type ListAnticipationsQuery = z.output<typeof listAnticipationsQuery>;

export const anticipationSimulationSchema = z
  .object({
    recipientId: z.string(),
    currency: z.string().length(3),
    on: calendarDate.meta({ description: 'The São Paulo date it is priced on' }),
    amount: cents.meta({ description: 'Gross of the receivables taken' }),
    fee: cents,
    netAmount: cents.meta({ description: 'What the recipient receives as available' }),
    maxAmount: cents.meta({ description: 'Everything the recipient can anticipate today (gross)' }),
    requiresApproval: z.boolean(),
    fingerprint: z.string().meta({ description: 'Send it with POST /anticipations' }),
    receivables: z.array(z.object({ id: z.string(), dueDate: calendarDate, days: z.number().int(), amount: cents, fee: cents, netAmount: cents })),
  })
  .meta({ id: 'AnticipationSimulation' });

export const anticipationSchema = z
  .object({
    id: z.string(),
    recipientId: z.string(),
    currency: z.string().length(3),
    status: z.enum(ANTICIPATION_STATUSES),
    amount: cents,
    fee: cents,
    netAmount: cents,
    receivablesCount: z.number().int(),
    fingerprint: z.string(),
    automatic: z.boolean(),
    reason: z.string().nullable(),
    decidedAt: nullableTimestamp,
    createdAt: timestamp,
  })
  .meta({ id: 'Anticipation' });
export type AnticipationView = z.infer<typeof anticipationSchema>;

export const anticipationListSchema = paginatedSchema(anticipationSchema).meta({ id: 'AnticipationList' });

/** The selector of a validated body. */
export function selectorOf(b: SimulateAnticipationBody): AnticipationSelector {
  if (b.amount !== undefined) return { amount: b.amount };
  if (b.receivableIds !== undefined) return { receivableIds: b.receivableIds };
  if (b.upTo !== undefined) return { upTo: b.upTo };
  return {};
}

export const recipientIdParams = z.strictObject({ id: idParam });

export const anticipationSettingsBody = z.strictObject({
  enabled: z.boolean(),
  percentage: z.number().int().min(1).max(100).default(100).meta({ description: 'Percent of what is eligible the daily run anticipates (whole receivables, soonest due first)' }),
});

export const anticipationSettingsSchema = z
  .object({ recipientId: z.string(), enabled: z.boolean(), percentage: z.number().int() })
  .meta({ id: 'AnticipationSettings' });
