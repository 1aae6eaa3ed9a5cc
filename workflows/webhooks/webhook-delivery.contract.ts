import { defineSignal } from '@temporalio/workflow';
import type { DeliveryStatus } from '../../src/webhooks/delivery-schedule.rules';

/**
 * The webhook retry workflow's vocabulary, imported by the API (retry endpoint), the delivery
 * lanes (which hand a failed delivery over), the activity and the workflow itself.
 *
 * A delivery's first attempt costs no workflow: the worker's delivery lanes
 * (src/webhooks/delivery-lanes.ts) send it straight from the database. Only once an attempt
 * has failed, or when the retry endpoint asks, does webhookDeliveryWorkflow (id = the delivery
 * id, `whd_…`) take the delivery: it sleeps the retry schedule as durable timers and makes each
 * later attempt itself, so the schedule survives restarts and shows in the Temporal UI.
 */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

export const webhookDeliveryWorkflowId = (deliveryId: string): string => deliveryId;

export interface WebhookDeliveryInput {
  deliveryId: string;
  webhookId: string;
  /** Attempts the delivery had when this run started: an attempt counts for this run only past them. */
  attemptsBefore: number;
  /** How long to wait before the first attempt of this run (the schedule after a lane's failed attempt); null: attempt now (a manual retry). */
  firstDelayMs: number | null;
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
  deliveryId: string;
  /** The attempts the run has seen: an attempt already recorded past them is the answer (a retried activity sends nothing twice). */
  afterAttempt: number;
}

/**
 * The activity the workflow calls, declared here so the workflow imports only its contract
 * (activities/webhooks/webhook-delivery.activities.ts implements this interface).
 */
export interface WebhookDeliveryActivities {
  /** One attempt: POST, record, and the outcome (never throws for an HTTP failure). */
  attemptWebhookDelivery(input: AttemptRequest): Promise<AttemptOutcome>;
}

/** The retry endpoint: attempt now instead of waiting for the next timer. */
export const attemptNowSignal = defineSignal('attemptNow');
