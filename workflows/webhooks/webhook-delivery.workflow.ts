import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import { attemptNowSignal, type WebhookDeliveryActivities, type WebhookDeliveryInput, type WebhookDeliveryResult } from './webhook-delivery.contract';

// An attempt takes at most 15 s (the HTTP timeout is inside the activity, which never throws for
// an HTTP failure: a failed POST is an outcome). Retries cover infrastructure faults (database,
// a dead worker: noticed at the heartbeat timeout); a retried attempt whose first try was
// recorded answers that outcome instead of sending again.
const { attemptWebhookDelivery } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

/**
 * A webhook delivery's retry schedule (workflow id = the delivery id), started by the delivery
 * lane once a first attempt failed (`firstDelayMs`: the schedule's first wait), or by the retry
 * endpoint (`firstDelayMs: null`: attempt now). It sleeps each wait of the schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h) as a durable timer, then attempts, until success or the 8th
 * attempt. The retry endpoint's `attemptNow` signal cuts a wait short.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  let attemptNow = false;
  setHandler(attemptNowSignal, () => {
    attemptNow = true;
  });
  let attemptsSeen = input.attemptsBefore;
  let delayMs = input.firstDelayMs;
  for (;;) {
    if (delayMs !== null) await condition(() => attemptNow, delayMs);
    attemptNow = false;
    const outcome = await attemptWebhookDelivery({ deliveryId: input.deliveryId, afterAttempt: attemptsSeen });
    attemptsSeen = outcome.attemptCount;
    if (outcome.nextDelayMs === null) return { status: outcome.status, attemptCount: outcome.attemptCount };
    delayMs = outcome.nextDelayMs;
  }
}
