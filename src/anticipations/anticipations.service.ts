import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bodyIdNotFound, conflict, notFound } from '../http/errors';
import { cursorOf, cursorReading, offsetOf } from '../http/pagination';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import { getFeeTable } from '../fees/fees.service';
import { post } from '../ledger/ledger.service';
import { getLinkedRecipient } from '../recipients/recipients.service';
import { availableOn } from '../receivables/receivable.rules';
import { newId } from '../shared/ids';
import { anticipationLines, quoteAnticipation, selectReceivables, type AnticipationQuote, type AnticipationSelector, type EligibleReceivable } from './anticipation.rules';
import type { AnticipationView, ListAnticipationsQuery } from './anticipations.schemas';

/**
 * Anticipation (docs/receivables.md): a recipient receives waiting receivables now, less a fee
 * pro rata by the days anticipated. The simulation prices what a request would take and changes
 * nothing; the request takes exactly that (its fingerprint) or is a 409, in the caller's database
 * transaction: the receivables claimed by one set-based update, the money moved by one posting.
 */

export interface AnticipationInput {
  recipientId: string;
  currency: string;
  selector: AnticipationSelector;
}

/** The company and recipient's anticipation lock: two anticipations of one recipient never price the same receivables at once. */
const lockRecipient = (em: EntityManager, companyId: string, recipientId: string, currency: string) =>
  em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`anticipation:${companyId}:${recipientId}:${currency}`]);

async function linkedRecipient(em: EntityManager, companyId: string, recipientId: string): Promise<void> {
  try {
    await getLinkedRecipient(em, companyId, recipientId);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw bodyIdNotFound('recipientId', 'Recipient');
    throw err;
  }
}

/** A recipient's waiting receivables due after `on` with money left (a reserved or suspended one is not eligible). */
async function eligibleReceivables(em: EntityManager, companyId: string, recipientId: string, currency: string, on: string): Promise<EligibleReceivable[]> {
  const rows = await em.execute<Array<{ id: string; amount: string; due: string }>>(
    `select id, amount, available_on::text as due from receivables
      where company_id = ? and recipient_id = ? and currency = ? and status = 'pending' and available_on > ?::date and amount > 0`,
    [companyId, recipientId, currency, on],
  );
  return rows.map((r) => ({ id: r.id, amount: Number(r.amount), dueDate: r.due }));
}

export interface Simulation extends AnticipationQuote {
  recipientId: string;
  currency: string;
  /** Everything the recipient could anticipate today (gross). */
  maxAmount: number;
  /** Above the company's approval amount: the request will wait for an operator. */
  requiresApproval: boolean;
}

/** Prices a request on today's São Paulo date; 409 when it asks for more than is eligible or for receivables that are not. Writes nothing. */
export async function simulateAnticipation(em: EntityManager, companyId: string, input: AnticipationInput, on = availableOn(Date.now())): Promise<Simulation> {
  await linkedRecipient(em, companyId, input.recipientId);
  const eligible = await eligibleReceivables(em, companyId, input.recipientId, input.currency, on);
  const maxAmount = eligible.reduce((a, r) => a + r.amount, 0);
  if ('amount' in input.selector && input.selector.amount > maxAmount) {
    throw conflict('amount_above_eligible', `amount ${input.selector.amount} is above what ${input.recipientId} can anticipate today: ${maxAmount} cents`);
  }
  const { chosen, missing } = selectReceivables(eligible, input.selector);
  if (missing.length > 0) throw conflict('receivables_not_eligible', `not waiting receivables of ${input.recipientId} due after ${on}: ${missing.slice(0, 10).join(', ')}`);
  const table = await getFeeTable(em, companyId, input.currency);
  const quote = quoteAnticipation(on, chosen, table.anticipation.percentage);
  const approvalAbove = table.anticipation.approvalAbove;
  return { ...quote, recipientId: input.recipientId, currency: input.currency, maxAmount, requiresApproval: approvalAbove !== null && quote.amount > approvalAbove };
}

