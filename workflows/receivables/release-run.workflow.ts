import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, setHandler, startChild } from '@temporalio/workflow';
import { availableOn } from '../../src/receivables/receivable.rules';
import {
  DEFAULT_COMPANY_PAGE_SIZE,
  DEFAULT_COMPANY_RUNS_AT_ONCE,
  DEFAULT_RELEASE_PAGE_SIZE,
  DEFAULT_RELEASE_PARALLELISM,
  releaseRunProgressQuery,
  releaseRunWorkflowId,
  releaseRunsProgressQuery,
  type ReceivableCursor,
  type ReleaseRunActivities,
  type ReleaseRunInput,
  type ReleaseRunProgress,
  type ReleaseRunsInput,
  type ReleaseRunsProgress,
} from './release-run.contract';

// A release page is one database transaction (retried whole, its claim rolled back with it, if it
// fails): a minute is far more than a page takes, and keeps a worker's drain within its grace
// period (deploy/k8s: the longest non-heartbeating activity bounds the drain).
const { listCompaniesToRun, listDueReceivables, releaseDueReceivables, anticipateAutomatically } = proxyActivities<ReleaseRunActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '30 seconds' } });

/**
 * The day's release runs (started by RELEASE_RUNS_SCHEDULE at 00:00 São Paulo, or by hand with
 * `on`): pages through the companies with pending receivables due on `on` or before, or with a
 * recipient whose automatic anticipation has receivables to take (it runs every day, not only on
 * days something falls due), and starts each one's `releaseRunWorkflow` (id
 * `release-run:<companyId>:<on>`), up to `runsAtOnce` at a time. A run of that company and day
 * that exists already (a rerun of the day, an overlapping schedule action) is left alone: the
 * id admits one successful run per company and day.
 */
export async function releaseRunsWorkflow(input: ReleaseRunsInput = {}): Promise<ReleaseRunsProgress> {
  const on = input.on ?? availableOn(Date.now());
  const limit = input.companyPageSize ?? DEFAULT_COMPANY_PAGE_SIZE;
  const runsAtOnce = Math.max(1, input.runsAtOnce ?? DEFAULT_COMPANY_RUNS_AT_ONCE);
  const progress: ReleaseRunsProgress = { on, companies: 0, runsDone: 0, runsFoundDone: 0, released: 0, postings: 0, amount: 0, done: false };
  setHandler(releaseRunsProgressQuery, () => progress);

  const inFlight = new Set<Promise<void>>();
  const runCompany = async (companyId: string): Promise<void> => {
    try {
      const child = await startChild(releaseRunWorkflow, {
        workflowId: releaseRunWorkflowId(companyId, on),
        args: [{ companyId, on, pageSize: input.pageSize, parallelism: input.parallelism }],
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
      const r = await child.result();
      progress.released += r.released;
      progress.postings += r.postings;
      progress.amount += r.amount;
      progress.runsDone++;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      progress.runsFoundDone++;
    }
  };
  let after: string | null = null;
  for (;;) {
    const companies: string[] = await listCompaniesToRun({ on, after, limit });
    for (const companyId of companies) {
      progress.companies++;
      while (inFlight.size >= runsAtOnce) await Promise.race(inFlight);
      const running: Promise<void> = runCompany(companyId).finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    if (companies.length < limit) break;
    after = companies[companies.length - 1];
  }
  await Promise.all(inFlight);
  progress.done = true;
  return progress;
}

/**
 * One company's release run for one day: pages through its pending receivables due on `on` or
 * before, in (date, id) order, and releases each page (`releaseDueReceivables`: one database
 * transaction, claim, ledger net, release postings, rows released) while it lists the next, up to
 * `parallelism` pages at once. Exactly once: a receivable is claimed only while pending, and a
 * release posting's key is unique per (payment, installment), so a retried page, an overlapping
 * page or a second run of the day releases nothing twice. Then the company's automatic
 * anticipations of the day (docs/receivables.md).
 */
export async function releaseRunWorkflow(input: ReleaseRunInput): Promise<ReleaseRunProgress> {
  const { companyId, on } = input;
  const limit = input.pageSize ?? DEFAULT_RELEASE_PAGE_SIZE;
  const parallelism = Math.max(1, input.parallelism ?? DEFAULT_RELEASE_PARALLELISM);
  const progress: ReleaseRunProgress = { companyId, on, pagesListed: 0, pagesDone: 0, released: 0, postings: 0, amount: 0, anticipations: 0, anticipatedAmount: 0, done: false };
  setHandler(releaseRunProgressQuery, () => progress);

  const inFlight = new Set<Promise<void>>();
  let after: ReceivableCursor | null = null;
  for (;;) {
    const page: { ids: string[]; last: ReceivableCursor | null } = await listDueReceivables({ companyId, on, after, limit });
    if (page.ids.length === 0) break;
    progress.pagesListed++;
    while (inFlight.size >= parallelism) await Promise.race(inFlight);
    const releasing: Promise<void> = releaseDueReceivables({ companyId, on, ids: page.ids }).then((r) => {
      progress.released += r.released;
      progress.postings += r.postings;
      progress.amount += r.amount;
      progress.pagesDone++;
      inFlight.delete(releasing);
    });
    inFlight.add(releasing);
    after = page.last;
    if (page.ids.length < limit) break;
  }
  await Promise.all(inFlight);
  // After the release: what is left waiting is what the recipients with automatic anticipation receive now.
  const auto = await anticipateAutomatically({ companyId, on });
  progress.anticipations = auto.anticipations;
  progress.anticipatedAmount = auto.amount;
  progress.done = true;
  return progress;
}
