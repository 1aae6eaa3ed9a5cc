import type { Client } from '@temporalio/client';
import { signalDeliveriesDue } from './webhook-delivery-workflow.client';

export type WakeLane = (webhookId: string) => Promise<void>;

/**
 * Signals to one lane from one process are at least this far apart: every request made within
 * the window shares one signal. A webhook taking 100 events a second then costs its lane ten
 * wake-ups (and workflow tasks) a second, not a hundred; its first attempt waits this long more.
 */
export const LANE_WAKE_WINDOW_MS = 100;

/**
 * Wakes webhook lanes, coalescing per webhook: a call made while a wake-up is waiting to be
 * sent (for `windowMs`, or for the one in flight to finish) joins it. Every caller's promise
 * settles with a wake-up sent after its call, which is all a lane needs (it drains everything
 * requested by then), so a burst of deliveries costs the lane a signal per window, not one per
 * delivery. This is what keeps one busy webhook's lane from becoming a hot spot.
 */
export function coalescingWaker(send: WakeLane, windowMs = 0): WakeLane {
  const waiting = new Map<string, Promise<void>>();
  const inFlight = new Map<string, Promise<void>>();
  return (webhookId) => {
    const joined = waiting.get(webhookId);
    if (joined) return joined;
    const before = inFlight.get(webhookId) ?? Promise.resolve();
    const wake = before
      .catch(() => undefined)
      .then(() => (windowMs > 0 ? new Promise((resolve) => setTimeout(resolve, windowMs)) : undefined))
      .then(() => {
        waiting.delete(webhookId);
        inFlight.set(webhookId, wake);
        return send(webhookId);
      })
      .finally(() => {
        if (inFlight.get(webhookId) === wake) inFlight.delete(webhookId);
      });
    waiting.set(webhookId, wake);
    return wake;
  };
}

/** One waker per process (or subscriber), so that every delivery of a burst shares its lane's wake-ups. */
export function laneWaker(temporal: Client, taskQueue: string): WakeLane {
  return coalescingWaker((webhookId) => signalDeliveriesDue(temporal, taskQueue, webhookId), LANE_WAKE_WINDOW_MS);
}
