import { proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import {
  DEFAULT_BILLING_PAGE_SIZE,
  DEFAULT_BILLING_PARALLELISM,
  billingRunProgressQuery,
  type BillingCursor,
  type BillingRunActivities,
  type BillingRunInput,
  type BillingRunProgress,
} from './billing-run.contract';

const { listDueSubscriptions } = proxyActivities<BillingRunActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '30 seconds' } });
// A page heartbeats while it charges and starts its workflows, so a page whose worker died is retried
// within the heartbeat timeout (its claim re-finds the rows it took).
const { renewDueSubscriptions } = proxyActivities<BillingRunActivities>({ startToCloseTimeout: '10 minutes', heartbeatTimeout: '30 seconds', retry: { maximumInterval: '30 seconds' } });

/**
 * One billing run (started by the BILLING_RUN_SCHEDULE, or by hand): pages through the parked
 * subscriptions due at its instant, in (wake time, id) order, and renews each page (claim,
 * set-based invoices, card charges, set-based record of the paid ones, Pix Automático charges
 * scheduled at the PSP, workflow starts for the rest) while it lists the next, up to `parallelism` pages at once. Exactly once: a row is
 * claimed once (it is no longer parked), invoices are unique per (subscription, cycle), a charge
 * is keyed by its referenceCode, a paid renewal is recorded from the open invoice only, and a
 * workflow takes its claim once, so an overlapping or retried run renews nothing twice.
 */
export async function billingRunWorkflow(input: BillingRunInput = {}): Promise<BillingRunProgress> {
  const at = input.at ?? new Date(Date.now()).toISOString();
  const pageSize = input.pageSize ?? DEFAULT_BILLING_PAGE_SIZE;
  const parallelism = Math.max(1, input.parallelism ?? DEFAULT_BILLING_PARALLELISM);
  const claim = workflowInfo().runId;
  const progress: BillingRunProgress = { at, pagesListed: 0, pagesDone: 0, claimed: 0, issued: 0, renewed: 0, workflows: 0, awaiting: 0, done: false };
  setHandler(billingRunProgressQuery, () => progress);

  const inFlight = new Set<Promise<void>>();
  let after: BillingCursor | null = null;
  for (;;) {
    const page: { ids: string[]; last: BillingCursor | null } = await listDueSubscriptions({ at, after, limit: pageSize });
    if (page.ids.length === 0) break;
    progress.pagesListed++;
    while (inFlight.size >= parallelism) await Promise.race(inFlight);
    const renewing: Promise<void> = renewDueSubscriptions({ at, claim, ids: page.ids }).then((r) => {
      progress.claimed += r.claimed;
      progress.issued += r.issued;
      progress.renewed += r.renewed;
      progress.workflows += r.workflows;
      progress.awaiting += r.awaiting ?? 0;
      progress.pagesDone++;
      inFlight.delete(renewing);
    });
    inFlight.add(renewing);
    after = page.last;
    if (page.ids.length < pageSize) break;
  }
  await Promise.all(inFlight);
  progress.done = true;
  return progress;
}