interface AnticipationRow {
  id: string;
  company_id: string;
  recipient_id: string;
  currency: string;
  status: 'pending_approval' | 'completed' | 'rejected';
  amount: string;
  fee: string;
  net_amount: string;
  receivables_count: number;
  fingerprint: string;
  automatic: boolean;
  reason: string | null;
  decided_at: Date | null;
  created_at: Date;
}

const toView = (r: AnticipationRow): AnticipationView => ({
  id: r.id,
  recipientId: r.recipient_id,
  currency: r.currency,
  status: r.status,
  amount: Number(r.amount),
  fee: Number(r.fee),
  netAmount: Number(r.net_amount),
  receivablesCount: r.receivables_count,
  fingerprint: r.fingerprint,
  automatic: r.automatic,
  reason: r.reason,
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
});

const event = (em: EntityManager, view: AnticipationView, companyId: string, type: 'anticipation.requested' | 'anticipation.approved' | 'anticipation.rejected' | 'anticipation.completed'): Event =>
  recordEvent(em, { companyId, type, entityType: 'anticipation', data: view });

/** Moves the anticipation's money: the recipient's pending −gross, available +net, revenue +fee (one posting, key `anticipation:<id>`). */
async function postAnticipation(em: EntityManager, companyId: string, id: string, a: { recipientId: string; currency: string; amount: number; fee: number; netAmount: number }): Promise<string> {
  const { postingId } = await post(em, {
    key: `anticipation:${id}`,
    kind: 'anticipation',
    companyId,
    source: 'adjustment',
    sourceId: id,
    description: `anticipation ${id}`,
    lines: anticipationLines(a.recipientId, a.currency, a),
  });
  return postingId;
}

export interface RequestedAnticipation {
  anticipation: AnticipationView;
  events: Event[];
  /** A retry of a request already made (same fingerprint): nothing new was written. */
  replayed: boolean;
}

/**
 * POST /anticipations, in the caller's transaction: takes exactly what the simulation with this
 * fingerprint showed, or 409 `anticipation_changed` (a receivable was released, lowered, taken by
 * another anticipation, or the day changed). Under the recipient's lock: the eligible
 * receivables priced again, then claimed with one `update … where status = 'pending' and amount
 * = <priced>` (a row moved meanwhile by a run or a chargeback fails the count: 409, all rolled
 * back). At or under the company's approval amount (or `automatic`) they are anticipated and the
 * money moved in one posting at once; above it they are `reserved` and the anticipation waits for
 * an operator (anticipationWorkflow). A retry with the same fingerprint returns the first.
 */
