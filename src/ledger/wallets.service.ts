import type { EntityManager } from '@mikro-orm/postgresql';
import { bodyIdNotFound } from '../http/errors';
import { cursorOf, cursorReading, offsetOf, type CursorPageRequest } from '../http/pagination';
import { toBalanceView, type BalanceView, type StatementType } from './ledger.rules';
import type { StatementEntryView, StatementFilters, StatementReleaseStatus, WalletSummaryView } from './wallets.schemas';

/**
 * Read side of the wallets: one virtual wallet per currency, aggregating the physical wallets
 * the company holds for the recipient (one per currency today; the queries do not assume it).
 * Every read is of one company's wallets: another company's money on the same registration is
 * never part of a balance, a statement or a summary.
 */

/** Balances per currency; a recipient without wallets shows zeros in `defaultCurrency`. */
export async function getBalances(em: EntityManager, companyId: string, recipientId: string, defaultCurrency: string): Promise<BalanceView[]> {
  const rows = await em.execute<{ currency: string; pending: string; available: string; blocked: string }[]>(
    `select a.currency,
            coalesce(sum(a.balance) filter (where a.bucket = 'pending'), 0) as pending,
            coalesce(sum(a.balance) filter (where a.bucket = 'available'), 0) as available,
            coalesce(sum(a.balance) filter (where a.bucket = 'blocked'), 0) as blocked
       from wallets w join ledger_balances a on a.wallet_id = w.id
      where w.company_id = ? and w.recipient_id = ? group by a.currency order by a.currency`,
    [companyId, recipientId],
  );
  if (rows.length === 0) return [toBalanceView(defaultCurrency, { pending: 0, available: 0, blocked: 0 })];
  return rows.map((r) => toBalanceView(r.currency, { pending: Number(r.pending), available: Number(r.available), blocked: Number(r.blocked) }));
}

/** One currency's balance (zeros when there is no wallet yet). */
export async function getBalance(em: EntityManager, companyId: string, recipientId: string, currency: string): Promise<BalanceView> {
  return (await getBalances(em, companyId, recipientId, currency)).find((b) => b.currency === currency) ?? toBalanceView(currency, { pending: 0, available: 0, blocked: 0 });
}

/**
 * The statement: entries of the recipient's wallets flagged for it (moves between a wallet's
 * own buckets are not), with each entry's release status. Everything off the pending bucket is
 * `released`. An entry of a sale on the pending bucket follows its receivable (the recipient's
 * installment of that date): `anticipated`, `suspended` (a dispute holds it), `released`, or
 * `pending` (waiting or reserved). Other entries on the pending bucket are `pending` until a
 * release posting of their posting moved money out of that account for their date.
 */
function statementQuery(companyId: string, recipientId: string, f: StatementFilters): { sql: string; params: unknown[] } {
  // One index probe per entry (receivables_sale_posting_idx); a release without a date releases the whole posting.
  const releaseStatus = `case when a.bucket <> 'pending' then 'released' else coalesce(
      (select case r.status when 'reserved' then 'pending' else r.status end from receivables r
        where r.sale_posting_id = e.posting_id and r.recipient_id = w.recipient_id and r.release_at = e.release_at limit 1),
      case when exists (
        select 1 from ledger_postings r join ledger_entries x on x.posting_id = r.id
         where r.releases_posting_id = e.posting_id and x.account_id = e.account_id
           and (x.release_at is null or x.release_at = e.release_at)) then 'released' else 'pending' end) end`;
  const where = ['e.in_statement', 'w.company_id = ?', 'w.recipient_id = ?'];
  const params: unknown[] = [companyId, recipientId];
  const add = (clause: string, value: unknown) => {
    where.push(clause);
    params.push(value);
  };
  if (f.type) add('e.type = ?', f.type);
  if (f.source) add('p.source = ?', f.source);
  if (f.currency) add('e.currency = ?', f.currency);
  if (f.releaseStatus) add(`${releaseStatus} = ?`, f.releaseStatus);
  if (f.startDate) add('e.created_at >= ?', new Date(f.startDate));
  if (f.endDate) add('e.created_at <= ?', new Date(f.endDate));
  const sql = `select e.id, e.wallet_id, e.posting_id, e.currency, e.type, e.amount, p.source, p.source_id, p.description, e.release_at, e.created_at,
                      ${releaseStatus} as release_status
                 from ledger_entries e join wallets w on w.id = e.wallet_id join ledger_accounts a on a.id = e.account_id join ledger_postings p on p.id = e.posting_id
                where ${where.join(' and ')}`;
  return { sql, params };
}

interface EntryRow {
  id: string;
  wallet_id: string;
  posting_id: string;
  currency: string;
  type: StatementType;
  amount: string;
  source: string;
  source_id: string | null;
  description: string | null;
  release_at: Date | null;
  created_at: Date;
  release_status: StatementReleaseStatus;
}

