import type { CheckoutLink, CheckoutSession, Customer, Invoice, Payment, Recipient, Subscription, Transaction, Withdrawal } from './types';

/**
 * The event codes a webhook receives (GET /webhooks/listeners; test/sdk-node checks this list
 * against the live one).
 */
export const EVENT_TYPES = [
  'transaction.created', 'transaction.waiting_payment', 'transaction.paid', 'transaction.refused', 'transaction.failed',
  'transaction.canceled', 'transaction.refunded', 'transaction.chargeback',
  'payment.created', 'payment.waiting_payment', 'payment.paid', 'payment.refused', 'payment.failed', 'payment.refunded', 'payment.chargeback',
  'customer.created', 'customer.updated',
  'recipient.created', 'recipient.updated', 'recipient.approved', 'recipient.refused', 'recipient.deleted',
  'withdrawal.requested', 'withdrawal.paid', 'withdrawal.rejected',
  'invoice.issued', 'invoice.payment_attempted', 'invoice.paid', 'invoice.voided', 'invoice.refunded', 'invoice.rescheduled',
  'subscription.created', 'subscription.activated', 'subscription.canceled', 'subscription.cycle_advanced', 'subscription.paused', 'subscription.resumed',
  'checkout.session.created', 'checkout.session.paid', 'checkout.session.partially_paid', 'checkout.session.expired', 'checkout.session.canceled', 'checkout.session.failed',
  'checkout.link.created', 'checkout.link.updated', 'checkout.link.archived',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** `data` of an event: the entity as the API shows it, by the event code's domain. */
export type EventData<E extends EventType> = E extends `checkout.session.${string}`
  ? CheckoutSession
  : E extends `checkout.link.${string}`
    ? CheckoutLink
    : E extends `transaction.${string}`
      ? Transaction
      : E extends `payment.${string}`
        ? Payment
        : E extends `customer.${string}`
          ? Customer
          : E extends `recipient.${string}`
            ? Recipient
            : E extends `withdrawal.${string}`
              ? Withdrawal
              : E extends `invoice.${string}`
                ? Invoice
                : E extends `subscription.${string}`
                  ? Subscription
                  : never;

/** The envelope Lastro POSTs (docs/webhooks.md), one member per event code: narrow on `event`. */
export type LastroEvent = {
  [E in EventType]: { id: string; event: E; companyId: string; createdAt: string; data: EventData<E> };
}[EventType];
