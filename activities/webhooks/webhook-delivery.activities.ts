import { Context } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { attemptDelivery, requestAttempt, requestedDeliveryIds } from '../../src/webhooks/deliveries.service';
import { laneWaker } from '../../src/webhooks/lane-wake';
import { signalAttemptDone } from '../../src/webhooks/webhook-delivery-workflow.client';
import {
  LANE_BATCH_SIZE,
  LANE_DRAIN_BUDGET_MS,
  type AttemptOutcome,
  type AttemptRequest,
  type DrainResult,
  type WebhookDeliveryActivities,
} from '../../workflows/webhooks/webhook-delivery.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside the drain activity's heartbeat timeout (webhook-lane.workflow.ts). */
const ATTEMPT_HEARTBEAT_MS = 5_000;

export function createWebhookDeliveryActivities({ orm, config, temporal }: ActivityDeps): WebhookDeliveryActivities {
  const em = () => orm.em as unknown as EntityManager;
  const wakeLane = laneWaker(temporal, config.temporal.taskQueue);

  /** Best effort: a delivery that misses it reads its outcome from the row (OUTCOME_CHECK_MS). */
  async function signalOutcome(deliveryId: string, outcome: AttemptOutcome): Promise<void> {
    await signalAttemptDone(temporal, deliveryId, outcome).catch((err: unknown) => {
      Context.current().log.warn('webhook outcome not signalled', { deliveryId, error: String(err) });
    });
  }

  return {
    /** See requestAttempt; null means the delivery is requested and its lane awake. */
    async requestWebhookAttempt({ webhookId, deliveryId, afterAttempt }: AttemptRequest): Promise<AttemptOutcome | null> {
      const recorded = await requestAttempt(em(), deliveryId, afterAttempt);
      if (recorded) return recorded;
      await wakeLane(webhookId);
      return null;
    },

    /**
     * The lane's work: batches of the webhook's requested deliveries, each attempted in event
     * order and its outcome signalled to its delivery workflow, until none is requested or the
     * budget is spent. Recording an attempt clears its request, so a retried drain (worker died,
     * database failed) resends at most the attempt that was in flight.
     */
    async drainWebhookDeliveries({ webhookId }: { webhookId: string }): Promise<DrainResult> {
      const started = Date.now();
      let attempted = 0;
      return whileHeartbeating(ATTEMPT_HEARTBEAT_MS, async () => {
        for (;;) {
          const batch = await requestedDeliveryIds(em(), webhookId, LANE_BATCH_SIZE);
          if (batch.length === 0) return { attempted, more: false };
          const signals: Promise<void>[] = [];
          // Checked before each attempt, not each batch: 25 slow endpoints' answers could outlast
          // the activity's timeout, and a timed-out drain is retried while the first still sends.
          let spent = false;
          for (const deliveryId of batch) {
            spent = Date.now() - started >= LANE_DRAIN_BUDGET_MS;
            if (spent) break;
            const outcome = await attemptDelivery(em(), deliveryId, { allowlist: config.webhookAllowlist });
            attempted += 1;
            signals.push(signalOutcome(deliveryId, outcome));
          }
          await Promise.all(signals);
          if (spent) return { attempted, more: true };
        }
      });
    },
  };
}
