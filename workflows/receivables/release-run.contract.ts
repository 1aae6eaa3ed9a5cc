/**
 * The release runs' public surface: a daily Temporal Schedule (RELEASE_RUNS_SCHEDULE) starts
 * `releaseRunsWorkflow`, which starts one `releaseRunWorkflow` per company with receivables due
 * or a recipient to anticipate automatically;
 * an operator reads either's progress in the Temporal UI or CLI (query `progress`).
 */
import { defineQuery } from '@temporalio/workflow';

export const RELEASE_RUNS_WORKFLOW = 'releaseRunsWorkflow';
export const RELEASE_RUN_WORKFLOW = 'releaseRunWorkflow';

/** Receivables per page: one claim, one set-based net read, one `postMany`, one update. */
export const DEFAULT_RELEASE_PAGE_SIZE = 500;
/** Pages released at once within a company's run (pages of one company lock different sales). */
export const DEFAULT_RELEASE_PARALLELISM = 2;
/** Companies listed per page by the daily run. */
export const DEFAULT_COMPANY_PAGE_SIZE = 200;
/** Company runs in flight at once. */
export const DEFAULT_COMPANY_RUNS_AT_ONCE = 8;

/** Exactly one run per company and day: a rerun of the day finds it (running or done) by this id. */
export const releaseRunWorkflowId = (companyId: string, on: string): string => `release-run:${companyId}:${on}`;

/**
 * The schedule every worker ensures at start (worker/schedules.ts): daily at 00:00 São Paulo
 * time (a calendar spec in that time zone), on Lastro's task queue.
 */
export const RELEASE_RUNS_SCHEDULE = {
  scheduleId: 'lastro-release-runs',
  workflowType: RELEASE_RUNS_WORKFLOW,
  calendar: { hour: 0, minute: 0 },
  timezone: 'America/Sao_Paulo',
  memo: "Releases the receivables due today (São Paulo date) and runs the automatic anticipations: one release run per company with pending receivables due or a recipient with automatic anticipation, set-based pages, exactly once per receivable",
} as const;

export interface ReleaseRunsInput {
  /** The São Paulo date (`YYYY-MM-DD`) to release up to, inclusive; today's in São Paulo at workflow time without it. */
  on?: string;
  companyPageSize?: number;
  runsAtOnce?: number;
  pageSize?: number;
  parallelism?: number;
}

export interface ReleaseRunsProgress {
  on: string;
  /** Companies listed: with receivables due, or with a recipient to anticipate automatically. */
  companies: number;
  /** Company runs this workflow started and saw end. */
  runsDone: number;
  /** Company runs of this date that existed already (a rerun of the day): left as they are. */
  runsFoundDone: number;
  released: number;
  postings: number;
  amount: number;
  done: boolean;
}

export interface ReleaseRunInput {
  companyId: string;
  on: string;
  pageSize?: number;
  parallelism?: number;
}

export interface ReleaseRunProgress {
  companyId: string;
  on: string;
  pagesListed: number;
  pagesDone: number;
  /** Receivables its pages released (one released by another page or a refund meanwhile is not counted). */
  released: number;
  /** Release postings it made. */
  postings: number;
  /** Cents moved from pending to available. */
  amount: number;
  /** Automatic anticipations made after the release (recipients that enabled it). */
  anticipations: number;
  /** Gross cents they anticipated. */
  anticipatedAmount: number;
  done: boolean;
}

export const releaseRunsProgressQuery = defineQuery<ReleaseRunsProgress>('progress');
export const releaseRunProgressQuery = defineQuery<ReleaseRunProgress>('progress');

/** Where a page of a company's due receivables ends (keyset: date, id). */
export interface ReceivableCursor {
  availableOn: string;
  id: string;
}

export interface ReleaseRunActivities {
  /** The next page of companies with pending receivables due on `on` (or before), or with a recipient whose automatic anticipation has something to take on `on`, after `after`. */
  listCompaniesToRun(input: { on: string; after: string | null; limit: number }): Promise<string[]>;
  /** The next page of a company's pending receivables due on `on` (or before). */
  listDueReceivables(input: { companyId: string; on: string; after: ReceivableCursor | null; limit: number }): Promise<{ ids: string[]; last: ReceivableCursor | null }>;
  /** Claims and releases the page's receivables (and the other recipients' of their installments), in one database transaction; once each. */
  releaseDueReceivables(input: { companyId: string; on: string; ids: string[] }): Promise<{ released: number; postings: number; amount: number }>;
  /** The company's automatic anticipations of the day (each recipient in its own transaction); events dispatched after commit. */
  anticipateAutomatically(input: { companyId: string; on: string }): Promise<{ anticipations: number; amount: number }>;
}
