import type { PixMandate, PixMandateJourney, PixMandatePeriod } from '../processors/pix/pix-psp.port';
import type { Recurrence } from './price.rules';

/**
 * Pure rules of Pix Automático mandates: Lastro's status of one from the PSP's, the period the
 * BCB allows for a subscription's recurrence, and its first due date. No I/O, no clock.
 */

/** pending: the payer has not answered; active: charges may be scheduled; the rest are final. */
export type MandateStatus = 'pending' | 'active' | 'rejected' | 'expired' | 'canceled';
export type MandateJourney = PixMandateJourney;
/**
 * How the merchant asks the payer: the mandate's QR (journey 2), the QR of the open invoice's
 * immediate Pix charge with the mandate (journey 3), or a request sent to the payer's bank account
 * (journey 1).
 */
export type MandateAuthorization = 'qr' | 'qr_with_payment' | 'request';

/**
 * Journey 3's Pix transaction of an invoice: `<inv_id>-pixauto-<n>`, n counting the invoice's
 * earlier ones, so a retried start finds the one it made (reference codes are unique per company)
 * and a start after one expired makes the next.
 */
export const firstPaymentReference = (invoiceId: string, n: number): string => `${invoiceId}-pixauto-${n}`;

/** Whether a transaction's referenceCode is a journey-3 payment of this invoice. */
export const isFirstPaymentReference = (invoiceId: string, referenceCode: string | undefined): boolean => {
  const prefix = `${invoiceId}-pixauto-`;
  return typeof referenceCode === 'string' && referenceCode.startsWith(prefix) && /^[1-9]\d{0,5}$/.test(referenceCode.slice(prefix.length));
};

const STATUS: Record<PixMandate['status'], MandateStatus> = { CRIADA: 'pending', APROVADA: 'active', REJEITADA: 'rejected', EXPIRADA: 'expired', CANCELADA: 'canceled' };
export const mandateStatusOf = (s: PixMandate['status']): MandateStatus => STATUS[s];
export const isLive = (s: MandateStatus): boolean => s === 'pending' || s === 'active';

/**
 * The BCB's periods are weekly, monthly, quarterly, semiannual and annual; a recurrence of
 * another shape (every 2 months, daily…) cannot be a mandate: null.
 */
export function mandatePeriodOf(r: Pick<Recurrence, 'interval' | 'unit'>): PixMandatePeriod | null {
  if (r.unit === 'month' && r.interval === 1) return 'monthly';
  if (r.unit === 'month' && r.interval === 3) return 'quarterly';
  if (r.unit === 'month' && r.interval === 6) return 'semiannual';
  if ((r.unit === 'year' && r.interval === 1) || (r.unit === 'month' && r.interval === 12)) return 'annual';
  return null;
}

/** Brasília's calendar day (UTC−3) of an instant: the days a mandate and its charges count in. */
export function brasiliaDay(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The mandate's first due date: the subscription's next invoice, but never sooner than the
 * earliest day a charge can be scheduled for (2 days from today, the BCB's window).
 */
export function mandateStartDate(now: Date, nextInvoiceAt: Date | null): string {
  const earliest = brasiliaDay(new Date(now.getTime() + 2 * 86_400_000));
  const next = nextInvoiceAt ? brasiliaDay(nextInvoiceAt) : earliest;
  return next < earliest ? earliest : next;
}
