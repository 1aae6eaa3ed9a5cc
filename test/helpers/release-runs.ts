import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { availableOn } from '../../src/receivables/receivable.rules';
import { RELEASE_RUNS_WORKFLOW, type ReleaseRunsInput, type ReleaseRunsProgress } from '../../workflows/receivables/release-run.contract';

const DAY_MS = 86_400_000;

/** The São Paulo date `days` from now (the API's clock, which dates the sales): the day a run releases what falls due by then. */
export const daysFromNow = (days: number): string => availableOn(Date.now() + days * DAY_MS);

/**
 * Runs the day's release runs for `on` as the daily schedule would (the time-skipping test
 * server runs no Schedules): starts `releaseRunsWorkflow` and waits for it.
 */
export async function runReleaseRuns(stack: { client: Client; config: { temporal: { taskQueue: string } } }, on: string, input: Omit<ReleaseRunsInput, 'on'> = {}): Promise<ReleaseRunsProgress> {
  return stack.client.workflow.execute(RELEASE_RUNS_WORKFLOW, { taskQueue: stack.config.temporal.taskQueue, workflowId: `release-runs:${on}:${randomUUID()}`, args: [{ ...input, on }] });
}
