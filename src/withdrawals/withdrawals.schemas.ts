import { z } from 'zod';
import { cents, currencyCode, idParam, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { WITHDRAWAL_STATUSES } from './withdrawal.rules';

/** Withdrawals (spec "Withdrawal", "Wallets and withdrawals"); field names as the spec gives them. */

export const withdrawalIdParams = z.strictObject({ id: idParam });

export const withdrawalConfigQuery = z.strictObject({
  currency: currencyCode.optional().meta({ description: 'Exactly 3 letters, upper-cased; default the account currency' }),
});

export const withdrawalConfigSchema = z
  .object({
    currency: z.string().length(3),
    feePercentage: z.number().meta({ description: 'Percent of the gross amount (the fee table’s withdrawal entry)' }),
    feeFixed: cents.meta({ description: 'Integer cents added to the percentage part' }),
    minimumAmount: cents.nullable().meta({
      description: 'Smallest gross amount: at least 100 cents, and enough that netAmount is at least 1 cent after the fee; null when no amount qualifies (a 100% fee)',
    }),
  })
  .meta({ id: 'WithdrawalConfig' });

export const listWithdrawalsQuery = z.strictObject({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  ...paginationQuery,
  ...cursorQuery,
});

export const createWithdrawalBody = z.strictObject({
  recipientId: z.string().trim().min(1).max(100).meta({ description: 'rec_ id of an active recipient linked to the company' }),
  amount: cents.min(1).meta({ description: 'Gross amount in integer cents (>= 1; also >= minimumAmount of GET /withdrawals/config)' }),
  currency: currencyCode.default('BRL'),
});

export const cancelWithdrawalBody = z.strictObject({
  reason: z.string().trim().min(1).max(4000).optional().meta({ description: 'Why; kept in statusHistory' }),
});

export const statusChangeSchema = z
  .object({
    status: z.enum(WITHDRAWAL_STATUSES),
    changedBy: z.string().meta({ description: '`api` (the merchant), `system` (Lastro) or the operator’s name' }),
    changedAt: timestamp,
    reason: z.string().nullable().meta({ description: 'Why, for rejected, cancelled and failed; null otherwise' }),
  })
  .meta({ id: 'WithdrawalStatusChange' });

export const withdrawalSchema = z
  .object({
    id: z.string(),
    walletId: z.string().meta({ description: 'wlt_ id of the physical wallet debited, chosen automatically' }),
    amount: cents.meta({ description: 'Gross amount (cents)' }),
    currency: z.string().length(3),
    fee: cents,
    netAmount: cents.meta({ description: 'amount − fee: what reaches the bank account' }),
    status: z.enum(WITHDRAWAL_STATUSES),
    bankAccountId: z.string().meta({ description: 'rba_ id of the recipient’s bank account' }),
    paidAt: nullableTimestamp,
    pspTransferId: z.string().nullable(),
    statusHistory: z.array(statusChangeSchema),
    createdAt: timestamp,
  })
  .meta({ id: 'Withdrawal' });

export const withdrawalListSchema = paginatedSchema(withdrawalSchema).meta({ id: 'WithdrawalList' });

export type CreateWithdrawalInput = z.output<typeof createWithdrawalBody>;
export type ListWithdrawalsQuery = z.output<typeof listWithdrawalsQuery>;
export type WithdrawalView = z.output<typeof withdrawalSchema>;
export type WithdrawalConfigView = z.output<typeof withdrawalConfigSchema>;
