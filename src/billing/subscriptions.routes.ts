import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { defineRoute } from '../http/route';
import { notFound } from '../http/errors';
import { paginated, paginatedFlat } from '../http/pagination';
import {
  cancelSubscriptionSignal,
  invoicePaidSignal,
  pauseSubscriptionSignal,
  paymentMethodAttachedSignal,
  resumeSubscriptionSignal,
  uncancelSubscriptionSignal,
} from '../../workflows/billing/subscription.contract';
import {
  attachPaymentMethodBody,
  cancelSubscriptionBody,
  createSubscriptionBody,
  invoiceIdParams,
  invoiceLineItemSchema,
  invoiceListSchema,
  invoiceSchema,
  listInvoicesQuery,
  listSubscriptionsQuery,
  reportUsageBody,
  saveCardBody,
  savedCardSchema,
  subscriptionIdParams,
  subscriptionItemSchema,
  subscriptionListSchema,
  subscriptionSchema,
  usageRecordSchema,
} from './subscriptions.schemas';
import {
  attachPaymentMethod,
  cancelSubscription,
  createSubscription,
  getSubscription,
  listSubscriptions,
  liveSubscription,
  pauseSubscription,
  reportUsage,
  resumeSubscription,
  subscriptionItems,
  uncancelSubscription,
} from './subscriptions.service';
import { getInvoice, invoiceLineItems, listInvoices } from './invoices.service';
import { markInvoicePaid } from './sandbox-billing.service';
import { applyCouponToSubscription, subscriptionDiscountView } from './coupons.service';
import { saveCard } from './saved-cards.service';
import { advanceSubscription, signalSubscription, startSubscriptionWorkflowAfterCommit } from './subscription-workflow.client';
import { toInvoiceLineItemView, toInvoiceView, toSavedCardView, toSubscriptionItemView, toSubscriptionView, toUsageRecordView } from './subscription.views';

const tag = 'Billing: subscriptions and invoices';
const sandboxTag = 'Sandbox';

