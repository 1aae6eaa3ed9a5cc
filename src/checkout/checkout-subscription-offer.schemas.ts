import { z } from 'zod';

/**
 * The parts of a checkout session in subscription mode that its views and its confirmation
 * share (the create body is checkout-subscriptions.schemas.ts).
 */

/** What the buyer chose on a subscription session's page. */
export const subscriptionPaymentInput = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('credit_card'), cardToken: z.string().min(1).max(200).meta({ description: 'tokenId from the SDK (single use); the card is saved for the renewals' }) }),
  z.strictObject({ method: z.literal('pix_automatico') }),
]);

const subscriptionLineView = z.object({
  description: z.string(),
  kind: z.enum(['recurring', 'activation']),
  quantity: z.number().int(),
  amount: z.number().int().nullable().meta({ description: 'Per cycle (recurring) or once (activation); null for metered usage' }),
});

const subscriptionOffer = {
  planId: z.string(),
  currency: z.string(),
  recurrence: z.object({ interval: z.number().int(), unit: z.string() }),
  trialDays: z.number().int(),
  lines: z.array(subscriptionLineView),
  amountPerCycle: z.number().int().meta({ description: 'The recurring items of one cycle (metered usage apart)' }),
  amountDueNow: z.number().int().meta({ description: 'The first invoice before any coupon; 0 during a trial' }),
  paymentMethods: z.object({ card: z.boolean(), pixAutomatico: z.boolean() }),
};

/** The merchant's view of a subscription session's offer and of what its confirmation made (null in payment mode). */
export const sessionSubscriptionSchema = z
  .object({
    ...subscriptionOffer,
    items: z.array(z.object({ planItemId: z.string().optional(), planItemKey: z.string().optional(), quantity: z.number().int().optional() })),
    couponId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    customerId: z.string().nullable(),
    mandateId: z.string().nullable(),
  })
  .nullable()
  .meta({ id: 'CheckoutSessionSubscription' });

/** The buyer's view: the offer, and while it waits for the payer, the Pix Automático mandate's QR. */
export const publicSessionSubscriptionSchema = z
  .object({
    ...subscriptionOffer,
    subscriptionId: z.string().nullable(),
    mandate: z
      .object({
        status: z.string(),
        qrCode: z.string().nullable().meta({ description: 'Copia e cola of the mandate while pending' }),
        qrCodeUrl: z.string().nullable().meta({ description: "The mandate's QR code image (PNG) while pending" }),
      })
      .nullable(),
  })
  .nullable()
  .meta({ id: 'CheckoutPublicSessionSubscription' });

export type SubscriptionPaymentInput = z.output<typeof subscriptionPaymentInput>;
export type SessionSubscriptionView = z.output<typeof sessionSubscriptionSchema>;
export type PublicSessionSubscriptionView = z.output<typeof publicSessionSubscriptionSchema>;
