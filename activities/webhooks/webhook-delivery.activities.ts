import { Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { attemptDelivery } from '../../src/webhooks/deliveries.service';
import {
  requestAttemptSignal,
  WEBHOOK_LANE_WORKFLOW,
  WEBHOOK_MAX_IN_FLIGHT,
  webhookLaneWorkflowId,
  type AttemptOutcome,
  type LaneState,
  type AttemptRequest,
  type WebhookDeliveryActivities,
} from '../../workflows/webhooks/webhook-delivery.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside the attempt activity's heartbeat timeout (webhook-lane.workflow.ts). */
const ATTEMPT_HEARTBEAT_MS = 5_000;

export function createWebhookDeliveryActivities({ orm, config, temporal }: ActivityDeps): WebhookDeliveryActivities {
  return {
    /**
     * Queues a delivery's next attempt in its webhook's lane, starting the lane if it is not running
     * (signal-with-start: a workflow cannot start another workflow it does not own).
     */
    async requestWebhookAttempt({ webhookId, ...request }: AttemptRequest & { webhookId: string }): Promise<void> {
      const initial: LaneState = { webhookId, maxInFlight: WEBHOOK_MAX_IN_FLIGHT, queue: [] };
      const workflowId = webhookLaneWorkflowId(webhookId);
      try {
        await temporal.workflow.signalWithStart(WEBHOOK_LANE_WORKFLOW, {
          workflowId,
          taskQueue: Context.current().info.taskQueue,
          args: [initial],
          signal: requestAttemptSignal,
          signalArgs: [request],
        });
      } catch (err) {
        // Two deliveries starting the same lane at once: the loser (some servers report it
        // this way) signals the lane the winner started. Anything else is retried by Temporal.
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        await temporal.workflow.getHandle(workflowId).signal(requestAttemptSignal, request);
      }
    },

    /** One signed POST, recorded on the delivery (see attemptDelivery). */
    async attemptWebhookDelivery({ deliveryId }: { deliveryId: string }): Promise<AttemptOutcome> {
      return whileHeartbeating(ATTEMPT_HEARTBEAT_MS, () => attemptDelivery(orm.em as unknown as EntityManager, deliveryId, { allowlist: config.webhookAllowlist }));
    },

    /**
     * The lane's batch, one attempt after another in the lane's (event) order. A retry of the
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
          outcomes.push(await attemptDelivery(orm.em as unknown as EntityManager, deliveryId, { allowlist: config.webhookAllowlist, recordedSince, mayYield: !mayNotYield.includes(deliveryId) }));
        }
        return outcomes;
      });
    },
  };
}
