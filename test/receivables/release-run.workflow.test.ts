import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { recordHistory } from '../replay/history-files';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { availableOn } from '../../src/receivables/receivable.rules';
import {
  RELEASE_RUNS_WORKFLOW,
  RELEASE_RUN_WORKFLOW,
  releaseRunProgressQuery,
  releaseRunWorkflowId,
  type ReleaseRunActivities,
  type ReleaseRunProgress,
  type ReleaseRunsProgress,
} from '../../workflows/receivables/release-run.contract';

/**
 * The release run workflows alone, on the time-skipping test server, over in-memory
 * receivables: how the daily run finds the companies (receivables due, or a recipient to
 * anticipate automatically) and starts one run each (once per day), how a company's run pages,
 * and what their progress says. The database side (claims, postings,
 * exactly once) is test/receivables/release-run.int.test.ts.
 */

interface Row {
  id: string;
  companyId: string;
  availableOn: string;
  amount: number;
  released: boolean;
  /** Taken by an automatic anticipation (a company of `anticipating`). */
  anticipated: boolean;
}
const rows: Row[] = [];
const add = (companyId: string, n: number, on: string) => {
  for (let i = 0; i < n; i++) rows.push({ id: `rcv_${companyId}_${String(rows.length).padStart(3, '0')}`, companyId, availableOn: on, amount: 100, released: false, anticipated: false });
};
add('comp_a', 12, '2026-03-30');
add('comp_a', 2, '2026-04-02'); // not due on the 31st
add('comp_b', 3, '2026-03-31');
add('comp_c', 4, '2026-04-30'); // nothing due
/** Companies with a recipient whose automatic anticipation is on (their waiting receivables are what it takes). */
const anticipating = new Set<string>();
const pagesReleased: string[][] = [];
const anticipatedAfter: Array<{ companyId: string; on: string; pendingThen: number }> = [];

const activities: ReleaseRunActivities = {
  async listCompaniesToRun({ on, after, limit }) {
    const waiting = rows.filter((r) => !r.released && !r.anticipated && r.companyId > (after ?? ''));
    const listed = waiting.filter((r) => r.availableOn <= on || (anticipating.has(r.companyId) && r.availableOn > on));
    const companies = [...new Set(listed.map((r) => r.companyId))].sort();
    return companies.slice(0, limit);
  },
  async listDueReceivables({ companyId, on, after, limit }) {
    const page = rows
      .filter((r) => r.companyId === companyId && !r.released && r.availableOn <= on && (!after || r.availableOn > after.availableOn || (r.availableOn === after.availableOn && r.id > after.id)))
      .sort((x, y) => x.availableOn.localeCompare(y.availableOn) || x.id.localeCompare(y.id))
      .slice(0, limit);
    const last = page.at(-1);
    return { ids: page.map((r) => r.id), last: last ? { availableOn: last.availableOn, id: last.id } : null };
  },
  async releaseDueReceivables({ ids }) {
    const claimed = rows.filter((r) => ids.includes(r.id) && !r.released);
    for (const r of claimed) r.released = true;
    pagesReleased.push(claimed.map((r) => r.id));
    return { released: claimed.length, postings: claimed.length, amount: claimed.reduce((a, r) => a + r.amount, 0) };
  },
  // The company's automatic anticipations: after its release pages (what is still due then is counted), comp_a anticipates one.
  async anticipateAutomatically({ companyId, on }) {
    anticipatedAfter.push({ companyId, on, pendingThen: rows.filter((r) => r.companyId === companyId && !r.released && r.availableOn <= on).length });
    if (companyId === 'comp_a') return { anticipations: 1, amount: 50 };
    if (!anticipating.has(companyId)) return { anticipations: 0, amount: 0 };
    const eligible = rows.filter((r) => r.companyId === companyId && !r.released && !r.anticipated && r.availableOn > on);
    for (const r of eligible) r.anticipated = true;
    return { anticipations: 1, amount: eligible.reduce((a, r) => a + r.amount, 0) };
  },
};

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `release-runs-${randomUUID()}`;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  running = worker.run();
});
afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
});

