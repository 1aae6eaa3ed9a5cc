import { z } from 'zod';
import { emailAddress } from '../shared/email';
import { cents, idParam, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { SESSION_STATUSES } from './checkout-session.entity';
import {
  CHECKOUT_LIMITS,
  checkoutContentDefaults,
  checkoutContentFields,
  checkoutContentView,
  checkoutLocale,
  customFieldsInput,
  paymentMethodsShape,
  requiredFieldsInput,
  statusCsv,
} from './checkout.schemas';
import { publicSessionSubscriptionSchema, sessionSubscriptionSchema, subscriptionPaymentInput } from './checkout-subscription-offer.schemas';

/** A Brazilian postal code (CEP): 8 digits, the dash optional. */
const zipCode = z.string().regex(/^\d{5}-?\d{3}$/, 'Expected a CEP such as 01310-100');

const addressInput = z.strictObject({
  street: z.string().trim().min(1).max(255),
  number: z.string().trim().min(1).max(20),
  complement: z.string().trim().max(255).optional(),
  neighborhood: z.string().trim().max(255).optional(),
  city: z.string().trim().min(1).max(255),
  state: z.string().trim().min(2).max(50),
  zipCode,
  country: z.string().trim().length(2).default('BR'),
});

const customerFields = {
  name: z.string().trim().min(1).max(255),
  email: emailAddress(),
  // Check digits are a named format (checkout-session.rules.ts checks them; scripts/fuzz-hooks.py generates them).
  document: z.string().trim().min(11).max(18).meta({ format: 'cpf-cnpj', description: 'CPF or CNPJ, with or without punctuation; check digits are verified' }),
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{8,20}$/, 'Expected a phone number'),
  address: addressInput,
};

/** A charge may prefill any of the buyer's fields. */
export const customerPrefillInput = z.strictObject(customerFields).partial();
/** What the buyer sends on confirmation: a name, and whatever requiredFields lists (checked against the session). */
export const buyerInput = z.strictObject(customerFields).partial().required({ name: true });

/** Items and paymentMethods required, as for a link; the buyer's fields may be prefilled. */
export const createChargeBody = z
  .strictObject(checkoutContentFields)
  .partial()
  .required({ items: true, paymentMethods: true })
  .extend({ ...checkoutContentDefaults, customer: customerPrefillInput.optional() });

export const sessionIdParams = z.strictObject({ id: idParam });


export const listChargesQuery = z.strictObject({
  status: statusCsv(SESSION_STATUSES).optional().meta({ description: `CSV of ${SESSION_STATUSES.join(', ')}; default all` }),
  search: z.string().trim().min(1).max(255).optional().meta({ description: 'A session id (exact), or part of the customer name, email or document' }),
  ...paginationQuery,
  ...cursorQuery,
});
export const listSessionsQuery = listChargesQuery.extend({ linkId: idParam.optional().meta({ description: 'Only the sessions of this link' }) });

