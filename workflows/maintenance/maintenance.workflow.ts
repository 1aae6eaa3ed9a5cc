import { proxyActivities } from '@temporalio/workflow';
import type { MaintenanceActivities } from '../../activities/maintenance/maintenance.activities';
import { BALANCE_FOLD_PAGE, OUTBOX_GRACE_MS, OUTBOX_SWEEP_BATCH } from './maintenance.contract';

const { purgeExpiredIdempotencyKeys, purgeExpiredCardSecrets, findStaleEvents, dispatchEvent, foldBalanceChanges } = proxyActivities<MaintenanceActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5 },
});

/**
 * "Now" is the workflow's clock, not the database's: the schedule decides when a purge runs
 * and what counts as expired, and time-skipping tests can move that clock.
 */
export async function purgeIdempotencyKeysWorkflow(): Promise<{ purged: number }> {
  const purged = await purgeExpiredIdempotencyKeys({ asOf: new Date().toISOString() });
  return { purged };
}

/** A CVV lives at most until its token expires (plus the schedule's 15-minute period). */
export async function purgeCardSecretsWorkflow(): Promise<{ cvvsDestroyed: number; unusedTokensDeleted: number }> {
  return purgeExpiredCardSecrets({ asOf: new Date().toISOString() });
}

/** The outbox backstop: dispatches events that the after-commit dispatch missed (a crash, an outage). */
export async function sweepOutboxWorkflow(): Promise<{ dispatched: number }> {
  const olderThan = new Date(Date.now() - OUTBOX_GRACE_MS).toISOString();
  const eventIds = await findStaleEvents({ olderThan, limit: OUTBOX_SWEEP_BATCH });
  const results = await Promise.all(eventIds.map((eventId) => dispatchEvent({ eventId })));
  return { dispatched: results.filter(Boolean).length };
}

/**
 * The periodic fold of ledger balances (docs/ledger.md, "Balances"): every account with balance
 * changes, page by page in id order, folded into its row. Debits fold what they lock; this keeps
 * the accounts nobody debits (the platform's, a wallet's pending between releases) short.
 */
export async function foldBalancesWorkflow(): Promise<{ folded: number }> {
  let after: string | null = null;
  let folded = 0;
  do {
    const page: { folded: number; last: string | null } = await foldBalanceChanges({ after, limit: BALANCE_FOLD_PAGE });
    folded += page.folded;
    after = page.last;
  } while (after !== null);
  return { folded };
}
