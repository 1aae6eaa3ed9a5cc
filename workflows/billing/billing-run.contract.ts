/**
 * The billing run's public surface: a Temporal Schedule starts it (BILLING_RUN_SCHEDULE), and an
 * operator reads its progress in the Temporal UI (query `progress`).
 */
import { defineQuery } from '@temporalio/workflow';

export const BILLING_RUN_WORKFLOW = 'billingRunWorkflow';

/** Subscriptions per page: one claim, one set-based issue, its card charges, one set-based record of the paid ones. */
export const DEFAULT_BILLING_PAGE_SIZE = 500;
/** Pages renewed at once. */
export const DEFAULT_BILLING_PARALLELISM = 4;

/**
 * The billing run's own task queue (beside Lastro's, `TEMPORAL_TASK_QUEUE`): its workflow tasks
 * and pages never wait behind the thousands of workflows' first tasks its pages start there.
 */
export const billingRunTaskQueue = (taskQueue: string) => `${taskQueue}-billing-runs`;

/** The schedule every worker ensures at start (worker/schedules.ts), on `billingRunTaskQueue`. */
export const BILLING_RUN_SCHEDULE = {
  scheduleId: 'lastro-billing-run',
  workflowType: BILLING_RUN_WORKFLOW,
  every: '15 minutes',
  memo: 'Renews the parked subscriptions that fell due: issues their invoices set-based, charges and records them per page, and starts a workflow only for what must wait (dunning, send_invoice, an end)',
} as const;

export interface BillingRunInput {
  /** The instant the run bills up to; the run's start (workflow time) without it. */
  at?: string;
  pageSize?: number;
  parallelism?: number;
}

export interface BillingRunProgress {
  at: string;
  pagesListed: number;
  pagesDone: number;
  /** Subscriptions its pages claimed (parked and due), as each page's last try found them holding the claim. */
  claimed: number;
  /** Invoices it issued (a claimed subscription that ends instead has none). */
  issued: number;
  /** Subscriptions its pages renewed themselves (charged, paid, cycle advanced, parked again), with no workflow. */
  renewed: number;
  /** Subscription workflows its pages started (a refused charge's dunning, send_invoice, a row that ends, …). */
  workflows: number;
  /** Subscriptions its pages parked again waiting for their Pix Automático charge, scheduled at the PSP by the page (no workflow). */
  awaiting: number;
  done: boolean;
}

export const billingRunProgressQuery = defineQuery<BillingRunProgress>('progress');

/** Where a page ends: the next page starts after it (keyset over the parked rows' wake time and id). */
export interface BillingCursor {
  wakeAt: string;
  id: string;
}

export interface BillingRunActivities {
  /** The next page of parked subscriptions due at `at`, after `after`. */
  listDueSubscriptions(input: { at: string; after: BillingCursor | null; limit: number }): Promise<{ ids: string[]; last: BillingCursor | null }>;
  /**
   * Claims the page's subscriptions still parked and due for this run (`claim`: its run id; a
   * retry re-finds those it has not finished), issues their invoices set-based, charges the
   * charge_automatically ones and records the paid ones set-based (cycle advanced, parked
   * again), schedules the Pix Automático charges of those paid by a mandate at the PSP (parked
   * again on their cycle until the charge's due day), and starts a workflow, with the claim and
   * the invoice, for each of the others.
   */
  renewDueSubscriptions(input: { at: string; claim: string; ids: string[] }): Promise<{ claimed: number; issued: number; renewed: number; workflows: number; awaiting?: number }>;
}
