import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { recordHistory } from '../replay/history-files';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { isPayoutDue, type PayoutCalendar } from '../../src/payout-schedules/payout-schedule.rules';
import { PAYOUT_RUN_WORKFLOW, payoutRunProgressQuery, type PayoutRunActivities, type PayoutRunProgress, type ScheduledPayoutResult } from '../../workflows/payout-schedules/payout-run.contract';

/**
 * The payout run alone, on the time-skipping test server, over in-memory schedules: the day's
 * run started each day as the daily schedule starts it (no `on`: the São Paulo date at workflow
 * time), across the end of February. The database side (the SQL filter, the withdrawals, once
 * per recipient and date) is test/payout-schedules/payout-schedules.int.test.ts.
 */

const schedules: { companyId: string; recipientId: string; calendar: PayoutCalendar; balance: number }[] = [
  { companyId: 'comp_a', recipientId: 'rec_daily', calendar: { interval: 'daily' }, balance: 1_000 },
  { companyId: 'comp_a', recipientId: 'rec_friday', calendar: { interval: 'weekly', weekday: 'friday' }, balance: 2_000 },
  { companyId: 'comp_b', recipientId: 'rec_31st', calendar: { interval: 'monthly', day: 31 }, balance: 3_000 },
  { companyId: 'comp_b', recipientId: 'rec_broke', calendar: { interval: 'daily' }, balance: 0 },
];
/** `<recipient>:<date>` → withdrawal id: the unique key the database holds. */
const made = new Map<string, string>();

const activities: PayoutRunActivities = {
  async listDuePayoutSchedules({ on, after, limit }) {
    const key = (s: { companyId: string; recipientId: string }) => `${s.companyId}/${s.recipientId}`;
    return schedules
      .filter((s) => isPayoutDue(s.calendar, on) && (!after || key(s) > key(after)))
      .sort((x, y) => key(x).localeCompare(key(y)))
      .slice(0, limit)
      .map(({ companyId, recipientId }) => ({ companyId, recipientId }));
  },
  async createScheduledPayouts({ on, schedules: page }) {
    let amount = 0;
    const results = page.map((p): ScheduledPayoutResult => {
      const s = schedules.find((x) => x.recipientId === p.recipientId)!;
      const existing = made.get(`${s.recipientId}:${on}`);
      if (existing) return { outcome: 'existing', withdrawalId: existing };
      if (s.balance < 100) return { outcome: 'below_minimum' };
      const withdrawalId = `wdr_${s.recipientId}_${on}`;
      made.set(`${s.recipientId}:${on}`, withdrawalId);
      amount += s.balance;
      return { outcome: 'created', withdrawalId };
    });
    return { results, amount };
  },
};

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `payout-runs-${randomUUID()}`;

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

/**
 * The run's progress once it ended, read without `result()`: awaiting a result unlocks the test
 * server's time skipping, and an idle unlocked server jumps its clock years ahead between runs
 * (test/helpers/temporal-env.ts). Locked, the runs go at real speed and only env.sleep skips.
 */
async function finished(handle: WorkflowHandle): Promise<PayoutRunProgress> {
  while ((await handle.describe()).status.name === 'RUNNING') await new Promise((r) => setTimeout(r, 50));
  return handle.query(payoutRunProgressQuery);
}

const run = (args: Record<string, unknown> = {}) => env.client.workflow.start(PAYOUT_RUN_WORKFLOW, { taskQueue, workflowId: `payout-run-${randomUUID()}`, args: [args] });

it('run daily at 06:00 São Paulo from Wed 24 to Tue 2 March 2027: daily every day, weekly on Friday, monthly 31st on 28 February; once per recipient and date', async () => {
  // 06:00 in São Paulo (UTC−3) on 24 February 2027, where the daily schedule fires.
  const first = Date.parse('2027-02-24T09:00:00Z');
  const days: PayoutRunProgress[] = [];
  for (let i = 0; i < 7; i++) {
    // Skip to 06:00 São Paulo of the next day, as the schedule's next action.
    await env.sleep(first + i * 86_400_000 - (await env.currentTimeMs()));
    const handle = await run();
    days.push(await finished(handle));
    if (i === 4) await recordHistory('payout-schedules', 'payout-run-end-of-february', handle);
  }
  expect(days.map((d) => d.on)).toEqual(['2027-02-24', '2027-02-25', '2027-02-26', '2027-02-27', '2027-02-28', '2027-03-01', '2027-03-02']);
  expect([...made.keys()].sort()).toEqual([
    'rec_31st:2027-02-28',
    ...['24', '25', '26', '27', '28'].map((d) => `rec_daily:2027-02-${d}`),
    'rec_daily:2027-03-01',
    'rec_daily:2027-03-02',
    'rec_friday:2027-02-26',
  ]);
  // The 28th: the daily, the 31st's (February's last day) and the empty wallet, which pays nothing.
  expect(days[4]).toEqual({ on: '2027-02-28', pages: 1, due: 3, created: 2, existing: 0, belowMinimum: 1, refused: 0, amount: 4_000, done: true });
  expect(days[2]).toMatchObject({ on: '2027-02-26', created: 2, belowMinimum: 1, amount: 3_000 });
});

it('a second run of a date (by hand, paged one schedule at a time) makes nothing again', async () => {
  const on = '2027-03-31';
  const first = await (await run({ on, pageSize: 1 })).result();
  expect(first).toEqual({ on, pages: 3, due: 3, created: 2, existing: 0, belowMinimum: 1, refused: 0, amount: 4_000, done: true });
  const again = await run({ on, pageSize: 1 });
  expect(await again.result()).toEqual({ on, pages: 3, due: 3, created: 0, existing: 2, belowMinimum: 1, refused: 0, amount: 0, done: true });
  expect(await again.query(payoutRunProgressQuery)).toMatchObject({ done: true, existing: 2 });
});