/**
 * A page of the statement, newest first, by page and limit or by a cursor (an entry id of this
 * statement, whatever the filters, else 404 naming the parameter): `startingAfter` reads on from that entry,
 * `endingBefore` back from it, both by (created at, id) as the list is ordered, so entries
 * booked meanwhile neither repeat nor hide one. With a cursor, `total` counts what lies past it.
 */
export async function listStatement(
  em: EntityManager,
  companyId: string,
  recipientId: string,
  f: StatementFilters & CursorPageRequest,
): Promise<{ entries: StatementEntryView[]; total: number }> {
  const { sql, params } = statementQuery(companyId, recipientId, f);
  const cursor = cursorOf(f);
  let page = { sql, params, order: 'desc', offset: offsetOf(f), backwards: false };
  if (cursor) {
    // Any entry of this statement, whatever the filters (as every list's cursor).
    const whole = statementQuery(companyId, recipientId, {});
    const [own] = /^\d{1,19}$/.test(cursor.id) ? await em.execute<unknown[]>(`select 1 from (${whole.sql}) s where s.id = ?`, [...whole.params, cursor.id]) : [];
    if (!own) throw bodyIdNotFound(cursor.param, 'Statement entry');
    const { readOrder, op, backwards } = cursorReading(cursor.param, 'desc');
    page = {
      sql: `${sql} and (e.created_at, e.id) ${op} (select c.created_at, c.id from ledger_entries c where c.id = ?)`,
      params: [...params, cursor.id],
      order: readOrder,
      offset: 0,
      backwards,
    };
  }
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from (${page.sql}) s`, page.params);
  const read = await em.execute<EntryRow[]>(`${page.sql} order by e.created_at ${page.order}, e.id ${page.order} limit ? offset ?`, [...page.params, f.limit, page.offset]);
  const rows = page.backwards ? read.reverse() : read;
  return { total: Number(total), entries: rows.map(toEntryView) };
}

function toEntryView(r: EntryRow): StatementEntryView {
  return {
    id: String(r.id),
    walletId: r.wallet_id,
    postingId: r.posting_id,
    currency: r.currency,
    type: r.type,
    amount: Number(r.amount),
    source: r.source,
    sourceId: r.source_id,
    releaseStatus: r.release_status,
    releaseAt: r.release_at ? new Date(r.release_at).toISOString() : null,
    description: r.description,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Entries per page of the streamed statement: what one page holds in memory at most. */
export const STATEMENT_STREAM_PAGE = 500;

/**
 * The whole filtered statement, newest first (the JSON list's order), one keyset page at a time:
 * each page is read after the previous one was consumed, from where it ended by (created at, id),
 * so a year of entries is never in memory at once, and no connection or transaction is held
 * between pages (an entry booked meanwhile, being newer than the first page, is not in the export).
 */
export async function* statementPages(
  em: EntityManager,
  companyId: string,
  recipientId: string,
  f: StatementFilters,
  pageSize = STATEMENT_STREAM_PAGE,
): AsyncGenerator<StatementEntryView[]> {
  const { sql, params } = statementQuery(companyId, recipientId, f);
  let after: string | null = null;
  for (;;) {
    // The entry's own created_at (microseconds), read in SQL: a JS Date would round it to milliseconds.
    const keyset: string = after ? ' and (e.created_at, e.id) < (select c.created_at, c.id from ledger_entries c where c.id = ?)' : '';
    const rows: EntryRow[] = await em.execute<EntryRow[]>(`${sql}${keyset} order by e.created_at desc, e.id desc limit ?`, [...params, ...(after ? [after] : []), pageSize]);
    if (rows.length > 0) yield rows.map(toEntryView);
    if (rows.length < pageSize) return;
    after = String(rows[rows.length - 1].id);
  }
}

/** Totals per currency and type over the filtered statement; net = totalCredits + totalDebits (debits are negative). */
export async function summarizeStatement(em: EntityManager, companyId: string, recipientId: string, f: StatementFilters): Promise<WalletSummaryView['data']> {
  const { sql, params } = statementQuery(companyId, recipientId, f);
  const rows = await em.execute<{ currency: string; type: StatementType; total: string; credits: string; debits: string; count: string }[]>(
    `select currency, type, sum(amount) as total,
            coalesce(sum(amount) filter (where amount > 0), 0) as credits,
            coalesce(sum(amount) filter (where amount < 0), 0) as debits, count(*) as count
       from (${sql}) s group by currency, type order by currency, type`,
    params,
  );
  const byCurrency = new Map<string, WalletSummaryView['data'][number]>();
  for (const r of rows) {
    const c = byCurrency.get(r.currency) ?? { currency: r.currency, byType: [], totalCredits: 0, totalDebits: 0, net: 0 };
    const row = { type: r.type, total: Number(r.total), credits: Number(r.credits), debits: Number(r.debits), count: Number(r.count) };
    c.byType.push(row);
    c.totalCredits += row.credits;
    c.totalDebits += row.debits;
    c.net = c.totalCredits + c.totalDebits;
    byCurrency.set(r.currency, c);
  }
  return [...byCurrency.values()];
}
