import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../src/http/errors';
import { PayoutSchedule } from '../../src/payout-schedules/payout-schedule.entity';
import { listDuePayoutSchedules } from '../../src/payout-schedules/payout-schedules.service';
import { Withdrawal } from '../../src/withdrawals/withdrawal.entity';
import { startWithdrawalWorkflow } from '../../src/withdrawals/withdrawal-workflow.client';
import { createScheduledWithdrawal } from '../../src/withdrawals/withdrawals.service';
import type { PayoutRunActivities, PayoutScheduleKey, ScheduledPayoutResult } from '../../workflows/payout-schedules/payout-run.contract';
import type { ActivityDeps } from '../deps';

/**
 * Activities of the payout run. Each recipient's payout is its own transaction, as POST
 * /withdrawals is: the row, its reservation and withdrawal.requested commit together, and the
 * withdrawal's workflow is started inside that transaction (a 2xx of the API means the same).
 * Once per recipient and date: the withdrawal carries the run's date under a unique index, so a
 * retried page, or a second run of the day, finds the first one's withdrawal and makes none.
 */
export function createPayoutRunActivities(deps: ActivityDeps): PayoutRunActivities {
  const fork = () => deps.orm.em.fork() as EntityManager;

  const existing = async (on: string, s: PayoutScheduleKey): Promise<ScheduledPayoutResult | null> => {
    const w = await fork().findOne(Withdrawal, { companyId: s.companyId, recipientId: s.recipientId, scheduledFor: on });
    return w && { outcome: 'existing', withdrawalId: w.id };
  };

  const payOne = async (on: string, s: PayoutScheduleKey): Promise<{ result: ScheduledPayoutResult; amount: number }> => {
    const found = await existing(on, s);
    if (found) return { result: found, amount: 0 };
    try {
      const made = await fork().transactional(async (em) => {
        // Read now, not when the page was listed: a schedule switched off meanwhile pays nothing.
        const schedule = await em.findOne(PayoutSchedule, { companyId: s.companyId, recipientId: s.recipientId });
        if (!schedule?.enabled) return null;
        const created = await createScheduledWithdrawal(em, s.companyId, { recipientId: s.recipientId, currency: schedule.currency, minimumAmount: schedule.minimumAmount, scheduledFor: on });
        if (created) await startWithdrawalWorkflow(deps.temporal, deps.config, created.withdrawal);
        return created;
      });
      if (!made) return { result: { outcome: 'below_minimum' }, amount: 0 };
      deps.dispatcher.dispatchSoon([made.event.id]);
      return { result: { outcome: 'created', withdrawalId: made.withdrawal.id }, amount: made.withdrawal.amount };
    } catch (err) {
      // Another run of the day made it between our look and our insert.
      if (err instanceof UniqueConstraintViolationException) return { result: (await existing(on, s))!, amount: 0 };
      // The withdrawal path's own refusals (no wallet, no bank account, link not active): nothing to retry.
      if (err instanceof ApiError && err.status < 500) return { result: { outcome: 'refused', code: err.code }, amount: 0 };
      throw err;
    }
  };

  return {
    async listDuePayoutSchedules({ on, after, limit }) {
      const due = await listDuePayoutSchedules(fork(), on, after, limit);
      return due.map((s) => ({ companyId: s.companyId, recipientId: s.recipientId }));
    },
    async createScheduledPayouts({ on, schedules }) {
      const results: ScheduledPayoutResult[] = [];
      let amount = 0;
      for (const s of schedules) {
        const r = await payOne(on, s);
        results.push(r.result);
        amount += r.amount;
      }
      return { results, amount };
    },
  };
}