describe('release run workflows', () => {
  it('the day’s run starts one run per company with receivables due, each pages them; a rerun of the day finds the runs done', async () => {
    const on = '2026-03-31';
    const handle = await env.client.workflow.start(RELEASE_RUNS_WORKFLOW, { taskQueue, workflowId: `release-runs-${randomUUID()}`, args: [{ on, companyPageSize: 1, pageSize: 5, parallelism: 2 }] });
    const progress: ReleaseRunsProgress = await handle.result();
    expect(progress).toEqual({ on, companies: 2, runsDone: 2, runsFoundDone: 0, released: 15, postings: 15, amount: 1_500, done: true });
    // comp_a's 12 due in pages of 5; comp_b's 3 in one; the 2 due later and comp_c's stay.
    expect(pagesReleased.map((p) => p.length).sort()).toEqual([2, 3, 5, 5]);
    expect(rows.filter((r) => !r.released).map((r) => r.companyId)).toEqual(['comp_a', 'comp_a', 'comp_c', 'comp_c', 'comp_c', 'comp_c']);
    const companyRun = env.client.workflow.getHandle(releaseRunWorkflowId('comp_a', on));
    expect(await companyRun.query(releaseRunProgressQuery)).toEqual<ReleaseRunProgress>({ companyId: 'comp_a', on, pagesListed: 3, pagesDone: 3, released: 12, postings: 12, amount: 1_200, anticipations: 1, anticipatedAmount: 50, done: true });
    // Each company's run anticipates once, after all its pages released.
    expect(anticipatedAfter.sort((x, y) => x.companyId.localeCompare(y.companyId))).toEqual([
      { companyId: 'comp_a', on, pendingThen: 0 },
      { companyId: 'comp_b', on, pendingThen: 0 },
    ]);
    await recordHistory('receivables', 'release-runs-two-companies', handle);
    await recordHistory('receivables', 'release-run-three-pages', companyRun);

    // Receivables of comp_b fall due again (as if added late); the rerun of the same day does not run comp_b twice.
    add('comp_b', 1, '2026-03-31');
    const rerun = await env.client.workflow.execute(RELEASE_RUNS_WORKFLOW, { taskQueue, workflowId: `release-runs-${randomUUID()}`, args: [{ on }] });
    expect(rerun).toMatchObject({ companies: 1, runsDone: 0, runsFoundDone: 1, released: 0 });
  });

  it('without a date, releases up to today’s date in São Paulo at workflow time (the test server’s clock)', async () => {
    const today = availableOn(await env.currentTimeMs());
    add('comp_d', 1, today);
    const progress = await env.client.workflow.execute(RELEASE_RUNS_WORKFLOW, { taskQueue, workflowId: `release-runs-${randomUUID()}`, args: [{}] });
    expect(progress.on).toBe(today);
    expect(rows.filter((r) => r.companyId === 'comp_d').every((r) => r.released)).toBe(true);
  });

  it('a day with nothing due: a company whose recipient anticipates automatically still gets its run, which anticipates what is eligible; once a day', async () => {
    const on = '2026-05-04';
    add('comp_e', 3, '2026-06-03'); // due in a month: nothing due on the 4th
    anticipating.add('comp_e');
    add('comp_f', 2, '2026-06-03'); // the same, without automatic anticipation: no run
    const handle = await env.client.workflow.start(RELEASE_RUNS_WORKFLOW, { taskQueue, workflowId: `release-runs-${randomUUID()}`, args: [{ on }] });
    const progress: ReleaseRunsProgress = await handle.result();
    // Everything due by then was released by the earlier runs: comp_e's run is the only one; it releases nothing and anticipates its three.
    expect(progress).toEqual({ on, companies: 1, runsDone: 1, runsFoundDone: 0, released: 0, postings: 0, amount: 0, done: true });
    const companyRun = env.client.workflow.getHandle(releaseRunWorkflowId('comp_e', on));
    expect(await companyRun.query(releaseRunProgressQuery)).toEqual<ReleaseRunProgress>({
      companyId: 'comp_e',
      on,
      pagesListed: 0,
      pagesDone: 0,
      released: 0,
      postings: 0,
      amount: 0,
      anticipations: 1,
      anticipatedAmount: 300,
      done: true,
    });
    expect(rows.filter((r) => r.companyId === 'comp_e').every((r) => r.anticipated && !r.released)).toBe(true);
    await expect(env.client.workflow.getHandle(releaseRunWorkflowId('comp_f', on)).describe()).rejects.toThrow(/not found/i);
    await recordHistory('receivables', 'release-runs-automatic-anticipation', handle);
    await recordHistory('receivables', 'release-run-anticipation-only', companyRun);

    // More falls due for comp_e later that day: the rerun finds its run of the day and leaves it.
    add('comp_e', 1, '2026-06-10');
    const rerun = await env.client.workflow.execute(RELEASE_RUNS_WORKFLOW, { taskQueue, workflowId: `release-runs-${randomUUID()}`, args: [{ on }] });
    expect(rerun).toMatchObject({ companies: 1, runsDone: 0, runsFoundDone: 1, released: 0 });
    expect(rows.filter((r) => r.companyId === 'comp_e' && !r.anticipated)).toHaveLength(1);
  });

  it('a company run alone releases nothing when nothing is due', async () => {
    const progress = await env.client.workflow.execute(RELEASE_RUN_WORKFLOW, { taskQueue, workflowId: `release-run-${randomUUID()}`, args: [{ companyId: 'comp_c', on: '2026-04-01' }] });
    expect(progress).toEqual({ companyId: 'comp_c', on: '2026-04-01', pagesListed: 0, pagesDone: 0, released: 0, postings: 0, amount: 0, anticipations: 0, anticipatedAmount: 0, done: true });
  });
});
