import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/activity';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { emptyPayoutReport, type PayoutReconciliationReport } from '../../src/processors/payouts/payout-reconciliation.rules';
import { PAYOUT_RECONCILIATION_WORKFLOW, type PayoutReconciliationActivities } from '../../workflows/payouts/payout-reconciliation.contract';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { recordHistory } from '../replay/history-files';

/** The payout reconciliation run alone, with recorded activities, on the time-skipping test server. */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTimeSkippingEnv();
});
afterAll(() => env?.teardown());

const report = (r: Partial<PayoutReconciliationReport>): PayoutReconciliationReport => ({ ...emptyPayoutReport(), ...r });

async function run(activities: PayoutReconciliationActivities) {
  const taskQueue = `payout-reconciliation-${randomUUID()}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  return worker.runUntil(async () => {
    const handle = await env.client.workflow.start(PAYOUT_RECONCILIATION_WORKFLOW, { taskQueue, workflowId: `payout-reconciliation-${randomUUID()}`, args: [] });
    return { handle, result: await handle.result().catch((err: unknown) => err) };
  });
}

it("walks every page of withdrawals, then of refund transfers, at one clock, and sums the pages' reports", async () => {
  const calls: Array<{ kind: string; now: string; after: string | null }> = [];
  const before = await env.currentTimeMs();
  const { handle, result } = await run({
    async reconcilePayoutPage(input) {
      calls.push(input);
      if (input.kind === 'withdrawal' && input.after === null) return { report: report({ checked: 100, recorded: 1, unchanged: 99 }), next: 'wdr_b' };
      if (input.kind === 'withdrawal') return { report: report({ checked: 3, returned: 1, pending: 1, errors: 1 }), next: null };
      return { report: report({ checked: 2, returned: 1, missing: 1 }), next: null };
    },
  });
  expect(result).toEqual({
    withdrawals: report({ checked: 103, recorded: 1, returned: 1, pending: 1, unchanged: 99, errors: 1 }),
    refunds: report({ checked: 2, returned: 1, missing: 1 }),
  });
  expect(calls.map((c) => [c.kind, c.after])).toEqual([['withdrawal', null], ['withdrawal', 'wdr_b'], ['refund', null]]);
  expect(new Set(calls.map((c) => c.now)).size).toBe(1);
  expect(Date.parse(calls[0].now)).toBeGreaterThanOrEqual(before);
  await recordHistory('payouts', 'payout-reconciliation', handle);
});

it('a page that keeps failing fails the run after three attempts (the next run starts over)', async () => {
  let attempts = 0;
  const { result } = await run({
    async reconcilePayoutPage() {
      attempts++;
      throw ApplicationFailure.create({ message: 'database unavailable', nonRetryable: false });
    },
  });
  expect(result).toBeInstanceOf(Error);
  expect(attempts).toBe(3);
});
