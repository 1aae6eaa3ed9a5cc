import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import * as workflows from '../../workflows';
import { recordedHistories, replayErrors } from '../helpers/replay';
import { HISTORY_ROOT } from './history-files';

/**
 * Determinism of every workflow type the worker runs: the recorded histories under
 * test/histories/<domain>/ are replayed against today's code, so a change to a workflow's
 * command sequence fails here until its histories are re-recorded (`npm run record:history`).
 * Every type exported from workflows/index.ts must have one. The negative control replays a
 * real history against a deliberately reordered copy of the withdrawal workflow
 * (test/replay/reordered/), which must be refused as non-deterministic.
 */

const { EventType } = temporal.api.enums.v1;

const histories = fs.readdirSync(HISTORY_ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .flatMap((e) => recordedHistories(path.join(HISTORY_ROOT, e.name)).map((h) => ({ ...h, workflowId: `${e.name}/${h.workflowId}` })));
const typeOf = (h: (typeof histories)[number]): string =>
  h.history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? '(no start event)';
const exportedTypes = Object.entries(workflows)
  .filter(([, v]) => typeof v === 'function')
  .map(([name]) => name)
  .sort();

describe('replay of every workflow type', () => {
  it('finds the exported workflow types', () => {
    expect(exportedTypes).toEqual(expect.arrayContaining(['transactionWorkflow', 'withdrawalWorkflow', 'subscriptionWorkflow', 'recipientOnboardingWorkflow', 'refundWorkflow']));
  });

  it.each(exportedTypes)('%s has a recorded history', (type) => {
    const found = histories.filter((h) => typeOf(h) === type);
    if (found.length === 0) {
      throw new Error(`No recorded history for workflow type "${type}": record one from its test with recordHistory() (test/replay/history-files.ts), or add a recorder in test/replay/record-histories.int.test.ts, then run \`npm run record:history\``);
    }
  });

  it('covers continue-as-new and signals', () => {
    const eventTypes = new Set(histories.flatMap((h) => (h.history.events ?? []).map((e) => e.eventType)));
    expect(eventTypes).toContain(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
    expect(eventTypes).toContain(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED);
  });

  it('replays every recorded history without non-determinism', async () => {
    const errors = await replayErrors(histories);
    const failed = histories.map((h, i) => [h.workflowId, errors[i]] as const).filter(([, e]) => e !== undefined);
    expect(failed.map(([id, e]) => `${id}: ${String(e)}`)).toEqual([]);
    expect(errors).toHaveLength(histories.length);
  });
});

describe('negative control', () => {
  it('refuses a real history replayed against a reordered copy of its workflow', async () => {
    const real = histories.filter((h) => typeOf(h) === 'withdrawalWorkflow');
    expect(real.length).toBeGreaterThan(0);
    const workflowBundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./reordered/withdrawal-reordered.workflow'), logger: quietLogger });
    const errors: unknown[] = [];
    for await (const r of Worker.runReplayHistories({ workflowBundle }, real)) errors.push(r.error);
    expect(errors).toHaveLength(real.length);
    for (const e of errors) {
      expect(e).toBeDefined();
      expect((e as Error).name).toBe('DeterminismViolationError');
    }
  }, 120_000);
});

const quietLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
