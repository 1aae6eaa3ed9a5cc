import type { EntityManager } from '@mikro-orm/postgresql';
import { postMany, type PostingInput, type StatementPart } from '../ledger/ledger.service';
import { newId } from '../shared/ids';
import type { ReceivableCursor } from '../../workflows/receivables/release-run.contract';
import { bodyIdNotFound, notFound } from '../http/errors';
import { cursorOf, cursorReading, offsetOf } from '../http/pagination';
import { apiStatusOf, releaseKey, releaseLines, statusesOfApi, type ReceivableDraft, type ReceivableStatus } from './receivable.rules';
import type { ListReceivablesQuery, ReceivableView } from './receivables.schemas';

/**
 * Receivables: written with their sale, lowered by chargebacks, released by the release run
 * (docs/payments.md "Receivables and release runs"). Every writer of a sale's pending
 * installments (the release run, a chargeback, a refund releasing early) holds the sale's lock
 * (`saleLockSql`) before it touches them, so a run, a chargeback and a refund of one sale never
 * read what another is moving.
 */

export interface SaleReceivables {
  companyId: string;
  transactionId: string;
  paymentId: string;
  salePostingId: string;
  currency: string;
  drafts: ReceivableDraft[];
}

/** The advisory lock of one sale (`sale:<pay_id>`), held to the end of the database transaction. */
export const saleLockKey = (paymentId: string): string => `sale:${paymentId}`;

/**
 * The receivables of a batch of sales, as a part of the statement that inserts their sale
 * postings (`postMany`'s `also`): only those of the postings it inserted (`posted`) are written,
 * so a sale settled again (a retried settlement, its posting a replay) inserts nothing; unique
 * per (payment, recipient, installment) besides.
 */
export function receivablesInsert(sales: SaleReceivables[]): StatementPart | null {
  const rows = sales.flatMap((s) =>
    s.drafts.map((d) => ({
      id: newId('rcv'),
      company_id: s.companyId,
      transaction_id: s.transactionId,
      payment_id: s.paymentId,
      sale_posting_id: s.salePostingId,
      recipient_id: d.recipientId,
      installment: d.installment,
      currency: s.currency,
      amount: d.amount,
      release_at: d.releaseAt,
      available_on: d.availableOn,
      status: d.status,
      // Born released (Pix): by its own sale posting.
      release_posting_id: d.status === 'released' ? s.salePostingId : null,
    })),
  );
  if (rows.length === 0) return null;
  return {
    sql: `insert into receivables (id, company_id, transaction_id, payment_id, sale_posting_id, recipient_id, installment, currency, amount, release_at, available_on, status, released_at, release_posting_id)
          select x.id, x.company_id, x.transaction_id, x.payment_id, x.sale_posting_id, x.recipient_id, x.installment, x.currency, x.amount, x.release_at, x.available_on, x.status,
                 case when x.status = 'released' then now() end, x.release_posting_id
            from jsonb_to_recordset(?::jsonb) as x(id text, company_id text, transaction_id text, payment_id text, sale_posting_id text, recipient_id text, installment int, currency text,
                                                  amount bigint, release_at timestamptz, available_on date, status text, release_posting_id text)
           where x.sale_posting_id in (select id from posted)
          on conflict (payment_id, recipient_id, installment) do nothing`,
    params: [JSON.stringify(rows)],
  };
}

/** A chargeback took `amount` from a recipient's pending installment (its releaseAt): the receivable keeps what is still pending. Call under the sale's lock. */
export async function lowerReceivables(em: EntityManager, paymentId: string, takes: Array<{ recipientId: string; releaseAt: string; amount: number }>): Promise<void> {
  if (takes.length === 0) return;
  await em.execute(
    `update receivables r set amount = greatest(0, r.amount - x.amount)
       from jsonb_to_recordset(?::jsonb) as x("recipientId" text, "releaseAt" timestamptz, amount bigint)
      where r.payment_id = ? and r.recipient_id = x."recipientId" and r.release_at = x."releaseAt" and r.status in ('pending', 'suspended')`,
    [JSON.stringify(takes), paymentId],
    'run',
  );
}

/** Takes the sale's lock (`saleLockKey`) to the end of the caller's database transaction. */
async function lockSale(em: EntityManager, paymentId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [saleLockKey(paymentId)]);
}

