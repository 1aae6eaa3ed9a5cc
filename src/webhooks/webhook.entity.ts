import { EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { DeliveryStatus } from './delivery-schedule.rules';

/** A merchant's subscription to events: where to POST them and the secret to sign them with. */
export class Webhook extends BaseEntity {
  companyId!: string;
  name!: string;
  url!: string;
  /** Event codes from the catalog; empty means every event. */
  events: Opt<string[]> = [];
  secret!: string;
  /**
   * The secret replaced by the last secret change, still used (its signature is sent beside
   * the new one) until `previousSecretExpiresAt`, so receivers can switch without losing events.
   */
  previousSecret: Opt<string> | null = null;
  previousSecretExpiresAt: Opt<Date> | null = null;
  isActive: Opt<boolean> = true;
  /** Starts at 1; +1 on each real change (update, status toggle, removal). */
  version: Opt<number> = 1;
  /**
   * Set while the endpoint keeps failing (FAILING_AFTER_FAILURES attempts in a row): its lane
   * only probes it, one delivery at a time; cleared by its next 2xx. Not a change of the
   * webhook (no version bump): it is the endpoint's health, shown as `deliveryState`.
   */
  failingSince: Opt<Date> | null = null;
}

export const WebhookSchema = new EntitySchema<Webhook, BaseEntity>({
  class: Webhook,
  extends: BaseEntitySchema,
  tableName: 'webhooks',
  indexes: [{ properties: ['companyId', 'createdAt'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    name: { type: 'string', length: 255 },
    url: { type: 'string', length: 2000 },
    events: { type: 'json' },
    secret: { type: 'string', length: 255 },
    previousSecret: { type: 'string', length: 255, nullable: true },
    previousSecretExpiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    isActive: { type: 'boolean' },
    version: { type: 'integer' },
    failingSince: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

/**
 * One event's journey to one webhook: every attempt updates this row. (eventId, webhookId)
 * is unique, so dispatching an event twice cannot create a second delivery.
 */
export class WebhookDelivery extends BaseEntity {
  companyId!: string;
  webhookId!: string;
  eventId!: string | null;
  eventType!: string;
  entityType!: string | null;
  entityId!: string | null;
  /** The URL of the latest attempt (the webhook's URL at that time). */
  url!: string;
  /** The envelope `{ id, event, companyId, createdAt, data }` sent as the body. */
  payload!: Record<string, unknown>;
  status: Opt<DeliveryStatus> = 'pending';
  attemptCount: Opt<number> = 0;
  returnStatus: Opt<number> | null = null;
  returnData: Opt<Record<string, unknown>> | null = null;
  errorMessage: Opt<string> | null = null;
  lastAttemptAt: Opt<Date> | null = null;
  /**
   * Set while a delivery lane owes the delivery its first attempt (from creation), and after a
   * failed one until its retry workflow is started; cleared then, or when the attempt is
   * recorded as final. Lanes send what is set, in event order.
   */
  attemptRequestedAt: Opt<Date> | null = null;
}

export const WebhookDeliverySchema = new EntitySchema<WebhookDelivery, BaseEntity>({
  class: WebhookDelivery,
  extends: BaseEntitySchema,
  tableName: 'webhook_deliveries',
  indexes: [
    { properties: ['companyId', 'createdAt'] },
    { properties: ['webhookId', 'createdAt'] },
  ],
  uniques: [{ properties: ['eventId', 'webhookId'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    webhookId: { type: 'string', length: 40 },
    eventId: { type: 'string', length: 40, nullable: true },
    eventType: { type: 'string', length: 100 },
    entityType: { type: 'string', length: 40, nullable: true },
    entityId: { type: 'string', length: 40, nullable: true },
    url: { type: 'string', length: 2000 },
    payload: { type: 'json' },
    status: { type: 'string', length: 16 },
    attemptCount: { type: 'integer' },
    returnStatus: { type: 'integer', nullable: true },
    returnData: { type: 'json', nullable: true },
    errorMessage: { type: 'text', nullable: true },
    lastAttemptAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    attemptRequestedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
