import { refundSettingsOf, setAutoRefundApproval } from '../companies/companies.service';
import { paginated } from '../http/pagination';
import { defineRoute } from '../http/route';
import { reviewedSignal } from '../../workflows/refunds/refund.contract';
import { ensureRefundWorkflow, signalRefund } from './refund-workflow.client';
import { toRefundView } from './refund-views';
import { approveRefund, confirmRefundBankDetails, createRefund, listRefunds, loadRefund, refuseRefund } from './refunds.service';
import {
  createRefundBody,
  listRefundsQuery,
  refundCreateParams,
  refundIdParams,
  refundListSchema,
  refundSchema,
  refundSettingsBody,
  refundSettingsSchema,
  refundsOfPaymentParams,
  refundsOfTransactionParams,
  refuseRefundBody,
} from './refunds.schemas';

const tag = 'Refunds';

export const refundRoutes = [
  defineRoute({
    method: 'post',
    path: '/transactions/:txnId/payments/:payId/refund',
    versioned: true,
    operationId: 'createRefund',
    summary: 'Refund a paid payment, fully or partly',
    description:
      'amount defaults to the refundable rest (paid minus refunds not refused or failed). Partial refunds are allowed until the paid amount is used up, ' +
      'also under concurrent requests (the payment row is locked). The recipients’ shares are reserved at once. With automatic approval on (GET/PUT /settings/refunds) ' +
      'a card or Pix refund starts processing and a boleto refund starts awaiting_bank_details; otherwise it starts pending. ' +
      '409: `payment_not_refundable` (not paid, or already refunded in full), `refund_exceeds_refundable`, `insufficient_balance` (a recipient cannot cover its share).',
    tag,
    request: { params: refundCreateParams, body: createRefundBody },
    responses: { 201: { description: 'Created', schema: refundSchema } },
    errors: [409],
    async handler({ em, company, params, body, deps, afterCommit, dispatchAfterCommit }) {
      const base = deps.config.urls.publicBase;
      const { refund, events } = await createRefund(em, company, { transactionId: params.txnId, paymentId: params.payId }, body, { by: 'api', type: 'api' });
      afterCommit(() =>
        ensureRefundWorkflow(deps.temporal, deps.config.temporal.taskQueue, refund.id).catch((err) =>
          deps.logger.warn({ err, refundId: refund.id }, 'refund workflow not reached; the refund.created subscriber will start it'),
        ),
      );
      dispatchAfterCommit(events.map((e) => e.id));
      return { status: 201, body: toRefundView(refund, base) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/refunds/transaction/:transactionId',
    versioned: true,
    operationId: 'listRefundsOfTransaction',
    summary: 'Refunds of a transaction, oldest first',
    tag,
    request: { params: refundsOfTransactionParams, query: listRefundsQuery },
    responses: { 200: { description: 'A page of refunds', schema: refundListSchema } },
    async handler({ em, company, params, query, deps }) {
      const { items, total } = await listRefunds(em, company.id, { transactionId: params.transactionId }, query);
      return { body: paginated(items.map((r) => toRefundView(r, deps.config.urls.publicBase)), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/refunds/payment/:paymentId',
    versioned: true,
    operationId: 'listRefundsOfPayment',
    summary: 'Refunds of a payment, oldest first',
    tag,
    request: { params: refundsOfPaymentParams, query: listRefundsQuery },
    responses: { 200: { description: 'A page of refunds', schema: refundListSchema } },
    async handler({ em, company, params, query, deps }) {
      const { items, total } = await listRefunds(em, company.id, { paymentId: params.paymentId }, query);
      return { body: paginated(items.map((r) => toRefundView(r, deps.config.urls.publicBase)), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/refunds/:id',
    versioned: true,
    operationId: 'getRefund',
    summary: 'Get a refund (ref_ or rfd_ id)',
    tag,
    request: { params: refundIdParams },
    responses: { 200: { description: 'The refund', schema: refundSchema } },
    async handler({ em, company, params, deps }) {
      return { body: toRefundView(await loadRefund(em, company.id, params.id), deps.config.urls.publicBase) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/refunds/:id/approve',
    versioned: true,
    operationId: 'approveRefund',
    summary: 'Approve a pending refund',
    description: 'Card and Pix: processing (sent to the acquirer, then refunded or failed). Boleto: awaiting_bank_details with bankDetailsUrl. 409 `refund_not_reviewable` unless pending.',
    tag,
    request: { params: refundIdParams },
    responses: { 200: { description: 'Approved', schema: refundSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit, dispatchAfterCommit }) {
      const base = deps.config.urls.publicBase;
      const { refund, events } = await approveRefund(em, company.id, params.id, 'api');
      afterCommit(() => signalRefund(deps.temporal, deps.config.temporal.taskQueue, refund.id, reviewedSignal));
      dispatchAfterCommit(events.map((e) => e.id));
      return { body: toRefundView(refund, base) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/refunds/:id/refuse',
    versioned: true,
    operationId: 'refuseRefund',
    summary: 'Refuse a refund (its reserved money is released)',
    description: 'Allowed while no money has moved to the buyer (pending, or a boleto refund waiting for bank details or for the confirmation of the buyer’s account). The optional reason is the reviewer’s note: the refund’s own reason is kept. 409 `refund_not_reviewable` otherwise.',
    tag,
    request: { params: refundIdParams, body: refuseRefundBody },
    responses: { 200: { description: 'Refused', schema: refundSchema } },
    errors: [409],
    async handler({ em, company, params, body, deps, afterCommit, dispatchAfterCommit }) {
      const base = deps.config.urls.publicBase;
      const { refund, events } = await refuseRefund(em, company.id, params.id, 'api', body?.reason ?? null);
      afterCommit(() => signalRefund(deps.temporal, deps.config.temporal.taskQueue, refund.id, reviewedSignal));
      dispatchAfterCommit(events.map((e) => e.id));
      return { body: toRefundView(refund, base) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/refunds/:id/confirm-bank-details',
    versioned: true,
    operationId: 'confirmRefundBankDetails',
    summary: 'Confirm the buyer’s account of a boleto refund (the sale recorded no buyer document)',
    description:
      'A boleto refund is paid only to the buyer: the account holder’s CPF/CNPJ must match the one the buyer gave at payment (customer, checkout form or payer data). ' +
      'When the sale recorded none, the buyer’s account waits in awaiting_confirmation (shown in bankAccount) and no transfer starts until the merchant confirms it here ' +
      '(→ bank_details_received, then the TED) or refuses the refund (POST /refunds/{id}/refuse). 409 `refund_not_awaiting_confirmation` otherwise.',
    tag,
    request: { params: refundIdParams },
    responses: { 200: { description: 'Confirmed: the transfer starts', schema: refundSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit }) {
      const { refund } = await confirmRefundBankDetails(em, company.id, params.id, 'api');
      afterCommit(() => signalRefund(deps.temporal, deps.config.temporal.taskQueue, refund.id, reviewedSignal));
      return { body: toRefundView(refund, deps.config.urls.publicBase) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/settings/refunds',
    versioned: true,
    operationId: 'getRefundSettings',
    summary: 'The company’s refund settings (automatic approval, on by default)',
    tag,
    responses: { 200: { description: 'The settings', schema: refundSettingsSchema } },
    async handler({ company }) {
      return { body: refundSettingsOf(company) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/settings/refunds',
    versioned: true,
    operationId: 'setRefundSettings',
    summary: 'Turn automatic refund approval on or off',
    tag,
    request: { body: refundSettingsBody },
    responses: { 200: { description: 'The settings as stored', schema: refundSettingsSchema } },
    async handler({ em, company, body }) {
      return { body: await setAutoRefundApproval(em, company.id, body.autoApprove) };
    },
  }),
];