export interface SuspendedReceivable {
  id: string;
  recipientId: string;
  installment: number;
  amount: number;
}

/**
 * A dispute holds a sale's waiting receivables (all recipients, or `recipientIds`): `pending` →
 * `suspended`. Their money stays in the wallets' pending buckets; the release runs and
 * anticipations skip them until `restoreReceivables`. Call inside the caller's database
 * transaction (it takes the sale's lock there); a receivable suspended already, released or
 * anticipated is left as it is. Returns what it suspended.
 */
export async function suspendReceivables(em: EntityManager, input: { companyId: string; paymentId: string; recipientIds?: string[] }): Promise<SuspendedReceivable[]> {
  await lockSale(em, input.paymentId);
  const rows = await em.execute<Array<{ id: string; recipient_id: string; installment: number; amount: string }>>(
    `update receivables set status = 'suspended', suspended_at = now()
      where company_id = ? and payment_id = ? and status = 'pending' and (?::jsonb is null or recipient_id in (select jsonb_array_elements_text(?::jsonb)))
      returning id, recipient_id, installment, amount`,
    [input.companyId, input.paymentId, input.recipientIds ? JSON.stringify(input.recipientIds) : null, input.recipientIds ? JSON.stringify(input.recipientIds) : null],
  );
  return rows.map((r) => ({ id: r.id, recipientId: r.recipient_id, installment: r.installment, amount: Number(r.amount) }));
}

/**
 * The dispute is over: a sale's suspended receivables (all recipients, or `recipientIds`) wait
 * again (`pending`); one whose date has passed is released by the next release run (runs release
 * everything due on or before their date). Call after lowering them by what a lost dispute took
 * (`lowerReceivables` lowers pending ones: restore first, then lower, in one transaction).
 */
export async function restoreReceivables(em: EntityManager, input: { companyId: string; paymentId: string; recipientIds?: string[] }): Promise<SuspendedReceivable[]> {
  await lockSale(em, input.paymentId);
  const rows = await em.execute<Array<{ id: string; recipient_id: string; installment: number; amount: string }>>(
    `update receivables set status = 'pending', suspended_at = null
      where company_id = ? and payment_id = ? and status = 'suspended' and (?::jsonb is null or recipient_id in (select jsonb_array_elements_text(?::jsonb)))
      returning id, recipient_id, installment, amount`,
    [input.companyId, input.paymentId, input.recipientIds ? JSON.stringify(input.recipientIds) : null, input.recipientIds ? JSON.stringify(input.recipientIds) : null],
  );
  return rows.map((r) => ({ id: r.id, recipientId: r.recipient_id, installment: r.installment, amount: Number(r.amount) }));
}

/**
 * The next page of companies the day's runs start a run for, after `after`, in id order: those
 * with pending receivables due on `on` (or before), and those with a recipient whose automatic
 * anticipation is enabled and who has receivables it could anticipate on `on` (waiting, due
 * after it): automatic anticipation runs every day, not only on days something falls due.
 */
export async function listCompaniesToRun(em: EntityManager, on: string, after: string | null, limit: number): Promise<string[]> {
  // Due: a loose index scan (each step jumps to the next company of the partial index, whatever the number of its receivables).
  // Anticipating: the enabled settings in company order, each probing the recipient's receivables once (receivables_recipient_idx).
  const rows = await em.execute<Array<{ company_id: string }>>(
    `with recursive c as (
       (select company_id from receivables where status = 'pending' and company_id > ? and available_on <= ?::date order by company_id limit 1)
       union all
       select (select r.company_id from receivables r where r.status = 'pending' and r.company_id > c.company_id and r.available_on <= ?::date order by r.company_id limit 1)
         from c where c.company_id is not null
     ),
     due as (select company_id from c where company_id is not null limit ?),
     anticipating as (
       select distinct s.company_id from anticipation_settings s
         join recipient_links l on l.company_id = s.company_id and l.recipient_id = s.recipient_id and l.deleted_at is null
        where s.enabled and s.company_id > ?
          and exists (select 1 from receivables r where r.company_id = s.company_id and r.recipient_id = s.recipient_id and r.status = 'pending' and r.available_on > ?::date and r.amount > 0)
        order by s.company_id limit ?
     )
     select company_id from due union select company_id from anticipating order by company_id limit ?`,
    [after ?? '', on, on, limit, after ?? '', on, limit, limit],
  );
  return rows.map((r) => r.company_id);
}

