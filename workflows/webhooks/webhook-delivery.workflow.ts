import { condition, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import {
  attemptDoneSignal,
  attemptNowSignal,
  OUTCOME_CHECK_MS,
  type AttemptOutcome,
  type WebhookDeliveryActivities,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
} from './webhook-delivery.contract';

// A row update and a coalesced wake-up: a local activity spares every delivery a task-queue hop.
const { requestWebhookAttempt } = proxyLocalActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * One event to one webhook (workflow id = the delivery id). Each attempt is asked through the
 * delivery's row, which the webhook's lane drains: it POSTs, records the attempt and signals the
 * outcome back. On failure this workflow sleeps the retry schedule (5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h) as durable timers, until success or the 8th attempt. The retry endpoint's
 * `attemptNow` signal cuts a wait short; for a finished delivery the endpoint starts a new run
 * under the same id.
 *
 * When an attempt past the ones this run has seen is already recorded (the lane got there
 * before this run asked, or its signal was lost), the request answers with that outcome, so
 * nothing is sent twice and nothing waits on a lost signal longer than OUTCOME_CHECK_MS.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  let attemptNow = false;
  let attemptsSeen = input.attemptsBefore ?? 0;
  let outcome: AttemptOutcome | null = null;
  setHandler(attemptNowSignal, () => {
    attemptNow = true;
  });
  setHandler(attemptDoneSignal, (o) => {
    // A final outcome may come without a new attempt (the webhook was deactivated: nothing sent).
    if (o.attemptCount > attemptsSeen || o.nextDelayMs === null) outcome = o;
  });

  for (;;) {
    outcome = null;
    attemptNow = false;
    while (outcome === null) {
      const recorded = await requestWebhookAttempt({ webhookId: input.webhookId, deliveryId: input.deliveryId, afterAttempt: attemptsSeen });
      if (recorded) outcome = recorded;
      else await condition(() => outcome !== null, OUTCOME_CHECK_MS);
    }
    const done = outcome as AttemptOutcome;
    attemptsSeen = done.attemptCount;
    if (done.nextDelayMs === null) return { status: done.status, attemptCount: done.attemptCount };
    // A retry request that arrived during the attempt skips this wait.
    await condition(() => attemptNow, done.nextDelayMs);
  }
}
