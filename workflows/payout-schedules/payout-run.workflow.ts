import { proxyActivities, setHandler } from '@temporalio/workflow';
import { availableOn } from '../../src/receivables/receivable.rules';
import { DEFAULT_PAYOUT_PAGE_SIZE, payoutRunProgressQuery, type PayoutRunActivities, type PayoutRunInput, type PayoutRunProgress, type PayoutScheduleKey } from './payout-run.contract';

// A page is short transactions, one per recipient: a minute is far more than it takes, and keeps
// a worker's drain within its grace period. A retried page is safe: the unique scheduled date of
// a withdrawal makes each recipient's payout once.
const { listDuePayoutSchedules, createScheduledPayouts } = proxyActivities<PayoutRunActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '30 seconds' } });

/**
 * The day's automatic payouts (started by PAYOUT_RUNS_SCHEDULE at 06:00 São Paulo, or by hand
 * with `on`): pages through the payout schedules due on `on` and withdraws each recipient's whole
 * withdrawable balance through the withdrawal path (fee, payout provider), approved by the
 * schedule. Exactly once per recipient and date, whatever reruns or retries happen.
 */
export async function payoutRunWorkflow(input: PayoutRunInput = {}): Promise<PayoutRunProgress> {
  const on = input.on ?? availableOn(Date.now());
  const limit = input.pageSize ?? DEFAULT_PAYOUT_PAGE_SIZE;
  const progress: PayoutRunProgress = { on, pages: 0, due: 0, created: 0, existing: 0, belowMinimum: 0, refused: 0, amount: 0, done: false };
  setHandler(payoutRunProgressQuery, () => progress);

  let after: PayoutScheduleKey | null = null;
  for (;;) {
    const page: PayoutScheduleKey[] = await listDuePayoutSchedules({ on, after, limit });
    if (page.length === 0) break;
    progress.pages++;
    progress.due += page.length;
    const { results, amount } = await createScheduledPayouts({ on, schedules: page });
    for (const r of results) {
      if (r.outcome === 'created') progress.created++;
      else if (r.outcome === 'existing') progress.existing++;
      else if (r.outcome === 'below_minimum') progress.belowMinimum++;
      else progress.refused++;
    }
    progress.amount += amount;
    if (page.length < limit) break;
    after = page[page.length - 1];
  }
  progress.done = true;
  return progress;
}
