import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { iso } from '../db/base.entity';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import { releaseReservation } from '../ledger/ledger.service';
import { Withdrawal } from './withdrawal.entity';
import { canMove, type ChangedBy, type WithdrawalStatus } from './withdrawal.rules';
import type { WithdrawalView } from './withdrawals.schemas';

/** Helpers every withdrawal move shares, whether the API or the workflow makes it. */

export function toWithdrawalView(w: Withdrawal): WithdrawalView {
  return {
    id: w.id,
    walletId: w.walletId,
    amount: w.amount,
    currency: w.currency,
    fee: w.fee,
    netAmount: w.netAmount,
    status: w.status,
    bankAccountId: w.bankAccountId,
    paidAt: iso(w.paidAt),
    pspTransferId: w.pspTransferId,
    statusHistory: w.statusHistory,
    createdAt: iso(w.createdAt),
  };
}

export function withdrawalEvent(em: EntityManager, w: Withdrawal, type: 'withdrawal.requested' | 'withdrawal.paid' | 'withdrawal.rejected'): Event {
  return recordEvent(em, { companyId: w.companyId, type, entityType: 'withdrawal', data: toWithdrawalView(w) });
}

/**
 * Every change to one withdrawal holds this lock until its transaction ends. POST /withdrawals
 * takes it before it starts the workflow, so the workflow's first read waits for that
 * transaction and then sees the row, or knows for sure it was rolled back.
 */
export async function lockWithdrawal(em: EntityManager, withdrawalId: string): Promise<Withdrawal | null> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`withdrawal:${withdrawalId}`]);
  return em.findOne(Withdrawal, { id: withdrawalId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** Moves the status along the spec's table and appends who did it to statusHistory. */
export function moveWithdrawal(w: Withdrawal, to: WithdrawalStatus, changedBy: ChangedBy, reason: string | null = null): void {
  if (!canMove(w.status, to)) throw new Error(`withdrawal ${w.id}: no move from ${w.status} to ${to}`);
  const now = new Date();
  w.status = to;
  // A new array, so MikroORM sees the JSON column change.
  w.statusHistory = [...w.statusHistory, { status: to, changedBy, changedAt: now.toISOString(), reason }];
  w.updatedAt = now;
}

/** Rejected and cancelled: the reserved gross goes back to withdrawable (blocked → available). */
export async function releaseWithdrawalReservation(em: EntityManager, w: Withdrawal): Promise<void> {
  await releaseReservation(em, {
    key: `withdrawal:${w.id}:release`,
    companyId: w.companyId,
    recipientId: w.recipientId,
    currency: w.currency,
    amount: w.amount,
    source: 'withdrawal',
    sourceId: w.id,
    description: `Withdrawal ${w.id} ${w.status}`,
  });
}
