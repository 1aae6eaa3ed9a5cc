import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from './workflow-bundle';

/** The recorded histories (`*.json`, as fetched with `handle.fetchHistory()`) in a folder. */
export function recordedHistories(dir: string): { workflowId: string; file: string; history: temporal.api.history.v1.IHistory }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      workflowId: file.replace(/\.json$/, ''),
      history: temporal.api.history.v1.History.fromObject(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))),
    }));
}

/**
 * Replays histories against today's workflow bundle and returns the error of each (undefined
 * when it replayed cleanly): a change to the command sequence without `patched()` shows here.
 */
export async function replayErrors(histories: { workflowId: string; history: temporal.api.history.v1.IHistory }[]): Promise<unknown[]> {
  const errors: unknown[] = [];
  for await (const r of Worker.runReplayHistories({ workflowBundle: workflowBundle() }, histories)) errors.push(r.error);
  return errors;
}
