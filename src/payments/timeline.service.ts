import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { describeEvent } from '../events/catalog';
import { scheduledStepsQuery, transactionWorkflowId, type ScheduledStep } from '../../workflows/payments/transaction.contract';
import type { TransactionAggregate } from './transaction-views';
import type { TimelineView } from './transactions.schemas';

type Happened = TimelineView['happened'][number];

/** How long the timeline waits for the workflow's answer before showing the past alone. */
const QUERY_TIMEOUT_MS = 3_000;

/**
 * A transaction's timeline: what happened, from the database (authorizations, events,
 * ledger postings), and what is scheduled next, from the workflow itself (a query): the
 * expiry of unpaid Pix/boleto payments and each settlement release with its date and amount.
 */
export async function transactionTimeline(em: EntityManager, temporal: Client, agg: TransactionAggregate): Promise<TimelineView> {
  const [happened, scheduled] = await Promise.all([pastOf(em, agg), scheduledOf(temporal, agg.transaction.id)]);
  return { transactionId: agg.transaction.id, status: agg.transaction.status, happened, scheduled };
}

async function pastOf(em: EntityManager, { transaction, payments }: TransactionAggregate): Promise<Happened[]> {
  const ids = [transaction.id, ...payments.map((p) => p.id)];
  const events = await em.execute<{ id: string; type: string; entity_id: string; created_at: Date }[]>(
    `select id, type, entity_id, created_at from events where company_id = ? and entity_id in (${ids.map(() => '?').join(', ')}) order by created_at, id`,
    [transaction.companyId, ...ids],
  );
  const postings = await em.execute<{ id: string; kind: string; key: string; created_at: Date; moved: string }[]>(
    `select p.id, p.kind, p.key, p.created_at, (select sum(e.amount) from ledger_entries e where e.posting_id = p.id and e.amount > 0) as moved
       from ledger_postings p where p.source = 'transaction' and p.source_id = ? order by p.created_at, p.id`,
    [transaction.id],
  );
  const out: Happened[] = [];
  for (const p of payments.filter((x) => x.gateway)) {
    const answer = p.status === 'refused' || p.status === 'failed' ? `${p.status} (${p.statusReason})` : `approved (authorization ${p.authorizationCode})`;
    out.push({ at: (p.paidAt ?? p.updatedAt).toISOString(), kind: 'authorization', description: `Card authorization by ${p.gateway}: ${answer}`, paymentId: p.id, amount: p.amount, ref: p.gatewayReference });
  }
  for (const e of events) {
    const description = describeEvent(e.type) ?? e.type;
    out.push({ at: new Date(e.created_at).toISOString(), kind: e.type, description, paymentId: e.entity_id.startsWith('pay_') ? e.entity_id : null, amount: null, ref: e.id });
  }
  for (const p of postings) {
    const paymentId = p.key.split(':')[1] ?? null;
    const description = p.kind === 'sale' ? 'Sale posted: recipients credited to pending, fee to Lastro' : `Released to available (${p.key.split(':')[2] ?? '1'})`;
    out.push({ at: new Date(p.created_at).toISOString(), kind: `posting.${p.kind}`, description, paymentId, amount: Number(p.moved ?? 0), ref: p.id });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

async function scheduledOf(temporal: Client, transactionId: string): Promise<ScheduledStep[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ScheduledStep[]>((resolve) => (timer = setTimeout(() => resolve([]), QUERY_TIMEOUT_MS)));
  const query = temporal.workflow
    .getHandle(transactionWorkflowId(transactionId))
    .query(scheduledStepsQuery)
    // A workflow not started yet (or unreachable) has nothing to show; the past still is.
    .catch(() => [] as ScheduledStep[]);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
