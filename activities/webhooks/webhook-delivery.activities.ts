import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { attemptDelivery, requestAttempt, requestedDeliveryIds } from '../../src/webhooks/deliveries.service';
import { laneWaker } from '../../src/webhooks/lane-wake';
import {
  attemptDoneSignal,
  LANE_BATCH_SIZE,
  LANE_DRAIN_BUDGET_MS,
  type AttemptOutcome,
  type AttemptRequest,
  type DrainResult,
  type WebhookDeliveryActivities,
} from '../../workflows/webhooks/webhook-delivery.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside the attempt activity's heartbeat timeout (webhook-lane.workflow.ts). */
const ATTEMPT_HEARTBEAT_MS = 5_000;

export function createWebhookDeliveryActivities({ orm, config, temporal }: ActivityDeps): WebhookDeliveryActivities {
  const em = () => orm.em as unknown as EntityManager;
  // One per worker, so that every delivery of a burst shares the wake-ups of its webhook's lane.
  const wakeLane = laneWaker(temporal, config.temporal.taskQueue);

  /** Best effort: a delivery that misses it reads its outcome from the row (OUTCOME_CHECK_MS). */
  async function signalOutcome(deliveryId: string, outcome: AttemptOutcome): Promise<void> {
    try {
      await temporal.workflow.getHandle(deliveryId).signal(attemptDoneSignal, outcome);
    } catch (err) {
      // Not found: its run has not started yet (its request will find the outcome) or was terminated.
      if (!(err instanceof WorkflowNotFoundError)) Context.current().log.warn('webhook outcome not signalled', { deliveryId, error: String(err) });
    }
  }

  return {
    /** See requestAttempt; null means the delivery is requested and its lane awake. */
    async requestWebhookAttempt({ webhookId, deliveryId, afterAttempt }: AttemptRequest & { webhookId: string }): Promise<AttemptOutcome | null> {
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
            // Order is kept by the lane's query: nothing to give way to.
            const outcome = await attemptDelivery(em(), deliveryId, { allowlist: config.webhookAllowlist, mayYield: false });
            attempted += 1;
            signals.push(signalOutcome(deliveryId, outcome));
          }
          await Promise.all(signals);
          if (spent) return { attempted, more: true };
        }
      });
    },

    /** Lane runs before LANE_READS_DATABASE_PATCH: one signed POST, recorded on the delivery (see attemptDelivery). */
    async attemptWebhookDelivery({ deliveryId }: { deliveryId: string }): Promise<AttemptOutcome> {
      return whileHeartbeating(ATTEMPT_HEARTBEAT_MS, () => attemptDelivery(em(), deliveryId, { allowlist: config.webhookAllowlist }));
    },

    /**
     * Lane runs before LANE_READS_DATABASE_PATCH: a batch, one attempt after another in the lane's (event) order. A retry of the
     * batch (its worker died, or the database failed mid-batch) does not send again what an
     * earlier try already recorded: those answer with their recorded outcome. A fault fails the
     * whole activity so Temporal retries it within seconds; answering null for one delivery would
     * leave it waiting for its 15-minute re-request (seen when PostgreSQL restarted mid-burst).
     */
    async attemptWebhookDeliveries({ deliveryIds, mayNotYield = [] }: { deliveryIds: string[]; mayNotYield?: string[] }): Promise<AttemptOutcome[]> {
      const info = Context.current().info;
      const recordedSince = info.attempt > 1 ? new Date(info.scheduledTimestampMs) : undefined;
      return whileHeartbeating(ATTEMPT_HEARTBEAT_MS, async () => {
        const outcomes: AttemptOutcome[] = [];
        for (const deliveryId of deliveryIds) {
          outcomes.push(await attemptDelivery(em(), deliveryId, { allowlist: config.webhookAllowlist, recordedSince, mayYield: !mayNotYield.includes(deliveryId) }));
        }
        return outcomes;
      });
    },
  };
}
