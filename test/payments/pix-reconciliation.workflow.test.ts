import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/activity';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { PixPspError } from '../../src/processors/pix/pix-psp.port';
import {
  PIX_RECONCILIATION_PARALLELISM,
  PIX_RECONCILIATION_WINDOW_MS,
  PIX_RECONCILIATION_WORKFLOW,
  type PixReconciliationActivities,
  type PixReconciliationReport,
  type PixReconciliationResult,
} from '../../workflows/payments/pix-reconciliation.contract';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { recordHistory } from '../replay/history-files';

/** The Pix reconciliation run alone, with recorded activities, on the time-skipping test server. */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTimeSkippingEnv();
});
afterAll(() => env?.teardown());

const { EventType } = temporal.api.enums.v1;

const counts = (connectionId: string, settled = 0): PixReconciliationReport => ({ connectionId, received: settled + 2, settled, alreadySettled: 2, unknown: 0, rejected: 0, late: 0 });

/** Activities over a fixed list of connections; `fail` decides what a connection's PSP does. */
function recorder(ids: string[], fail: (connectionId: string) => Error | null = () => null) {
  const calls: Array<{ connectionId: string; from: string; to: string }> = [];
  const activities: PixReconciliationActivities = {
    listPixConnectionIds: async () => ids,
    async reconcilePixWindow(input) {
      calls.push(input);
      const err = fail(input.connectionId);
      if (err) throw err;
      return counts(input.connectionId, input.connectionId === 'default' ? 1 : 0);
    },
  };
  return { calls, activities };
}

async function run(activities: PixReconciliationActivities, args: unknown[], fn: (handle: Awaited<ReturnType<TestWorkflowEnvironment['client']['workflow']['start']>>) => Promise<void>): Promise<void> {
  const taskQueue = `pix-reconciliation-${randomUUID()}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(PIX_RECONCILIATION_WORKFLOW, { taskQueue, workflowId: `pix-reconciliation-${randomUUID()}`, args });
    await fn(handle);
  });
}

it('reconciles every connection on the last 30 minutes of its own clock; a PSP that stays down is reported with its error (3 attempts) and the others complete', async () => {
  const down = new PixPspError('GET /pix: the PSP did not answer (503)', true, 503);
  const { calls, activities } = recorder(['default', 'pcn_down', 'pcn_b'], (id) => (id === 'pcn_down' ? down : null));
  const before = await env.currentTimeMs();
  await run(activities, [], async (handle) => {
    const result: PixReconciliationResult = await handle.result();
    const after = await env.currentTimeMs();
    const to = Date.parse(result.to);
    expect(to).toBeGreaterThanOrEqual(before);
    expect(to).toBeLessThanOrEqual(after);
    expect(Date.parse(result.from)).toBe(to - PIX_RECONCILIATION_WINDOW_MS);
    expect(result.connections).toEqual([
      counts('default', 1),
      { connectionId: 'pcn_down', received: 0, settled: 0, alreadySettled: 0, unknown: 0, rejected: 0, late: 0, error: down.message },
      counts('pcn_b'),
    ]);
    expect(calls.filter((c) => c.connectionId === 'pcn_down')).toHaveLength(3);
    expect(new Set(calls.map((c) => `${c.connectionId} ${c.from} ${c.to}`))).toEqual(new Set(['default', 'pcn_down', 'pcn_b'].map((id) => `${id} ${result.from} ${result.to}`)));
    await recordHistory('payments', 'pix-reconciliation', handle);
  });
});

it('an operator re-runs a past window by giving it; a PSP that refuses (credentials, scopes) is reported after one attempt', async () => {
  const window = { from: '2026-03-02T12:00:00.000Z', to: '2026-03-02T18:00:00.000Z' };
  const refused = ApplicationFailure.create({ message: 'GET /pix: the PSP refused the request (403: AcessoNegado)', type: 'PixPspRefused', nonRetryable: true });
  const { calls, activities } = recorder(['default', 'pcn_refused'], (id) => (id === 'pcn_refused' ? refused : null));
  await run(activities, [window], async (handle) => {
    const result: PixReconciliationResult = await handle.result();
    expect(result).toEqual({ ...window, connections: [counts('default', 1), expect.objectContaining({ connectionId: 'pcn_refused', settled: 0, error: refused.message })] });
  });
  // In parallel: in no particular order, once each (the refusal is not retried).
  expect(calls).toHaveLength(2);
  expect(calls).toEqual(expect.arrayContaining([
    { connectionId: 'default', ...window },
    { connectionId: 'pcn_refused', ...window },
  ]));

  // Only `to`: the usual 30 minutes before it.
  const onlyTo = recorder(['default']);
  await run(onlyTo.activities, [{ to: window.to }], async (handle) => {
    expect(await handle.result()).toMatchObject({ from: new Date(Date.parse(window.to) - PIX_RECONCILIATION_WINDOW_MS).toISOString(), to: window.to });
  });
});

it('a window that is not one fails the run at once, reconciling nothing', async () => {
  for (const input of [{ from: '2026-03-02T18:00:00Z', to: '2026-03-02T12:00:00Z' }, { from: 'yesterday' }]) {
    const { calls, activities } = recorder(['default']);
    await run(activities, [input], async (handle) => {
      const failure = await handle.result().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(WorkflowFailedError);
      expect((failure as WorkflowFailedError).cause).toMatchObject({ type: 'InvalidPixReconciliationWindow' });
    });
    expect(calls).toEqual([]);
  }
});

it(`reconciles at most ${PIX_RECONCILIATION_PARALLELISM} connections at once, and all of them`, async () => {
  const ids = Array.from({ length: PIX_RECONCILIATION_PARALLELISM * 2 + 3 }, (_, i) => `pcn_${String(i).padStart(2, '0')}`);
  // Each waits until the run has started as many as it may (or all), so the history shows how many it started before any ended.
  let started = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const activities: PixReconciliationActivities = {
    listPixConnectionIds: async () => ids,
    async reconcilePixWindow({ connectionId }) {
      if (++started >= PIX_RECONCILIATION_PARALLELISM) open();
      await gate;
      return counts(connectionId);
    },
  };
  await run(activities, [], async (handle) => {
    const result: PixReconciliationResult = await handle.result();
    expect(result.connections.map((c) => c.connectionId)).toEqual(ids);
    const events = (await handle.fetchHistory()).events ?? [];
    const isReconcile = (e: (typeof events)[number]) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'reconcilePixWindow';
    const first = events.findIndex(isReconcile);
    const firstDone = events.findIndex((e, i) => i > first && e.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED);
    const reconcilesBefore = events.slice(first, firstDone).filter(isReconcile);
    expect(reconcilesBefore).toHaveLength(PIX_RECONCILIATION_PARALLELISM);
  });
});
