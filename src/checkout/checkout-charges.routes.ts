import { z } from 'zod';
import { paginated } from '../http/pagination';
import { defineRoute } from '../http/route';
import { cancelSessionSignal } from '../../workflows/checkout/checkout-session.contract';
import { signalSessionWorkflow } from './checkout-session-workflow.client';
import { createChargeBody, listChargesQuery, listSessionsQuery, sessionIdParams, sessionListSchema, sessionSchema } from './checkout-sessions.schemas';
import { afterSessionCommit, cancelSession, createCharge, getSession, listSessions, loadSessionState, sessionUrls, toSessionView } from './checkout-sessions.service';
import { createSubscriptionSessionBody } from './checkout-subscriptions.schemas';
import { createSubscriptionSession } from './checkout-subscriptions.service';

/** Stripe's shape: one create for both modes, told apart by `mode` (a payment session is POST /checkout/charges's body). */
const createSessionBody = z.discriminatedUnion('mode', [createChargeBody.extend({ mode: z.literal('payment') }), createSubscriptionSessionBody]).meta({ type: 'object' });

const tag = 'Checkout: charges and sessions';

// Checkout routes have no /v1 prefix (decisions.md, "Deployment shape").
export const checkoutChargeRoutes = [
  defineRoute({
    method: 'post',
    path: '/checkout/charges',
    operationId: 'createCheckoutCharge',
    summary: 'Create an ad-hoc checkout session (linkId null) with its url',
    description: 'Same content rules as a link. Errors: 400 validation_failed, no_items, amount_too_low, invalid_splits_sum, recipient_not_active.',
    tag,
    request: { body: createChargeBody },
    responses: { 201: { description: 'The session, status created, with its url', schema: sessionSchema } },
    async handler({ em, company, body, deps, afterCommit }) {
      const { session, event } = await createCharge(em, deps, company, body);
      afterCommit(afterSessionCommit(deps, session, [event.id]));
      return { status: 201, body: toSessionView({ session, payments: [], transactionStatus: {} }, sessionUrls(deps)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/checkout/sessions',
    operationId: 'createCheckoutSession',
    summary: 'Create a checkout session: mode payment (as POST /checkout/charges) or subscription (a published plan, paid by card or Pix Automático)',
    description:
      'Subscription mode errors: 400 validation_failed; 404 not_found (planId, couponId, customerId unknown or another company\'s); 409 plan_not_active, ' +
      'plan_not_priced (no recurring price in currency), customer_deleted, currency_not_supported / recurrence_not_supported (Pix Automático offered for a plan it cannot charge). ' +
      'The session completes (status paid, checkout.session.paid) with subscription.subscriptionId and customerId.',
    tag,
    request: { body: createSessionBody },
    responses: { 201: { description: 'The session, status created, with its url', schema: sessionSchema } },
    errors: [404, 409],
    async handler({ em, company, body, deps, afterCommit }) {
      const { session, event } = body.mode === 'subscription' ? await createSubscriptionSession(em, deps, company, body) : await createCharge(em, deps, company, body);
      afterCommit(afterSessionCommit(deps, session, [event.id]));
      return { status: 201, body: toSessionView({ session, payments: [], transactionStatus: {}, mandate: null }, sessionUrls(deps)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/checkout/charges',
    operationId: 'listCheckoutCharges',
    summary: 'List ad-hoc checkout sessions (newest first)',
    tag,
    request: { query: listChargesQuery },
    responses: { 200: { description: 'A page of sessions: data, pagination', schema: sessionListSchema } },
    async handler({ em, company, query, deps }) {
      const { states, total } = await listSessions(em, company.id, query, 'charges');
      return { body: paginated(states.map((s) => toSessionView(s, sessionUrls(deps))), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/checkout/sessions',
    operationId: 'listCheckoutSessions',
    summary: 'List checkout sessions of every origin (newest first); linkId= for one link',
    tag,
    request: { query: listSessionsQuery },
    responses: { 200: { description: 'A page of sessions: data, pagination', schema: sessionListSchema } },
    async handler({ em, company, query, deps }) {
      const { states, total } = await listSessions(em, company.id, query, 'all');
      return { body: paginated(states.map((s) => toSessionView(s, sessionUrls(deps))), total, query) };
    },
  }),
  ...(['/checkout/charges/:id', '/checkout/sessions/:id'] as const).map((path) =>
    defineRoute({
      method: 'get',
      path,
      operationId: path.startsWith('/checkout/charges') ? 'getCheckoutCharge' : 'getCheckoutSession',
      summary: 'Get a checkout session (link session or charge), with its payments',
      tag,
      request: { params: sessionIdParams },
      responses: { 200: { description: 'The session', schema: sessionSchema } },
      async handler({ em, company, params, deps }) {
        return { body: toSessionView(await loadSessionState(em, await getSession(em, company.id, params.id)), sessionUrls(deps)) };
      },
    }),
  ),
  defineRoute({
    method: 'post',
    path: '/checkout/charges/:id/cancel',
    operationId: 'cancelCheckoutCharge',
    summary: 'Cancel a created, opened or failed session (idempotent)',
    description: '409 session_not_cancellable from paying, partially_paid, paid or expired. Canceling again answers the canceled session.',
    tag,
    request: { params: sessionIdParams },
    responses: { 200: { description: 'The canceled session', schema: sessionSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit, dispatchAfterCommit }) {
      const { state, event } = await cancelSession(em, company.id, params.id, sessionUrls(deps));
      if (event) {
        dispatchAfterCommit([event.id]);
        afterCommit(() => signalSessionWorkflow(deps.temporal, params.id, (h) => h.signal(cancelSessionSignal)));
      }
      return { body: toSessionView(state, sessionUrls(deps)) };
    },
  }),
];
