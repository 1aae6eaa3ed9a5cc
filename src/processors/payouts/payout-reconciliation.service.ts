import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../app-deps';
import { refundTransferPayoutId } from '../../refunds/refund-transfer';
import { processorsOf } from '../processors';
import { payoutIdOf } from './payout.rules';
import { applyPayoutState, type PayoutApplied } from './payout-reports.service';
import { PayoutProviderError } from './payout-provider.port';
import { emptyPayoutReport, type PayoutKind, type PayoutReconciliationReport } from './payout-reconciliation.rules';

/**
 * The payout reconciliation (workflows/payouts/payout-reconciliation.workflow.ts), one page at a
 * time: it asks the provider, by id, for every transfer still in flight after a while and every
 * transfer paid in the last days, and applies what the provider shows through the callback's own
 * path (`applyPayoutState`). So a callback the provider gave up on, or one Lastro lost, loses
 * nothing: an outcome, or money the receiving bank sent back. It only reads: a transfer the
 * provider does not have is reported (`missing`), never sent; sending is the workflows' job.
 */

export interface PayoutPageInput {
  kind: PayoutKind;
  /** The run's clock (the workflow's). */
  now: Date;
  /** A transfer sent this long ago without a final answer is asked for. */
  inFlightAfterMs: number;
  /** Transfers paid this recently are asked for returns. */
  paidWithinMs: number;
  /** The last id of the previous page (keyset paging); null for the first page. */
  after: string | null;
  limit: number;
}

interface Watched {
  id: string;
  payoutId: string;
  connectionId: string;
}

type Deps = Pick<AppDeps, 'orm' | 'temporal' | 'config' | 'logger' | 'dispatcher'>;

const fork = (deps: Deps) => deps.orm.em.fork() as unknown as EntityManager;

/** One page of the transfers to ask for, in id order: one statement whatever the page's size. */
async function watched(em: EntityManager, input: PayoutPageInput): Promise<Watched[]> {
  const inFlightBefore = new Date(input.now.getTime() - input.inFlightAfterMs);
  const paidSince = new Date(input.now.getTime() - input.paidWithinMs);
  if (input.kind === 'withdrawal') {
    // Each arm is one of the partial indexes (Migration20261201200000PayoutReconciliation).
    const rows = await em.execute<Array<{ id: string; payout_connection_id: string }>>(
      `select id, payout_connection_id from (
         select id, payout_connection_id from withdrawals where status = 'processing' and payout_connection_id is not null and updated_at < ?
         union
         select id, payout_connection_id from withdrawals where paid_at is not null and payout_connection_id is not null and paid_at >= ?
       ) w where id > ? order by id limit ?`,
      [inFlightBefore, paidSince, input.after ?? '', input.limit],
    );
    return rows.map((r) => ({ id: r.id, payoutId: payoutIdOf(r.id), connectionId: r.payout_connection_id }));
  }
  // A refund transfer's id is the refund's and its current bank-details request's; its connection the one it was sent through.
  const rows = await em.execute<Array<{ id: string; bank_details_requests: number; transfer_connection_id: string }>>(
    `select id, bank_details_requests, transfer_connection_id from (
       select id, bank_details_requests, transfer_connection_id from refunds where status = 'ted_processing' and updated_at < ?
       union
       select id, bank_details_requests, transfer_connection_id from refunds where status = 'refunded' and payment_method = 'boleto' and refunded_at >= ?
     ) r where transfer_connection_id is not null and id > ? order by id limit ?`,
    [inFlightBefore, paidSince, input.after ?? '', input.limit],
  );
  return rows.map((r) => ({ id: r.id, payoutId: refundTransferPayoutId(r.id, Number(r.bank_details_requests)), connectionId: r.transfer_connection_id }));
}

/** Reconciles one page; `next` is the cursor of the following page, null after the last. */
export async function reconcilePayoutPage(deps: Deps, input: PayoutPageInput): Promise<{ report: PayoutReconciliationReport; next: string | null }> {
  const rows = await watched(fork(deps), input);
  const report = emptyPayoutReport();
  const processors = processorsOf(deps);
  for (const row of rows) {
    const em = fork(deps);
    const rail = await processors.payoutById(em, row.connectionId);
    if (!rail) {
      report.errors++;
      deps.logger.error({ kind: input.kind, id: row.id, connectionId: row.connectionId }, 'Payout reconciliation: the transfer\'s payout connection is gone; an operator restores it');
      continue;
    }
    let applied: PayoutApplied | 'missing';
    try {
      report.checked++;
      const state = await rail.provider.get(row.payoutId);
      applied = state ? await applyPayoutState(deps, rail.connection.id, row.payoutId, state) : 'missing';
    } catch (err) {
      if (!(err instanceof PayoutProviderError)) throw err;
      report.errors++;
      deps.logger.warn({ kind: input.kind, id: row.id, error: err.message }, 'Payout reconciliation: the provider did not answer; the next run asks again');
      continue;
    }
    if (applied === 'ignored') report.unchanged++;
    else report[applied]++;
    if (applied === 'missing') deps.logger.warn({ kind: input.kind, id: row.id, payoutId: row.payoutId }, 'Payout reconciliation: the provider has no transfer of this id yet');
  }
  return { report, next: rows.length === input.limit ? rows[rows.length - 1].id : null };
}
