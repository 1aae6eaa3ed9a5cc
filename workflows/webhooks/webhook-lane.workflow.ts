import { allHandlersFinished, condition, continueAsNew, getExternalWorkflowHandle, setHandler, workflowInfo } from '@temporalio/workflow';
import {
  LANE_GRANTS_PER_RUN,
  LANE_IDLE_MS,
  releaseSlotSignal,
  requestSlotSignal,
  SLOT_LEASE_MS,
  slotGrantedSignal,
  type LaneState,
} from './webhook-delivery.contract';

/**
 * A webhook's outbound lane (workflow id `<whk_…>:lane`): a FIFO semaphore for its deliveries.
 * Deliveries ask for a slot (signal-with-start, so the lane exists whenever someone waits),
 * are granted in event order (orderKey = event id, time-ordered) while fewer than
 * `maxInFlight` are sending, and release the slot after their attempt. A failed delivery
 * releases its slot while it sleeps, so a broken endpoint delays its own retries, not the
 * webhook's other events, and never more than `maxInFlight` activity slots of the worker.
 */
export async function webhookLaneWorkflow(state: LaneState): Promise<void> {
  const queue = [...state.queue];
  const inFlight = new Map(Object.entries(state.inFlight));
  let changed = false;
  let grants = 0;

  setHandler(requestSlotSignal, (req) => {
    // A re-request from a slot holder means its earlier attempt is over (the release may have
    // been lost): free that slot rather than leak it.
    inFlight.delete(req.deliveryId);
    if (!queue.some((q) => q.deliveryId === req.deliveryId)) {
      queue.push(req);
      queue.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
    }
    changed = true;
  });
  setHandler(releaseSlotSignal, ({ deliveryId }) => {
    inFlight.delete(deliveryId);
    changed = true;
  });

  for (;;) {
    while (inFlight.size < state.maxInFlight && queue.length > 0) {
      const next = queue.shift()!;
      inFlight.set(next.deliveryId, Date.now());
      grants += 1;
      try {
        await getExternalWorkflowHandle(next.deliveryId).signal(slotGrantedSignal);
      } catch {
        inFlight.delete(next.deliveryId); // the delivery workflow is gone: nobody will release it
      }
    }

    if (grants >= LANE_GRANTS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof webhookLaneWorkflow>({ ...state, queue, inFlight: Object.fromEntries(inFlight) });
    }

    changed = false;
    if (queue.length === 0 && inFlight.size === 0) {
      if (!(await condition(() => changed, LANE_IDLE_MS))) return;
      continue;
    }
    const oldestGrant = Math.min(...inFlight.values());
    const leaseLeft = Math.max(0, oldestGrant + SLOT_LEASE_MS - Date.now());
    if (!(await condition(() => changed, leaseLeft))) {
      for (const [id, grantedAt] of inFlight) if (grantedAt + SLOT_LEASE_MS <= Date.now()) inFlight.delete(id);
    }
  }
}
