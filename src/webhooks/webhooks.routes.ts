import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import {
  createWebhookBody,
  deliveryListSchema,
  deliverySchema,
  listDeliveriesQuery,
  listenersSchema,
  listWebhooksQuery,
  retryResultSchema,
  updateWebhookBody,
  webhookIdParams,
  webhookListSchema,
  webhookSchema,
  webhookStatusBody,
} from './webhooks.schemas';
import { createWebhook, deleteWebhook, getWebhook, listListeners, listWebhooks, setWebhookStatus, toWebhookView, updateWebhook } from './webhooks.service';
import { getDelivery, listDeliveries, retryDelivery, toDeliverySummaryView, toDeliveryView } from './deliveries.service';

const tag = 'Webhooks';

// Fixed paths (/webhooks/listeners, /webhooks/deliveries…) come before /webhooks/:id, which
// would otherwise match them: the router tries routes in this order.
export const webhookRoutes = [
  defineRoute({
    method: 'get',
    path: '/webhooks/listeners',
    versioned: true,
    operationId: 'listWebhookListeners',
    summary: 'The event catalog: every code a webhook can subscribe to',
    tag,
    responses: { 200: { description: 'Every event code with its description', schema: listenersSchema } },
    async handler() {
      return { body: listListeners() };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/deliveries',
    versioned: true,
    operationId: 'listWebhookDeliveries',
    summary: 'List webhook deliveries (without payload and returnData; see the detail)',
    tag,
    request: { query: listDeliveriesQuery },
    responses: { 200: { description: 'A page of deliveries', schema: deliveryListSchema } },
    async handler({ em, company, query }) {
      const { deliveries, total } = await listDeliveries(em, company.id, query);
      return { body: paginated(deliveries.map(toDeliverySummaryView), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/deliveries/:id',
    versioned: true,
    operationId: 'getWebhookDelivery',
    summary: 'Get a delivery with its payload and the last answer (returnData)',
    tag,
    request: { params: webhookIdParams },
    responses: { 200: { description: 'The delivery', schema: deliverySchema } },
    async handler({ em, company, params }) {
      return { body: toDeliveryView(await getDelivery(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/deliveries/:id/retry',
    versioned: true,
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again now (same delivery, attemptCount +1)',
    description:
      'Queued for an immediate attempt: a delivery waiting for its next scheduled retry is attempted now; a finished one (success or failed) is sent once more. 409 when its webhook is inactive or deleted.',
    tag,
    request: { params: webhookIdParams },
    responses: { 200: { description: 'Queued', schema: retryResultSchema } },
    errors: [409],
    async handler({ em, company, params, deps }) {
      await retryDelivery(em, deps.temporal, deps.config.temporal.taskQueue, company.id, params.id);
      return { body: { ok: true as const } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks',
    versioned: true,
    operationId: 'createWebhook',
    summary: 'Create a webhook',
    description: 'The URL must be https and resolve only to public addresses (400 webhook_url_not_allowed otherwise). Without a secret, a whsec_ secret is generated.',
    tag,
    request: { body: createWebhookBody },
    responses: { 201: { description: 'Created', schema: webhookSchema } },
    async handler({ em, company, body, deps }) {
      const webhook = await createWebhook(em, company.id, body, { allowlist: deps.config.webhookAllowlist });
      return { status: 201, body: toWebhookView(webhook) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks',
    versioned: true,
    operationId: 'listWebhooks',
    summary: 'List webhooks (deleted ones are not listed)',
    tag,
    request: { query: listWebhooksQuery },
    responses: { 200: { description: 'A page of webhooks', schema: webhookListSchema } },
    async handler({ em, company, query }) {
      const { webhooks, total } = await listWebhooks(em, company.id, query);
      return { body: paginated(webhooks.map(toWebhookView), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/:id',
    versioned: true,
    operationId: 'getWebhook',
    summary: 'Get a webhook (deleted ones too, with deletedAt)',
    tag,
    request: { params: webhookIdParams },
    responses: { 200: { description: 'The webhook', schema: webhookSchema } },
    async handler({ em, company, params }) {
      return { body: toWebhookView(await getWebhook(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/webhooks/:id',
    versioned: true,
    operationId: 'updateWebhook',
    summary: 'Update a webhook (any of name, url, events, secret; version +1 on a change)',
    description: 'After a secret change the previous secret keeps signing, beside the new one, for 24 hours.',
    tag,
    request: { params: webhookIdParams, body: updateWebhookBody },
    responses: { 200: { description: 'The updated webhook', schema: webhookSchema } },
    errors: [409],
    async handler({ em, company, params, body, deps }) {
      const webhook = await updateWebhook(em, company.id, params.id, body, { allowlist: deps.config.webhookAllowlist });
      return { body: toWebhookView(webhook) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/webhooks/:id/status',
    versioned: true,
    operationId: 'setWebhookStatus',
    summary: 'Activate or deactivate a webhook (an inactive one gets no new deliveries)',
    tag,
    request: { params: webhookIdParams, body: webhookStatusBody },
    responses: { 200: { description: 'The webhook', schema: webhookSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      return { body: toWebhookView(await setWebhookStatus(em, company.id, params.id, body.isActive)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/webhooks/:id',
    versioned: true,
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook (soft; idempotent)',
    tag,
    request: { params: webhookIdParams },
    responses: { 200: { description: 'The deleted webhook, with deletedAt', schema: webhookSchema } },
    async handler({ em, company, params }) {
      return { body: toWebhookView(await deleteWebhook(em, company.id, params.id)) };
    },
  }),
];
