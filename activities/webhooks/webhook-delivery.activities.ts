import type { EntityManager } from '@mikro-orm/postgresql';
import { attemptDelivery } from '../../src/webhooks/deliveries.service';
import type { AttemptOutcome, AttemptRequest, WebhookDeliveryActivities } from '../../workflows/webhooks/webhook-delivery.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside the attempt activity's heartbeat timeout (webhook-delivery.workflow.ts). */
const ATTEMPT_HEARTBEAT_MS = 5_000;

export function createWebhookDeliveryActivities({ orm, config }: ActivityDeps): WebhookDeliveryActivities {
  const em = () => orm.em as unknown as EntityManager;
  return {
    /** One attempt of a delivery the retry workflow holds (see attemptDelivery). */
    async attemptWebhookDelivery({ deliveryId, afterAttempt }: AttemptRequest): Promise<AttemptOutcome> {
      return whileHeartbeating(ATTEMPT_HEARTBEAT_MS, () => attemptDelivery(em(), deliveryId, afterAttempt, { allowlist: config.webhookAllowlist }));
    },
  };
}
