import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import QRCode from 'qrcode';
import { ApiError, badRequest, notFound } from '../http/errors';
import { claimIdempotencyKey, completeIdempotencyKey, DEFAULT_RETENTION_HOURS, fingerprintRequest, releaseIdempotencyKey, validateIdempotencyKey, type IdempotencyScope } from '../http/idempotency';
import { defineRoute, type RouteContext } from '../http/route';
import { sessionOpenedSignal } from '../../workflows/checkout/checkout-session.contract';
import { confirmSession } from './checkout-confirm.service';
import { confirmSubscriptionSession } from './checkout-subscriptions.service';
import { sessionMandate } from './checkout-subscription-progress';
import { limitConfirmsFrom, limitConfirmsOn, limitPublicSession } from './checkout-public.limits';
import { signalSessionWorkflow } from './checkout-session-workflow.client';
import { confirmSessionBody, publicSessionSchema, sessionIdParams } from './checkout-sessions.schemas';
import { getSession, loadSessionState, openSession, sessionUrls, toPublicSessionView } from './checkout-sessions.service';

const tag = 'Checkout page';
const errorsDoc = 'Errors: 404 unknown session; 429 rate_limited (per client address and session; payment attempts also per address and per link).';

/**
 * Confirm is public (the buyer has no API key), so the Idempotency-Key is kept here, scoped to
 * the session's company and the session: a repeat replays the stored answer, another body
 * with the same key is 409 idempotency_conflict.
 */
async function withSessionIdempotency(
  ctx: RouteContext<{ id: string }, unknown, unknown>,
  companyId: string,
  run: () => Promise<unknown>,
): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
  const key = ctx.koa.get('Idempotency-Key');
  if (!key) throw badRequest('validation_failed', 'Idempotency-Key header is required', [{ path: 'Idempotency-Key', message: 'Required: one key per confirmation attempt' }]);
  validateIdempotencyKey(key);
  const scope: IdempotencyScope = {
    companyId,
    key: `checkout:${ctx.params.id}:${createHash('sha256').update(key).digest('hex')}`,
    fingerprint: fingerprintRequest('post', ctx.koa.path, (ctx.koa.request as { body?: unknown }).body),
  };
  const fork = () => ctx.deps.orm.em.fork() as EntityManager;
  const claim = await claimIdempotencyKey(fork(), scope, DEFAULT_RETENTION_HOURS);
  if (claim.kind === 'replay') return { status: claim.status, body: claim.body, headers: { 'Idempotent-Replayed': 'true' } };
  try {
    const body = await run();
    await completeIdempotencyKey(fork(), scope, 200, body);
    return { status: 200, body };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 429) {
      await completeIdempotencyKey(fork(), scope, err.status, { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}), requestId: ctx.requestId } });
    } else {
      await releaseIdempotencyKey(fork(), scope);
    }
    throw err;
  }
}

export const checkoutPublicRoutes = [
  defineRoute({
    method: 'get',
    path: '/checkout/public/sessions/:id',
    operationId: 'getPublicCheckoutSession',
    summary: "The buyer page's view of a session",
    description: `This session only: content, amounts, installment options, its payments (Pix/boleto artifacts), no secrets. ${errorsDoc}`,
    tag,
    auth: 'public',
    request: { params: sessionIdParams },
    responses: { 200: { description: 'The session as the buyer sees it', schema: publicSessionSchema } },
    errors: [429],
    async handler({ em, params, deps, koa }) {
      limitPublicSession(deps, 'reads', koa.ip, params.id);
      return { body: toPublicSessionView(await loadSessionState(em, await getSession(em, null, params.id)), sessionUrls(deps)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/checkout/public/sessions/:id/mandate-qrcode.png',
    operationId: 'getCheckoutMandateQrCode',
    summary: "The QR code image (PNG) of a subscription session's Pix Automático mandate, while it waits for the payer",
    tag,
    auth: 'public',
    hidden: true,
    request: { params: sessionIdParams },
    responses: { 200: { description: 'PNG', contentType: 'image/png' } },
    errors: [429],
    async handler({ em, params, deps, koa }) {
      limitPublicSession(deps, 'reads', koa.ip, params.id);
      const mandate = await sessionMandate(em, await getSession(em, null, params.id));
      if (mandate?.status !== 'pending' || !mandate.qrCode) throw notFound('Pending mandate');
      const png = await QRCode.toBuffer(mandate.qrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
      return { body: png, contentType: 'image/png', headers: { 'Cache-Control': 'private, max-age=60' } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/checkout/public/sessions/:id/open',
    operationId: 'openPublicCheckoutSession',
    summary: 'The buyer opened the page: created → opened (idempotent)',
    description: `checkout.session.opened once. ${errorsDoc}`,
    tag,
    auth: 'public',
    request: { params: sessionIdParams },
    responses: { 200: { description: 'The session as the buyer sees it', schema: publicSessionSchema } },
    errors: [429],
    async handler({ em, params, deps, koa, afterCommit, dispatchAfterCommit }) {
      limitPublicSession(deps, 'writes', koa.ip, params.id);
      const { state, event } = await openSession(em, params.id, sessionUrls(deps));
      if (event) {
        dispatchAfterCommit([event.id]);
        afterCommit(() => signalSessionWorkflow(deps.temporal, params.id, (h) => h.signal(sessionOpenedSignal)));
      }
      return { body: toPublicSessionView(state, sessionUrls(deps)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/checkout/public/sessions/:id/confirm',
    operationId: 'confirmPublicCheckoutSession',
    summary: 'The buyer pays: card token(s), Pix and/or boleto; in subscription mode, subscribes with a card or a Pix Automático mandate',
    description:
      'Idempotency-Key header required (one per attempt). Creates one transaction for the amount due; a declined card shows as a failed payment ' +
      'with its failureCode and the buyer may confirm again. Errors: 400 validation_failed (requiredFields, customFields, CPF/CNPJ, installments, ' +
      'combined rules, methods); 404; 409 session_expired, session_not_payable (paid or canceled), payment_in_progress, idempotency_conflict; ' +
      '422 boleto_payer_required (a boleto without the buyer\'s CPF/CNPJ, given or prefilled); 429 rate_limited. ' +
      'Subscription mode: body { customer, customFields?, paymentMethod: { method: credit_card, cardToken } | { method: pix_automatico } }; one subscription per session ' +
      '(a repeat answers it); 409 session_not_payable once its first card payment failed; the errors of saving a card and of starting a mandate (409, 422, 502, 503).',
    tag,
    auth: 'public',
    idempotencyKey: 'required',
    request: { params: sessionIdParams, body: confirmSessionBody },
    responses: { 200: { description: 'The session after the attempt', schema: publicSessionSchema } },
    errors: [409, 422, 429],
    transaction: false,
    async handler(ctx) {
      const { em, params, deps, koa, body } = ctx;
      limitPublicSession(deps, 'writes', koa.ip, params.id);
      const session = await getSession(em, null, params.id);
      await limitConfirmsFrom(deps, koa.ip);
      // The link's budget is spent only by an attempt that passed validation: junk never closes a link.
      const admit = () => limitConfirmsOn(deps, session.linkId ?? session.id);
      const confirm = session.mode === 'subscription' ? confirmSubscriptionSession : confirmSession;
      return withSessionIdempotency(ctx, session.companyId, async () => toPublicSessionView(await confirm(em, deps, params.id, body, admit), sessionUrls(deps)));
    },
  }),
];
