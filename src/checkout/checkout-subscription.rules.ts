import type { ChangedItem } from '../billing/plan-changes.rules';
import { cycleAmount } from '../billing/plan-changes.rules';
import { componentAmount } from '../billing/pricing.rules';
import type { CheckoutSessionStatus, SubscriptionLine } from './checkout-session.entity';

/**
 * Pure rules of subscription-mode checkout sessions: what the page shows of the plan, and the
 * session's status from the subscription its confirmation made.
 */

/** One line per billed component: its price per cycle (or once, activation), null for metered usage. */
export function subscriptionLines(items: readonly ChangedItem[]): SubscriptionLine[] {
  return items.map((i) => ({
    description: i.description,
    kind: i.kind,
    quantity: i.quantity,
    amount: i.billingScheme === 'metered' ? null : componentAmount(i, i.quantity, i.quantityIncluded),
  }));
}

/** One cycle of the recurring items, and what the first invoice bills before a coupon (nothing during a trial). */
export function subscriptionAmounts(items: readonly ChangedItem[], trialDays: number): { amountPerCycle: number; amountDueNow: number } {
  const amountPerCycle = cycleAmount([...items]);
  const activation = items.filter((i) => i.kind === 'activation' && i.billingScheme !== 'metered').reduce((a, i) => a + componentAmount(i, i.quantity, i.quantityIncluded), 0);
  return { amountPerCycle, amountDueNow: trialDays > 0 ? 0 : amountPerCycle + activation };
}

export type SubscriptionMethod = 'credit_card' | 'pix_automatico';

/** What the session reads of the subscription it made (null before the buyer confirmed). */
export interface SubscriptionProgressView {
  method: SubscriptionMethod;
  subscriptionStatus: string;
  /** The status of the first invoice (cycle 0), null until it is issued. */
  firstInvoiceStatus: string | null;
  /** The status of the session's Pix Automático mandate, null without one. */
  mandateStatus: string | null;
}

const ENDED_MANDATE = new Set(['rejected', 'expired', 'canceled']);

/**
 * The session's status once it made its subscription:
 * - `paid` (the checkout is complete) when the buyer's subscription runs: a trial started, a
 *   card paid the first invoice, or the Pix Automático mandate is active (its first charge is
 *   the mandate's, scheduled before the invoice's due date, as for every cycle);
 * - `failed` when the first invoice's card charge failed, the mandate was refused or expired,
 *   or the subscription ended before it ran;
 * - `paying` meanwhile. A session already paid, canceled or expired stays so.
 */
export function subscriptionSessionStatus(current: CheckoutSessionStatus, p: SubscriptionProgressView | null): CheckoutSessionStatus {
  if (current === 'paid' || current === 'canceled' || current === 'expired' || !p) return current;
  if (p.subscriptionStatus === 'canceled' || p.subscriptionStatus === 'ended') return 'failed';
  if (p.subscriptionStatus === 'trialing') return 'paid';
  if (p.method === 'pix_automatico') {
    if (p.subscriptionStatus === 'active' || p.mandateStatus === 'active') return 'paid';
    return p.mandateStatus && ENDED_MANDATE.has(p.mandateStatus) ? 'failed' : 'paying';
  }
  if (p.firstInvoiceStatus === 'paid') return 'paid';
  if (p.firstInvoiceStatus === 'past_due' || p.firstInvoiceStatus === 'uncollectible' || p.subscriptionStatus === 'past_due') return 'failed';
  return 'paying';
}

/** A failed subscription session takes a new confirmation only for a new mandate: a card's first invoice is then in dunning. */
export const canRetrySubscription = (status: CheckoutSessionStatus, method: SubscriptionMethod, previous: SubscriptionMethod | null): boolean =>
  status === 'failed' && method === 'pix_automatico' && previous === 'pix_automatico';
