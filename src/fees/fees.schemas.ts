import { z } from 'zod';
import { currencyCode } from '../http/schemas';

/**
 * The fee table (spec "Fee table", "Fees (core API)"). Every fee is `{ percentage, fixed }`:
 * percent of the amount (a decimal, 0-100) plus integer cents. Key names the spec leaves
 * open are `pix`, `boleto`, `creditCard`, `withdrawal`, `refund`, `chargeback`, `anticipation` (docs/fees.md).
 */
export const feeSpecSchema = z
  .object({
    percentage: z.number().min(0).max(100).meta({ description: 'Percent of the amount (2.99 = 2.99%)' }),
    fixed: z.number().int().min(0).meta({ description: 'Integer cents added to the percentage part' }),
  })
  .meta({ id: 'Fee' });

export const installmentFeeSchema = z
  .object({ installments: z.number().int().min(1).max(12), percentage: feeSpecSchema.shape.percentage, fixed: feeSpecSchema.shape.fixed })
  .meta({ id: 'InstallmentFee' });

export const CARD_INSTALLMENTS = 12;

/** Anticipation (docs/receivables.md): a monthly rate charged pro rata by the days each receivable is anticipated, and the amount above which an operator approves. */
export const anticipationFeeSchema = z
  .object({
    percentage: z.number().min(0).max(100).meta({ description: 'Percent per 30 days anticipated, charged pro rata by day on each receivable (2 = 2% a month)' }),
    approvalAbove: z.number().int().min(0).nullable().meta({ description: 'Anticipations whose gross amount is above these integer cents wait for an operator; null: none waits' }),
  })
  .meta({ id: 'AnticipationFee' });

export const feeTableSchema = z
  .object({
    pix: feeSpecSchema,
    boleto: feeSpecSchema,
    creditCard: z.array(installmentFeeSchema).length(CARD_INSTALLMENTS).meta({ description: 'Always 12 entries, installments 1 to 12' }),
    withdrawal: feeSpecSchema,
    refund: feeSpecSchema,
    chargeback: z.object({ fee: feeSpecSchema, penalty: feeSpecSchema }),
    anticipation: anticipationFeeSchema,
    currency: z.string().length(3),
  })
  .meta({ id: 'FeeTable' });

/**
 * What is stored per company and currency: any subset. A card entry is keyed by its
 * installment count ("1".."12") so that setting one count never disturbs the others.
 */
export const feeTableConfigSchema = z.strictObject({
  pix: feeSpecSchema.strict().optional(),
  boleto: feeSpecSchema.strict().optional(),
  creditCard: z.partialRecord(z.enum(Array.from({ length: CARD_INSTALLMENTS }, (_, i) => String(i + 1)) as [string, ...string[]]), feeSpecSchema.strict()).optional(),
  withdrawal: feeSpecSchema.strict().optional(),
  refund: feeSpecSchema.strict().optional(),
  chargeback: z.strictObject({ fee: feeSpecSchema.strict().optional(), penalty: feeSpecSchema.strict().optional() }).optional(),
  anticipation: anticipationFeeSchema.strict().optional(),
});

export const feesQuery = z.strictObject({
  currency: currencyCode.optional().meta({ description: 'Exactly 3 letters, upper-cased; default the account currency' }),
});

export type FeeTableView = z.output<typeof feeTableSchema>;
export type FeeTableConfig = z.output<typeof feeTableConfigSchema>;
