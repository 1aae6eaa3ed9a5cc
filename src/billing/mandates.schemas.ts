import { z } from 'zod';

/** Bodies and views of Pix Automático mandates (docs/billing.md "Pix Automático"). */

export const startMandateBody = z
  .strictObject({
    /**
     * `qr`: the payer scans the mandate's QR in their bank's app; `qr_with_payment`: the QR pays the
     * subscription's open invoice now and carries the mandate (409 `no_open_invoice` without one);
     * `request`: it is sent to the payer's bank account.
     */
    authorization: z.enum(['qr', 'qr_with_payment', 'request']).default('qr'),
    payerAccount: z
      .strictObject({
        ispb: z.string().regex(/^[0-9A-Z]{8}$/, "the payer's bank ISPB, 8 characters"),
        branch: z.string().regex(/^\d{1,4}$/).nullish(),
        number: z.string().regex(/^[0-9A-Za-z-]{1,20}$/),
      })
      .nullish(),
  })
  .meta({ id: 'StartPixAutomaticoMandate' });

export const mandateSchema = z
  .object({
    id: z.string(),
    object: z.literal('pix_automatico_mandate'),
    subscriptionId: z.string(),
    customerId: z.string(),
    status: z.enum(['pending', 'active', 'rejected', 'expired', 'canceled']),
    journey: z.enum(['request', 'qr', 'qr_with_payment', 'qr_with_later_payment', 'pending']),
    /** QR journeys: the BR Code (copia e cola) the payer scans, and its payload location. */
    qrCode: z.string().nullable(),
    location: z.string().nullable(),
    /** `qr_with_payment`: the open invoice the QR pays and its Pix transaction (paying it pays the invoice). */
    firstPayment: z.object({ invoiceId: z.string(), transactionId: z.string() }).nullable(),
    closing: z.object({ code: z.string().nullable(), reason: z.string().nullable(), by: z.string().nullable() }).nullable(),
    approvedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PixAutomaticoMandate' });
