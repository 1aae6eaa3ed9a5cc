import type { EntityManager } from '@mikro-orm/postgresql';
import { describeEvent } from '../events/catalog';
import { scheduledReleases } from './settlement.service';
import type { TransactionAggregate } from './transaction-views';
import type { TimelineView } from './transactions.schemas';

type Happened = TimelineView['happened'][number];
type Scheduled = TimelineView['scheduled'][number];

interface PostingRow {
  id: string;
  kind: string;
  key: string;
  created_at: Date;
  moved: string;
}

/**
 * A transaction's timeline, all from the database: what happened (authorizations, events,
 * ledger postings) and what is scheduled next (the expiry of unpaid Pix/boleto payments, each
 * settlement release not made yet, with its date and amount: the dates the transaction
 * workflow's timers wait for).
 */
export async function transactionTimeline(em: EntityManager, agg: TransactionAggregate): Promise<TimelineView> {
  const postings = await em.execute<PostingRow[]>(
    `select p.id, p.kind, p.key, p.created_at, (select sum(e.amount) from ledger_entries e where e.posting_id = p.id and e.amount > 0) as moved
       from ledger_postings p where p.source = 'transaction' and p.source_id = ? order by p.created_at, p.id`,
    [agg.transaction.id],
  );
  const [happened, scheduled] = await Promise.all([pastOf(em, agg, postings), scheduledOf(em, agg, postings)]);
  return { transactionId: agg.transaction.id, status: agg.transaction.status, happened, scheduled };
}

async function pastOf(em: EntityManager, { transaction, payments }: TransactionAggregate, postings: PostingRow[]): Promise<Happened[]> {
  const ids = [transaction.id, ...payments.map((p) => p.id)];
  const events = await em.execute<{ id: string; type: string; entity_id: string; created_at: Date }[]>(
    `select id, type, entity_id, created_at from events where company_id = ? and entity_id in (${ids.map(() => '?').join(', ')}) order by created_at, id`,
    [transaction.companyId, ...ids],
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

async function scheduledOf(em: EntityManager, agg: TransactionAggregate, postings: PostingRow[]): Promise<Scheduled[]> {
  const { transaction, payments } = agg;
  if (transaction.status === 'waiting_payment') {
    const expiries = payments.filter((p) => p.status === 'waiting_payment' && p.expiresAt).map((p) => p.expiresAt!.getTime());
    if (expiries.length === 0) return [];
    return [{ at: new Date(Math.min(...expiries)).toISOString(), kind: 'expiry', paymentId: null, amount: null, description: 'Unpaid Pix/boleto payments expire and the transaction is canceled' }];
  }
  if (!transaction.paidAt) return [];
  const released = new Set(postings.filter((p) => p.kind === 'release').map((p) => p.key));
  return (await scheduledReleases(em, agg))
    .filter((r) => !released.has(`release:${r.paymentId}:${r.index}`))
    .map((r) => ({ at: r.releaseAt, kind: 'release', paymentId: r.paymentId, amount: r.amount, description: `Release ${r.index} of ${r.paymentId}: pending → available` }));
}
