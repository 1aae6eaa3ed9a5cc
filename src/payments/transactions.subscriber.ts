import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AfterDispatch, EventSubscriber } from '../events/dispatcher';
import type { Event } from '../events/event.entity';
import type { ReleaseMethod } from '../ledger/release-schedule.rules';
import { firstReleaseAt } from './settlement.rules';
import { ensureTransactionWorkflow } from './transaction-workflow.client';

/**
 * Starts a transaction's workflow once the transaction committed: `transaction.created` is
 * dispatched right after the commit, and by the outbox sweeper if the process died first. The
 * event is marked dispatched only once the start succeeded; the start is idempotent (an
 * existing or finished run is left alone).
 *
 * A transaction paid by then (its cards decided right after the commit) has its workflow's
 * first task delayed to its first release: read, for all the events a dispatch takes, in one
 * statement.
 */
export function transactionWorkflowSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  const handleAll = async (em: EntityManager, events: Event[]): Promise<Map<string, AfterDispatch>> => {
    const created = events.filter((e) => e.type === 'transaction.created' && e.entityId);
    const work = new Map<string, AfterDispatch>();
    if (created.length === 0) return work;
    // Only a card can be paid by the time its transaction is dispatched (a Pix or boleto waits for the buyer).
    const withCards = created.filter((e) => hasCard(e)).map((e) => e.entityId!);
    const wakeAt = withCards.length > 0 ? await paidTransactionsWakeAt(em, withCards) : new Map<string, Date>();
    for (const e of created) {
      const transactionId = e.entityId!;
      work.set(e.id, () => ensureTransactionWorkflow(temporal, taskQueue, transactionId, wakeAt.get(transactionId) ?? null));
    }
    return work;
  };
  return {
    name: 'transaction-workflow',
    handleAll,
    async handle(em, event) {
      return (await handleAll(em, [event])).get(event.id);
    },
  };
}

/** Whether the transaction as created (the event's data) has a card payment. */
function hasCard(event: Event): boolean {
  const payments = (event.payload.data as { payments?: Array<{ paymentMethod?: string }> }).payments;
  return payments?.some((p) => p.paymentMethod === 'credit_card') ?? true;
}

/** For the transactions among `ids` that are paid: when their workflow first has something to do. */
async function paidTransactionsWakeAt(em: EntityManager, ids: string[]): Promise<Map<string, Date>> {
  const rows = await em.execute<Array<{ transaction_id: string; method: ReleaseMethod; installments: number; paid_at: Date }>>(
    `select p.transaction_id, p.method, p.installments, p.paid_at
       from payments p join transactions t on t.id = p.transaction_id
      where t.id in (${ids.map(() => '?').join(', ')}) and t.status = 'paid' and p.status <> 'canceled' and p.paid_at is not null`,
    ids,
  );
  const byTransaction = new Map<string, typeof rows>();
  for (const r of rows) byTransaction.set(r.transaction_id, [...(byTransaction.get(r.transaction_id) ?? []), r]);
  const out = new Map<string, Date>();
  for (const [id, payments] of byTransaction) {
    const at = firstReleaseAt(payments.map((p) => ({ method: p.method, installments: p.installments, paidAt: new Date(p.paid_at).toISOString() })));
    if (at) out.set(id, new Date(at));
  }
  return out;
}