/** The next page of one company's pending receivables due on `on` (or before), after `after`. */
export async function listDueReceivables(em: EntityManager, companyId: string, on: string, after: ReceivableCursor | null, limit: number): Promise<{ ids: string[]; last: ReceivableCursor | null }> {
  const rows = await em.execute<Array<{ id: string; available_on: string }>>(
    `select id, available_on::text as available_on from receivables
      where company_id = ? and status = 'pending' and available_on <= ?::date and (available_on, id) > (?::date, ?)
      order by available_on, id limit ?`,
    [companyId, on, after?.availableOn ?? '-infinity', after?.id ?? '', limit],
  );
  const last = rows.at(-1);
  return { ids: rows.map((r) => r.id), last: last ? { availableOn: last.available_on, id: last.id } : null };
}

export interface ReleasePageResult {
  /** Receivables this page released (those another page or a refund had released are not counted). */
  released: number;
  /** Release postings it made (one per payment and installment with money still pending). */
  postings: number;
  /** Cents it moved from pending to available. */
  amount: number;
}

/** One installment of one sale, to release (all its recipients together). */
export interface SaleInstallment {
  paymentId: string;
  installment: number;
  salePostingId: string;
  releaseAt: string;
  companyId: string;
  transactionId: string;
}

/**
 * Releases installments of sales whose locks the caller holds: each one's net per recipient
 * read from the ledger (the sale posting's pending lines of its date, net of what chargebacks
 * took from them: the ledger, not the receivable, is the money), the release postings
 * (`release:<pay_id>:<n>`, pending → available, lines with its date, `releasesPostingId` the
 * sale: the statement's release status) made in one `postMany` (a key made already is a
 * replay), and their receivables released by them. Three statements whatever their number.
 */
export async function releaseInstallments(em: EntityManager, installments: SaleInstallment[]): Promise<{ postings: number; amount: number }> {
  if (installments.length === 0) return { postings: 0, amount: 0 };
  const nets = await em.execute<Array<{ payment_id: string; installment: number; recipient_id: string; currency: string; net: string }>>(
    // An anticipated receivable's money left pending by its anticipation's posting (no date on it): the release moves the rest.
    `select c.payment_id, c.installment, w.recipient_id, e.currency,
            sum(e.amount) - coalesce((select sum(x.amount) from receivables x
                                       where x.payment_id = c.payment_id and x.installment = c.installment and x.recipient_id = w.recipient_id and x.status = 'anticipated'), 0) as net
       from jsonb_to_recordset(?::jsonb) as c(payment_id text, installment int, sale_posting_id text, release_at timestamptz)
       join ledger_postings p on p.id = c.sale_posting_id or starts_with(p.key, 'chargeback:' || c.payment_id || ':')
       join ledger_entries e on e.posting_id = p.id and e.release_at = c.release_at
       join ledger_accounts a on a.id = e.account_id and a.bucket = 'pending' join wallets w on w.id = a.wallet_id
      group by c.payment_id, c.installment, w.recipient_id, e.currency order by c.payment_id, c.installment, w.recipient_id`,
    [JSON.stringify(installments.map((c) => ({ payment_id: c.paymentId, installment: c.installment, sale_posting_id: c.salePostingId, release_at: c.releaseAt })))],
  );
  const postings: Array<{ of: SaleInstallment; input: PostingInput }> = [];
  for (const c of installments) {
    const moves = nets.filter((n) => n.payment_id === c.paymentId && n.installment === c.installment).map((n) => ({ recipientId: n.recipient_id, currency: n.currency, amount: Number(n.net) }));
    const lines = releaseLines(moves, c.releaseAt);
    if (lines.length === 0) continue;
    postings.push({
      of: c,
      input: {
        key: releaseKey(c.paymentId, c.installment),
        kind: 'release',
        companyId: c.companyId,
        source: 'transaction',
        sourceId: c.transactionId,
        releasesPostingId: c.salePostingId,
        description: `release ${c.installment} of ${c.paymentId}`,
        lines,
      },
    });
  }
  const posted = await postMany(em, postings.map((p) => p.input));
  const postingOf = new Map(postings.map((p, n) => [`${p.of.paymentId}:${p.of.installment}`, posted[n].postingId]));
  // Released (the run claimed them so already) and given their posting; an installment with nothing left to move has none.
  await em.execute(
    `update receivables r set status = 'released', released_at = coalesce(r.released_at, now()), release_posting_id = x.posting_id
       from jsonb_to_recordset(?::jsonb) as x(payment_id text, installment int, posting_id text)
      where r.payment_id = x.payment_id and r.installment = x.installment and r.release_posting_id is null`,
    [JSON.stringify(installments.map((c) => ({ payment_id: c.paymentId, installment: c.installment, posting_id: postingOf.get(`${c.paymentId}:${c.installment}`) ?? null })))],
    'run',
  );
  const made = postings.filter((_, n) => !posted[n].replayed);
  return { postings: made.length, amount: made.reduce((a, p) => a + p.input.lines.reduce((x, l) => x + Math.max(0, l.amount), 0), 0) };
}