// Billing routes have no /v1 prefix (decisions.md, "Deployment shape").
export const subscriptionRoutes = [
  defineRoute({
    method: 'post',
    path: '/payment-methods/cards',
    operationId: 'saveCard',
    summary: 'Save a card for a customer from a single-use token (for subscriptions)',
    description: 'Consumes the token; the answer\'s id (crd_…) is the defaultPaymentMethodRef of POST /subscriptions.',
    tag,
    request: { body: saveCardBody },
    responses: { 201: { description: 'The saved card', schema: savedCardSchema } },
    async handler({ em, company, body }) {
      return { status: 201, body: toSavedCardView(await saveCard(em, company.id, body)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions',
    operationId: 'createSubscription',
    summary: 'Create a subscription (a published plan, or standalone items)',
    tag,
    request: { body: createSubscriptionBody },
    responses: { 201: { description: 'The subscription', schema: subscriptionSchema } },
    errors: [409],
    async handler({ em, company, body, deps, afterCommit, dispatchAfterCommit }) {
      const { subscription, eventIds } = await createSubscription(em, company.id, body);
      // The coupon before the commit: the first invoice, issued by the workflow after it, is discounted.
      if (body.couponId) eventIds.push(...(await applyCouponToSubscription(em, company.id, subscription.id, body.couponId)).events.map((e) => e.id));
      // Start (and mark) before dispatching: subscription.created then finds the workflow started.
      afterCommit(() => startSubscriptionWorkflowAfterCommit(deps.orm.em.fork() as unknown as EntityManager, deps.temporal, deps.config.temporal.taskQueue, subscription.id));
      dispatchAfterCommit(eventIds);
      return { status: 201, body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/subscriptions',
    operationId: 'listSubscriptions',
    summary: 'List subscriptions (envelope data, page, limit, total)',
    tag,
    request: { query: listSubscriptionsQuery },
    responses: { 200: { description: 'A page of subscriptions', schema: subscriptionListSchema } },
    async handler({ em, company, query }) {
      const { subscriptions, total } = await listSubscriptions(em, company.id, query);
      return { body: paginatedFlat(subscriptions.map((s) => toSubscriptionView(s)), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/subscriptions/:id',
    operationId: 'getSubscription',
    summary: 'Get a subscription, with its discount',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema } },
    async handler({ em, company, params }) {
      const subscription = await getSubscription(em, company.id, params.id);
      return { body: toSubscriptionView(subscription, await subscriptionDiscountView(em, subscription.id)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/subscriptions/:id/items',
    operationId: 'listSubscriptionItems',
    summary: 'The active items of a subscription',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'Items', schema: z.array(subscriptionItemSchema) } },
    async handler({ em, company, params }) {
      return { body: (await subscriptionItems(em, company.id, params.id)).map(toSubscriptionItemView) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/cancel',
    operationId: 'cancelSubscription',
    summary: 'Cancel now (mode immediately, default) or at the end of the current cycle (at_period_end)',
    tag,
    request: { params: subscriptionIdParams, body: cancelSubscriptionBody },
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema } },
    errors: [409],
    async handler({ em, company, params, body, deps, afterCommit, dispatchAfterCommit }) {
      const { subscription, events } = await cancelSubscription(em, company.id, params.id, body.mode);
      dispatchAfterCommit(events.map((e) => e.id));
      afterCommit(() => signalSubscription(deps.temporal, subscription.id, cancelSubscriptionSignal, { mode: body.mode }));
      return { body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/uncancel',
    operationId: 'uncancelSubscription',
    summary: 'Undo a cancellation scheduled at period end',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit }) {
      const subscription = await uncancelSubscription(em, company.id, params.id);
      afterCommit(() => signalSubscription(deps.temporal, subscription.id, uncancelSubscriptionSignal));
      return { body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/pause',
    operationId: 'pauseSubscription',
    summary: 'Pause billing (the schedule shifts by the time paused); not for upfront subscriptions',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit, dispatchAfterCommit }) {
      const { subscription, events } = await pauseSubscription(em, company.id, params.id);
      dispatchAfterCommit(events.map((e) => e.id));
      afterCommit(() => signalSubscription(deps.temporal, subscription.id, pauseSubscriptionSignal));
      return { body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/resume',
    operationId: 'resumeSubscription',
    summary: 'Resume a paused subscription',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit, dispatchAfterCommit }) {
      const { subscription, events } = await resumeSubscription(em, company.id, params.id);
      dispatchAfterCommit(events.map((e) => e.id));
      afterCommit(() => signalSubscription(deps.temporal, subscription.id, resumeSubscriptionSignal));
      return { body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/payment-method',
    operationId: 'attachSubscriptionPaymentMethod',
    summary: 'Set the saved card charged for this subscription (an incomplete subscription starts)',
    tag,
    request: { params: subscriptionIdParams, body: attachPaymentMethodBody },
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema } },
    errors: [409],
    async handler({ em, company, params, body, deps, afterCommit }) {
      const subscription = await attachPaymentMethod(em, company.id, params.id, body.defaultPaymentMethodRef);
      afterCommit(() => signalSubscription(deps.temporal, subscription.id, paymentMethodAttachedSignal));
      return { body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/usage',
    operationId: 'reportSubscriptionUsage',
    summary: 'Report usage of a metered item (billed on the invoice of its period)',
    tag,
    request: { params: subscriptionIdParams, body: reportUsageBody },
    responses: { 201: { description: 'The usage record', schema: usageRecordSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      return { status: 201, body: toUsageRecordView(await reportUsage(em, company.id, params.id, body)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/invoices',
    operationId: 'listInvoices',
    summary: 'List invoices (filters status, subscription, customer)',
    tag,
    request: { query: listInvoicesQuery },
    responses: { 200: { description: 'A page of invoices', schema: invoiceListSchema } },
    async handler({ em, company, query }) {
      const { invoices, total } = await listInvoices(em, company.id, query);
      return { body: paginated(invoices.map(toInvoiceView), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/invoices/:id',
    operationId: 'getInvoice',
    summary: 'Get an invoice',
    tag,
    request: { params: invoiceIdParams },
    responses: { 200: { description: 'The invoice', schema: invoiceSchema } },
    async handler({ em, company, params }) {
      return { body: toInvoiceView(await getInvoice(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/invoices/:id/line-items',
    operationId: 'listInvoiceLineItems',
    summary: 'The line items of an invoice',
    tag,
    request: { params: invoiceIdParams },
    responses: { 200: { description: 'Line items', schema: z.array(invoiceLineItemSchema) } },
    async handler({ em, company, params }) {
      return { body: (await invoiceLineItems(em, company.id, params.id)).map(toInvoiceLineItemView) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/subscriptions/:id/advance',
    operationId: 'advanceSandboxSubscription',
    summary: 'Sandbox test clock: run the subscription\'s next cycle now (404 in production)',
    tag: sandboxTag,
    request: { params: subscriptionIdParams },
    responses: { 202: { description: 'The subscription; its workflow runs the next cycle now', schema: subscriptionSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit }) {
      if (deps.config.mode === 'production') throw notFound();
      const subscription = await liveSubscription(em, company.id, params.id);
      afterCommit(() => advanceSubscription(deps.temporal, deps.config.temporal.taskQueue, subscription.id));
      return { status: 202, body: toSubscriptionView(subscription) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/invoices/:id/pay',
    operationId: 'paySandboxInvoice',
    summary: 'Sandbox: mark a send_invoice invoice paid, as its Pix or boleto payment would (404 in production)',
    tag: sandboxTag,
    request: { params: invoiceIdParams },
    responses: { 200: { description: 'The invoice', schema: invoiceSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit, dispatchAfterCommit }) {
      if (deps.config.mode === 'production') throw notFound();
      const { invoice, events } = await markInvoicePaid(em, company.id, params.id);
      dispatchAfterCommit(events.map((e) => e.id));
      afterCommit(() => signalSubscription(deps.temporal, invoice.subscriptionId, invoicePaidSignal, { invoiceId: invoice.id }));
      return { body: toInvoiceView(invoice) };
    },
  }),
];
