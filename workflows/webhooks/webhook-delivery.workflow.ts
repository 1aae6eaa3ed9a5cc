import { condition, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import {
  ATTEMPT_REQUEST_RENEW_MS,
  attemptDoneSignal,
  attemptNowSignal,
  ORDER_YIELD_MS,
  type AttemptOutcome,
  type WebhookDeliveryActivities,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
} from './webhook-delivery.contract';

const { requestWebhookAttempt } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * One event to one webhook (workflow id = the delivery id). Each attempt is queued in the
 * webhook's lane, which POSTs and records it and signals the outcome back; on failure this
 * workflow sleeps the retry schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) as durable
 * timers, until success or the 8th attempt. The retry endpoint's `attemptNow` signal cuts a
 * wait short; for a finished delivery the endpoint starts a new run under the same id.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  let attemptNow = false;
  let outcome: AttemptOutcome | null = null;
  let yieldedOnce = false;
  setHandler(attemptNowSignal, () => {
    attemptNow = true;
  });
  setHandler(attemptDoneSignal, (o) => {
    outcome = o;
  });

  for (;;) {
    outcome = null;
    attemptNow = false;
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
    await condition(() => attemptNow, done.nextDelayMs);
  }
}
