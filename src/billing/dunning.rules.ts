/**
 * Dunning rules that do not touch storage: which way an invoice attempt is collected, and a
 * company's retry schedule. Pure.
 */
import { addDays } from './schedule.rules';

/**
 * How one attempt collects: `card` the saved card, `mandate` a Pix Automático charge, `by_hand`
 * the invoice's bolepix (else its payment link) offered to the payer, `none` nothing to use.
 */
export type AttemptMethod = 'card' | 'mandate' | 'by_hand' | 'none';

export interface PaymentMeans {
  hasCard: boolean;
  /** An active mandate. */
  hasMandate: boolean;
}

/**
 * The first attempt uses the subscription's own way of paying: its card, else its mandate. The
 * attempt right after a failed card falls back to the mandate when there is one, else to paying
 * by hand (bolepix, else the payment link); after a failed mandate (the PSP's own retries spent)
 * it is by hand. Later retries try the card again when there is one (a card declined today may
 * pass in three days), else by hand; the bolepix and payment link once offered stay payable
 * throughout, so the invoice is paid by whichever comes first.
 */
export function attemptMethod(attempt: number, m: PaymentMeans): AttemptMethod {
  const own: AttemptMethod = m.hasCard ? 'card' : m.hasMandate ? 'mandate' : 'none';
  if (attempt <= 1) return own;
  if (attempt === 2) return m.hasCard && m.hasMandate ? 'mandate' : 'by_hand';
  return m.hasCard ? 'card' : 'by_hand';
}

/** Days after the due date of each retry when the company has not set its own (3 retries, 4 attempts). */
export const DEFAULT_RETRY_DAYS: readonly number[] = [1, 3, 5];
/** At most this many retries, none later than MAX_RETRY_DAY days after the due date. */
export const MAX_RETRIES = 8;
export const MAX_RETRY_DAY = 60;

/** Why a retry schedule is refused (path and message for the 400's details), or null when it is valid. */
export function retryDaysProblem(days: readonly number[]): { path: string; message: string } | null {
  if (days.length > MAX_RETRIES) return { path: 'retryDays', message: `At most ${MAX_RETRIES} retries` };
  for (const [i, d] of days.entries()) {
    if (!Number.isInteger(d) || d < 1 || d > MAX_RETRY_DAY) return { path: `retryDays.${i}`, message: `A whole number of days from 1 to ${MAX_RETRY_DAY}` };
    if (i > 0 && d <= days[i - 1]) return { path: `retryDays.${i}`, message: 'Days must be in ascending order, each after the one before' };
  }
  return null;
}

/** The retry after failed attempt `attempt` (1-based) on `retryDays`, or null when dunning is over. */
export function retryAt(dueAt: string, attempt: number, retryDays: readonly number[]): string | null {
  const days = retryDays[attempt - 1];
  return days === undefined ? null : addDays(dueAt, days);
}
