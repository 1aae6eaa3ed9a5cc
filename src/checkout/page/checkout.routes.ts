import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { limitPublicSession, limitVisitsFrom, limitVisitsOf } from '../checkout-public.limits';
import { signalSessionWorkflow } from '../checkout-session-workflow.client';
import { openSession, sessionUrls, startSessionFromLink, toPublicSessionView } from '../checkout-sessions.service';
import { ApiError } from '../../http/errors';
import { defineRoute, type RouteResult } from '../../http/route';
import { sessionOpenedSignal } from '../../../workflows/checkout/checkout-session.contract';
import { checkoutAsset, type CheckoutAssetName } from './checkout.assets';
import { assetResponse } from '../../http/static-assets';
import { pickCheckoutLocale, type CheckoutLocale } from './checkout.i18n';
import { checkoutPageHeaders, renderCheckoutPage, renderCheckoutProblemPage, type RenderedPage } from './checkout.page';

/**
 * The buyer's pages at `{checkout_page_url}`: `/c/:linkId` (a visit to a link makes a new
 * session and sends the buyer to it) and `/pay/:sessionId` (the session page, which marks the
 * session opened). Unknown and archived links, and unknown sessions, get a localized 404 page.
 */

const tag = 'Checkout page';
const pageQuery = z.object({ lang: z.string().max(10).optional() });
// Malformed ids are answered with the same 404 page as unknown ones, so the params take any short text.
const linkParams = z.strictObject({ linkId: z.string().min(1).max(120) });
const sessionParams = z.strictObject({ sessionId: z.string().min(1).max(120) });
const html = { 200: { description: 'HTML', contentType: 'text/html' } };

const page = (status: number, rendered: RenderedPage): RouteResult => ({
  status,
  body: rendered.html,
  contentType: 'text/html; charset=utf-8',
  headers: checkoutPageHeaders(rendered.csp),
});

const isNotFound = (err: unknown): boolean => err instanceof ApiError && err.status === 404;

/** created → opened (once), with the event and the workflow signal the public open endpoint sends. */
async function openForPage(em: EntityManager, deps: AppDeps, sessionId: string, after: { afterCommit(fn: () => Promise<unknown>): void; dispatchAfterCommit(ids: string[]): void }) {
  const { state, event } = await em.transactional((tem) => openSession(tem as EntityManager, sessionId, sessionUrls(deps)));
  if (event) {
    after.dispatchAfterCommit([event.id]);
    after.afterCommit(() => signalSessionWorkflow(deps.temporal, sessionId, (h) => h.signal(sessionOpenedSignal)));
  }
  return state;
}

// The script and the stylesheet change only with a deploy: cached briefly, then revalidated by ETag.
const assetRoutes = (['checkout.js', 'checkout.css'] as CheckoutAssetName[]).map((name) =>
  defineRoute({
    method: 'get',
    path: `/checkout/assets/${name}`,
    operationId: `getCheckoutAsset_${name.replace(/\W/g, '_')}`,
    summary: `Buyer checkout page ${name}`,
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: name, contentType: name.endsWith('.js') ? 'text/javascript' : 'text/css' } },
    async handler({ koa }) {
      return assetResponse(koa, await checkoutAsset(name), { 'Cache-Control': 'public, max-age=3600, must-revalidate', 'X-Content-Type-Options': 'nosniff' });
    },
  }),
);

export const checkoutPageRoutes = [
  ...assetRoutes,
  defineRoute({
    method: 'get',
    path: '/c/:linkId',
    operationId: 'visitCheckoutLink',
    summary: "A buyer's visit to a checkout link: a new session, then 303 to its page",
    tag,
    auth: 'public',
    hidden: true,
    request: { params: linkParams, query: pageQuery },
    responses: { 303: { description: 'To the new session page' }, 404: { description: 'HTML: unknown or archived link', contentType: 'text/html' } },
    async handler({ em, deps, params, query, koa }) {
      // Link checkers and previews often send HEAD: answering it must not open a session for nobody.
      if (koa.method === 'HEAD') return { status: 200, body: '', contentType: 'text/html; charset=utf-8', headers: { 'Cache-Control': 'no-store' } };
      // Every visit opens a session and starts a workflow: limited per address before any work, per link once it is known.
      await limitVisitsFrom(deps, koa.ip);
      try {
        const session = await startSessionFromLink(em, deps, null, params.linkId, (link) => limitVisitsOf(deps, link.id));
        // Relative: the buyer stays on the host that served the link, which is the checkout page's.
        const target = `/pay/${session.id}${query.lang ? `?lang=${encodeURIComponent(query.lang)}` : ''}`;
        // Every visit is a new session, so the redirect must never be cached or prefetched into one.
        return { status: 303, body: '', contentType: 'text/plain', headers: { Location: target, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } };
      } catch (err) {
        if (!isNotFound(err)) throw err;
        const locale: CheckoutLocale = pickCheckoutLocale(query.lang, undefined, koa.get('accept-language'));
        return page(404, renderCheckoutProblemPage(locale, 'link_not_found', `/c/${encodeURIComponent(params.linkId)}`));
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/pay/:sessionId',
    operationId: 'getCheckoutSessionPage',
    summary: 'The buyer checkout page of a session (HTML, pt-BR, en-US or es-ES)',
    tag,
    auth: 'public',
    hidden: true,
    request: { params: sessionParams, query: pageQuery },
    responses: { ...html, 404: { description: 'HTML: unknown session', contentType: 'text/html' } },
    errors: [429],
    async handler({ em, deps, params, query, koa, afterCommit, dispatchAfterCommit }) {
      limitPublicSession(deps, 'reads', koa.ip, params.sessionId);
      const selfPath = `/pay/${encodeURIComponent(params.sessionId)}`;
      try {
        const state = await openForPage(em, deps, params.sessionId, { afterCommit, dispatchAfterCommit });
        const view = toPublicSessionView(state, sessionUrls(deps));
        const locale = pickCheckoutLocale(query.lang, view.locale, undefined);
        const cardInstallments = state.session.paymentMethods.card?.installments ?? null;
        return page(200, renderCheckoutPage(view, locale, { apiUrl: deps.config.urls.publicBase, selfPath, cardInstallments }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
        return page(404, renderCheckoutProblemPage(pickCheckoutLocale(query.lang, undefined, koa.get('accept-language')), 'session_not_found', selfPath));
      }
    },
  }),
];
