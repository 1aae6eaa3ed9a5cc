/**
 * The event codes merchants see: the spec's catalog (which "holds exactly these codes") plus
 * the checkout codes of decisions.md. Webhooks subscribe to these codes (an empty list means
 * all of them) and GET /webhooks/listeners lists them.
 */
export const EVENT_CATALOG = {
  'transaction.created': 'A transaction was created',
  'transaction.waiting_payment': 'A transaction is waiting for a Pix or boleto payment',
  'transaction.paid': 'A transaction was paid in full',
  'transaction.refused': 'A transaction was refused by the processor',
  'transaction.failed': 'A transaction failed to process',
  'transaction.canceled': 'A transaction was canceled or expired unpaid',
  'transaction.refunded': 'A transaction was refunded, fully or partially',
  'transaction.chargeback': 'A chargeback was opened on a transaction',
  'payment.created': 'A payment was created',
  'payment.waiting_payment': 'A payment is waiting for the buyer to pay',
  'payment.paid': 'A payment was paid',
  'payment.refused': 'A payment was refused',
  'payment.failed': 'A payment failed',
  'payment.refunded': 'A payment was refunded, fully or partially',
  'payment.chargeback': 'A chargeback was opened on a payment',
  'customer.created': 'A customer was created',
  'customer.updated': 'A customer was updated',
  'recipient.created': 'A recipient was created or linked to the company',
  'recipient.updated': 'A recipient was updated',
  'recipient.approved': 'A recipient passed KYC and is active',
  'recipient.refused': 'A recipient was refused at KYC',
  'recipient.deleted': 'A recipient was unlinked from the company',
  'withdrawal.requested': 'A withdrawal was requested',
  'withdrawal.paid': 'A withdrawal was paid out',
  'withdrawal.rejected': 'A withdrawal was rejected by an operator',
  'anticipation.requested': 'A recipient asked to anticipate waiting receivables: completed at once, or pending_approval while it waits for an operator',
  'anticipation.approved': 'An operator approved an anticipation above the company’s approval amount: its money moved with the approval (completed)',
  'anticipation.rejected': 'An operator rejected an anticipation: its receivables wait for their dates again',
  'anticipation.completed': 'Receivables were anticipated: their net, less the anticipation fee, is available',
  'transfer.created': 'Money was transferred between two recipients of the company',
  'dispute.created': 'A chargeback opened a dispute, with its deadline for evidence',
  'dispute.evidence_submitted': 'The evidence of a dispute was sent to the processor',
  'dispute.won': 'A dispute was won: the blocked amount is released back',
  'dispute.lost': 'A dispute was lost: the blocked amount is debited',
  'invoice.issued': 'An invoice was issued',
  'invoice.payment_attempted': 'A payment of an invoice was attempted',
  'invoice.paid': 'An invoice was paid',
  'invoice.voided': 'An invoice was voided',
  'invoice.refunded': 'An invoice was refunded',
  'invoice.overpaid': 'An invoice was paid again by another of its ways of paying (its payment link or its bolepix): the extra money is to refund',
  'invoice.rescheduled': 'A failed invoice charge was rescheduled',
  'subscription.created': 'A subscription was created',
  'subscription.activated': 'A subscription became active',
  'subscription.canceled': 'A subscription was canceled',
  'subscription.cycle_advanced': 'A subscription advanced to its next cycle',
  'subscription.paused': 'A subscription was paused',
  'subscription.resumed': 'A subscription was resumed',
  'subscription.updated': 'A subscription was changed: its plan, price or quantities (a plan change), or its discount',
  'subscription.plan_change_scheduled': 'A change of plan, price or quantities was scheduled for the end of the current cycle',
  'subscription.plan_change_canceled': 'A scheduled change of plan, price or quantities was canceled before it applied',
  'checkout.session.created': 'A checkout session was created',
  'checkout.session.paid': 'A checkout session was paid in full',
  'checkout.session.partially_paid': 'A checkout session received part of its total',
  'checkout.session.expired': 'A checkout session expired',
  'checkout.session.canceled': 'A checkout session was canceled',
  'checkout.session.failed': 'A checkout session failed',
  'checkout.link.created': 'A checkout link was created',
  'checkout.link.updated': 'A checkout link was updated',
  'checkout.link.archived': 'A checkout link was archived',
} as const;

/**
 * Outbox-only codes: recorded with the change they describe so Lastro's own subscribers act
 * on them (a refund's workflow backstop) and the timeline can show them, but never delivered
 * to webhooks, because the spec's catalog is closed. Merchants learn a refund's outcome from
 * transaction.refunded / payment.refunded and GET /refunds/:id.
 */
export const INTERNAL_EVENT_CATALOG = {
  'checkout.session.opened': 'The buyer opened a checkout session page (not in the closed catalog of decisions.md)',
  'refund.created': 'A refund was requested (pending, or already approved when automatic approval is on)',
  'refund.awaiting_bank_details': 'A boleto refund needs the buyer’s bank account (also recorded as a reminder and after a bounced transfer); the event carries no link: the merchant reads bankDetailsUrl with GET /refunds/:id',
  'refund.awaiting_confirmation': 'The buyer sent an account for a boleto refund whose sale recorded no buyer document: no transfer until the merchant confirms it (POST /refunds/:id/confirm-bank-details) or refuses the refund',
  'refund.refunded': 'A refund was completed: the money went back to the buyer',
  'refund.refused': 'A refund was refused by a reviewer',
  'refund.failed': 'A refund failed (the acquirer refused it, or the buyer never sent valid bank details)',
  'webhook.failing': 'A webhook endpoint keeps failing: its lane only probes it until it answers 2xx again (data: the webhook)',
  'webhook.recovered': 'A failing webhook endpoint answered 2xx again: its deliveries flow at full speed (data: the webhook)',
} as const;

export type WebhookEventType = keyof typeof EVENT_CATALOG;
export type EventType = WebhookEventType | keyof typeof INTERNAL_EVENT_CATALOG;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as WebhookEventType[];

const DESCRIPTIONS: Record<EventType, string> = { ...EVENT_CATALOG, ...INTERNAL_EVENT_CATALOG };

/** Whether webhooks may subscribe to (and receive) this code. */
export function isWebhookEventType(code: string): code is WebhookEventType {
  return Object.prototype.hasOwnProperty.call(EVENT_CATALOG, code);
}

/** What an event code means, for timelines; undefined for a code Lastro never emitted. */
export function describeEvent(code: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(DESCRIPTIONS, code) ? DESCRIPTIONS[code as EventType] : undefined;
}
