import { z } from 'zod';
import { currencyCode, metadataSchema } from '../http/schemas';
import { brandingInput, checkoutContentDefaults, customFieldsInput, redirectUrl } from './checkout.schemas';
import { customerPrefillInput } from './checkout-sessions.schemas';

/**
 * Subscription mode of POST /checkout/sessions (Stripe's `mode: subscription` in Lastro's
 * names): the buyer subscribes to a published plan from the hosted page, paying by card or by
 * Pix Automático.
 */

const planItemChoice = z
  .strictObject({
    planItemId: z.string().min(1).max(40).optional(),
    planItemKey: z.string().min(1).max(100).optional(),
    quantity: z.number().int().min(1).max(1_000_000).optional(),
  })
  .refine((it) => !it.planItemId !== !it.planItemKey, { message: 'Give exactly one of planItemId and planItemKey', path: ['planItemId'] })
  .meta({ oneOf: [{ required: ['planItemId'] }, { required: ['planItemKey'] }] });

const methodSwitch = z.strictObject({ enabled: z.boolean().default(true) });

/** The ways the buyer may pay the subscription's invoices; an object present is enabled unless it says otherwise. */
const subscriptionPaymentMethods = z
  .strictObject({
    card: methodSwitch.optional().meta({ description: "The card tokenized on the page: saved as the subscription's card, charged for the first invoice and every renewal" }),
    pixAutomatico: methodSwitch.optional().meta({ description: "A Pix Automático mandate authorized by QR on the page: it pays every invoice (BRL, a cycle the BCB offers)" }),
  })
  .refine((m) => Boolean(m.card?.enabled || m.pixAutomatico?.enabled), { message: 'Enable at least one of card, pixAutomatico' })
  // The refine in JSON Schema: a method present is enabled unless it says `enabled: false`.
  .meta({ anyOf: ['card', 'pixAutomatico'].map((m) => ({ required: [m], properties: { [m]: { properties: { enabled: { const: true } } } } })) });

export const createSubscriptionSessionBody = z
  .strictObject({
    mode: z.literal('subscription'),
    planId: z.string().min(1).max(40).meta({ description: 'A published (active) plan (plan_…)' }),
    items: z.array(planItemChoice).max(50).optional().meta({ description: "Optional components added, or quantities set, as POST /subscriptions's items with planId" }),
    currency: currencyCode.default('BRL').meta({ description: "The plan's prices in this currency; Pix Automático charges BRL only" }),
    couponId: z.string().min(1).max(40).optional().meta({ description: 'A coupon (cpn_…) applied to the subscription from its first invoice' }),
    customerId: z.string().min(1).max(40).optional().meta({ description: 'An existing customer (cust_…) who subscribes; without it the buyer becomes a new customer' }),
    paymentMethods: subscriptionPaymentMethods,
    customer: customerPrefillInput.optional().meta({ description: "A prefill of the buyer's fields the page shows" }),
    locale: checkoutContentDefaults.locale,
    branding: brandingInput.optional(),
    customFields: customFieldsInput.optional(),
    successUrl: redirectUrl.optional(),
    cancelUrl: redirectUrl.optional(),
    metadata: metadataSchema.optional().meta({ description: 'The session\'s metadata; the subscription gets it too, with checkoutSessionId' }),
    expirationMinutes: checkoutContentDefaults.expirationMinutes,
  })
  .meta({ id: 'CreateSubscriptionCheckoutSession' });

export type CreateSubscriptionSessionInput = z.output<typeof createSubscriptionSessionBody>;
