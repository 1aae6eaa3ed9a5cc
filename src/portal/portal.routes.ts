import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { cancelSubscriptionSignal } from '../../workflows/billing/subscription.contract';
import { issueInvoiceBolepix } from '../billing/invoice-bolepix.service';
import { cancelSubscription } from '../billing/subscriptions.service';
import { signalSubscription } from '../billing/subscription-workflow.client';
import { toInvoiceView, toSubscriptionView } from '../billing/subscription.views';
import { invoiceSchema, subscriptionSchema } from '../billing/subscriptions.schemas';
import { limitPublicSession } from '../checkout/checkout-public.limits';
import { checkoutPageHeaders, type RenderedPage } from '../checkout/page/checkout.page';
import { ApiError } from '../http/errors';
import { defineRoute, type RouteResult } from '../http/route';
import { idParam } from '../http/schemas';
import type { PortalSession } from './portal-session.entity';
import { createPortalSessionBody, portalActionBody, portalCardBody, portalCardPaymentSchema, portalPayByCardBody, portalSessionSchema, portalStartMandateBody } from './portal-sessions.schemas';
import { createPortalSession, csrfMatches, portalSessionByToken } from './portal-sessions.service';
import { pickPortalLocale } from './portal.i18n';
import { renderPortalExpiredPage, renderPortalPage } from './portal.page';
import { portalContent, portalInvoice, portalSubscription } from './portal.service';
import { payInvoiceByCard } from './portal-payments.service';
import { changeSubscriptionCard, startPortalMandate } from './portal-subscriptions.service';
import { paymentMethodAttachedSignal } from '../../workflows/billing/subscription.contract';
import { mandateSchema } from '../billing/mandates.schemas';
import { toMandateView } from '../billing/mandates.routes';

/**
 * The customer portal: `POST /v1/portal/sessions` (the merchant, API key) and the hosted page at
 * `{checkout_page_url}/portal/:token` with its actions (public: the URL's token is the
 * credential, for one customer of one company, until the session expires). Every action names
 * an object of that customer (else 404), carries the page's CSRF token (header and body) from
 * the page's own origin (else 403), and is rate-limited per client address and session as the
 * checkout's public routes are.
 */
const tag = 'Customer portal';
const PORTAL_JS = fs.readFileSync(path.join(__dirname, 'portal.client.js'), 'utf8');
const tokenParams = z.strictObject({ token: z.string().min(1).max(120) });
const pageQuery = z.object({ locale: z.string().max(10).optional(), lang: z.string().max(10).optional() });

const page = (status: number, rendered: RenderedPage): RouteResult => ({ status, body: rendered.html, contentType: 'text/html; charset=utf-8', headers: checkoutPageHeaders(rendered.csp) });

