import { proxyActivities } from '@temporalio/workflow';
import { addPayoutReports, emptyPayoutReport, type PayoutKind, type PayoutReconciliationReport } from '../../src/processors/payouts/payout-reconciliation.rules';
import type { PayoutReconciliationActivities, PayoutReconciliationResult } from './payout-reconciliation.contract';

// A page heartbeats while the providers answer: a worker that dies (or drains) mid-page is noticed
// in 30 s. A page that keeps failing fails the run; the next run (10 minutes later) starts over,
// and what was applied stays applied (every move applies once).
const { reconcilePayoutPage } = proxyActivities<PayoutReconciliationActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds' },
});

/**
 * One payout reconciliation: withdrawals, then refund transfers, page by page (keyset on the id).
 * "Now" is the workflow's clock, so a run's pages agree on which transfers are watched.
 */
export async function payoutReconciliationWorkflow(): Promise<PayoutReconciliationResult> {
  const now = new Date(Date.now()).toISOString();
  const kind = async (k: PayoutKind): Promise<PayoutReconciliationReport> => {
    let total = emptyPayoutReport();
    let after: string | null = null;
    do {
      const page: { report: PayoutReconciliationReport; next: string | null } = await reconcilePayoutPage({ kind: k, now, after });
      total = addPayoutReports(total, page.report);
      after = page.next;
    } while (after !== null);
    return total;
  };
  return { withdrawals: await kind('withdrawal'), refunds: await kind('refund') };
}