export async function requestAnticipation(
  em: EntityManager,
  companyId: string,
  input: AnticipationInput & { fingerprint: string },
  opts: { automatic?: boolean; on?: string } = {},
): Promise<RequestedAnticipation> {
  await lockRecipient(em, companyId, input.recipientId, input.currency);
  const [seen] = await em.execute<AnticipationRow[]>(`select * from anticipations where company_id = ? and fingerprint = ? and status <> 'rejected'`, [companyId, input.fingerprint]);
  if (seen) return { anticipation: toView(seen), events: [], replayed: true };
  const sim = await simulateAnticipation(em, companyId, input, opts.on);
  if (sim.fingerprint !== input.fingerprint) {
    throw conflict('anticipation_changed', `the receivables of ${input.recipientId} changed since the simulation: simulate again (now ${sim.receivables.length} receivables, ${sim.amount} cents)`);
  }
  if (sim.receivables.length === 0) throw conflict('nothing_to_anticipate', `${input.recipientId} has no receivable to anticipate in ${input.currency}`);
  const waits = sim.requiresApproval && !opts.automatic;
  const id = newId('ant');
  const claimed = await em.execute<Array<{ n: string }>>(
    `with c as (
       update receivables r set status = ?, anticipation_id = ?, anticipation_fee = x.fee, released_at = case when ? then now() end
         from jsonb_to_recordset(?::jsonb) as x(id text, amount bigint, fee bigint)
        where r.id = x.id and r.company_id = ? and r.recipient_id = ? and r.status = 'pending' and r.amount = x.amount
        returning 1)
     select count(*) as n from c`,
    [waits ? 'reserved' : 'anticipated', id, !waits, JSON.stringify(sim.receivables.map((r) => ({ id: r.id, amount: r.amount, fee: r.fee }))), companyId, input.recipientId],
  );
  if (Number(claimed[0].n) !== sim.receivables.length) {
    throw conflict('anticipation_changed', `some receivables of ${input.recipientId} moved while anticipating: simulate again`);
  }
  const postingId = waits ? null : await postAnticipation(em, companyId, id, sim);
  const [row] = await em.execute<AnticipationRow[]>(
    `insert into anticipations (id, company_id, recipient_id, currency, status, amount, fee, net_amount, receivables_count, fingerprint, automatic, run_on, posting_id, decided_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::date, ?, case when ? then now() end) returning *`,
    [
      id,
      companyId,
      input.recipientId,
      input.currency,
      waits ? 'pending_approval' : 'completed',
      sim.amount,
      sim.fee,
      sim.netAmount,
      sim.receivables.length,
      sim.fingerprint,
      opts.automatic ?? false,
      opts.automatic ? sim.on : null,
      postingId,
      !waits,
    ],
  );
  const view = toView(row);
  // Each event carries the anticipation as this transaction leaves it: a request completed at once is `completed` in both.
  const events = [event(em, view, companyId, 'anticipation.requested')];
  if (!waits) events.push(event(em, view, companyId, 'anticipation.completed'));
  await em.flush();
  return { anticipation: view, events, replayed: false };
}

export async function getAnticipation(em: EntityManager, companyId: string, id: string): Promise<AnticipationView> {
  const [row] = await em.execute<AnticipationRow[]>(`select * from anticipations where id = ? and company_id = ?`, [id, companyId]);
  if (!row) throw notFound('Anticipation');
  return toView(row);
}

/**
 * A page of a company's anticipations, newest first (created at, then id), filtered; by page and
 * limit or by a cursor (an anticipation of the company, else 404 naming the parameter).
 */
export async function listAnticipations(em: EntityManager, companyId: string, q: ListAnticipationsQuery): Promise<{ items: AnticipationView[]; total: number }> {
  const where: string[] = ['a.company_id = ?'];
  const params: unknown[] = [companyId];
  const filter = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (q.recipientId !== undefined) filter('a.recipient_id = ?', q.recipientId);
  if (q.status !== undefined) filter('a.status = ?', q.status);
  // As an instant in UTC: PostgreSQL refuses some offsets ISO 8601 allows (beyond ±15:59).
  if (q.createdFrom !== undefined) filter('a.created_at >= ?::timestamptz', new Date(q.createdFrom).toISOString());
  if (q.createdTo !== undefined) filter('a.created_at <= ?::timestamptz', new Date(q.createdTo).toISOString());
  const cursor = cursorOf(q);
  let order: 'asc' | 'desc' = 'desc';
  let backwards = false;
  if (cursor) {
    const [row] = await em.execute<unknown[]>(`select 1 from anticipations where id = ? and company_id = ?`, [cursor.id, companyId]);
    if (!row) throw bodyIdNotFound(cursor.param, 'Anticipation');
    const reading = cursorReading(cursor.param, 'desc');
    order = reading.readOrder;
    backwards = reading.backwards;
    filter(`(a.created_at, a.id) ${reading.op} (select c.created_at, c.id from anticipations c where c.id = ?)`, cursor.id);
  }
  const whereSql = where.join(' and ');
  const rows = await em.execute<AnticipationRow[]>(`select a.* from anticipations a where ${whereSql} order by a.created_at ${order}, a.id ${order} limit ? offset ?`, [
    ...params,
    q.limit,
    cursor ? 0 : offsetOf(q),
  ]);
  const items = (backwards ? rows.reverse() : rows).map(toView);
  const endReached = items.length < q.limit && (items.length > 0 || q.page === 1);
  const total = endReached ? (cursor ? 0 : offsetOf(q)) + items.length : Number((await em.execute<Array<{ n: string }>>(`select count(*) as n from anticipations a where ${whereSql}`, params))[0].n);
  return { items, total };
}

