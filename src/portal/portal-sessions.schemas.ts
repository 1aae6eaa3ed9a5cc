import { z } from 'zod';
import { timestamp } from '../http/schemas';
import { redirectUrl } from '../checkout/checkout.schemas';
import { invoiceSchema } from '../billing/subscriptions.schemas';

export const PORTAL_LOCALES = ['pt-BR', 'en', 'es'] as const;

export const createPortalSessionBody = z.strictObject({
  customerId: z.string().min(1).max(40),
  returnUrl: redirectUrl.optional().meta({ description: "Where the portal's back link goes (the merchant's site)" }),
  locale: z.enum(PORTAL_LOCALES).optional().meta({ description: "The page's language; without it, the browser's (Accept-Language), else pt-BR" }),
  features: z.strictObject({ cancelSubscription: z.boolean().default(false) }).optional().meta({ description: 'What the customer may do besides paying: cancel a subscription at the end of its period' }),
});

export const portalSessionSchema = z
  .object({
    id: z.string(),
    object: z.literal('billing_portal.session'),
    customerId: z.string(),
    url: z.string().meta({ description: 'The hosted portal page: secret, single customer; give it to that customer only' }),
    returnUrl: z.string().nullable(),
    locale: z.enum(PORTAL_LOCALES).nullable(),
    features: z.object({ cancelSubscription: z.boolean() }),
    expiresAt: timestamp,
    createdAt: timestamp,
  })
  .meta({ id: 'PortalSession' });

export type CreatePortalSessionInput = z.infer<typeof createPortalSessionBody>;
export type PortalSessionView = z.infer<typeof portalSessionSchema>;

/** A portal action's body: the page's CSRF token, also sent as the X-CSRF-Token header. */
export const portalActionBody = z.strictObject({ csrfToken: z.string().min(1).max(64) });

/** Authorizing Pix Automático: by the mandate's QR alone, or paying the open invoice now with it (journey 3). */
export const portalStartMandateBody = portalActionBody.extend({ authorization: z.enum(['qr', 'qr_with_payment']).default('qr') });

/** A card action's body: the single-use token the page's SDK made (`tokenId` of `POST /v1/tokens/cards`). */
export const portalCardBody = portalActionBody.extend({ cardToken: z.string().min(1).max(100) });

/** Paying by card: `attemptKey` is the page's, one per click, so a repeated submit charges once. */
export const portalPayByCardBody = portalCardBody.extend({ attemptKey: z.string().min(16).max(100) });

export const portalCardPaymentSchema = z.object({
  transactionId: z.string(),
  status: z.enum(['paid', 'refused', 'pending']),
  reason: z.enum(['declined', 'insufficient_funds', 'processor']).nullable().meta({ description: 'Why the card was refused' }),
  invoice: invoiceSchema,
});
