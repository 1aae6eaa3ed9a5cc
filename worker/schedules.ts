import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { MAINTENANCE_SCHEDULES } from '../workflows/maintenance/maintenance.contract';
import { BILLING_RUN_SCHEDULE, billingRunTaskQueue } from '../workflows/billing/billing-run.contract';

/**
 * Creates the maintenance schedules and the billing run's if they do not exist yet, so every
 * worker start (and every replica) can call it safely; an existing schedule is updated to the
 * current spec. SKIP overlap: a run still paging when the next is due lets that one go (the
 * next run bills everything due by its own instant).
 */
export async function ensureMaintenanceSchedules(client: Client, taskQueue: string): Promise<void> {
  const schedules = [...MAINTENANCE_SCHEDULES.map((s) => ({ ...s, taskQueue })), { ...BILLING_RUN_SCHEDULE, taskQueue: billingRunTaskQueue(taskQueue) }];
  for (const s of schedules) {
    const spec = { intervals: [{ every: s.every }] };
    const action = { type: 'startWorkflow' as const, workflowType: s.workflowType, taskQueue: s.taskQueue, workflowId: s.scheduleId };
    try {
      await client.schedule.create({
        scheduleId: s.scheduleId,
        spec,
        action,
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
        memo: { purpose: s.memo },
      });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      await client.schedule.getHandle(s.scheduleId).update((prev) => ({ ...prev, spec, action }));
    }
  }
}
