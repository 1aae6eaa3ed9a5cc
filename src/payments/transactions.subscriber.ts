import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MARKED_BY_WORK, type AfterDispatch, type EventSubscriber } from '../events/dispatcher';
import type { Event } from '../events/event.entity';
import { isMandateCharge } from '../billing/mandate-charges.rules';
import { ensureTransactionWorkflow } from './transaction-workflow.client';

/**
 * Starts a transaction's workflow once the transaction committed, only when something still
 * waits on it: a card left pending (the API crashed, the gateway failed), a Pix or boleto waiting
 * for its buyer. A card the API decided (paid, refused, failed) needs none: its money matures in
 * release runs (docs/payments.md). `transaction.created` is dispatched right after the commit,
 * and by the outbox sweeper if the process died first; the event is marked dispatched only once
 * the start succeeded, by the first activity of the run this start began (it reads the
 * transaction after the dispatch committed, and marks it in that read), or by the dispatcher
 * when a run already existed (a billing charge or a buyer's signal started it); the start is
 * idempotent (an existing or finished run is left alone).
 *
 * A card-only transaction whose decision is in the same dispatch (the API dispatches its
 * creation's events with its decision's) is known decided without a read; the statuses of the
 * others are read in one statement. A transaction with a Pix or boleto needs its workflow
 * whatever its cards did (the workflow voids approved cards if the rest expires), except a Pix
 * Automático charge: nobody scans it, the PSP debits it on its due day, days later, and reports
 * the outcome; that report (the callback, or the charge read back when its subscription
 * rechecks it) starts the workflow then (`signalTransactionWorkflow`), as does its expiry
 * (`recheckMandateCharges`). A billing run schedules thousands of them without a workflow each.
 */
export function transactionWorkflowSubscriber(temporal: Client, taskQueue: string): EventSubscriber {
  const handleAll = async (em: EntityManager, events: Event[]): Promise<Map<string, AfterDispatch>> => {
    const created = events.filter((e) => e.type === 'transaction.created' && e.entityId);
    const work = new Map<string, AfterDispatch>();
    if (created.length === 0) return work;
    const decided = new Set(events.filter((e) => DECIDED.has(e.type) && e.entityId).map((e) => e.entityId!));
    const cardOnly = created.filter((e) => onlyCards(e) && !decided.has(e.entityId!)).map((e) => e.entityId!);
    const pending = cardOnly.length > 0 ? await stillPending(em, cardOnly) : new Set<string>();
    for (const e of created) {
      const transactionId = e.entityId!;
      if ((onlyCards(e) && !pending.has(transactionId)) || scheduledAtPsp(e)) continue;
      // The run this start begins marks the event in its first read (`loadTransactionPayments`), when it can find it by the
      // transaction's creation time; a run something else started first does not, so the dispatcher marks it.
      const marksItself = (e.payload.data as { createdAt?: unknown }).createdAt === e.createdAt.toISOString();
      work.set(e.id, async () => {
        const started = await ensureTransactionWorkflow(temporal, taskQueue, transactionId, marksItself);
        return started && marksItself ? MARKED_BY_WORK : undefined;
      });
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

/** A card-only transaction's decision events: after one, nothing waits on it. */
const DECIDED = new Set(['transaction.paid', 'transaction.refused', 'transaction.failed']);

/** Whether the transaction as created (the event's data) is paid by cards alone (unknown payments: not). */
function onlyCards(event: Event): boolean {
  const payments = (event.payload.data as { payments?: Array<{ paymentMethod?: string }> }).payments;
  return Array.isArray(payments) && payments.length > 0 && payments.every((p) => p.paymentMethod === 'credit_card');
}

/** A subscription's Pix Automático charge (`cobr`): decided when the PSP reports it, not by a buyer. */
function scheduledAtPsp(event: Event): boolean {
  const data = event.payload.data as { origin?: unknown; metadata?: Record<string, unknown> | null };
  return data.origin === 'subscription' && isMandateCharge(data.metadata);
}

/** The transactions among `ids` still pending (no decision recorded): those their workflow must decide. */
async function stillPending(em: EntityManager, ids: string[]): Promise<Set<string>> {
  const rows = await em.execute<Array<{ id: string }>>(`select id from transactions where id = any(array(select jsonb_array_elements_text(?::jsonb))) and status = 'pending'`, [JSON.stringify(ids)]);
  return new Set(rows.map((r) => r.id));
}