/** Anticipations waiting for an operator, every company's, oldest first (`lastro anticipations pending`). */
export async function pendingApprovals(em: EntityManager, limit: number): Promise<Array<AnticipationView & { companyId: string }>> {
  const rows = await em.execute<AnticipationRow[]>(`select * from anticipations where status = 'pending_approval' order by created_at, id limit ?`, [limit]);
  return rows.map((r) => ({ ...toView(r), companyId: r.company_id }));
}

/** One anticipation, whichever company's (an operator's lookup), or null. */
export async function findAnticipation(em: EntityManager, id: string): Promise<(AnticipationView & { companyId: string }) | null> {
  const [row] = await em.execute<AnticipationRow[]>(`select * from anticipations where id = ?`, [id]);
  return row ? { ...toView(row), companyId: row.company_id } : null;
}

/**
 * An operator's decision on an anticipation waiting for approval (anticipationWorkflow's
 * activity), in one database transaction, once: approved, its reserved receivables are
 * anticipated and its money moved (the posting it was priced at); rejected, they wait again.
 * A decided anticipation is left as it is (a retried activity).
 */
export async function decideAnticipation(em: EntityManager, input: { anticipationId: string; approve: boolean; reason?: string | null }): Promise<{ status: AnticipationView['status']; events: Event[] }> {
  return em.transactional(async (tem) => {
    const [row] = await tem.execute<AnticipationRow[]>(`select * from anticipations where id = ? for update`, [input.anticipationId]);
    if (!row) throw new Error(`no anticipation ${input.anticipationId}`);
    if (row.status !== 'pending_approval') return { status: row.status, events: [] };
    const a = { recipientId: row.recipient_id, currency: row.currency, amount: Number(row.amount), fee: Number(row.fee), netAmount: Number(row.net_amount) };
    let postingId: string | null = null;
    if (input.approve) {
      await tem.execute(`update receivables set status = 'anticipated', released_at = now() where anticipation_id = ? and status = 'reserved'`, [row.id], 'run');
      postingId = await postAnticipation(tem, row.company_id, row.id, a);
    } else {
      await tem.execute(`update receivables set status = 'pending', anticipation_id = null, anticipation_fee = null where anticipation_id = ? and status = 'reserved'`, [row.id], 'run');
    }
    const [done] = await tem.execute<AnticipationRow[]>(`update anticipations set status = ?, posting_id = ?, reason = ?, decided_at = now() where id = ? returning *`, [
      input.approve ? 'completed' : 'rejected',
      postingId,
      input.reason ?? null,
      row.id,
    ]);
    const view = toView(done);
    const events = input.approve
      ? [event(tem, view, row.company_id, 'anticipation.approved'), event(tem, view, row.company_id, 'anticipation.completed')]
      : [event(tem, view, row.company_id, 'anticipation.rejected')];
    await tem.flush();
    return { status: view.status, events };
  });
}

export interface AnticipationSettingsView {
  recipientId: string;
  enabled: boolean;
  /** Percent (1-100) of what is eligible that the daily run anticipates. */
  percentage: number;
}

