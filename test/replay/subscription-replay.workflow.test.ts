import fs from 'node:fs';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../helpers/workflow-bundle';
import { HISTORY_DIR, readHistory } from './history-files';

/**
 * Replays recorded subscription histories against today's workflow code: a change that alters
 * the command sequence without `patched()` fails here. Record them again with
 * `RECORD_HISTORIES=1 npx jest test/billing/subscription.workflow.test.ts --selectProjects integration`.
 */
const files = fs.readdirSync(HISTORY_DIR).filter((f) => f.startsWith('subscription-') && f.endsWith('.json'));

describe('subscription workflow replay', () => {
  it('has the recorded runs of the 14-month subscription (continued as new every 4 cycles)', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it('replays every recorded history without non-determinism', async () => {
    const histories = files.map((f) => ({ workflowId: f.replace(/\.json$/, ''), history: readHistory(f) }));
    const results = [];
    for await (const r of Worker.runReplayHistories({ workflowBundle: workflowBundle() }, histories)) results.push(r);
    expect(results).toHaveLength(files.length);
    for (const r of results) expect(r.error).toBeUndefined();
  });
});
