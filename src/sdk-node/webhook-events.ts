import type { webhooks } from './openapi';

/**
 * The event codes a webhook receives (GET /webhooks/listeners, the document's `webhooks`
 * section; test/sdk-node checks this list against the live one).
 */
export const EVENT_TYPES = [
  'transaction.created', 'transaction.waiting_payment', 'transaction.paid', 'transaction.refused', 'transaction.failed',
  'transaction.canceled', 'transaction.refunded', 'transaction.chargeback',
  'payment.created', 'payment.waiting_payment', 'payment.paid', 'payment.refused', 'payment.failed', 'payment.refunded', 'payment.chargeback',
  'customer.created', 'customer.updated',
  'recipient.created', 'recipient.updated', 'recipient.approved', 'recipient.refused', 'recipient.deleted',
  'withdrawal.requested', 'withdrawal.paid', 'withdrawal.rejected',
  'anticipation.requested', 'anticipation.approved', 'anticipation.rejected', 'anticipation.completed',
  'transfer.created',
  'dispute.created', 'dispute.evidence_submitted', 'dispute.won', 'dispute.lost',
  'invoice.issued', 'invoice.payment_attempted', 'invoice.paid', 'invoice.voided', 'invoice.refunded', 'invoice.overpaid', 'invoice.rescheduled',
  'subscription.created', 'subscription.activated', 'subscription.canceled', 'subscription.cycle_advanced', 'subscription.paused', 'subscription.resumed', 'subscription.updated', 'subscription.plan_change_scheduled', 'subscription.plan_change_canceled',
  'checkout.session.created', 'checkout.session.paid', 'checkout.session.partially_paid', 'checkout.session.expired', 'checkout.session.canceled', 'checkout.session.failed',
  'checkout.link.created', 'checkout.link.updated', 'checkout.link.archived',
] as const;

/** The event codes, from the OpenAPI document's `webhooks` section (one entry per code). */
export type EventType = keyof webhooks & string;

// EVENT_TYPES (needed at run time) names every code of the document and no other: a code
// added to the API and not here, or the reverse, fails the typecheck.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyCodeListed: Exactly<(typeof EVENT_TYPES)[number], EventType> = true;
void everyCodeListed;

/** The envelope Lastro POSTs (docs/webhooks.md), one member per event code: narrow on `event`. */
export type LastroEvent = {
  [E in EventType]: webhooks[E]['post']['requestBody']['content']['application/json'];
}[EventType];

/** `data` of an event: the entity as the API shows it, by the event code's domain (the document's schema for it). */
export type EventData<E extends EventType> = Extract<LastroEvent, { event: E }>['data'];
