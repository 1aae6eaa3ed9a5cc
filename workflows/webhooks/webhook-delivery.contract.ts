import { defineSignal } from '@temporalio/workflow';
import type { DeliveryStatus } from '../../src/webhooks/delivery-schedule.rules';

/**
 * The webhook delivery workflows' shared vocabulary, imported by the API (retry endpoint), the
 * event subscriber (starts deliveries), the activities and the workflows themselves.
 *
 * Two workflows cooperate:
 * - webhookDeliveryWorkflow, id = the delivery id (`whd_…`): one event to one webhook; owns
 *   the retry schedule as durable timers, so its history shows the whole schedule, and
 *   receives each attempt's outcome as an `attemptDone` signal.
 * - webhookLaneWorkflow, id = `<whk_…>:lane`: one per webhook, started on demand; runs the
 *   attempts of that webhook's deliveries in event order, at most WEBHOOK_MAX_IN_FLIGHT at a
 *   time, so one slow endpoint holds at most that many of the worker's activity slots and a
 *   healthy endpoint receives its events in order.
 */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';
export const WEBHOOK_LANE_WORKFLOW = 'webhookLaneWorkflow';

export const webhookDeliveryWorkflowId = (deliveryId: string): string => deliveryId;
export const webhookLaneWorkflowId = (webhookId: string): string => `${webhookId}:lane`;

/** Sends in flight per webhook. 1 = strictly one after the other, which is what keeps event order. */
export const WEBHOOK_MAX_IN_FLIGHT = 1;
/** A lane with nothing queued or in flight for this long ends (the next request starts it again). */
export const LANE_IDLE_MS = 60_000;
/**
 * A delivery that has had no outcome this long after asking asks again (the lane may have
 * been terminated); the lane ignores a request for a delivery it already holds.
 */
export const ATTEMPT_REQUEST_RENEW_MS = 15 * 60_000;
/** Attempts per lane run before continue-as-new keeps its history short. */
export const LANE_ATTEMPTS_PER_RUN = 500;
/**
 * How many queued deliveries a lane hands to one activity, which attempts them one after
 * another in event order: one lane cycle (task-queue hop, activity, workflow task) per batch
 * instead of per delivery, so a busy webhook is not limited to one delivery per cycle.
 */
export const LANE_BATCH_SIZE = 25;

export interface WebhookDeliveryInput {
  deliveryId: string;
  webhookId: string;
  /** Sort key within the webhook's lane: the event id (time-ordered). */
  orderKey: string;
}

export interface WebhookDeliveryResult {
  /** `missing`: the delivery row does not exist (nothing was sent). */
  status: DeliveryStatus | 'missing';
  attemptCount: number;
}

/** What an attempt reports back to the workflow. */
export interface AttemptOutcome {
  status: DeliveryStatus | 'missing';
  attemptCount: number;
  /** How long to wait before the next attempt; null when the delivery is finished. */
  nextDelayMs: number | null;
  /**
   * Nothing was sent: an earlier event's delivery to the same webhook has not had its first
   * attempt yet (it reached the idle lane a moment after this one). The workflow queues again
   * after ORDER_YIELD_MS so that the earlier event leaves first. A delivery gives way once: under
   * steady traffic there is always a newer-than-10-s event still on its way to the lane, and
   * giving way every time starved every delivery until the traffic stopped (the soak).
   */
  yielded?: boolean;
}

export const ORDER_YIELD_MS = 250;

export interface AttemptRequest {
  deliveryId: string;
  orderKey: string;
  /** False once the delivery has given way (see AttemptOutcome.yielded); absent means true. */
  mayYield?: boolean;
}

export interface LaneState {
  webhookId: string;
  maxInFlight: number;
  /** Waiting requests, sorted by orderKey (carried over continue-as-new). */
  queue: AttemptRequest[];
}

/**
 * The activities the delivery workflow calls, declared here so the workflow imports only its
 * contract (activities/webhooks/webhook-delivery.activities.ts implements this interface).
 */
export interface WebhookDeliveryActivities {
  requestWebhookAttempt(input: AttemptRequest & { webhookId: string }): Promise<void>;
  attemptWebhookDelivery(input: { deliveryId: string }): Promise<AttemptOutcome>;
  /** The lane's batch: the deliveries' attempts one after another, in order, one outcome each. */
  attemptWebhookDeliveries(input: { deliveryIds: string[]; mayNotYield?: string[] }): Promise<AttemptOutcome[]>;
}

/** The retry endpoint: attempt now instead of waiting for the next timer. */
export const attemptNowSignal = defineSignal('attemptNow');
/** Delivery → lane (via signal-with-start, from an activity): attempt me when my turn comes. */
export const requestAttemptSignal = defineSignal<[AttemptRequest]>('requestAttempt');
/** Lane → delivery: the attempt's outcome. */
export const attemptDoneSignal = defineSignal<[AttemptOutcome]>('attemptDone');
