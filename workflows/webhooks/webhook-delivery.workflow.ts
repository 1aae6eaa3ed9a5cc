import { condition, patched, proxyActivities, proxyLocalActivities, setHandler, sleep } from '@temporalio/workflow';
import {
  ATTEMPT_REQUEST_RENEW_MS,
  attemptDoneSignal,
  attemptNowSignal,
  LANE_READS_DATABASE_PATCH,
  ORDER_YIELD_MS,
  OUTCOME_CHECK_MS,
  type AttemptOutcome,
  type WebhookDeliveryActivities,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
} from './webhook-delivery.contract';

const { requestWebhookAttempt } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});
// A row update and a coalesced wake-up: a local activity spares every delivery a task-queue hop.
const { requestWebhookAttempt: requestWebhookAttemptLocally } = proxyLocalActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * One event to one webhook (workflow id = the delivery id). Each attempt is asked of the
 * webhook's lane, which POSTs and records it and signals the outcome back; on failure this
 * workflow sleeps the retry schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) as durable
 * timers, until success or the 8th attempt. The retry endpoint's `attemptNow` signal cuts a
 * wait short; for a finished delivery the endpoint starts a new run under the same id.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  let attemptNow = false;
  setHandler(attemptNowSignal, () => {
    attemptNow = true;
  });
  const attemptNowRequested = () => attemptNow;
  const clearAttemptNow = () => {
    attemptNow = false;
  };
  if (patched(LANE_READS_DATABASE_PATCH)) return deliverByRow(input, attemptNowRequested, clearAttemptNow);
  return deliverByQueuedRequest(input, attemptNowRequested, clearAttemptNow);
}

/**
 * Asks through the delivery's row: the request marks it for the lane, or, when an attempt past
 * the ones this run has seen is already recorded (the lane got there before this run asked, or
 * its signal was lost), answers with that outcome, so nothing is sent twice and nothing waits on
 * a lost signal longer than OUTCOME_CHECK_MS.
 */
async function deliverByRow(input: WebhookDeliveryInput, attemptNow: () => boolean, clearAttemptNow: () => void): Promise<WebhookDeliveryResult> {
  let attemptsSeen = input.attemptsBefore ?? 0;
  let outcome: AttemptOutcome | null = null;
  setHandler(attemptDoneSignal, (o) => {
    // A final outcome may come without a new attempt (the webhook was deactivated: nothing sent).
    if (o.attemptCount > attemptsSeen || o.nextDelayMs === null) outcome = o;
  });

  for (;;) {
    outcome = null;
    clearAttemptNow();
    while (outcome === null) {
      const recorded = await requestWebhookAttemptLocally({ webhookId: input.webhookId, deliveryId: input.deliveryId, orderKey: input.orderKey, afterAttempt: attemptsSeen });
      if (recorded) outcome = recorded;
      else await condition(() => outcome !== null, OUTCOME_CHECK_MS);
    }
    const done = outcome as AttemptOutcome;
    attemptsSeen = done.attemptCount;
    if (done.nextDelayMs === null) return { status: done.status, attemptCount: done.attemptCount };
    // A retry request that arrived during the attempt skips this wait.
    await condition(attemptNow, done.nextDelayMs);
  }
}

/** Runs started before LANE_READS_DATABASE_PATCH: each request queued in the lane by signal. */
async function deliverByQueuedRequest(input: WebhookDeliveryInput, attemptNow: () => boolean, clearAttemptNow: () => void): Promise<WebhookDeliveryResult> {
  let outcome: AttemptOutcome | null = null;
  let yieldedOnce = false;
  setHandler(attemptDoneSignal, (o) => {
    outcome = o;
  });

  for (;;) {
    outcome = null;
    clearAttemptNow();
    // Asking again is harmless (the lane ignores a delivery it holds) and recovers from a lost lane.
    do {
      await requestWebhookAttempt({ webhookId: input.webhookId, deliveryId: input.deliveryId, orderKey: input.orderKey, ...(yieldedOnce ? { mayYield: false } : {}) });
    } while (!(await condition(() => outcome !== null, ATTEMPT_REQUEST_RENEW_MS)));
    const done = outcome as unknown as AttemptOutcome;
    if (done.yielded) {
      yieldedOnce = true;
      await sleep(ORDER_YIELD_MS);
      continue;
    }
    if (done.nextDelayMs === null) return { status: done.status, attemptCount: done.attemptCount };
    // A retry request that arrived during the attempt skips this wait.
    await condition(attemptNow, done.nextDelayMs);
  }
}
