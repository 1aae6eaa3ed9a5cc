import { z } from 'zod';
import { defineRoute } from '../http/route';
import { subscriptionIdParams } from './subscriptions.schemas';
import { planChangeBody, planChangeParams, planChangePreviewSchema, planChangeSchema } from './plan-changes.schemas';
import { cancelPlanChange, changePlan, listPlanChanges, previewPlanChange, toPlanChangeView } from './plan-changes.service';

const tag = 'Billing: subscriptions and invoices';

export const planChangeRoutes = [
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/plan-changes',
    operationId: 'changeSubscriptionPlan',
    summary: 'Change the plan, prices or quantities of a subscription, now (prorated) or at the end of the cycle',
    tag,
    request: { params: subscriptionIdParams, body: planChangeBody },
    responses: { 201: { description: 'The change (applied, or pending until the cycle ends)', schema: planChangeSchema } },
    errors: [409],
    async handler({ em, company, params, body, dispatchAfterCommit }) {
      const { change, events } = await changePlan(em, company.id, params.id, body);
      dispatchAfterCommit(events.map((e) => e.id));
      return { status: 201, body: toPlanChangeView(change) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/plan-changes/preview',
    operationId: 'previewSubscriptionPlanChange',
    summary: 'What a change would do, changing nothing: its proration lines and the next invoice',
    tag,
    request: { params: subscriptionIdParams, body: planChangeBody },
    responses: { 200: { description: 'The preview', schema: planChangePreviewSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      return { body: await previewPlanChange(em, company.id, params.id, body) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/subscriptions/:id/plan-changes',
    operationId: 'listSubscriptionPlanChanges',
    summary: 'The plan changes of a subscription, newest first',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'Its changes', schema: z.array(planChangeSchema) } },
    async handler({ em, company, params }) {
      return { body: (await listPlanChanges(em, company.id, params.id)).map(toPlanChangeView) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/plan-changes/:changeId/cancel',
    operationId: 'cancelSubscriptionPlanChange',
    summary: 'Cancel a change scheduled for the end of the cycle',
    tag,
    request: { params: planChangeParams },
    responses: { 200: { description: 'The canceled change', schema: planChangeSchema } },
    errors: [409],
    async handler({ em, company, params, dispatchAfterCommit }) {
      const { change, events } = await cancelPlanChange(em, company.id, params.id, params.changeId);
      dispatchAfterCommit(events.map((e) => e.id));
      return { body: toPlanChangeView(change) };
    },
  }),
];
