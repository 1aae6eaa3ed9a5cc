import { z } from 'zod';
import { conflict, notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import { idParam } from '../http/schemas';
import { paymentReceivedSignal } from '../../workflows/payments/transaction.contract';
import { signalOpenWorkflow } from './transaction-workflow.client';
import { getCompanyPayment } from './transactions.service';
import { toPaymentView } from './transaction-views';
import { paymentSchema } from './transactions.schemas';

/**
 * Sandbox only (404 in production): pays a Pix or boleto payment as a buyer would, by
 * signalling the transaction workflow, which settles it (transaction.paid, ledger posting).
 */
const notPayable = (state: string) => conflict('payment_not_payable', `Only a Pix or boleto payment waiting for payment can be paid; this one is ${state}`);

export const sandboxPaymentRoutes = [
  defineRoute({
    method: 'post',
    path: '/sandbox/payments/:payId/pay',
    operationId: 'sandboxPayPayment',
    summary: 'Sandbox: pay a Pix or boleto payment',
    description: 'Accepted (202): the transaction workflow records the payment; the payment and transaction become paid shortly after.',
    tag: 'Sandbox',
    request: { params: z.strictObject({ payId: idParam }) },
    responses: { 202: { description: 'Payment accepted; the payment as it is now', schema: paymentSchema } },
    errors: [409],
    transaction: false,
    async handler({ em, company, params, deps }) {
      if (deps.config.mode === 'production') throw notFound('Route');
      const payment = await getCompanyPayment(em, company.id, params.payId);
      if (payment.method === 'credit_card' || payment.status !== 'waiting_payment') throw notPayable(`${payment.method} ${payment.status}`);
      await signalOpenWorkflow(deps, payment.transactionId, (h) => h.signal(paymentReceivedSignal, { paymentId: payment.id, paidAt: new Date().toISOString() }), notPayable);
      return { status: 202, body: toPaymentView(payment, deps.config.urls.publicBase) };
    },
  }),
];
