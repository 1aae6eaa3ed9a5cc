import { condition, getExternalWorkflowHandle, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import {
  attemptNowSignal,
  ORDER_YIELD_MS,
  releaseSlotSignal,
  SLOT_LEASE_MS,
  slotGrantedSignal,
  webhookLaneWorkflowId,
  type AttemptOutcome,
  type WebhookDeliveryInput,
  type WebhookDeliveryActivities,
  type WebhookDeliveryResult,
} from './webhook-delivery.contract';

const { requestWebhookSlot } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

// The HTTP timeout (15 s) is inside the activity and never throws: a failed POST is a normal
// outcome. Activity retries only cover infrastructure faults (database, worker crash).
const { attemptWebhookDelivery } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumAttempts: 5 },
});

/**
 * One event to one webhook (workflow id = the delivery id). Each attempt waits for a slot in
 * the webhook's lane, POSTs, records the result, and on failure sleeps the retry schedule
 * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) as durable timers, until success or the 8th
 * attempt. The retry endpoint's `attemptNow` signal cuts a wait short; for a finished
 * delivery the endpoint starts a new run under the same id.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  let attemptNow = false;
  let granted = false;
  setHandler(attemptNowSignal, () => {
    attemptNow = true;
  });
  setHandler(slotGrantedSignal, () => {
    granted = true;
  });
  const lane = getExternalWorkflowHandle(webhookLaneWorkflowId(input.webhookId));

  for (;;) {
    granted = false;
    attemptNow = false;
    // Asking again is harmless (the lane dedupes) and recovers from a lane that was lost.
    do {
      await requestWebhookSlot({ webhookId: input.webhookId, deliveryId: input.deliveryId, orderKey: input.orderKey });
    } while (!(await condition(() => granted, SLOT_LEASE_MS)));
    let outcome: AttemptOutcome;
    try {
      outcome = await attemptWebhookDelivery({ deliveryId: input.deliveryId });
    } finally {
      // The lane may have ended meanwhile (it reclaims slots after a lease); nothing to release then.
      await lane.signal(releaseSlotSignal, { deliveryId: input.deliveryId }).catch(() => undefined);
    }
    if (outcome.yielded) {
      await sleep(ORDER_YIELD_MS);
      continue;
    }
    if (outcome.nextDelayMs === null) return { status: outcome.status, attemptCount: outcome.attemptCount };
    // A retry request that arrived during the attempt skips this wait.
    await condition(() => attemptNow, outcome.nextDelayMs);
  }
}
