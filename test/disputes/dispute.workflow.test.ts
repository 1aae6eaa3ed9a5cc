import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { DISPUTE_WORKFLOW, resolvedSignal, type DisputeActivities } from '../../workflows/disputes/dispute.contract';
import type { DisputeStatus } from '../../src/disputes/dispute.rules';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { recordHistory } from '../replay/history-files';

/** The dispute workflow alone, its activity recorded, on the time-skipping test server (ten days pass in a moment). */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTimeSkippingEnv();
});
afterAll(() => env?.teardown());

const TEN_DAYS = 10 * 86_400_000;

async function run(expiry: DisputeStatus | null, drive: (handle: { signal: (s: typeof resolvedSignal, a: { outcome: 'won' | 'lost' }) => Promise<void> }, expired: () => number) => Promise<void>, history?: string) {
  const calls: Array<{ at: number }> = [];
  const activities: DisputeActivities = {
    async expireDispute() {
      calls.push({ at: await env.currentTimeMs() });
      return expiry;
    },
  };
  const taskQueue = `dispute-${randomUUID()}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  const start = await env.currentTimeMs();
  const dueBy = new Date(start + TEN_DAYS).toISOString();
  let result: { outcome: string } | undefined;
  await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(DISPUTE_WORKFLOW, { taskQueue, workflowId: `dsp_${randomUUID()}`, args: [{ disputeId: 'dsp_test', dueBy }] });
    await drive(handle, () => calls.length);
    result = await handle.result();
    if (history) await recordHistory('disputes', history, handle);
  });
  return { result: result!, calls, dueBy: Date.parse(dueBy) };
}

it('at the deadline, a dispute without evidence is expired (lost) by its activity, once, not before', async () => {
  const { result, calls, dueBy } = await run('lost', async () => undefined, 'dispute-expired');
  expect(result).toEqual({ outcome: 'lost' });
  expect(calls).toHaveLength(1);
  expect(calls[0].at).toBeGreaterThanOrEqual(dueBy);
});

it('past the deadline, a dispute under review waits for the acquirer’s outcome as long as it takes', async () => {
  const { result, calls } = await run('under_review', async (handle, expired) => {
    await env.sleep(TEN_DAYS + 60_000);
    expect(expired()).toBe(1);
    await env.sleep(30 * 86_400_000);
    await handle.signal(resolvedSignal, { outcome: 'won' });
  }, 'dispute-under-review-won');
  expect(result).toEqual({ outcome: 'won' });
  expect(calls).toHaveLength(1);
});

it('an outcome before the deadline ends it at once: no expiry', async () => {
  const { result, calls } = await run('lost', async (handle) => {
    await env.sleep(86_400_000);
    await handle.signal(resolvedSignal, { outcome: 'won' });
  });
  expect(result).toEqual({ outcome: 'won' });
  expect(calls).toEqual([]);
});

it('a dispute gone (its opening rolled back) ends at the deadline', async () => {
  const { result } = await run(null, async () => undefined);
  expect(result).toEqual({ outcome: 'missing' });
});
