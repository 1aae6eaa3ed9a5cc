import { z } from 'zod';
import { cents, idParam, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { RECEIVABLE_API_STATUSES } from './receivable.rules';

/** Receivables (docs/receivables.md): a sale's net per recipient and installment, with its date and state. */

export const receivableIdParams = z.strictObject({ id: idParam });

const calendarDate = z.iso.date().meta({ description: 'A date `YYYY-MM-DD` (São Paulo)' });

export const listReceivablesQuery = z.strictObject({
  recipientId: z.string().trim().min(1).max(100).optional(),
  status: z.enum(RECEIVABLE_API_STATUSES).optional(),
  dueFrom: calendarDate.optional().meta({ description: 'Receivables available on this date or after' }),
  dueTo: calendarDate.optional().meta({ description: 'Receivables available on this date or before' }),
  paymentId: z.string().trim().min(1).max(100).optional(),
  transactionId: z.string().trim().min(1).max(100).optional(),
  ...paginationQuery,
  ...cursorQuery,
});
export type ListReceivablesQuery = z.infer<typeof listReceivablesQuery>;

export const receivableSchema = z
  .object({
    id: z.string(),
    recipientId: z.string(),
    transactionId: z.string(),
    paymentId: z.string(),
    installment: z.number().int().meta({ description: '1-based installment of the payment' }),
    currency: z.string().length(3),
    amount: cents.meta({ description: 'The recipient’s gross share of this installment' }),
    fee: cents.meta({ description: 'The recipient’s share of the sale’s processing fee for this installment' }),
    netAmount: cents.meta({ description: 'What this installment makes (or made) available to the recipient: amount − fee, less what chargebacks took' }),
    dueDate: calendarDate.meta({ description: 'São Paulo date the release run of that day releases it on' }),
    status: z.enum(RECEIVABLE_API_STATUSES),
    anticipationId: z.string().nullable(),
    paidAt: nullableTimestamp.meta({ description: 'When it was released or anticipated' }),
    createdAt: timestamp,
  })
  .meta({ id: 'Receivable' });
export type ReceivableView = z.infer<typeof receivableSchema>;

export const receivableListSchema = paginatedSchema(receivableSchema).meta({ id: 'ReceivableList' });
