/**
 * Fee computation for the account fee table (Pix, boleto, card by installments, withdrawal,
 * refund, chargeback all use the same shape). Pure: importable from workflow code.
 */
import { assertCents, percentOf } from '../shared/money';

/** One fee-table entry: `percentage` of the amount (decimal percent, 0 if none) plus `fixed` cents. */
export interface FeeSpec {
  percentage: number;
  fixed: number;
}

/**
 * The fee in integer cents charged on `amount` cents.
 *
 * Rounding: only the percentage part is rounded, once, half-up to the cent (a half cent
 * rounds up: 2.99% of R$10.50 = 31.395 → 31; 0.01% of R$50.00 = 0.5 → 1). The percentage is
 * read as an exact decimal, so floating point never shifts the result. Then `fixed` is
 * added as is. The result is clamped at 0, so a misconfigured negative entry can never
 * turn a fee into a credit.
 */
export function computeFee(fee: FeeSpec, amount: number): number {
  assertCents(amount);
  assertCents(fee.fixed, 'fixed');
  if (amount < 0) throw new RangeError('amount must be >= 0');
  if (!Number.isFinite(fee.percentage)) throw new RangeError('percentage must be a finite number');
  return Math.max(0, percentOf(amount, fee.percentage) + fee.fixed);
}
