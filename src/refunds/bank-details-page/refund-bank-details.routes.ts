import { z } from 'zod';
import { Company } from '../../companies/company.entity';
import { ApiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { perMinute, rateLimited, sharedLimits, type Verdict } from '../../http/rate-limit';
import { refundByToken, submitBankDetails } from '../refund-lifecycle.service';
import { signalRefund } from '../refund-workflow.client';
import { acceptsBankDetails } from '../refund.rules';
import { bankDetailsSubmittedSignal } from '../../../workflows/refunds/refund.contract';
import { REFUND_BANK_DETAILS_JS, REFUND_PAGE_HEADERS, renderRefundClosedPage, renderRefundFormPage } from './refund-bank-details.page';

/**
 * The buyer's bank-details page for a boleto refund at `{PUBLIC_BASE_URL}/refunds/bank-details/:token`
 * (public: the token is the credential; a new request replaces it and the old link dies). The
 * submit stores the account and signals the refund's workflow, which sends the TED.
 */

/**
 * Wrong holders a link may send a minute: the `holder_not_buyer` answer says whether a CPF is
 * the buyer's, so whoever holds a link could otherwise test guesses of it. Counted per link (its
 * digest, never the token), shared by every API process; the buyer's own typo costs one try.
 */
const HOLDER_MISMATCHES = perMinute('refund_holder_mismatches', 5);
const tooManyMismatches = (v: Verdict) => rateLimited('Muitas tentativas com um CPF/CNPJ diferente do comprador; tente novamente em instantes.', v);

const tokenParams = z.strictObject({ token: z.string().min(1).max(200) });
const tag = 'Refund bank-details page';
const text = z.string().max(200);

export const refundBankDetailsPageRoutes = [
  defineRoute({
    method: 'get',
    path: '/refunds/bank-details/assets/refund-bank-details.js',
    operationId: 'getRefundBankDetailsJs',
    summary: 'Bank-details page script',
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
    async handler() {
      return { body: REFUND_BANK_DETAILS_JS, contentType: 'text/javascript; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=3600' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/refunds/bank-details/:token',
    operationId: 'getRefundBankDetailsPage',
    summary: 'The buyer’s bank-details page of a boleto refund (HTML, pt-BR)',
    tag,
    auth: 'public',
    hidden: true,
    request: { params: tokenParams },
    responses: { 200: { description: 'HTML', contentType: 'text/html' } },
    async handler({ em, params }) {
      const refund = await refundByToken(em, params.token);
      if (!refund) return { status: 404, body: renderRefundClosedPage('unknown'), contentType: 'text/html; charset=utf-8', headers: REFUND_PAGE_HEADERS };
      if (!acceptsBankDetails(refund.status)) return { body: renderRefundClosedPage(refund.status), contentType: 'text/html; charset=utf-8', headers: REFUND_PAGE_HEADERS };
      const company = await em.findOneOrFail(Company, { id: refund.companyId });
      const html = renderRefundFormPage({ token: params.token, merchantName: company.name, amount: refund.amount, retry: refund.status === 'invalid_bank_details', deadline: refund.bankDetailsDeadline });
      return { body: html, contentType: 'text/html; charset=utf-8', headers: REFUND_PAGE_HEADERS };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/refunds/bank-details/:token',
    operationId: 'submitRefundBankDetails',
    summary: 'The page’s submit: the buyer’s account for the refund TED',
    description:
      'The holder’s CPF/CNPJ must be the one the buyer gave at payment (customer, checkout form or payer data); when the sale recorded none, the account waits for the merchant’s confirmation (awaiting_confirmation). ' +
      '400 `validation_failed` with one detail per malformed field, or 400 `holder_not_buyer` (detail holderDocument), pt-BR messages, nothing stored; 404 unknown or replaced link; 409 `refund_not_awaiting_bank_details`; ' +
      '429 `rate_limited` past 5 wrong holders a minute on one link (the answer would otherwise let a link holder test guesses of the buyer’s CPF).',
    tag,
    auth: 'public',
    hidden: true,
    request: {
      params: tokenParams,
      body: z.strictObject({ bankCode: text, agency: text, account: text, accountType: text, holderName: text, holderDocument: text }),
    },
    responses: { 200: { description: 'Received', schema: z.object({ status: z.enum(['bank_details_received', 'awaiting_confirmation']) }) } },
    errors: [409, 429],
    async handler({ em, params, body, deps, afterCommit, dispatchAfterCommit }) {
      const limits = sharedLimits(deps);
      const spent = limits.spent(HOLDER_MISMATCHES, params.token);
      if (spent) throw tooManyMismatches(spent);
      const result = await submitBankDetails(em, params.token, body);
      if (result.outcome === 'unknown') throw new ApiError(404, 'not_found', 'Este link não existe ou foi substituído por um mais recente.');
      if (result.outcome === 'closed') throw new ApiError(409, 'refund_not_awaiting_bank_details', 'Este reembolso não está aguardando dados bancários.');
      if (result.outcome === 'invalid') {
        throw new ApiError(400, 'validation_failed', result.problems.map((p) => p.message).join(' '), result.problems.map((p) => ({ path: p.field, message: p.message })));
      }
      if (result.outcome === 'not_buyer') {
        const counted = await limits.shared(HOLDER_MISMATCHES, params.token);
        if (!counted.allowed) throw tooManyMismatches(counted);
        throw new ApiError(400, 'holder_not_buyer', result.problem.message, [{ path: result.problem.field, message: result.problem.message }]);
      }
      const refundId = result.refundId;
      afterCommit(() => signalRefund(deps.temporal, deps.config.temporal.taskQueue, refundId, bankDetailsSubmittedSignal));
      dispatchAfterCommit(result.events.map((e) => e.id));
      return { body: { status: result.outcome === 'received' ? ('bank_details_received' as const) : ('awaiting_confirmation' as const) } };
    },
  }),
];
