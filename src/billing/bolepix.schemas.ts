import { z } from 'zod';
import { LATE_FEE_LIMITS } from './bolepix.rules';

const discount = z
  .strictObject({
    percent: z.number().min(0.01).max(99.99).optional(),
    amount: z.number().int().min(1).meta({ description: 'Cents off' }).optional(),
    daysBeforeDue: z.number().int().min(0).max(LATE_FEE_LIMITS.discountDaysBeforeDue).default(0).meta({ description: 'The discount holds until this many days before the due date (0: up to the due date)' }),
  })
  .superRefine((d, ctx) => {
    if ((d.percent === undefined) === (d.amount === undefined)) ctx.addIssue({ code: 'custom', message: 'Give exactly one of percent and amount' });
  })
  .meta({ oneOf: [{ required: ['percent'] }, { required: ['amount'] }] });

/** The late fees of the invoices' boletos (send_invoice), on a plan or a subscription. */
export const lateFeesSchema = z
  .strictObject({
    finePercent: z.number().min(0.01).max(LATE_FEE_LIMITS.finePercent).optional().meta({ description: 'Multa, once, from the day after the due date: at most 2% (the consumer code\'s cap)' }),
    interestMonthlyPercent: z.number().min(0.01).max(LATE_FEE_LIMITS.interestMonthlyPercent).optional().meta({ description: 'Juros de mora per month, charged per day late: at most 1% a month' }),
    discount: discount.optional(),
    payableDaysAfterDue: z.number().int().min(1).max(LATE_FEE_LIMITS.payableDaysAfterDue).optional().meta({ description: 'Days the boleto stays payable after its due date (30 when a fine or interest is set)' }),
  })
  .meta({ id: 'LateFees', description: "The fine, interest and discount of a send_invoice invoice's bolepix" });

export const invoiceBolepixSchema = z
  .object({
    transactionId: z.string(),
    paymentId: z.string(),
    dueDate: z.string(),
    amount: z.number().int(),
    fine: z.object({ percent: z.number() }).nullable(),
    interest: z.object({ monthlyPercent: z.number() }).nullable(),
    discount: z.object({ until: z.string(), percent: z.number().optional(), amount: z.number().int().optional() }).nullable(),
  })
  .meta({ id: 'InvoiceBolepix' });

export const invoiceBoletoSchema = z
  .object({ digitableLine: z.string(), formattedLine: z.string(), barcode: z.string(), url: z.string(), pdfUrl: z.string() })
  .meta({ id: 'InvoiceBoleto' });

export const invoicePixQrCodeSchema = z.object({ copyPaste: z.string(), imageUrl: z.string() }).meta({ id: 'InvoicePixQrCode' });

export const invoiceOverpaymentSchema = z.object({ transactionId: z.string(), amount: z.number().int(), at: z.string() }).meta({ id: 'InvoiceOverpayment' });
