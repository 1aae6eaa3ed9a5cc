import { defineSignal } from '@temporalio/workflow';
import type { DeliveryStatus } from '../../src/webhooks/delivery-schedule.rules';

/**
 * The webhook delivery workflows' shared vocabulary, imported by the API (retry endpoint), the
 * event subscriber (starts deliveries), the activities and the workflows themselves.
 *
 * Two workflows cooperate:
 * - webhookDeliveryWorkflow, id = the delivery id (`whd_…`): one event to one webhook; owns
 *   the retry schedule as durable timers, so its history shows the whole schedule. It asks
 *   for each attempt (the row's `attemptRequestedAt`) and learns the outcome from an
 *   `attemptDone` signal, or from the row when it asks again.
 * - webhookLaneWorkflow, id = `<whk_…>:lane`: one per webhook, started on demand; sends that
 *   webhook's requested deliveries in event order, one at a time, so one slow endpoint holds
 *   at most one of the worker's activity slots and a healthy endpoint receives its events in
 *   order. It reads what to send from the database, woken by a
 *   `deliveriesDue` signal that carries nothing, so any number of new deliveries costs the
 *   lane one wake-up (lane-wake.ts coalesces them), not one signal each.
 */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';
export const WEBHOOK_LANE_WORKFLOW = 'webhookLaneWorkflow';

export const webhookDeliveryWorkflowId = (deliveryId: string): string => deliveryId;
export const webhookLaneWorkflowId = (webhookId: string): string => `${webhookId}:lane`;

/** A lane with nothing requested for this long ends (the next request starts it again). */
export const LANE_IDLE_MS = 60_000;
/** Drains per lane run before continue-as-new (each drain adds a handful of events, whatever it sent). */
export const LANE_DRAINS_PER_RUN = 200;
/**
 * A drain stops taking new batches after this long and returns, so the lane's workflow gets a
 * turn (continue-as-new, history) under a backlog that never empties; it starts the next at once.
 */
export const LANE_DRAIN_BUDGET_MS = 60_000;
/**
 * How long a delivery waits for its outcome signal before asking again, which reads the
 * outcome from the row if the signal was lost (a worker died after recording) or wakes the lane
 * again if the attempt has not happened (the lane was terminated).
 */
export const OUTCOME_CHECK_MS = 2 * 60_000;
/** How many requested deliveries a drain reads at a time, to attempt one after another in event order. */
export const LANE_BATCH_SIZE = 25;

export interface WebhookDeliveryInput {
  deliveryId: string;
  webhookId: string;
  /**
   * Attempts the delivery had when this run started: 0 from dispatch, the recorded count when
   * the retry endpoint starts a finished delivery again. An outcome counts only past it.
   */
  attemptsBefore?: number;
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
}

export interface AttemptRequest {
  webhookId: string;
  deliveryId: string;
  /** The attempts the asking run has seen: a recorded attempt past them is the answer (nothing is sent twice). */
  afterAttempt: number;
}

/** What a drain did: `more` when it stopped at LANE_DRAIN_BUDGET_MS with deliveries still requested. */
export interface DrainResult {
  attempted: number;
  more: boolean;
}

export interface LaneInput {
  webhookId: string;
}

/**
 * The activities the delivery workflow calls, declared here so the workflow imports only its
 * contract (activities/webhooks/webhook-delivery.activities.ts implements this interface).
 */
export interface WebhookDeliveryActivities {
  /** Marks the delivery requested and wakes its lane; answers the recorded outcome instead when there is one past `afterAttempt`. */
  requestWebhookAttempt(input: AttemptRequest): Promise<AttemptOutcome | null>;
  /** The lane's work: the webhook's requested deliveries, in event order, each attempt recorded and signalled to its delivery. */
  drainWebhookDeliveries(input: { webhookId: string }): Promise<DrainResult>;
}

/** The retry endpoint: attempt now instead of waiting for the next timer. */
export const attemptNowSignal = defineSignal('attemptNow');
/** → lane (signal-with-start, coalesced by lane-wake.ts): deliveries are requested in the database. */
export const deliveriesDueSignal = defineSignal('deliveriesDue');
/** Lane → delivery: the attempt's outcome. */
export const attemptDoneSignal = defineSignal<[AttemptOutcome]>('attemptDone');
