import { z } from 'zod';
import { cents, currencyCode, idParam, isoDateTimeWithOffset, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { POSTING_SOURCES, STATEMENT_TYPES } from './ledger.rules';

export const ownerParams = z.strictObject({ ownerId: idParam.meta({ description: 'The recipient id (rec_…)' }) });

/**
 * An entry's release status: `released` (available money, or its installment released),
 * `pending` (its installment waits for its date), `anticipated` (its installment anticipated),
 * `suspended` (a dispute holds its installment).
 */
export const STATEMENT_RELEASE_STATUSES = ['released', 'pending', 'anticipated', 'suspended'] as const;
export type StatementReleaseStatus = (typeof STATEMENT_RELEASE_STATUSES)[number];

/** Statement filters (summary and transactions). Dates need an offset: date-only or localized values are 400. */
export const statementFilters = {
  type: z.enum(STATEMENT_TYPES).optional(),
  source: z.enum(POSTING_SOURCES).optional(),
  currency: currencyCode.optional(),
  releaseStatus: z.enum(STATEMENT_RELEASE_STATUSES).optional(),
  startDate: isoDateTimeWithOffset.optional(),
  endDate: isoDateTimeWithOffset.optional(),
};

export const summaryQuery = z.strictObject(statementFilters);
/** The CSV export: the statement's filters, the whole of it (no pages). */
export const statementCsvQuery = z.strictObject(statementFilters);
export const transactionsQuery = z.strictObject({ ...statementFilters, ...paginationQuery, ...cursorQuery });

export const balanceSchema = z
  .object({
    currency: z.string(),
    availableBalance: cents,
    pendingBalance: cents,
    blockedBalance: cents,
    withdrawableBalance: cents,
  })
  .meta({ id: 'WalletBalance' });

export const walletBalanceSchema = z.object({ recipientId: z.string(), balances: z.array(balanceSchema) }).meta({ id: 'WalletBalances' });

export const statementEntrySchema = z
  .object({
    id: z.string(),
    walletId: z.string(),
    postingId: z.string(),
    currency: z.string(),
    type: z.enum(STATEMENT_TYPES),
    amount: cents.meta({ description: 'Integer cents; debits negative' }),
    source: z.string(),
    sourceId: z.string().nullable(),
    releaseStatus: z.enum(STATEMENT_RELEASE_STATUSES),
    releaseAt: z.iso.datetime().nullable(),
    description: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'StatementEntry' });

export const statementPageSchema = paginatedSchema(statementEntrySchema).meta({ id: 'StatementPage' });

const byTypeSchema = z.object({ type: z.enum(STATEMENT_TYPES), total: cents, credits: cents, debits: cents, count: z.number().int() });

export const walletSummarySchema = z
  .object({
    recipientId: z.string(),
    data: z.array(
      z.object({ currency: z.string(), byType: z.array(byTypeSchema), totalCredits: cents, totalDebits: cents, net: cents.meta({ description: 'totalCredits + totalDebits' }) }),
    ),
  })
  .meta({ id: 'WalletSummary' });

export const sandboxCreditBody = z
  .strictObject({
    recipientId: z.string().min(1).max(100),
    amount: cents.min(1),
    currency: currencyCode.optional().meta({ description: 'Default: the account currency' }),
    description: z.string().min(1).max(500).optional(),
  })
  .meta({ id: 'SandboxLedgerCreditInput' });

export const sandboxCreditSchema = z
  .object({ postingId: z.string(), recipientId: z.string(), amount: cents, currency: z.string(), balance: balanceSchema })
  .meta({ id: 'SandboxLedgerCredit' });

export type StatementFilters = z.output<typeof summaryQuery>;
export type StatementEntryView = z.output<typeof statementEntrySchema>;
export type WalletSummaryView = z.output<typeof walletSummarySchema>;
