import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { recordHistory } from '../replay/history-files';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { BILLING_RUN_WORKFLOW, billingRunProgressQuery, type BillingRunActivities, type BillingRunProgress } from '../../workflows/billing/billing-run.contract';

/**
 * The billing run alone, on the time-skipping test server, over an in-memory list of due
 * subscriptions: how it pages, how many pages it renews at once, what its progress says.
 */

const due = Array.from({ length: 23 }, (_, i) => ({ id: `sub_${String(i).padStart(3, '0')}`, wakeAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
const renewed: string[] = [];
let inFlight = 0;
let mostInFlight = 0;
const claims = new Set<string>();

const activities: BillingRunActivities = {
  async listDueSubscriptions({ at, after, limit }) {
    const rest = due.filter((d) => d.wakeAt <= at && (!after || d.wakeAt > after.wakeAt || (d.wakeAt === after.wakeAt && d.id > after.id)) && !renewed.includes(d.id));
    const page = rest.slice(0, limit);
    const last = page.at(-1);
    return { ids: page.map((d) => d.id), last: last ? { wakeAt: last.wakeAt, id: last.id } : null };
  },
  async renewDueSubscriptions({ claim, ids }) {
    claims.add(claim);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    // A full page waits for a second page to be renewing beside it (the last page, shorter, does not).
    for (let i = 0; i < 100 && ids.length === 5 && inFlight < 2; i++) await new Promise((r) => setTimeout(r, 20));
    renewed.push(...ids);
    inFlight--;
    // One of the page's subscriptions ends instead of being invoiced (a workflow ends it), one
    // more's card is refused (its workflow runs the dunning); the page renews the others itself.
    return { claimed: ids.length, issued: ids.length - 1, renewed: ids.length - 2, workflows: 2 };
  },
};

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `billing-run-${randomUUID()}`;

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

describe('billing run workflow', () => {
  it('pages through what is due at its instant, renewing up to `parallelism` pages at once, with its progress as a query', async () => {
    const at = due[20].wakeAt; // the last two are not due yet
    const handle = await env.client.workflow.start(BILLING_RUN_WORKFLOW, { taskQueue, workflowId: `billing-run-${randomUUID()}`, args: [{ at, pageSize: 5, parallelism: 2 }] });
    const result: BillingRunProgress = await handle.result();
    expect(result).toEqual({ at, pagesListed: 5, pagesDone: 5, claimed: 21, issued: 16, renewed: 11, workflows: 10, awaiting: 0, done: true });
    expect(await handle.query(billingRunProgressQuery)).toEqual(result);
    expect([...renewed].sort()).toEqual(due.slice(0, 21).map((d) => d.id));
    expect(mostInFlight).toBe(2);
    // Every page of one run claims with the same token: the run's id.
    expect([...claims]).toEqual([(await handle.describe()).runId]);
    await recordHistory('billing', 'billing-run', handle);
  });
});
