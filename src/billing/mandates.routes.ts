import type { z } from 'zod';
import { defineRoute } from '../http/route';
import type { Mandate } from './mandates.entity';
import { mandateSchema, startMandateBody } from './mandates.schemas';
import { currentMandate, startMandateAuthorization } from './mandates.service';
import { subscriptionIdParams } from './subscriptions.schemas';

const tag = 'Billing: subscriptions and invoices';

export function toMandateView(m: Mandate): z.infer<typeof mandateSchema> {
  return {
    id: m.id,
    object: 'pix_automatico_mandate',
    subscriptionId: m.subscriptionId,
    customerId: m.customerId,
    status: m.status,
    journey: m.journey,
    qrCode: m.qrCode ?? null,
    location: m.location ?? null,
    firstPayment: m.invoiceId && m.firstTransactionId ? { invoiceId: m.invoiceId, transactionId: m.firstTransactionId } : null,
    closing: m.endedAt ? { code: m.closingCode ?? null, reason: m.closingReason ?? null, by: m.closedBy ?? null } : null,
    approvedAt: m.approvedAt?.toISOString() ?? null,
    endedAt: m.endedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}

export const mandateRoutes = [
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/pix-automatico',
    operationId: 'startSubscriptionPixAutomatico',
    summary: 'Start the payer\'s Pix Automático authorization for this subscription',
    description: 'Creates the mandate at the company\'s Pix PSP: its QR (qrCode) for the payer to scan, the QR of the subscription\'s open invoice paid now with the mandate (qr_with_payment), or a request sent to the payer\'s bank account. The mandate becomes active when the payer approves it (docs/billing.md "Pix Automático").',
    tag,
    // Its own transactions: journey 3's Pix transaction commits before the PSP is asked for the
    // mandate, so a start the PSP fails is retried on that same charge; no connection is held
    // across the PSP's calls.
    transaction: false,
    request: { params: subscriptionIdParams, body: startMandateBody },
    responses: { 201: { description: 'The mandate, pending the payer', schema: mandateSchema } },
    errors: [409, 502, 503],
    async handler({ em, company, params, body, deps }) {
      return { status: 201, body: toMandateView(await startMandateAuthorization(deps, em, company, params.id, body)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/subscriptions/:id/pix-automatico',
    operationId: 'getSubscriptionPixAutomatico',
    summary: 'The subscription\'s latest Pix Automático mandate',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'The mandate', schema: mandateSchema } },
    async handler({ em, company, params }) {
      return { body: toMandateView(await currentMandate(em, company.id, params.id)) };
    },
  }),
];
