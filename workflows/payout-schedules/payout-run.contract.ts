/**
 * The payout runs' public surface: a daily Temporal Schedule (PAYOUT_RUNS_SCHEDULE) starts
 * `payoutRunWorkflow`, which pages the payout schedules due on its São Paulo date and makes one
 * withdrawal per recipient (docs/withdrawals.md, "Payout schedules"). Progress: query `progress`.
 */
import { defineQuery } from '@temporalio/workflow';

export const PAYOUT_RUN_WORKFLOW = 'payoutRunWorkflow';

/** Schedules per page: each page is one activity, one short transaction per recipient. */
export const DEFAULT_PAYOUT_PAGE_SIZE = 100;

/**
 * Daily at 06:00 São Paulo time, after the release runs (00:00) made the day's money available.
 */
export const PAYOUT_RUNS_SCHEDULE = {
  scheduleId: 'lastro-payout-runs',
  workflowType: PAYOUT_RUN_WORKFLOW,
  calendar: { hour: 6, minute: 0 },
  timezone: 'America/Sao_Paulo',
  memo: "Automatic payouts due today (São Paulo date): one withdrawal of the whole withdrawable balance per recipient whose payout schedule is due, exactly once per recipient and date",
} as const;

export interface PayoutRunInput {
  /** The São Paulo date (`YYYY-MM-DD`); today's in São Paulo at workflow time without it. */
  on?: string;
  pageSize?: number;
}

export interface PayoutScheduleKey {
  companyId: string;
  recipientId: string;
}

/** What one recipient's turn came to. */
export type ScheduledPayoutResult =
  | { outcome: 'created'; withdrawalId: string }
  /** The run of this date had already made it (a retried page, a second run): its workflow is ensured, nothing else. */
  | { outcome: 'existing'; withdrawalId: string }
  /** Below the schedule's or the withdrawal's minimum: nothing to pay. */
  | { outcome: 'below_minimum' }
  /** A 409 of the withdrawal path (no wallet, no bank account, recipient not active): the code. */
  | { outcome: 'refused'; code: string };

export interface PayoutRunProgress {
  on: string;
  pages: number;
  due: number;
  created: number;
  existing: number;
  belowMinimum: number;
  refused: number;
  /** Cents withdrawn by the withdrawals this run created. */
  amount: number;
  done: boolean;
}

export const payoutRunProgressQuery = defineQuery<PayoutRunProgress>('progress');

export interface PayoutRunActivities {
  /** The next page of enabled payout schedules due on `on`, of active links, after `after` (company, recipient order). */
  listDuePayoutSchedules(input: { on: string; after: PayoutScheduleKey | null; limit: number }): Promise<PayoutScheduleKey[]>;
  /** One withdrawal per schedule of the page (its own transaction each), its workflow started; once per recipient and date. */
  createScheduledPayouts(input: { on: string; schedules: PayoutScheduleKey[] }): Promise<{ results: ScheduledPayoutResult[]; amount: number }>;
}
