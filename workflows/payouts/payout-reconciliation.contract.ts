/**
 * The payout reconciliation's public surface: a Temporal Schedule starts it every 10 minutes
 * (PAYOUT_RECONCILIATION_SCHEDULE, created by worker/schedules.ts). It asks each transfer's
 * provider for the withdrawals and boleto refund transfers in flight for a while and those paid in
 * the last days, and applies what it finds as the provider's callback would
 * (src/processors/payouts/payout-reconciliation.service.ts). It never sends a transfer.
 */
import type { PayoutKind, PayoutReconciliationReport } from '../../src/processors/payouts/payout-reconciliation.rules';

export const PAYOUT_RECONCILIATION_WORKFLOW = 'payoutReconciliationWorkflow';

export const PAYOUT_RECONCILIATION_SCHEDULE = {
  scheduleId: 'lastro-reconcile-payouts',
  workflowType: PAYOUT_RECONCILIATION_WORKFLOW,
  every: '10 minutes',
  memo: 'Asks the payout provider for every transfer in flight for 10 minutes and every one paid in the last 7 days, and applies what it shows (outcomes, returns) as its callback would',
} as const;

/** A transfer without a final answer this long after it was sent is asked for (a Pix settles in seconds; the payout activity waits 30 s). */
export const PAYOUT_IN_FLIGHT_AFTER_MS = 10 * 60_000;
/** Days a paid transfer is watched for a return: the receiving bank's devolução window for an account error or the holder's request. */
export const PAYOUT_RETURN_WATCH_DAYS = 7;
/** Transfers per page (one activity each): a page's provider reads fit well inside its timeout. */
export const PAYOUT_RECONCILIATION_PAGE = 100;

export interface PayoutReconciliationActivities {
  /** One page of one kind of transfer, after the cursor, at the workflow's `now`. */
  reconcilePayoutPage(input: { kind: PayoutKind; now: string; after: string | null }): Promise<{ report: PayoutReconciliationReport; next: string | null }>;
}

export interface PayoutReconciliationResult {
  withdrawals: PayoutReconciliationReport;
  refunds: PayoutReconciliationReport;
}
