import { BaseEntitySchema } from './base.entity';
import { ApiKeySchema, CompanySchema } from '../companies/company.entity';
import { CustomerSchema } from '../customers/customer.entity';
import { EventSchema } from '../events/event.entity';
import { IdempotencyKeySchema } from '../http/idempotency-key.entity';
import { WebhookDeliverySchema, WebhookSchema } from '../webhooks/webhook.entity';

/** Every persisted entity. A new domain adds its schemas here. */
export const entities = [BaseEntitySchema, CompanySchema, ApiKeySchema, IdempotencyKeySchema, EventSchema, CustomerSchema, WebhookSchema, WebhookDeliverySchema];
