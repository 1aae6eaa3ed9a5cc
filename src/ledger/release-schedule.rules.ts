/**
 * When a paid amount moves from the recipient's pending to available balance. Pure:
 * importable from workflow code (the transaction workflow sleeps until each releaseAt).
 *
 * - pix: released at payment (releaseAt = paidAt).
 * - boleto: D+1, i.e. paidAt + 24 h (calendar days, not business days).
 * - credit_card: one release per installment, installment n (1-based) at paidAt + 30·n days;
 *   the amount is split evenly in whole cents with the remainder on the FIRST release, so
 *   the releases sum exactly to the amount.
 */
import { addDays } from '../billing/schedule.rules';
import { assertCents, splitRemainderFirst } from '../shared/money';

export type ReleaseMethod = 'pix' | 'boleto' | 'credit_card';

export interface ReleaseScheduleInput {
  method: ReleaseMethod;
  /** Integer cents to release in all, ≥ 0. */
  amount: number;
  /** Card installments (integer ≥ 1, default 1); must be 1 or omitted for pix and boleto. */
  installments?: number;
  /** When the payment was confirmed, ISO 8601 with an offset. */
  paidAt: string;
}

export interface Release {
  /** ISO UTC instant at which `amount` becomes available. */
  releaseAt: string;
  /** Integer cents. */
  amount: number;
}

const CARD_RELEASE_DAYS = 30;

/**
 * The releases of one payment, in chronological order, summing exactly to `amount`.
 * Throws RangeError on invalid input (non-integer amount, installments < 1, installments > 1
 * for pix/boleto, unparseable paidAt).
 */
export function releaseSchedule(input: ReleaseScheduleInput): Release[] {
  assertCents(input.amount);
  if (input.amount < 0) throw new RangeError('amount must be >= 0');
  const installments = input.installments ?? 1;
  if (!Number.isSafeInteger(installments) || installments < 1) {
    throw new RangeError('installments must be an integer >= 1');
  }
  switch (input.method) {
    case 'pix':
    case 'boleto':
      if (installments !== 1) throw new RangeError(`${input.method} payments have no installments`);
      return [{ releaseAt: addDays(input.paidAt, input.method === 'pix' ? 0 : 1), amount: input.amount }];
    case 'credit_card':
      return splitRemainderFirst(input.amount, installments).map((amount, i) => ({
        releaseAt: addDays(input.paidAt, CARD_RELEASE_DAYS * (i + 1)),
        amount,
      }));
    default:
      throw new RangeError(`unknown method ${String((input as { method: unknown }).method)}`);
  }
}
