import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../helpers/workflow-bundle';

/**
 * Replays recorded transaction workflow histories against today's workflow code: a change
 * that alters the command sequence without `patched()` fails here. Record them again with
 * `RECORD_HISTORIES=1 npx jest test/payments/transaction.workflow.test.ts --selectProjects integration`.
 */
const dir = path.join(__dirname, 'histories');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('transaction workflow replay', () => {
  it('has recorded runs: card + Pix paid and released, a refusal voiding a card, cancel, expiry', () => {
    expect(files.sort()).toEqual(['boleto-canceled.json', 'boleto-expired.json', 'card-and-pix-paid-released.json', 'second-card-refused-first-voided.json']);
  });

  it('replays every recorded history without non-determinism', async () => {
    const histories = files.map((f) => ({
      workflowId: f.replace(/\.json$/, ''),
      history: temporal.api.history.v1.History.fromObject(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))),
    }));
    const results = [];
    for await (const r of Worker.runReplayHistories({ workflowBundle: workflowBundle() }, histories)) results.push(r);
    expect(results).toHaveLength(files.length);
    for (const r of results) expect(r.error).toBeUndefined();
  });
});