/**
 * Releases a page of a company's due receivables, in ONE database transaction, exactly once:
 * 1. the sales of the page are locked (advisory, in payment order: the lock chargebacks and
 *    refunds take), so nothing moves their pending installments meanwhile;
 * 2. the receivables of each listed (payment, installment), for every recipient, are claimed:
 *    `update … where status = 'pending' returning`; a row another page, an overlapping run or a
 *    refund released is no longer pending and is not claimed again;
 * 3. `releaseInstallments` posts the claimed installments and gives the rows their posting.
 */
export async function releaseDueReceivables(em: EntityManager, input: { companyId: string; on: string; ids: string[] }): Promise<ReleasePageResult> {
  if (input.ids.length === 0) return { released: 0, postings: 0, amount: 0 };
  return em.transactional(async (tem) => {
    const ids = JSON.stringify(input.ids);
    await tem.execute(
      `select pg_advisory_xact_lock(hashtextextended('sale:' || s.payment_id, 0))
         from (select distinct payment_id from receivables where id = any(array(select jsonb_array_elements_text(?::jsonb))) order by payment_id) s`,
      [ids],
    );
    const claimed = await tem.execute<Array<{ payment_id: string; installment: number; sale_posting_id: string; release_at: Date; company_id: string; transaction_id: string }>>(
      `update receivables r set status = 'released', released_at = now()
        where (r.payment_id, r.installment) in (select payment_id, installment from receivables where id = any(array(select jsonb_array_elements_text(?::jsonb))))
          and r.company_id = ? and r.status = 'pending' and r.available_on <= ?::date
        returning r.payment_id, r.installment, r.sale_posting_id, r.release_at, r.company_id, r.transaction_id`,
      [ids, input.companyId, input.on],
    );
    const installments = [...new Map(claimed.map((c) => [`${c.payment_id}:${c.installment}`, c])).values()].map(
      (c): SaleInstallment => ({ paymentId: c.payment_id, installment: c.installment, salePostingId: c.sale_posting_id, releaseAt: new Date(c.release_at).toISOString(), companyId: c.company_id, transactionId: c.transaction_id }),
    );
    const { postings, amount } = await releaseInstallments(tem, installments);
    return { released: claimed.length, postings, amount };
  });
}

/** A sale's installments still pending: what its timeline shows as scheduled (net of chargebacks, all recipients together). */
export async function pendingInstallments(em: EntityManager, paymentIds: string[]): Promise<Array<{ paymentId: string; installment: number; releaseAt: string; amount: number }>> {
  if (paymentIds.length === 0) return [];
  const rows = await em.execute<Array<{ payment_id: string; installment: number; release_at: Date; amount: string }>>(
    `select payment_id, installment, min(release_at) as release_at, sum(amount) as amount from receivables
      where payment_id = any(array(select jsonb_array_elements_text(?::jsonb))) and status = 'pending' group by payment_id, installment order by min(release_at), payment_id, installment`,
    [JSON.stringify(paymentIds)],
  );
  return rows.map((r) => ({ paymentId: r.payment_id, installment: r.installment, releaseAt: new Date(r.release_at).toISOString(), amount: Number(r.amount) }));
}

interface ReceivableListRow {
  id: string;
  recipient_id: string;
  transaction_id: string;
  payment_id: string;
  installment: number;
  currency: string;
  amount: string;
  gross: string | null;
  fee: string | null;
  available_on: string;
  status: ReceivableStatus;
  anticipation_id: string | null;
  released_at: Date | null;
  created_at: Date;
}

