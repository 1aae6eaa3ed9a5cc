import { allHandlersFinished, condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { deliveriesDueSignal, LANE_DRAINS_PER_RUN, LANE_IDLE_MS, type LaneInput, type WebhookDeliveryActivities } from './webhook-delivery.contract';

// A drain starts attempts for up to LANE_DRAIN_BUDGET_MS, then finishes the one in hand (at most 15 s).
// The HTTP timeout is inside the activity, which never throws for an HTTP failure: a failed POST
// is an outcome. Retries cover infrastructure faults (database); a retried drain sends only what
// is still requested, so an attempt recorded by the first try is not sent again. It heartbeats
// while the endpoint answers: a worker that dies mid-drain holds the lane for the heartbeat
// timeout, not the whole activity timeout (test/chaos/worker-kill.chaos.test.ts).
const { drainWebhookDeliveries } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds' },
});

/**
 * A webhook's outbound lane (workflow id `<whk_…>:lane`): drains the webhook's requested
 * deliveries from the database, in event order, one drain at a time; a `deliveriesDue` signal
 * (signal-with-start, so the lane exists whenever something is requested) asks for another
 * drain after the current one. Its history grows by a handful of events per drain, whatever the
 * number of deliveries, and nothing is signalled to it per delivery: under a burst of events to
 * one busy webhook, the lane is no hot spot.
 */
export async function webhookLaneWorkflow(input: LaneInput): Promise<void> {
  let due = true;
  setHandler(deliveriesDueSignal, () => {
    due = true;
  });
  for (let drains = 0; ; drains++) {
    if (drains >= LANE_DRAINS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof webhookLaneWorkflow>(input);
    }
    if (!due) {
      await condition(() => due, LANE_IDLE_MS);
      // Idle this long: end; the next wake-up starts a new run. (A request that raced the end
      // is read by its delivery's OUTCOME_CHECK_MS request, which wakes the lane again.)
      if (!due) return;
    }
    due = false;
    const { more } = await drainWebhookDeliveries({ webhookId: input.webhookId });
    if (more) due = true;
  }
}
