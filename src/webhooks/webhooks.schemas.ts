import { z } from 'zod';
import { EVENT_TYPES, type WebhookEventType } from '../events/catalog';
import { idParam, isoDateTimeWithOffset, nullableTimestamp, queryBoolean, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { checkSuppliedSecret } from './webhook-signature';

/** An event code of the catalog (GET /webhooks/listeners); anything else is a 400 naming the code. */
const eventCode = z.enum(EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], { error: (iss) => `Unknown event code '${String(iss.input)}' (see GET /webhooks/listeners)` });

const deliveryStatus = z.enum(['pending', 'retrying', 'success', 'failed']);

const webhookFields = {
  name: z.string().trim().min(1).max(255),
  // URL safety (https, public host) is checked by the service, which also resolves the host.
  // Whether the host resolves to a public address is known only at request time: a named format.
  url: z.string().trim().min(1).max(2000).meta({ format: 'webhook-url', description: 'Public https URL (http only for WEBHOOK_ALLOWLIST entries)' }),
  events: z
    .array(eventCode)
    .max(EVENT_TYPES.length)
    .transform((codes) => [...new Set(codes)])
    .meta({ description: 'Event codes; empty means every event' }),
  secret: z
    .string()
    .min(8)
    .max(255)
    .superRefine((s, ctx) => {
      const problem = checkSuppliedSecret(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: 'Signing secret (min 8 chars). Omit it to get a generated whsec_ secret.' }),
};

export const createWebhookBody = z.strictObject({
  name: webhookFields.name,
  url: webhookFields.url,
  events: webhookFields.events.default([]),
  secret: webhookFields.secret.optional(),
});

export const updateWebhookBody = z.strictObject({
  name: webhookFields.name.optional(),
  url: webhookFields.url.optional(),
  events: webhookFields.events.optional(),
  secret: webhookFields.secret.optional(),
});

export const webhookStatusBody = z.strictObject({ isActive: z.boolean() });

export const webhookIdParams = z.strictObject({ id: idParam });

export const listWebhooksQuery = z.strictObject({
  isActive: queryBoolean.optional(),
  event: eventCode.optional().meta({ description: 'Webhooks that receive this event (subscribed to it, or to all)' }),
  ...paginationQuery,
  ...cursorQuery,
});

export const listDeliveriesQuery = z.strictObject({
  webhookId: z.string().max(100).optional(),
  eventType: eventCode.optional(),
  status: deliveryStatus.optional(),
  from: isoDateTimeWithOffset.optional().meta({ description: 'createdAt at or after (ISO 8601 with offset)' }),
  to: isoDateTimeWithOffset.optional().meta({ description: 'createdAt at or before (ISO 8601 with offset)' }),
  sort: z.enum(['createdAt.asc', 'createdAt.desc']).default('createdAt.desc'),
  ...paginationQuery,
  ...cursorQuery,
});

export const webhookSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    name: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    secret: z.string(),
    isActive: z.boolean(),
    version: z.number().int(),
    deliveryState: z.enum(['healthy', 'failing']).meta({ description: 'failing: the endpoint keeps failing, so new events wait (pending) and one is sent at a time as a probe until it answers 2xx' }),
    failingSince: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
  })
  .meta({ id: 'Webhook' });

export const webhookListSchema = paginatedSchema(webhookSchema).meta({ id: 'WebhookList' });

export const listenersSchema = z
  .object({ data: z.array(z.object({ code: z.string(), description: z.string() })) })
  .meta({ id: 'WebhookListeners' });

export const deliverySummarySchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    webhookId: z.string(),
    eventId: z.string().nullable(),
    eventType: z.string(),
    entityType: z.string().nullable(),
    entityId: z.string().nullable(),
    url: z.string(),
    status: deliveryStatus,
    attemptCount: z.number().int(),
    returnStatus: z.number().int().nullable(),
    errorMessage: z.string().nullable(),
    lastAttemptAt: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'WebhookDeliverySummary' });

/** The detail adds what the list leaves out to stay light: the body sent and the receiver's answer. */
export const deliverySchema = deliverySummarySchema
  .extend({
    payload: z.record(z.string(), z.unknown()),
    returnData: z
      .object({ contentType: z.string().nullable(), body: z.string(), truncated: z.boolean() })
      .nullable()
      .meta({ description: "The last answer's content type and body (first 4 KiB)" }),
  })
  .meta({ id: 'WebhookDelivery' });

export const deliveryListSchema = paginatedSchema(deliverySummarySchema).meta({ id: 'WebhookDeliveryList' });

export const retryResultSchema = z.object({ ok: z.literal(true) }).meta({ id: 'WebhookRetryResult' });

export type CreateWebhookInput = z.output<typeof createWebhookBody>;
export type UpdateWebhookInput = z.output<typeof updateWebhookBody>;
export type ListWebhooksQuery = z.output<typeof listWebhooksQuery>;
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;
export type WebhookView = z.output<typeof webhookSchema>;
export type DeliverySummaryView = z.output<typeof deliverySummarySchema>;
export type DeliveryView = z.output<typeof deliverySchema>;
