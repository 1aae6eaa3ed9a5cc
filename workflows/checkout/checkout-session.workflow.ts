import { condition, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import {
  cancelSessionSignal,
  sessionOpenedSignal,
  sessionPaymentsChangedSignal,
  sessionStatusQuery,
  type CheckoutSessionActivities,
  type CheckoutSessionOutcome,
  type CheckoutSessionWorkflowInput,
} from './checkout-session.contract';
import type { CheckoutSessionStatus } from '../../src/checkout/checkout-session.entity';

/** Short, idempotent database steps: local activities, retried until the database answers. */
const db = proxyLocalActivities<CheckoutSessionActivities>({ startToCloseTimeout: '30 seconds', retry: { initialInterval: '1 second', maximumInterval: '1 minute' } });

const FINAL: CheckoutSessionStatus[] = ['paid', 'expired', 'canceled'];

/**
 * One checkout session (workflow id = cs_ id): created → opened → paying → partially_paid →
 * paid, or failed (the buyer may try again), expired (timer from creation), canceled.
 *
 * The session row is the truth; the workflow owns time. Each payment signal makes it re-read
 * the session's payments (syncCheckoutSession); the expiry timer expires it and cancels what
 * is still open. A session lives at most expirationMinutes (≤ 30 days) and sees a handful of
 * signals, so its history stays small: no continue-as-new.
 */
export async function checkoutSessionWorkflow(input: CheckoutSessionWorkflowInput): Promise<CheckoutSessionOutcome> {
  let status: CheckoutSessionStatus = 'created';
  let changes = 0;
  let canceled = false;
  setHandler(sessionOpenedSignal, () => {
    if (status === 'created') status = 'opened';
  });
  setHandler(sessionPaymentsChangedSignal, () => {
    changes++;
  });
  setHandler(cancelSessionSignal, () => {
    canceled = true;
  });
  setHandler(sessionStatusQuery, () => status);

  // Inputs recorded before expiresInMs existed carry only expiresAt.
  const deadline = typeof input.expiresInMs === 'number' ? Date.now() + Math.max(0, input.expiresInMs) : Date.parse(input.expiresAt);
  for (;;) {
    const remaining = deadline - Date.now();
    const woken = remaining > 0 && (await condition(() => changes > 0 || canceled, remaining));
    if (canceled) return { status: (status = 'canceled') };
    if (!woken) {
      ({ status } = await db.expireCheckoutSession({ sessionId: input.sessionId }));
      return { status };
    }
    changes = 0;
    ({ status } = await db.syncCheckoutSession({ sessionId: input.sessionId }));
    if (FINAL.includes(status)) return { status };
  }
}
