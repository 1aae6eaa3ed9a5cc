import { allHandlersFinished, condition, continueAsNew, getExternalWorkflowHandle, patched, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import {
  attemptDoneSignal,
  deliveriesDueSignal,
  LANE_ATTEMPTS_PER_RUN,
  LANE_BATCH_SIZE,
  LANE_DRAINS_PER_RUN,
  LANE_IDLE_MS,
  LANE_READS_DATABASE_PATCH,
  requestAttemptSignal,
  type AttemptOutcome,
  type AttemptRequest,
  type LaneState,
  type WebhookDeliveryActivities,
} from './webhook-delivery.contract';

// Lane runs before LANE_READS_DATABASE_PATCH. The HTTP timeout (15 s) is inside the activity, which
// never throws for an HTTP failure: a failed POST is an outcome. Retries cover infrastructure faults.
// The attempt heartbeats while the endpoint answers: a worker that dies mid-attempt holds the
// lane's slot for the heartbeat timeout, not the whole minute (test/chaos/worker-kill.chaos.test.ts).
const { attemptWebhookDelivery } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 5 },
});
// A batch is up to LANE_BATCH_SIZE attempts of at most 15 s each, one after another.
const { attemptWebhookDeliveries } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '8 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 5 },
});

// A drain starts attempts for up to LANE_DRAIN_BUDGET_MS, then finishes the one in hand (at most 15 s).
// The HTTP timeout is inside the activity, which never throws for an HTTP failure: a failed POST
// is an outcome. Retries cover infrastructure faults (database); a retried drain sends only what
// is still requested, so an attempt recorded by the first try is not sent again.
const { drainWebhookDeliveries } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds' },
});

/** Lane runs started before batches attempt one delivery per activity (their histories replay that way). */
export const LANE_BATCHES_PATCH = 'webhook-lane-batches';

/**
 * A webhook's outbound lane (workflow id `<whk_…>:lane`). Runs since LANE_READS_DATABASE_PATCH
 * drain the webhook's requested deliveries from the database, in event order, one drain at a
 * time; a `deliveriesDue` signal (signal-with-start, so the lane exists whenever something is
 * requested) asks for another drain after the current one. Its history grows by a handful of
 * events per drain, whatever the number of deliveries, and nothing is signalled to it per
 * delivery: under a burst of events to one busy webhook, the lane is no hot spot. Earlier runs
 * keep their queue of signalled requests (webhookLaneQueue below).
 */
export async function webhookLaneWorkflow(state: LaneState): Promise<void> {
  if (!patched(LANE_READS_DATABASE_PATCH)) return webhookLaneQueue(state);
  let due = true;
  setHandler(deliveriesDueSignal, () => {
    due = true;
  });
  for (let drains = 0; ; drains++) {
    if (drains >= LANE_DRAINS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof webhookLaneWorkflow>({ ...state, queue: [] });
    }
    if (!due) {
      await condition(() => due, LANE_IDLE_MS);
      // Idle this long: end; the next wake-up starts a new run. (A request that raced the end
      // is read by its delivery's OUTCOME_CHECK_MS request, which wakes the lane again.)
      if (!due) return;
    }
    due = false;
    const { more } = await drainWebhookDeliveries({ webhookId: state.webhookId });
    if (more) due = true;
  }
}

/**
 * Lane runs before LANE_READS_DATABASE_PATCH: a FIFO of attempts for its
 * deliveries. Deliveries ask to be attempted (signal-with-start, so the lane exists whenever
 * someone waits); the lane runs the attempts in event order (orderKey = event id, time-ordered)
 * with at most `maxInFlight` at once, and signals each outcome back to its delivery workflow.
 * Runs since batches hand up to LANE_BATCH_SIZE queued deliveries to one activity that attempts
 * them in order (one lane cycle per batch). A failed delivery leaves the lane while it sleeps its retry timer, so a broken endpoint
 * delays its own retries, not the webhook's other events, and never holds more than
 * `maxInFlight` of the worker's activity slots. The next attempt is scheduled in the same
 * workflow task that sees the previous one complete: one task per delivery on the lane's path.
 */
async function webhookLaneQueue(state: LaneState): Promise<void> {
  const batches = patched(LANE_BATCHES_PATCH);
  const queue = [...state.queue];
  const running = new Set<string>();
  let replying = 0;
  let attempts = 0;
  let changed = false;

  setHandler(requestAttemptSignal, (req) => {
    if (running.has(req.deliveryId) || queue.some((q) => q.deliveryId === req.deliveryId)) return;
    queue.push(req);
    queue.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
    changed = true;
  });

  async function attempt(req: AttemptRequest): Promise<void> {
    let outcome: AttemptOutcome | null = null;
    try {
      outcome = await attemptWebhookDelivery({ deliveryId: req.deliveryId });
    } catch {
      // Infrastructure failure after the activity's retries: the delivery asks again later.
    } finally {
      running.delete(req.deliveryId);
      replying += 1;
      changed = true;
    }
    try {
      if (outcome) await getExternalWorkflowHandle(req.deliveryId).signal(attemptDoneSignal, outcome);
    } catch {
      // The delivery workflow is gone (terminated): nobody is waiting for this outcome.
    } finally {
      replying -= 1;
      changed = true;
    }
  }

  /** Up to LANE_BATCH_SIZE queued deliveries in one activity: one in flight for the lane, as a single attempt is. */
  async function attemptBatch(batch: AttemptRequest[]): Promise<void> {
    let outcomes: Array<AttemptOutcome | null> = [];
    try {
      const mayNotYield = batch.filter((r) => r.mayYield === false).map((r) => r.deliveryId);
      outcomes = await attemptWebhookDeliveries({ deliveryIds: batch.map((r) => r.deliveryId), ...(mayNotYield.length ? { mayNotYield } : {}) });
    } catch {
      // Infrastructure failure after the activity's retries: each delivery asks again later.
    } finally {
      for (const r of batch) running.delete(r.deliveryId);
      replying += 1;
      changed = true;
    }
    try {
      await Promise.all(
        batch.map(async (r, i) => {
          const outcome = outcomes[i];
          if (!outcome) return;
          // A delivery workflow that is gone (terminated) is waiting for nothing.
          await getExternalWorkflowHandle(r.deliveryId).signal(attemptDoneSignal, outcome).catch(() => undefined);
        }),
      );
    } finally {
      replying -= 1;
      changed = true;
    }
  }

  for (;;) {
    while (running.size < state.maxInFlight && queue.length > 0) {
      if (batches) {
        const batch = queue.splice(0, LANE_BATCH_SIZE);
        for (const r of batch) running.add(r.deliveryId);
        attempts += batch.length;
        void attemptBatch(batch);
        continue;
      }
      const next = queue.shift()!;
      running.add(next.deliveryId);
      attempts += 1;
      void attempt(next);
    }

    if (attempts >= LANE_ATTEMPTS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await condition(() => running.size === 0 && replying === 0);
      await condition(allHandlersFinished);
      await continueAsNew<typeof webhookLaneWorkflow>({ ...state, queue });
    }

    changed = false;
    if (queue.length === 0 && running.size === 0 && replying === 0) {
      if (!(await condition(() => changed, LANE_IDLE_MS))) return;
      continue;
    }
    await condition(() => changed);
  }
}