/** The limiter's key: the token's digest (never the token itself). */
const limitKey = (token: string) => `portal:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;

const hostOf = (origin: string): string | null => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

/** An action's session: live, its CSRF token in the header and the body, sent from this origin. */
async function actionSession(em: EntityManager, deps: AppDeps, koa: { ip: string; get(h: string): string }, token: string, body: { csrfToken: string }): Promise<PortalSession> {
  limitPublicSession(deps, 'writes', koa.ip, limitKey(token));
  const session = await portalSessionByToken(em, token);
  const origin = koa.get('origin');
  const sameOrigin = !origin || origin === new URL(deps.config.urls.checkoutPage).origin || hostOf(origin) === koa.get('host');
  if (!sameOrigin || !csrfMatches(session, koa.get('x-csrf-token')) || !csrfMatches(session, body.csrfToken)) {
    throw new ApiError(403, 'csrf_token_invalid', "The portal's actions come from its own page, with its token");
  }
  return session;
}

export const portalRoutes = [
  defineRoute({
    method: 'post',
    path: '/portal/sessions',
    operationId: 'createPortalSession',
    summary: "A customer portal session: a short-lived secret URL where one customer pays its invoices and manages its subscriptions",
    description: '400 for an unknown customerId (404 not_found naming it), 409 customer_deleted. The URL works for an hour; make one per visit.',
    tag,
    request: { body: createPortalSessionBody },
    responses: { 201: { description: 'The session', schema: portalSessionSchema } },
    errors: [409],
    async handler({ em, company, body, deps }) {
      return { status: 201, body: await createPortalSession(em, company.id, body, deps.config.urls.checkoutPage) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/portal/assets/portal.js',
    operationId: 'getPortalScript',
    summary: 'Customer portal page script',
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
    async handler() {
      return { body: PORTAL_JS, contentType: 'text/javascript; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/portal/:token',
    operationId: 'getPortalPage',
    summary: 'The customer portal page (HTML, pt-BR, en or es)',
    tag,
    auth: 'public',
    hidden: true,
    request: { params: tokenParams, query: pageQuery },
    responses: { 200: { description: 'HTML', contentType: 'text/html' }, 404: { description: 'HTML: unknown or expired session', contentType: 'text/html' } },
    errors: [429],
    async handler({ em, deps, params, query, koa }) {
      limitPublicSession(deps, 'reads', koa.ip, limitKey(params.token));
      const selfPath = `/portal/${encodeURIComponent(params.token)}`;
      const asked = query.locale ?? query.lang;
      let session: PortalSession;
      try {
        session = await portalSessionByToken(em, params.token);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        return page(404, renderPortalExpiredPage(pickPortalLocale(asked, null, koa.get('accept-language')), selfPath));
      }
      const locale = pickPortalLocale(asked, session.locale, koa.get('accept-language'));
      const content = await portalContent(em, session);
      return page(200, renderPortalPage(content, locale, { selfPath, apiUrl: deps.config.urls.publicBase, csrfToken: session.csrfToken, features: session.features, returnUrl: session.returnUrl }));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/portal/:token/invoices/:invoiceId/bolepix',
    operationId: 'portalIssueInvoiceBolepix',
    summary: "The portal's customer asks for its open invoice's boleto with Pix",
    tag,
    auth: 'public',
    hidden: true,
    transaction: false,
    request: { params: z.strictObject({ token: tokenParams.shape.token, invoiceId: idParam }), body: portalActionBody },
    responses: { 200: { description: 'The invoice', schema: invoiceSchema } },
    errors: [403, 409, 422, 429],
    async handler({ em, deps, params, body, koa }) {
      const session = await actionSession(em, deps, koa, params.token, body);
      const invoice = await portalInvoice(em, session, params.invoiceId);
      await issueInvoiceBolepix(deps, invoice.id);
      return { body: toInvoiceView(await portalInvoice(em.fork(), session, invoice.id)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/portal/:token/subscriptions/:subscriptionId/cancel',
    operationId: 'portalCancelSubscription',
    summary: "The portal's customer cancels a subscription at the end of its period (when the session allows it)",
    tag,
    auth: 'public',
    hidden: true,
    request: { params: z.strictObject({ token: tokenParams.shape.token, subscriptionId: idParam }), body: portalActionBody },
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema } },
    errors: [403, 409, 429],
    async handler({ em, deps, params, body, koa, afterCommit, dispatchAfterCommit }) {
      const session = await actionSession(em, deps, koa, params.token, body);
      if (!session.features.cancelSubscription) throw new ApiError(403, 'portal_feature_disabled', 'This portal session does not allow cancelling');
      const owned = await portalSubscription(em, session, params.subscriptionId);
      const { subscription, events } = await cancelSubscription(em, session.companyId, owned.id, 'at_period_end');
      dispatchAfterCommit(events.map((e) => e.id));
      afterCommit(() => signalSubscription(deps.temporal, subscription.id, cancelSubscriptionSignal, { mode: 'at_period_end' }));
      return { body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/portal/:token/invoices/:invoiceId/card',
    operationId: 'portalPayInvoiceByCard',
    summary: "The portal's customer pays its open invoice by card (a token made in its browser); once per attemptKey",
    tag,
    auth: 'public',
    hidden: true,
    // Its own transactions: the card transaction commits before its card is decided.
    transaction: false,
    request: { params: z.strictObject({ token: tokenParams.shape.token, invoiceId: idParam }), body: portalPayByCardBody },
    responses: { 200: { description: 'The card payment: paid (the invoice is paid), refused (with why) or pending', schema: portalCardPaymentSchema } },
    errors: [403, 409, 422, 429, 502, 503],
    async handler({ em, deps, params, body, koa }) {
      const session = await actionSession(em, deps, koa, params.token, body);
      const payment = await payInvoiceByCard(deps, em, session, params.invoiceId, body);
      return { body: { ...payment, invoice: toInvoiceView(await portalInvoice(em.fork(), session, params.invoiceId)) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/portal/:token/subscriptions/:subscriptionId/card',
    operationId: 'portalChangeSubscriptionCard',
    summary: "The portal's customer saves a new card (a token made in its browser) as its subscription's card",
    tag,
    auth: 'public',
    hidden: true,
    request: { params: z.strictObject({ token: tokenParams.shape.token, subscriptionId: idParam }), body: portalCardBody },
    responses: { 200: { description: 'The subscription, charged on the new card from now on', schema: subscriptionSchema } },
    errors: [403, 409, 429],
    async handler({ em, deps, params, body, koa, afterCommit }) {
      const session = await actionSession(em, deps, koa, params.token, body);
      const { subscription } = await changeSubscriptionCard(em, session, params.subscriptionId, body.cardToken);
      afterCommit(() => signalSubscription(deps.temporal, subscription.id, paymentMethodAttachedSignal));
      return { body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/portal/:token/subscriptions/:subscriptionId/pix-automatico',
    operationId: 'portalStartPixAutomatico',
    summary: "The portal's customer starts its subscription's Pix Automático authorization (the mandate's QR to scan, alone or paying the open invoice now)",
    tag,
    auth: 'public',
    hidden: true,
    // Its own transactions, as the API's start: journey 3's Pix commits before the PSP's mandate.
    transaction: false,
    request: { params: z.strictObject({ token: tokenParams.shape.token, subscriptionId: idParam }), body: portalStartMandateBody },
    responses: { 201: { description: 'The mandate, pending the payer', schema: mandateSchema } },
    errors: [403, 409, 429, 502, 503],
    async handler({ em, deps, params, body, koa }) {
      const session = await actionSession(em, deps, koa, params.token, body);
      return { status: 201, body: toMandateView(await startPortalMandate(deps, em, session, params.subscriptionId, body.authorization)) };
    },
  }),
];
