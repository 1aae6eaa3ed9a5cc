import { z } from 'zod';
import { badRequest, conflict, notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import { idParam } from '../http/schemas';
import { paymentReceivedSignal } from '../../workflows/payments/transaction.contract';
import { cents } from '../http/schemas';
import { chargeableAmount } from './chargeback.service';
import { acquirerChargebackId } from './chargeback-notifications.service';
import { chargebackInSandbox } from './sandbox-card-chargeback';
import { signalTransactionWorkflow } from './transaction-workflow.client';
import { getCompanyPayment } from './transactions.service';
import { toPaymentView } from './transaction-views';
import { paymentSchema } from './transactions.schemas';
import { processorsOf } from '../processors/processors';
import { payPixInSandbox } from './sandbox-pix-payer';
import { payBoletoInSandbox } from './sandbox-boleto-payer';

/**
 * Sandbox only (404 in production): pays a Pix or boleto payment as a buyer would. A Pix is
 * paid at the company's (embedded) PSP, whose callback settles it; a boleto at the company's
 * (embedded) issuer, whose liquidation webhook settles it, or by its bolepix Pix (`?via=pix`).
 */
const notChargeable = (state: string) =>
  conflict('payment_not_chargeable', `Only a paid card payment with an amount not yet charged back or refunded can be charged back; this one is ${state}`);

const chargebackBody = z.strictObject({
  amount: cents.min(1).optional().meta({ description: "Cents; default: the payment's paid amount not yet charged back or refunded" }),
  reason: z.string().trim().min(1).max(64).optional().meta({ description: 'The dispute reason code, shown as statusReason (default `chargeback`)' }),
});

const chargebackSchema = z
  .object({
    id: z.string().meta({ description: 'cbk_… (keys the ledger posting: the same chargeback never blocks twice)' }),
    paymentId: z.string(),
    transactionId: z.string(),
    amount: z.number().int(),
    reason: z.string(),
    status: z.literal('opening'),
  })
  .meta({ id: 'SandboxChargeback' });

const notPayable = (state: string) => conflict('payment_not_payable', `Only a Pix or boleto payment waiting for payment can be paid; this one is ${state}`);

export const sandboxPaymentRoutes = [
  defineRoute({
    method: 'post',
    path: '/sandbox/payments/:payId/pay',
    operationId: 'sandboxPayPayment',
    summary: 'Sandbox: pay a Pix or boleto payment',
    description: 'Accepted (202): the transaction workflow records the payment; the payment and transaction become paid shortly after.',
    tag: 'Sandbox',
    request: {
      params: z.strictObject({ payId: idParam }),
      query: z.strictObject({ via: z.enum(['boleto', 'pix']).optional().meta({ description: "A boleto: pay it at its issuer (default) or by its bolepix Pix charge" }) }),
    },
    responses: { 202: { description: 'Payment accepted; the payment as it is now', schema: paymentSchema } },
    errors: [409, 503],
    transaction: false,
    async handler({ em, company, params, query, deps }) {
      if (deps.config.mode === 'production') throw notFound('Route');
      const payment = await getCompanyPayment(em, company.id, params.payId);
      if (payment.method === 'credit_card' || payment.status !== 'waiting_payment') throw notPayable(`${payment.method} ${payment.status}`);
      if (payment.method === 'boleto' && payment.boleto?.number) {
        // Paid at the company's issuer (or its bolepix Pix at the PSP), which calls Lastro back.
        if (query.via === 'pix') {
          const rail = payment.boleto.pix ? await processorsOf(deps).pixById(em, payment.boleto.pix.connectionId) : null;
          if (!rail || !payment.boleto.pix) throw notPayable('boleto without a Pix charge (bolepix needs the transaction\'s customer)');
          await payPixInSandbox(rail.connection, payment.boleto.pix.txid);
        } else {
          const rail = payment.processorConnectionId ? await processorsOf(deps).boletoById(em, payment.processorConnectionId) : null;
          if (!rail) throw notPayable('boleto whose issuer connection is gone');
          await payBoletoInSandbox(rail.connection, payment.boleto.line);
        }
        return { status: 202, body: toPaymentView(payment, deps.config.urls.publicBase) };
      }
      if (payment.method === 'pix') {
        // Paid at the company's PSP, which calls Lastro back: the production path from there on.
        const rail = payment.processorConnectionId ? await processorsOf(deps).pixById(em, payment.processorConnectionId) : null;
        if (!rail || !payment.pix) throw notPayable('pix without a charge at a PSP');
        await payPixInSandbox(rail.connection, payment.pix.txid);
        return { status: 202, body: toPaymentView(payment, deps.config.urls.publicBase) };
      }
      if (!(await signalTransactionWorkflow(deps, payment.transactionId, paymentReceivedSignal, { paymentId: payment.id, paidAt: new Date().toISOString() }))) throw notPayable('finished');
      return { status: 202, body: toPaymentView(payment, deps.config.urls.publicBase) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/payments/:payId/chargeback',
    operationId: 'sandboxChargebackPayment',
    summary: 'Sandbox: open a chargeback on a paid card payment',
    description:
      "Accepted (202): the company's (embedded) acquirer records the issuer's dispute and notifies Lastro, as Cielo does; the dispute is " +
      'read back from the acquirer, then the transaction workflow blocks the amount from the liable split recipients, charges the chargeback ' +
      'fee and penalty and marks the payment and transaction chargeback (payment.chargeback, transaction.chargeback).',
    tag: 'Sandbox',
    request: { params: z.strictObject({ payId: idParam }), body: chargebackBody },
    responses: { 202: { description: 'Chargeback accepted', schema: chargebackSchema } },
    errors: [400, 409, 503],
    transaction: false,
    async handler({ em, company, params, body, deps }) {
      if (deps.config.mode === 'production') throw notFound('Route');
      const payment = await getCompanyPayment(em, company.id, params.payId);
      const open = payment.method === 'credit_card' ? await chargeableAmount(em, payment) : 0;
      if (open === 0) throw notChargeable(`${payment.method} ${payment.status}${payment.chargedBackAmount ? ` (${payment.chargedBackAmount} charged back)` : ''}`);
      if (body.amount !== undefined && body.amount > open) {
        throw badRequest('validation_failed', `amount: at most ${open} cents of this payment can be charged back`, [{ path: 'amount', message: `Must be at most ${open}` }]);
      }
      // Disputed at the acquirer the card was authorized on, which notifies Lastro: the production path from there on.
      const rail = payment.processorConnectionId ? await processorsOf(deps).cardById(em, payment.processorConnectionId) : null;
      if (!rail || !payment.gatewayReference) throw notChargeable('a card payment no acquirer holds');
      const amount = body.amount ?? open;
      const reason = body.reason ?? 'chargeback';
      const { caseNumber } = await chargebackInSandbox(rail.connection, payment.gatewayReference, { amount, reason });
      const chargeback = { chargebackId: acquirerChargebackId(rail.connection.id, payment.gatewayReference, caseNumber), paymentId: payment.id, amount, reason };
      return {
        status: 202,
        body: { id: chargeback.chargebackId, paymentId: payment.id, transactionId: payment.transactionId, amount: chargeback.amount, reason: chargeback.reason, status: 'opening' as const },
      };
    },
  }),
];
