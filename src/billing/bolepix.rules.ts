import { addCalendarDays, brasiliaToday } from '../payments/artifacts';

/**
 * The late fees of a send_invoice invoice's boleto, set on the plan or the subscription (the
 * subscription's replace the plan's as a whole). Percents are of the invoice's total.
 */
export interface LateFees {
  /** Multa: once, from the day after the due date; at most 2% (CDC art. 52 §1). */
  finePercent?: number;
  /** Juros de mora: per month, charged per calendar day late; at most 1% a month. */
  interestMonthlyPercent?: number;
  /** Desconto for paying up to `daysBeforeDue` days before the due date (0: on the due date). */
  discount?: { percent?: number; amount?: number; daysBeforeDue: number };
  /** Days after the due date the boleto can still be paid; 30 when a fine or interest is set without it. */
  payableDaysAfterDue?: number;
}

export const LATE_FEE_LIMITS = { finePercent: 2, interestMonthlyPercent: 1, payableDaysAfterDue: 60, discountDaysBeforeDue: 30 } as const;
export const DEFAULT_PAYABLE_DAYS_AFTER_DUE = 30;

/** What a bolepix shows on its invoice: the boleto (its lines and PDF) and its Pix QR code. */
export interface InvoiceBolepix {
  transactionId: string;
  paymentId: string;
  dueDate: string;
  amount: number;
  boleto: { digitableLine: string; formattedLine: string; barcode: string; url: string; pdfUrl: string };
  pixQrCode: { copyPaste: string; imageUrl: string } | null;
  fine: { percent: number } | null;
  interest: { monthlyPercent: number } | null;
  discount: { until: string; percent?: number; amount?: number } | null;
}

/** A payment that reached an invoice already paid by another (the merchant refunds it). */
export interface InvoiceOverpayment {
  transactionId: string;
  amount: number;
  at: string;
}

/** The boleto's terms in the transactions API's form (`payments[].boleto`). */
export interface BolepixBoletoTerms {
  dueDate: string;
  payableDaysAfterDue?: number;
  fine?: { percent: number };
  interest?: { monthlyPercent: number };
  discount?: { until: string; percent?: number; amount?: number };
}

/** The plan's late fees unless the subscription sets its own. */
export const effectiveLateFees = (subscription: LateFees | null, plan: LateFees | null): LateFees | null => subscription ?? plan ?? null;

/**
 * The boleto's due date: the invoice's, as a São Paulo calendar day, but never before today (a
 * past-due invoice, collected later by the dunning, gets a boleto payable from today).
 */
export function bolepixDueDate(dueAt: Date, now: Date): string {
  const due = brasiliaToday(dueAt);
  const today = brasiliaToday(now);
  return due < today ? today : due;
}

/**
 * The boleto's terms for an invoice of `total` cents due on `dueDate`. A discount that would not
 * leave a positive amount, or whose last day would fall before today, is left out (the issuer
 * refuses both); the invoice is still payable at its total.
 */
export function bolepixTerms(fees: LateFees | null, total: number, dueDate: string, today: string): BolepixBoletoTerms {
  const terms: BolepixBoletoTerms = { dueDate };
  if (!fees) return terms;
  const late = fees.finePercent !== undefined || fees.interestMonthlyPercent !== undefined;
  if (late) terms.payableDaysAfterDue = fees.payableDaysAfterDue ?? DEFAULT_PAYABLE_DAYS_AFTER_DUE;
  else if (fees.payableDaysAfterDue !== undefined) terms.payableDaysAfterDue = fees.payableDaysAfterDue;
  if (fees.finePercent !== undefined) terms.fine = { percent: fees.finePercent };
  if (fees.interestMonthlyPercent !== undefined) terms.interest = { monthlyPercent: fees.interestMonthlyPercent };
  const d = fees.discount;
  if (d) {
    const until = addCalendarDays(dueDate, -d.daysBeforeDue);
    const leavesAmount = d.amount === undefined || d.amount < total;
    if (until >= today && leavesAmount) terms.discount = d.amount !== undefined ? { until, amount: d.amount } : { until, percent: d.percent! };
  }
  return terms;
}
