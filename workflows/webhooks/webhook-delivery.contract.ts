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
 *   webhook's requested deliveries in event order, one at a time (WEBHOOK_MAX_IN_FLIGHT), so
 *   one slow endpoint holds at most one of the worker's activity slots and a healthy endpoint
 *   receives its events in order. It reads what to send from the database, woken by a
 *   `deliveriesDue` signal that carries nothing, so any number of new deliveries costs the
 *   lane one wake-up (lane-wake.ts coalesces them), not one signal each.
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
/** Attempts per lane run before continue-as-new keeps its history short (runs before LANE_READS_DATABASE_PATCH). */
export const LANE_ATTEMPTS_PER_RUN = 500;
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
/**
 * Runs started since then: the lane drains requested deliveries from the database, and a
 * delivery asks through its row (LaneState.queue and the per-delivery request signal are for
 * histories recorded before).
 */
export const LANE_READS_DATABASE_PATCH = 'webhook-lane-reads-database';
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
  /**
   * The attempts the asking run has seen. With it, a request answers with the recorded outcome
   * when a later attempt is already recorded (nothing is sent twice); without it (runs before
   * LANE_READS_DATABASE_PATCH), a request only asks.
   */
  afterAttempt?: number;
}

/** What a drain did: `more` when it stopped at LANE_DRAIN_BUDGET_MS with deliveries still requested. */
export interface DrainResult {
  attempted: number;
  more: boolean;
}

export interface LaneState {
  webhookId: string;
  maxInFlight: number;
  /** Waiting requests, sorted by orderKey (carried over continue-as-new; empty since LANE_READS_DATABASE_PATCH). */
  queue: AttemptRequest[];
}

/**
 * The activities the delivery workflow calls, declared here so the workflow imports only its
 * contract (activities/webhooks/webhook-delivery.activities.ts implements this interface).
 */
export interface WebhookDeliveryActivities {
  /** Marks the delivery requested and wakes its lane; answers the recorded outcome instead when there is one past `afterAttempt`. */
  requestWebhookAttempt(input: AttemptRequest & { webhookId: string }): Promise<AttemptOutcome | null>;
  /** The lane's work: the webhook's requested deliveries, in event order, each attempt recorded and signalled to its delivery. */
  drainWebhookDeliveries(input: { webhookId: string }): Promise<DrainResult>;
  /** Lane runs before LANE_READS_DATABASE_PATCH: one delivery's attempt. */
  attemptWebhookDelivery(input: { deliveryId: string }): Promise<AttemptOutcome>;
  /** Lane runs before LANE_READS_DATABASE_PATCH: a batch of queued deliveries, one outcome each. */
  attemptWebhookDeliveries(input: { deliveryIds: string[]; mayNotYield?: string[] }): Promise<AttemptOutcome[]>;
}

/** The retry endpoint: attempt now instead of waiting for the next timer. */
export const attemptNowSignal = defineSignal('attemptNow');
/** Delivery → lane (runs before LANE_READS_DATABASE_PATCH): attempt me when my turn comes. */
export const requestAttemptSignal = defineSignal<[AttemptRequest]>('requestAttempt');
/** → lane (signal-with-start, coalesced by lane-wake.ts): deliveries are requested in the database. */
export const deliveriesDueSignal = defineSignal('deliveriesDue');
/** Lane → delivery: the attempt's outcome. */
export const attemptDoneSignal = defineSignal<[AttemptOutcome]>('attemptDone');
