import { z } from 'zod';
import { EVENT_CATALOG, EVENT_TYPES, type WebhookEventType } from '../events/catalog';
import { customerSchema } from '../customers/customers.schemas';
import { recipientSchema } from '../recipients/recipients.schemas';
import { paymentSchema, transactionSchema } from '../payments/transactions.schemas';
import { withdrawalSchema } from '../withdrawals/withdrawals.schemas';
import { transferSchema } from '../transfers/transfers.schemas';
import { anticipationSchema } from '../anticipations/anticipations.schemas';
import { disputeSchema } from '../disputes/disputes.schemas';
import { invoiceSchema, subscriptionSchema } from '../billing/subscriptions.schemas';
import { INVOICE_PAYMENT_METHODS } from '../billing/invoice-payment.rules';
import { sessionSchema } from '../checkout/checkout-sessions.schemas';
import { linkSchema } from '../checkout/checkout-links.schemas';
import { timestamp } from './schemas';

/** `invoice.payment_attempted`: the invoice, and how the attempt was made. */
const invoicePaymentAttemptedSchema = invoiceSchema.extend({
  method: z.enum(INVOICE_PAYMENT_METHODS).meta({ description: 'How the attempt was made: the saved card, the Pix Automático mandate (a recurring charge), or by hand (its bolepix, else its payment link)' }),
});

/**
 * What an event's `data` is, by its code's domain: the entity as the API shows it (the same
 * schema as its GET route), longest prefix first so `checkout.session.` wins over `checkout.`.
 */
const DATA_BY_PREFIX: Array<[string, z.ZodType]> = [
  ['invoice.payment_attempted', invoicePaymentAttemptedSchema],
  ['checkout.session.', sessionSchema],
  ['checkout.link.', linkSchema],
  ['transaction.', transactionSchema],
  ['payment.', paymentSchema],
  ['customer.', customerSchema],
  ['recipient.', recipientSchema],
  ['withdrawal.', withdrawalSchema],
  ['transfer.', transferSchema],
  ['anticipation.', anticipationSchema],
  ['dispute.', disputeSchema],
  ['invoice.', invoiceSchema],
  ['subscription.', subscriptionSchema],
];

export function eventDataSchema(code: WebhookEventType): z.ZodType {
  const found = DATA_BY_PREFIX.find(([prefix]) => code.startsWith(prefix));
  if (!found) throw new Error(`No data schema for the event code ${code}: add its domain to DATA_BY_PREFIX`);
  return found[1];
}

/** The envelope Lastro POSTs for one event code (docs/webhooks.md): `{ id, event, companyId, createdAt, data }`. */
export function eventEnvelopeSchema(code: WebhookEventType): z.ZodType {
  return z
    .object({
      id: z.string().meta({ description: 'The event id (`evt_…`), also the `webhook-id` header: the same on every retry and resend; deduplicate on it' }),
      event: z.literal(code),
      companyId: z.string(),
      createdAt: timestamp,
      data: eventDataSchema(code),
    })
    .meta({ description: EVENT_CATALOG[code] });
}

/** Every event code a webhook can receive, with its envelope's schema. */
export const webhookPayloads = (): Array<[WebhookEventType, z.ZodType]> => EVENT_TYPES.map((code) => [code, eventEnvelopeSchema(code)]);
