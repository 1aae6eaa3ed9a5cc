import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { MAINTENANCE_SCHEDULES } from '../workflows/maintenance/maintenance.contract';
import { BILLING_RUN_SCHEDULE, billingRunTaskQueue } from '../workflows/billing/billing-run.contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../src/config';
import type { Orm } from '../src/db/orm';
import { processorsOf } from '../src/processors/processors';
import { registerPixWebhook } from '../src/processors/pix/pix-webhooks.service';
import { registerPayoutWebhook } from '../src/processors/payouts/payout-webhooks.service';
import type { Logger } from '../src/shared/logger';
import { PIX_RECONCILIATION_SCHEDULE } from '../workflows/payments/pix-reconciliation.contract';
import { BOLETO_SWEEP_SCHEDULE } from '../workflows/payments/boleto-sweep.contract';
import { PAYOUT_RECONCILIATION_SCHEDULE } from '../workflows/payouts/payout-reconciliation.contract';
import { RELEASE_RUNS_SCHEDULE } from '../workflows/receivables/release-run.contract';
import { PAYOUT_RUNS_SCHEDULE } from '../workflows/payout-schedules/payout-run.contract';

/**
 * Creates the maintenance schedules, the Pix reconciliation's and the billing run's if they do not exist yet, so every
 * worker start (and every replica) can call it safely; an existing schedule is updated to the
 * current spec. SKIP overlap: a run still paging when the next is due lets that one go (the
 * next run bills everything due by its own instant; the next reconciliation's window covers the skipped one's).
 */
export async function ensureMaintenanceSchedules(client: Client, taskQueue: string): Promise<void> {
  const schedules = [
    ...MAINTENANCE_SCHEDULES.map((s) => ({ ...s, taskQueue })),
    { ...PIX_RECONCILIATION_SCHEDULE, taskQueue },
    { ...BOLETO_SWEEP_SCHEDULE, taskQueue },
    { ...PAYOUT_RECONCILIATION_SCHEDULE, taskQueue },
    { ...BILLING_RUN_SCHEDULE, taskQueue: billingRunTaskQueue(taskQueue) },
    { ...RELEASE_RUNS_SCHEDULE, taskQueue },
    { ...PAYOUT_RUNS_SCHEDULE, taskQueue },
  ];
  for (const s of schedules) {
    // Daily at a local hour (the release runs): a calendar in its time zone; the rest every interval.
    const spec = 'calendar' in s ? { calendars: [{ ...s.calendar }], timezone: s.timezone } : { intervals: [{ every: s.every }] };
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

/**
 * Registers the deployment's default Pix connection's callback URL at its PSP (companies' own
 * connections register when an operator connects them). A PSP that does not answer does not stop
 * the worker: the reconciliation run settles what its missing callbacks would have.
 */
export async function ensureDefaultPixWebhook(deps: { config: Config; orm: Orm; logger: Logger }): Promise<void> {
  try {
    const rail = await processorsOf(deps).pixById(deps.orm.em.fork() as unknown as EntityManager, 'default');
    if (rail && (await registerPixWebhook(rail, deps.config.urls.publicBase))) deps.logger.info('Pix webhook registered at the default PSP');
  } catch (err) {
    deps.logger.warn({ err }, 'Pix webhook not registered at the default PSP; the reconciliation run covers its callbacks');
  }
}

/**
 * Registers the deployment's default payout connection's callback URL for its key at the provider
 * (companies' own register when an operator connects them). A provider that does not answer does
 * not stop the worker: payouts read their outcome themselves; only returns need the callback.
 */
export async function ensureDefaultPayoutWebhook(deps: { config: Config; orm: Orm; logger: Logger }): Promise<void> {
  try {
    const rail = await processorsOf(deps).payoutById(deps.orm.em.fork() as unknown as EntityManager, 'default');
    if (rail && (await registerPayoutWebhook(rail, deps.config.urls.publicBase))) deps.logger.info('Payout webhook registered at the default payout provider');
  } catch (err) {
    deps.logger.warn({ err }, 'Payout webhook not registered at the default payout provider: returned payouts are not heard of until it is');
  }
}
