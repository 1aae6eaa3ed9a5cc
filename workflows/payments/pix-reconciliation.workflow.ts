import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import {
  PIX_RECONCILIATION_PARALLELISM,
  PIX_RECONCILIATION_WINDOW_MS,
  unreconciledPix,
  type PixReconciliationActivities,
  type PixReconciliationInput,
  type PixReconciliationReport,
  type PixReconciliationResult,
} from './pix-reconciliation.contract';

const { listPixConnectionIds } = proxyActivities<PixReconciliationActivities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 3 } });
// Few attempts: a PSP that is down now is asked again by the next runs, whose windows cover this one.
// It heartbeats while the PSP pages answer: a worker that dies mid-window is noticed in 30 s, and a
// draining worker waits for a heartbeating activity no longer than its heartbeat timeout.
const { reconcilePixWindow } = proxyActivities<PixReconciliationActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds' },
});

/**
 * One reconciliation run (started by PIX_RECONCILIATION_SCHEDULE, or by hand with a window):
 * reconciles every Pix connection on [from, to], up to PIX_RECONCILIATION_PARALLELISM at once.
 * Exactly once comes from the service, not from the run: a Pix's end-to-end id is written on its
 * payment once, so overlapping windows, a retried activity or a run beside a callback settle
 * nothing twice. A connection whose PSP cannot be read is reported with its error and the others
 * go on. "Now" is the workflow's clock.
 */
export async function pixReconciliationWorkflow(input: PixReconciliationInput = {}): Promise<PixReconciliationResult> {
  const { from, to } = windowOf(input, Date.now());
  const ids = await listPixConnectionIds();
  const connections: PixReconciliationReport[] = new Array(ids.length);
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const k = next++;
      connections[k] = await reconcileOne(ids[k], from, to);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PIX_RECONCILIATION_PARALLELISM, ids.length) }, lane));
  return { from, to, connections };
}

async function reconcileOne(connectionId: string, from: string, to: string): Promise<PixReconciliationReport> {
  try {
    return await reconcilePixWindow({ connectionId, from, to });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    return unreconciledPix(connectionId, err.cause?.message ?? err.message);
  }
}

/** The window asked for, else the last PIX_RECONCILIATION_WINDOW_MS up to `now`; a window that is not one fails the run at once. */
function windowOf(input: PixReconciliationInput, now: number): { from: string; to: string } {
  const to = input.to === undefined ? now : instant('to', input.to);
  const from = input.from === undefined ? to - PIX_RECONCILIATION_WINDOW_MS : instant('from', input.from);
  if (from >= to) throw ApplicationFailure.nonRetryable(`The window's from (${input.from ?? new Date(from).toISOString()}) must be before its to (${new Date(to).toISOString()})`, 'InvalidPixReconciliationWindow');
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

function instant(name: string, value: unknown): number {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw ApplicationFailure.nonRetryable(`${name} must be an ISO 8601 instant, got ${JSON.stringify(value)}`, 'InvalidPixReconciliationWindow');
  return ms;
}
