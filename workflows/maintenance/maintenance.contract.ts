/**
 * Maintenance runs as Temporal Schedules created at worker start. Their ids are fixed so
 * that creating them is idempotent and an operator finds them under Schedules in the UI.
 */
export const MAINTENANCE_SCHEDULES = [
  {
    scheduleId: 'lastro-purge-idempotency-keys',
    workflowType: 'purgeIdempotencyKeysWorkflow',
    every: '1 hour',
    memo: 'Deletes Idempotency-Keys past their retention (24 h, 7 days for transactions)',
  },
  {
    scheduleId: 'lastro-purge-card-secrets',
    workflowType: 'purgeCardSecretsWorkflow',
    every: '15 minutes',
    memo: 'Destroys the CVV of card tokens past their 24 h validity and deletes tokens that expired unused',
  },
  {
    scheduleId: 'lastro-sweep-outbox',
    workflowType: 'sweepOutboxWorkflow',
    every: '1 minute',
    memo: 'Dispatches events still undispatched a minute after they were recorded',
  },
  {
    scheduleId: 'lastro-fold-balances',
    workflowType: 'foldBalancesWorkflow',
    every: '5 minutes',
    memo: 'Folds ledger balance changes into their accounts (keeps the platform accounts\' changes from growing)',
  },
] as const;

/** Events older than this and still undispatched are picked up by the sweeper. */
export const OUTBOX_GRACE_MS = 60_000;
export const OUTBOX_SWEEP_BATCH = 500;
/** Accounts folded per activity of the balance fold. */
export const BALANCE_FOLD_PAGE = 500;
