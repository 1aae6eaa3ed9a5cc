/**
 * The checkoutSession workflow's public surface, shared by the API, the event subscriber and
 * the workflow. Workflow id = the session id (`cs_…`). It carries ids and dates only.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { CheckoutSessionStatus } from '../../src/checkout/checkout-session.entity';

export const CHECKOUT_SESSION_WORKFLOW = 'checkoutSessionWorkflow';
export const checkoutSessionWorkflowId = (sessionId: string): string => sessionId;

export interface CheckoutSessionWorkflowInput {
  sessionId: string;
  /** createdAt + expirationMinutes (ISO), as the session row holds it. */
  expiresAt: string;
  /**
   * Milliseconds from the workflow's start to expiresAt, measured by whoever starts it (the API
   * right after creation, or the outbox backstop later), so the timer still counts from the
   * session's creation however late the workflow starts.
   */
  expiresInMs: number;
}

export interface CheckoutSessionOutcome {
  status: CheckoutSessionStatus;
}

// Signals: the API (or the payment subscriber) has already committed what it reports; the
// workflow re-reads the session's payments, or stops.
/** The buyer's page was viewed (the row is already `opened`). */
export const sessionOpenedSignal = defineSignal('opened');
/** A payment or transaction of this session changed (paid, refused, failed, canceled). */
export const sessionPaymentsChangedSignal = defineSignal<[{ transactionId: string }]>('paymentsChanged');
/** The merchant canceled the session (the row is already `canceled`). */
export const cancelSessionSignal = defineSignal('cancel');

export const sessionStatusQuery = defineQuery<CheckoutSessionStatus | null>('status');

/** The activities the workflow calls (activities/checkout implements exactly this); both idempotent. */
export interface CheckoutSessionActivities {
  /** Recomputes the status from the payments, records checkout.session.partially_paid/paid/failed once per change. */
  syncCheckoutSession(input: { sessionId: string }): Promise<CheckoutSessionOutcome>;
  /** expired (unless paid or canceled meanwhile); open transactions are canceled, approved cards of them voided. */
  expireCheckoutSession(input: { sessionId: string }): Promise<CheckoutSessionOutcome>;
}
