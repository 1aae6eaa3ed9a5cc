import { Context } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { attemptDelivery } from '../../src/webhooks/deliveries.service';
import {
  requestSlotSignal,
  WEBHOOK_LANE_WORKFLOW,
  WEBHOOK_MAX_IN_FLIGHT,
  webhookLaneWorkflowId,
  type AttemptOutcome,
  type LaneState,
  type SlotRequest,
  type WebhookDeliveryActivities,
} from '../../workflows/webhooks/webhook-delivery.contract';
import type { ActivityDeps } from '../deps';

export function createWebhookDeliveryActivities({ orm, config, temporal }: ActivityDeps): WebhookDeliveryActivities {
  return {
    /**
     * Queues a delivery in its webhook's lane, starting the lane if it is not running
     * (signal-with-start: a workflow cannot start another workflow it does not own).
     */
    async requestWebhookSlot({ webhookId, ...request }: SlotRequest & { webhookId: string }): Promise<void> {
      const initial: LaneState = { webhookId, maxInFlight: WEBHOOK_MAX_IN_FLIGHT, queue: [], inFlight: {} };
      await temporal.workflow.signalWithStart(WEBHOOK_LANE_WORKFLOW, {
        workflowId: webhookLaneWorkflowId(webhookId),
        taskQueue: Context.current().info.taskQueue,
        args: [initial],
        signal: requestSlotSignal,
        signalArgs: [request],
      });
    },

    /** One signed POST, recorded on the delivery (see attemptDelivery). */
    async attemptWebhookDelivery({ deliveryId }: { deliveryId: string }): Promise<AttemptOutcome> {
      return attemptDelivery(orm.em as unknown as EntityManager, deliveryId, { allowlist: config.webhookAllowlist });
    },
  };
}