const paymentView = z
  .object({
    id: z.string(),
    method: z.enum(['credit_card', 'pix', 'boleto']),
    amount: z.number().int().meta({ description: 'Charged, card interest included' }),
    status: z.enum(['pending', 'waiting_payment', 'paid', 'failed', 'canceled', 'refunded', 'chargeback']).meta({ description: 'A refused card shows as failed, with its failureCode' }),
    failureCode: z.string().nullable(),
    installments: z.number().int(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    pix: z.object({ copyPaste: z.string(), qrCodeUrl: z.string(), expiresAt: timestamp }).nullable(),
    boleto: z.object({ digitableLine: z.string(), barcode: z.string(), url: z.string(), dueDate: z.string() }).nullable(),
  })
  .meta({ id: 'CheckoutSessionPayment' });

const addressView = z.object({
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
});
const customerView = z
  .object({ name: z.string().nullable(), email: z.string().nullable(), document: z.string().nullable(), phone: z.string().nullable(), address: addressView.nullable() })
  .nullable();

const installmentOption = z.object({ installments: z.number().int(), installmentAmount: z.number().int(), totalAmount: z.number().int(), interestFree: z.boolean() });

const publicPaymentMethods = z.object({
  card: z.object({ enabled: z.boolean(), maxInstallments: z.number().int(), multipleCards: z.boolean(), installmentOptions: z.array(installmentOption) }),
  pix: z.object({ enabled: z.boolean(), expiresIn: z.number().int() }),
  boleto: z.object({ enabled: z.boolean(), dueDateDays: z.number().int() }),
  combined: z.object({ enabled: z.boolean(), minAmountPerPayment: z.number().int(), maxPaymentsCount: z.number().int() }),
});

const sessionStatus = z.enum(SESSION_STATUSES);

/** What the buyer's page sees: this session only, no secrets (no tenant, splits or merchant metadata). */
export const publicSessionSchema = z
  .object({
    id: z.string(),
    status: sessionStatus,
    linkId: z.string().nullable(),
    locale: checkoutLocale,
    mode: z.enum(['payment', 'subscription']),
    currency: z.string().meta({ description: 'BRL; a subscription session bills in its plan currency' }),
    items: z.array(z.object({ name: z.string(), description: z.string().nullable(), unitAmount: z.number().int(), quantity: z.number().int(), imageUrl: z.string().nullable() })),
    amount: z.number().int(),
    amountPaid: z.number().int(),
    amountDue: z.number().int(),
    expiresAt: timestamp,
    branding: z.object({
      primaryColor: z.string().nullable(),
      logoUrl: z.string().nullable(),
      faviconUrl: z.string().nullable(),
      merchantName: z.string().nullable(),
      mobileLayout: z.enum(['single-page', 'step-by-step']),
    }),
    paymentMethods: publicPaymentMethods,
    requiredFields: requiredFieldsInput,
    customFields: customFieldsInput,
    customer: customerView,
    payments: z.array(paymentView),
    successUrl: z.string().nullable().meta({ description: 'With {CHECKOUT_SESSION_ID} replaced; null until paid' }),
    cancelUrl: z.string().nullable(),
    companyId: z.string().meta({ description: 'Public comp_ id, for card tokenization with the SDK' }),
    sdkUrl: z.string(),
    subscription: publicSessionSubscriptionSchema.meta({ description: 'Subscription mode: the plan offered, and the mandate while it waits for the payer; null in payment mode' }),
  })
  .meta({ id: 'CheckoutPublicSession' });

/** The merchant's full view of a session (link sessions and charges alike). */
export const sessionSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    tenantId: z.string(),
    linkId: z.string().nullable(),
    linkVersion: z.number().int().nullable(),
    status: sessionStatus,
    ...checkoutContentView,
    mode: z.enum(['payment', 'subscription']),
    currency: z.string().meta({ description: 'BRL; a subscription session bills in its plan currency' }),
    paymentMethods: paymentMethodsShape.meta({ description: 'Subscription mode: only card (Pix Automático is in subscription.paymentMethods)' }),
    subscription: sessionSubscriptionSchema.meta({
      description: 'Subscription mode: the offer, and the subscription, customer and mandate its confirmation made (the checkout is complete when status is paid); null in payment mode',
    }),
    amount: z.number().int(),
    amountPaid: z.number().int(),
    amountDue: z.number().int(),
    customer: customerView,
    customFieldValues: z.record(z.string(), z.union([z.string(), z.boolean()])),
    payments: z.array(paymentView.extend({ transactionId: z.string() })),
    url: z.string(),
    expiresAt: timestamp,
    openedAt: nullableTimestamp,
    paidAt: nullableTimestamp,
    canceledAt: nullableTimestamp,
    expiredAt: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'CheckoutSession' });

/** The standard envelope `{ data, pagination }` (only the link and subscription lists are the spec's exceptions). */
export const sessionListSchema = paginatedSchema(sessionSchema).meta({ id: 'CheckoutSessionList' });

const confirmPayment = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('credit_card'),
    cardToken: z.string().min(1).max(200).meta({ description: 'tokenId from the SDK (single use)' }),
    installments: z.number().int().min(1).max(CHECKOUT_LIMITS.installments.max).default(1),
    amount: cents.min(1).optional(),
  }),
  z.strictObject({ method: z.literal('pix'), amount: cents.min(1).optional() }),
  z.strictObject({ method: z.literal('boleto'), amount: cents.min(1).optional() }),
]);

export const confirmSessionBody = z.strictObject({
  customer: buyerInput,
  customFields: z.record(z.string().max(CHECKOUT_LIMITS.customFieldKeyLength), z.union([z.string().max(2000), z.boolean()])).optional(),
  payments: z.array(confirmPayment).min(1).max(CHECKOUT_LIMITS.maxPaymentsCount.max).optional().meta({ description: 'Payment mode (required there)' }),
  paymentMethod: subscriptionPaymentInput.optional().meta({ description: 'Subscription mode (required there): the card that pays every invoice, or a Pix Automático mandate' }),
});

export type CreateChargeInput = z.output<typeof createChargeBody>;
export type ListChargesQuery = z.output<typeof listSessionsQuery>;
export type ConfirmSessionInput = z.output<typeof confirmSessionBody>;
export type PublicSessionView = z.output<typeof publicSessionSchema>;
export type SessionView = z.output<typeof sessionSchema>;
export type SessionPaymentView = z.output<typeof paymentView>;
export type CustomerPrefill = z.output<typeof customerPrefillInput>;
