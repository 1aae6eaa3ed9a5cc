import { z } from 'zod';
import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import {
  chargeSchema,
  createChargeBody,
  createPlanBody,
  createPlanItemBody,
  createPriceBody,
  listPlansQuery,
  planIdParams,
  planItemParams,
  planItemSchema,
  planListSchema,
  planPriceParams,
  planSchema,
  planTemplateSchema,
  priceSchema,
  templateQuery,
  updatePlanBody,
  updatePlanItemBody,
} from './catalog.schemas';
import { toPlanItemView, toPlanView, toPriceView } from './catalog.views';
import { archivePlan, createPlan, getEditablePlan, getPlan, listPlans, publishPlan, updatePlan } from './plans.service';
import { addPlanItem, archivePlanItem, createPlanItem, listPlanItems, updatePlanItem } from './plan-items.service';
import { addPrice, archivePrice, createPrice, currentPrices, listPrices } from './prices.service';

const tag = 'Billing: plans and prices';

// Billing routes have no /v1 prefix (decisions.md, "Deployment shape").
export const catalogRoutes = [
  defineRoute({
    method: 'post',
    path: '/plans',
    operationId: 'createPlan',
    summary: 'Create a plan (in draft)',
    tag,
    request: { body: createPlanBody },
    responses: { 201: { description: 'The plan, in draft', schema: planSchema } },
    errors: [409],
    async handler({ em, company, body }) {
      return { status: 201, body: toPlanView(await createPlan(em, company.id, body)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/plans',
    operationId: 'listPlans',
    summary: 'List plans',
    description: 'Text filters are partial and case-insensitive; priceMin/priceMax match plans with a current price in range (an inverted range matches nothing); createdFrom/createdTo are inclusive and also take YYYY-MM-DD.',
    tag,
    request: { query: listPlansQuery },
    responses: { 200: { description: 'A page of plans', schema: planListSchema } },
    async handler({ em, company, query }) {
      const { plans, total } = await listPlans(em, company.id, query);
      return { body: paginated(plans.map(toPlanView), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/plans/:id',
    operationId: 'getPlan',
    summary: 'Get a plan',
    tag,
    request: { params: planIdParams },
    responses: { 200: { description: 'The plan', schema: planSchema } },
    async handler({ em, company, params }) {
      return { body: toPlanView(await getPlan(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/plans/:id',
    operationId: 'updatePlan',
    summary: 'Update name, description or metadata (never status)',
    tag,
    request: { params: planIdParams, body: updatePlanBody },
    responses: { 200: { description: 'The plan', schema: planSchema } },
    async handler({ em, company, params, body }) {
      return { body: toPlanView(await updatePlan(em, company.id, params.id, body)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/plans/:id/publish',
    operationId: 'publishPlan',
    summary: 'Publish a plan (needs a recurring component with a current price)',
    tag,
    request: { params: planIdParams },
    responses: { 200: { description: 'The active plan', schema: planSchema } },
    errors: [409],
    async handler({ em, company, params }) {
      return { body: toPlanView(await publishPlan(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/plans/:id/archive',
    operationId: 'archivePlan',
    summary: 'Archive a plan',
    tag,
    request: { params: planIdParams },
    responses: { 200: { description: 'The archived plan', schema: planSchema } },
    async handler({ em, company, params }) {
      return { body: toPlanView(await archivePlan(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/plans/:id/template',
    operationId: 'getPlanTemplate',
    summary: 'The plan with each component and its current price',
    description:
      "Prices in one currency: `currency`, or the company's default currency (BRL unless set) without it; the response says which. A component without a current price in it has price null.",
    tag,
    request: { params: planIdParams, query: templateQuery },
    responses: { 200: { description: 'The plan template', schema: planTemplateSchema } },
    async handler({ em, company, params, query }) {
      const plan = await getPlan(em, company.id, params.id);
      const items = await listPlanItems(em, company.id, plan.id);
      // A plan has no currency of its own; prices of several currencies never mix in one template.
      const currency = query.currency ?? company.settings.defaultCurrency;
      const prices = await currentPrices(em, plan.id, currency);
      const priceOf = (itemId: string) => prices.find((p) => p.planItemId === itemId);
      return {
        body: {
          ...toPlanView(plan),
          currency,
          items: items.map((i) => {
            const price = priceOf(i.id);
            return { ...toPlanItemView(i), price: price ? toPriceView(price) : null };
          }),
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/plans/:id/items',
    operationId: 'listPlanItems',
    summary: 'List the components of a plan (not paginated; archived ones left out)',
    tag,
    request: { params: planIdParams },
    responses: { 200: { description: 'Components', schema: z.array(planItemSchema) } },
    async handler({ em, company, params }) {
      return { body: (await listPlanItems(em, company.id, params.id)).map(toPlanItemView) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/plans/:id/items',
    operationId: 'createPlanItem',
    summary: 'Add a component to a plan',
    tag,
    request: { params: planIdParams, body: createPlanItemBody },
    responses: { 201: { description: 'The component', schema: planItemSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      return { status: 201, body: toPlanItemView(await createPlanItem(em, company.id, params.id, body)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/plans/:id/items/:itemId',
    operationId: 'updatePlanItem',
    summary: 'Update the editable fields of a component (key and kind are not editable)',
    tag,
    request: { params: planItemParams, body: updatePlanItemBody },
    responses: { 200: { description: 'The component', schema: planItemSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      return { body: toPlanItemView(await updatePlanItem(em, company.id, params.id, params.itemId, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/plans/:id/items/:itemId',
    operationId: 'archivePlanItem',
    summary: 'Archive a component (the default component cannot be archived)',
    tag,
    request: { params: planItemParams },
    responses: { 200: { description: 'The archived component', schema: planItemSchema } },
    errors: [409],
    async handler({ em, company, params }) {
      return { body: toPlanItemView(await archivePlanItem(em, company.id, params.id, params.itemId)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/plans/:id/prices',
    operationId: 'listPlanPrices',
    summary: 'Every price version of a plan, newest first (not paginated)',
    tag,
    request: { params: planIdParams },
    responses: { 200: { description: 'Price versions', schema: z.array(priceSchema) } },
    async handler({ em, company, params }) {
      return { body: (await listPrices(em, company.id, params.id)).map(toPriceView) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/plans/:id/prices',
    operationId: 'createPlanPrice',
    summary: 'Add a price version (current; the previous one for the same component, currency and cadence stops being current)',
    description: 'Without planItemId and planItemKey the price goes to the plan\'s default (legacy) component, created on first use.',
    tag,
    request: { params: planIdParams, body: createPriceBody },
    responses: { 201: { description: 'The price', schema: priceSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      return { status: 201, body: toPriceView(await createPrice(em, company.id, params.id, body)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/plans/:id/prices/:priceId/archive',
    operationId: 'archivePlanPrice',
    summary: 'Archive a price version',
    tag,
    request: { params: planPriceParams },
    responses: { 200: { description: 'The archived price', schema: priceSchema } },
    async handler({ em, company, params }) {
      return { body: toPriceView(await archivePrice(em, company.id, params.id, params.priceId)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/plans/:id/charges',
    operationId: 'createPlanCharge',
    summary: 'Create a component and its price in one step (atomic)',
    description: 'Both parts are validated before anything is written; a 400 or 409 persists nothing.',
    tag,
    request: { params: planIdParams, body: createChargeBody },
    responses: { 201: { description: 'The component and its price', schema: chargeSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      const plan = await getEditablePlan(em, company.id, params.id);
      const item = await addPlanItem(em, plan, body.item);
      const price = await addPrice(em, plan, item, body.price);
      return { status: 201, body: { item: toPlanItemView(item), price: toPriceView(price) } };
    },
  }),
];
