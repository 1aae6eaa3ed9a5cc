import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import {
  ANTICIPATION_WORKFLOW,
  anticipationStageQuery,
  approveAnticipationSignal,
  rejectAnticipationSignal,
  type AnticipationActivities,
} from '../../workflows/anticipations/anticipation.contract';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { recordHistory } from '../replay/history-files';

/**
 * The anticipation approval alone, its activity recorded, on the time-skipping test server: it
 * waits for an operator as long as it takes (a month passes in a moment), the first signal
 * decides, once, and a later one is ignored.
 */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTimeSkippingEnv();
});
afterAll(() => env?.teardown());

const A_MONTH = 30 * 86_400_000;

type Decision = Parameters<AnticipationActivities['decideAnticipation']>[0];
type Handle = Awaited<ReturnType<TestWorkflowEnvironment['client']['workflow']['start']>>;

async function run(drive: (handle: Handle, decisions: Decision[]) => Promise<void>, history?: string) {
  const decisions: Decision[] = [];
  const activities: AnticipationActivities = {
    async decideAnticipation(input) {
      decisions.push(input);
      return { status: input.approve ? 'completed' : 'rejected' };
    },
  };
  const taskQueue = `anticipation-${randomUUID()}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  let result: string | undefined;
  await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(ANTICIPATION_WORKFLOW, { taskQueue, workflowId: `ant_${randomUUID()}`, args: [{ anticipationId: 'ant_test' }] });
    await drive(handle, decisions);
    result = await handle.result();
    if (history) await recordHistory('anticipations', history, handle);
  });
  return { result, decisions };
}

it('waits a month for the operator without deciding anything, then an approval completes it, once', async () => {
  const { result, decisions } = await run(async (handle, decisions) => {
    await env.sleep(A_MONTH);
    expect(await handle.query(anticipationStageQuery)).toBe('awaiting_approval');
    expect(decisions).toEqual([]);
    await handle.signal(approveAnticipationSignal, { reason: 'checked' });
    await handle.signal(rejectAnticipationSignal, { reason: 'too late' });
  }, 'anticipation-approved');
  expect(result).toBe('completed');
  expect(decisions).toEqual([{ anticipationId: 'ant_test', approve: true, reason: 'checked' }]);
});

it('a rejection gives the receivables back (the activity told so) and ends it', async () => {
  const { result, decisions } = await run(async (handle) => {
    await env.sleep(86_400_000);
    await handle.signal(rejectAnticipationSignal);
  }, 'anticipation-rejected');
  expect(result).toBe('rejected');
  expect(decisions).toEqual([{ anticipationId: 'ant_test', approve: false, reason: null }]);
});