/** A recipient's automatic anticipation settings (disabled, 100% when never set); 404 for a recipient not linked to the company. */
export async function getAnticipationSettings(em: EntityManager, companyId: string, recipientId: string): Promise<AnticipationSettingsView> {
  await getLinkedRecipient(em, companyId, recipientId);
  const [row] = await em.execute<Array<{ enabled: boolean; percentage: number }>>(`select enabled, percentage from anticipation_settings where company_id = ? and recipient_id = ?`, [companyId, recipientId]);
  return { recipientId, enabled: row?.enabled ?? false, percentage: row?.percentage ?? 100 };
}

export async function putAnticipationSettings(em: EntityManager, companyId: string, recipientId: string, input: { enabled: boolean; percentage: number }): Promise<AnticipationSettingsView> {
  await getLinkedRecipient(em, companyId, recipientId);
  await em.execute(
    `insert into anticipation_settings (company_id, recipient_id, enabled, percentage) values (?, ?, ?, ?)
     on conflict (company_id, recipient_id) do update set enabled = excluded.enabled, percentage = excluded.percentage, updated_at = now()`,
    [companyId, recipientId, input.enabled, input.percentage],
    'run',
  );
  return { recipientId, ...input };
}

/**
 * The daily automatic anticipation of a company's recipients that enabled it (the release run's
 * last page): for each, in its own database transaction, `percentage` of what is eligible
 * (whole receivables, soonest first) is priced and anticipated at once, with no operator
 * (`automatic`). A recipient with nothing eligible, or whose receivables moved while priced
 * (409), is left for the next day. Once per recipient, currency and date: the anticipation
 * carries `on` (`run_on`, unique), so a retried activity that had anticipated some recipients
 * before it failed skips them instead of taking `percentage` of what they have left.
 */
export async function anticipateAutomatically(em: EntityManager, companyId: string, on: string): Promise<{ anticipations: number; amount: number; events: Event[] }> {
  const settings = await em.execute<Array<{ recipient_id: string; percentage: number }>>(
    `select s.recipient_id, s.percentage from anticipation_settings s join recipient_links l on l.company_id = s.company_id and l.recipient_id = s.recipient_id and l.deleted_at is null
      where s.company_id = ? and s.enabled order by s.recipient_id`,
    [companyId],
  );
  const done = { anticipations: 0, amount: 0, events: [] as Event[] };
  for (const s of settings) {
    const currencies = await em.execute<Array<{ currency: string }>>(`select distinct currency from receivables where company_id = ? and recipient_id = ? and status = 'pending' and available_on > ?::date`, [companyId, s.recipient_id, on]);
    for (const { currency } of currencies) {
      try {
        const r = await em.fork().transactional(async (tem) => {
          const [done] = await tem.execute<unknown[]>(`select 1 from anticipations where company_id = ? and recipient_id = ? and currency = ? and run_on = ?::date`, [companyId, s.recipient_id, currency, on]);
          if (done) return null;
          const all = await simulateAnticipation(tem, companyId, { recipientId: s.recipient_id, currency, selector: {} }, on);
          const selector: AnticipationSelector = s.percentage >= 100 ? {} : { amount: Math.floor((all.maxAmount * s.percentage) / 100) };
          const sim = s.percentage >= 100 ? all : await simulateAnticipation(tem, companyId, { recipientId: s.recipient_id, currency, selector }, on);
          if (sim.receivables.length === 0) return null;
          return requestAnticipation(tem, companyId, { recipientId: s.recipient_id, currency, selector, fingerprint: sim.fingerprint }, { automatic: true, on });
        });
        if (r && !r.replayed) {
          done.anticipations++;
          done.amount += r.anticipation.amount;
          done.events.push(...r.events);
        }
      } catch (err) {
        // A 409: its receivables moved meanwhile (next day). A unique violation: another attempt of this date's run anticipated it first.
        if ((err as { status?: number }).status !== 409 && !(err instanceof UniqueConstraintViolationException)) throw err;
      }
    }
  }
  return done;
}