// The recipient's lines of the sale posting for this installment (a Pix's lines carry no date: its one installment): gross credits, fee debits.
const RECEIVABLE_SELECT = `select r.id, r.recipient_id, r.transaction_id, r.payment_id, r.installment, r.currency, r.amount, s.gross, s.fee, r.available_on::text as available_on,
         r.status, r.anticipation_id, r.released_at, r.created_at
    from receivables r
    left join lateral (
      select sum(e.amount) filter (where e.amount > 0) as gross, -sum(e.amount) filter (where e.amount < 0 and e.type = 'fee') as fee
        from ledger_entries e join wallets w on w.id = e.wallet_id
       where e.posting_id = r.sale_posting_id and w.recipient_id = r.recipient_id and (e.release_at = r.release_at or e.release_at is null)
    ) s on true`;

function toReceivableView(r: ReceivableListRow): ReceivableView {
  const fee = Number(r.fee ?? 0);
  return {
    id: r.id,
    recipientId: r.recipient_id,
    transactionId: r.transaction_id,
    paymentId: r.payment_id,
    installment: r.installment,
    currency: r.currency,
    amount: r.gross === null ? Number(r.amount) + fee : Number(r.gross),
    fee,
    netAmount: Number(r.amount),
    dueDate: r.available_on,
    status: apiStatusOf(r.status),
    anticipationId: r.anticipation_id,
    paidAt: r.released_at ? new Date(r.released_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * A page of a company's receivables by due date then id (oldest first), filtered; by page and
 * limit or by a cursor (a receivable of the company, else 404 naming the parameter).
 */
export async function listReceivables(em: EntityManager, companyId: string, q: ListReceivablesQuery): Promise<{ items: ReceivableView[]; total: number }> {
  const where: string[] = ['r.company_id = ?'];
  const params: unknown[] = [companyId];
  const filter = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (q.recipientId !== undefined) filter('r.recipient_id = ?', q.recipientId);
  if (q.status !== undefined) filter('r.status in (?)', statusesOfApi(q.status));
  if (q.dueFrom !== undefined) filter('r.available_on >= ?::date', q.dueFrom);
  if (q.dueTo !== undefined) filter('r.available_on <= ?::date', q.dueTo);
  if (q.paymentId !== undefined) filter('r.payment_id = ?', q.paymentId);
  if (q.transactionId !== undefined) filter('r.transaction_id = ?', q.transactionId);
  const cursor = cursorOf(q);
  let order: 'asc' | 'desc' = 'asc';
  let backwards = false;
  if (cursor) {
    const [row] = await em.execute<unknown[]>(`select 1 from receivables where id = ? and company_id = ?`, [cursor.id, companyId]);
    if (!row) throw bodyIdNotFound(cursor.param, 'Receivable');
    const reading = cursorReading(cursor.param, 'asc');
    order = reading.readOrder;
    backwards = reading.backwards;
    filter(`(r.available_on, r.id) ${reading.op} (select c.available_on, c.id from receivables c where c.id = ?)`, cursor.id);
  }
  const whereSql = where.join(' and ');
  const rows = await em.execute<ReceivableListRow[]>(`${RECEIVABLE_SELECT} where ${whereSql} order by r.available_on ${order}, r.id ${order} limit ? offset ?`, [
    ...params,
    q.limit,
    cursor ? 0 : offsetOf(q),
  ]);
  const items = (backwards ? rows.reverse() : rows).map(toReceivableView);
  const endReached = items.length < q.limit && (items.length > 0 || q.page === 1);
  const total = endReached ? (cursor ? 0 : offsetOf(q)) + items.length : Number((await em.execute<Array<{ n: string }>>(`select count(*) as n from receivables r where ${whereSql}`, params))[0].n);
  return { items, total };
}

/** One receivable of the company, else 404. */
export async function getReceivable(em: EntityManager, companyId: string, id: string): Promise<ReceivableView> {
  const [row] = await em.execute<ReceivableListRow[]>(`${RECEIVABLE_SELECT} where r.id = ? and r.company_id = ?`, [id, companyId]);
  if (!row) throw notFound('Receivable');
  return toReceivableView(row);
}
