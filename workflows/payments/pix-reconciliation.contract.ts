/**
 * The Pix reconciliation run's public surface: a Temporal Schedule starts it every 5 minutes
 * (PIX_RECONCILIATION_SCHEDULE, created by worker/schedules.ts), and an operator can start it by
 * hand on a past window (docs/processors.md, "Reconciliation"). It asks each Pix connection's PSP
 * which Pix it received in a window and settles, through the same service as the callbacks
 * (src/payments/pix-receipts.service.ts), whatever a lost callback left waiting.
 */
import type { PixReceiptReport } from '../../src/payments/pix-receipts.service';

export const PIX_RECONCILIATION_WORKFLOW = 'pixReconciliationWorkflow';

export const PIX_RECONCILIATION_SCHEDULE = {
  scheduleId: 'lastro-reconcile-pix',
  workflowType: PIX_RECONCILIATION_WORKFLOW,
  every: '5 minutes',
  memo: "Lists the Pix each Pix connection's PSP received in the last 30 minutes and settles those a lost callback left waiting, once each",
} as const;

/**
 * Six times the schedule's period: each Pix is listed by several runs, so a run that failed, was
 * skipped (overlap) or found its PSP down leaves nothing behind as long as one of the next few
 * succeeds. A Pix seen again is reported `alreadySettled` and changes nothing.
 */
export const PIX_RECONCILIATION_WINDOW_MS = 30 * 60_000;

/** Connections reconciled at once: bounds the load on the worker and on the database, not on any one PSP (one call each). */
export const PIX_RECONCILIATION_PARALLELISM = 8;

export interface PixReconciliationInput {
  /** The window's start (ISO 8601); `to` − PIX_RECONCILIATION_WINDOW_MS without it. */
  from?: string;
  /** The window's end (ISO 8601); the run's start (workflow time) without it. */
  to?: string;
}

/** What one connection's window came to: the counts of the receipt service's report (each field is documented there). */
export interface PixReconciliationReport extends Omit<PixReceiptReport, 'paid'> {
  connectionId: string;
  /** Why this connection was not reconciled (its PSP could not be read, or the connection is gone); the counts are then 0. */
  error?: string;
}

/** The report of a connection that was not reconciled, and why. */
export const unreconciledPix = (connectionId: string, error: string): PixReconciliationReport => ({ connectionId, received: 0, settled: 0, alreadySettled: 0, unknown: 0, rejected: 0, late: 0, error });

export interface PixReconciliationResult {
  from: string;
  to: string;
  connections: PixReconciliationReport[];
}

export interface PixReconciliationActivities {
  /** Every Pix connection (the deployment default first). */
  listPixConnectionIds(): Promise<string[]>;
  /** Lists the Pix the connection's PSP received in [from, to] (every page) and records them as a callback would. */
  reconcilePixWindow(input: { connectionId: string; from: string; to: string }): Promise<PixReconciliationReport>;
}
