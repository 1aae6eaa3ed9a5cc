import type { EntityManager } from '@mikro-orm/postgresql';
import { ulid } from 'ulid';
import { ApiError, bodyIdNotFound, conflict, notFound } from '../http/errors';
import { cursorOf, cursorReading, offsetOf } from '../http/pagination';
import { insertEvents } from '../events/outbox';
import type { EventType } from '../events/catalog';
import { post, type PostingLine } from '../ledger/ledger.service';
import { chargebackKeyPrefix, lockSale } from '../payments/chargeback.service';
import type { ChargebackContestation } from '../payments/payment-gateway';
import { restoreReceivables, suspendReceivables } from '../receivables/receivables.service';
import { decodeBase64File } from '../recipients/kyc-files';
import { acceptsEvidence, dueBy, expiryOutcome, outcomeLines, restoredInstallments, type BlockLine, type DisputeOutcome, type DisputeStatus } from './dispute.rules';
import { EVIDENCE_TEXT_FIELDS, type AddEvidenceInput, type DisputeView, type ListDisputesQuery } from './disputes.schemas';

/**
 * Disputes: one per chargeback the acquirer opened (docs/disputes.md). Opened with the
 * chargeback, in its transaction; evidence kept until submitted to the acquirer; the outcome
 * (the acquirer's, or the deadline's when no evidence came) booked once, under the row's lock and a
 * posting key of its own.
 */

export const newDisputeId = (): string => `dsp_${ulid().toLowerCase()}`;
const newFileId = (): string => `dsf_${ulid().toLowerCase()}`;

/** At most this many evidence files per dispute. */
export const MAX_EVIDENCE_FILES = 10;
const EVIDENCE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

interface DisputeRow {
  id: string;
  company_id: string;
  transaction_id: string;
  payment_id: string;
  chargeback_id: string;
  processor_connection_id: string | null;
  sale_reference: string;
  case_number: string;
  amount: string;
  currency: string;
  reason: string;
  status: DisputeStatus;
  due_by: Date;
  evidence: Record<string, string>;
  submitted_at: Date | null;
  resolved_at: Date | null;
  created_at: Date;
}

interface FileRow {
  id: string;
  dispute_id: string;
  purpose: DisputeView['files'][number]['purpose'];
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: Date;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

function toView(r: DisputeRow, files: FileRow[]): DisputeView {
  return {
    id: r.id,
    transactionId: r.transaction_id,
    paymentId: r.payment_id,
    chargebackId: r.chargeback_id,
    amount: Number(r.amount),
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    dueBy: iso(r.due_by)!,
    evidence: r.evidence,
    files: files
      .filter((f) => f.dispute_id === r.id)
      .map((f) => ({ id: f.id, purpose: f.purpose, filename: f.filename, contentType: f.content_type, sizeBytes: f.size_bytes, sha256: f.sha256, createdAt: iso(f.created_at)! })),
    submittedAt: iso(r.submitted_at),
    resolvedAt: iso(r.resolved_at),
    createdAt: iso(r.created_at)!,
  };
}

async function filesOf(em: EntityManager, disputeIds: string[]): Promise<FileRow[]> {
  if (disputeIds.length === 0) return [];
  return em.execute<FileRow[]>(
    `select id, dispute_id, purpose, filename, content_type, size_bytes, sha256, created_at from dispute_files
      where dispute_id in (select jsonb_array_elements_text(?::jsonb)) order by created_at, id`,
    [JSON.stringify(disputeIds)],
  );
}

async function viewOf(em: EntityManager, row: DisputeRow): Promise<DisputeView> {
  return toView(row, await filesOf(em, [row.id]));
}

async function record(em: EntityManager, type: EventType, view: DisputeView, companyId: string): Promise<string[]> {
  return insertEvents(em, [{ companyId, type, entityType: 'dispute', data: { ...view } }]);
}

/** The dispute row, locked to the end of the transaction when `lock`; 404 when it is not the company's. */
async function loadDispute(em: EntityManager, companyId: string | null, id: string, lock: boolean): Promise<DisputeRow> {
  const [row] = await em.execute<DisputeRow[]>(`select * from disputes where id = ? and (?::text is null or company_id = ?)${lock ? ' for update' : ''}`, [id, companyId, companyId]);
  if (!row) throw notFound('Dispute');
  return row;
}

/** The chargeback posting's block lines (fees apart), per recipient: what a won dispute undoes, what a lost one debits. */
async function blockLines(em: EntityManager, paymentId: string, chargebackId: string): Promise<BlockLine[]> {
  const rows = await em.execute<Array<{ recipient_id: string; bucket: BlockLine['bucket']; currency: string; amount: string; release_at: Date | null }>>(
    `select w.recipient_id, a.bucket, e.currency, e.amount, e.release_at from ledger_postings p
       join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id join wallets w on w.id = a.wallet_id
      where p.key = ? and e.type = 'chargeback' order by e.id`,
    [`${chargebackKeyPrefix(paymentId)}${chargebackId}`],
  );
  return rows.map((r) => ({ recipientId: r.recipient_id, bucket: r.bucket, currency: r.currency, amount: Number(r.amount), releaseAt: iso(r.release_at) }));
}

const liableRecipients = (lines: BlockLine[]): string[] => [...new Set(lines.filter((l) => l.bucket === 'blocked').map((l) => l.recipientId))];

export interface OpenDisputeInput {
  companyId: string;
  transactionId: string;
  paymentId: string;
  chargebackId: string;
  connectionId: string | null;
  saleReference: string;
  caseNumber: string;
  amount: number;
  currency: string;
  reason: string;
  acquirerDueDate: string | null;
}

/**
 * The dispute of a chargeback just opened, in the chargeback's transaction (after its posting):
 * once per chargeback (a repeat answers null). The liable recipients' waiting receivables of the
 * sale are suspended until the outcome (the release runs and anticipations skip them).
 */
export async function openDispute(em: EntityManager, input: OpenDisputeInput): Promise<{ dispute: DisputeView; eventIds: string[] } | null> {
  const [row] = await em.execute<DisputeRow[]>(
    `insert into disputes (id, company_id, transaction_id, payment_id, chargeback_id, processor_connection_id, sale_reference, case_number, amount, currency, reason, status, due_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'needs_response', ?)
     on conflict (chargeback_id) do nothing returning *`,
    [
      newDisputeId(),
      input.companyId,
      input.transactionId,
      input.paymentId,
      input.chargebackId,
      input.connectionId,
      input.saleReference,
      input.caseNumber,
      input.amount,
      input.currency,
      input.reason,
      dueBy(new Date(), input.acquirerDueDate),
    ],
  );
  if (!row) return null;
  const recipientIds = liableRecipients(await blockLines(em, input.paymentId, input.chargebackId));
  if (recipientIds.length > 0) await suspendReceivables(em, { companyId: input.companyId, paymentId: input.paymentId, recipientIds });
  const dispute = toView(row, []);
  return { dispute, eventIds: await record(em, 'dispute.created', dispute, input.companyId) };
}

/** The dispute of a chargeback id, if any (any company: the acquirer's notice names the sale, not the company). */
export async function disputeOfChargeback(em: EntityManager, chargebackId: string): Promise<{ id: string; status: DisputeStatus; dueBy: string } | null> {
  const [row] = await em.execute<Array<{ id: string; status: DisputeStatus; due_by: Date }>>(`select id, status, due_by from disputes where chargeback_id = ?`, [chargebackId]);
  return row ? { id: row.id, status: row.status, dueBy: iso(row.due_by)! } : null;
}

export async function getDispute(em: EntityManager, companyId: string, id: string): Promise<DisputeView> {
  return viewOf(em, await loadDispute(em, companyId, id, false));
}

/** A page of the company's disputes, newest first, by page or cursor (a dispute id of the company's, else 404 naming the parameter). */
export async function listDisputes(em: EntityManager, companyId: string, q: ListDisputesQuery): Promise<{ disputes: DisputeView[]; total: number }> {
  const where = ['d.company_id = ?'];
  const params: unknown[] = [companyId];
  if (q.status) {
    where.push('d.status = ?');
    params.push(q.status);
  }
  if (q.transactionId) {
    where.push('d.transaction_id = ?');
    params.push(q.transactionId);
  }
  let order: 'asc' | 'desc' = 'desc';
  let offset = offsetOf(q);
  let backwards = false;
  const cursor = cursorOf(q);
  if (cursor) {
    const [own] = await em.execute<unknown[]>(`select 1 from disputes where id = ? and company_id = ?`, [cursor.id, companyId]);
    if (!own) throw bodyIdNotFound(cursor.param, 'Dispute');
    const reading = cursorReading(cursor.param, 'desc');
    where.push(`(d.created_at, d.id) ${reading.op} (select c.created_at, c.id from disputes c where c.id = ?)`);
    params.push(cursor.id);
    order = reading.readOrder;
    offset = 0;
    backwards = reading.backwards;
  }
  const sql = `from disputes d where ${where.join(' and ')}`;
  const [{ total }] = await em.execute<Array<{ total: string }>>(`select count(*) as total ${sql}`, params);
  const read = await em.execute<DisputeRow[]>(`select d.* ${sql} order by d.created_at ${order}, d.id ${order} limit ? offset ?`, [...params, q.limit, offset]);
  const rows = backwards ? read.reverse() : read;
  const files = await filesOf(
    em,
    rows.map((r) => r.id),
  );
  return { total: Number(total), disputes: rows.map((r) => toView(r, files)) };
}

function refuseUnlessOpen(row: DisputeRow): void {
  if (row.status !== 'needs_response') throw conflict('dispute_not_open', `The dispute is ${row.status}: it takes no more evidence`);
  if (!acceptsEvidence(row.status, iso(row.due_by)!, new Date())) throw conflict('dispute_deadline_passed', `The deadline for evidence passed at ${iso(row.due_by)}`);
}

const invalidFile = (i: number, message: string): ApiError => new ApiError(400, 'validation_failed', `files.${i}.content: ${message}`, [{ path: `files.${i}.content`, message }]);

/**
 * Adds evidence to an open dispute before its deadline (409 after it, or once submitted): the text
 * fields named replace the ones kept; files are added (PDF, JPEG or PNG by content, 5 MiB each,
 * 10 per dispute).
 */
export async function addEvidence(em: EntityManager, companyId: string, id: string, input: AddEvidenceInput): Promise<DisputeView> {
  const row = await loadDispute(em, companyId, id, true);
  refuseUnlessOpen(row);
  const files = (input.files ?? []).map((f, i) => {
    const checked = decodeBase64File('socialContract', f.content);
    if (typeof checked === 'string') throw invalidFile(i, checked);
    if (!EVIDENCE_TYPES.has(checked.contentType)) throw invalidFile(i, 'File must be PDF, JPEG or PNG (checked by its content)');
    return { ...f, contentType: checked.contentType, data: checked.data, sha256: checked.sha256 };
  });
  const [{ count }] = await em.execute<Array<{ count: string }>>(`select count(*) as count from dispute_files where dispute_id = ?`, [id]);
  if (Number(count) + files.length > MAX_EVIDENCE_FILES) throw conflict('dispute_evidence_full', `A dispute keeps at most ${MAX_EVIDENCE_FILES} files (${count} kept)`);
  const text = Object.fromEntries(EVIDENCE_TEXT_FIELDS.flatMap((k) => (input[k] === undefined ? [] : [[k, input[k]]])));
  await em.execute(`update disputes set evidence = evidence || ?::jsonb, updated_at = now() where id = ?`, [JSON.stringify(text), id]);
  for (const f of files) {
    await em.execute(`insert into dispute_files (id, dispute_id, purpose, filename, content_type, size_bytes, sha256, data) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
      newFileId(),
      id,
      f.purpose,
      f.filename,
      f.contentType,
      f.data.length,
      f.sha256,
      f.data,
    ]);
  }
  return viewOf(em, await loadDispute(em, companyId, id, false));
}

/** What the acquirer receives of the evidence: the text fields, one paragraph each, and every file. */
async function contestationOf(em: EntityManager, row: DisputeRow): Promise<ChargebackContestation> {
  const files = await em.execute<Array<{ filename: string; content_type: string; data: Buffer }>>(`select filename, content_type, data from dispute_files where dispute_id = ? order by created_at, id`, [row.id]);
  const text = EVIDENCE_TEXT_FIELDS.filter((k) => row.evidence[k]).map((k) => `${k}: ${row.evidence[k]}`).join('\n\n');
  return { caseNumber: row.case_number, saleReference: row.sale_reference, text, files: files.map((f) => ({ filename: f.filename, contentType: f.content_type, data: Buffer.from(f.data) })) };
}

/**
 * Sends the evidence to the acquirer, under the row's lock, before the deadline (409 after it or
 * once sent; 409 without any evidence). The acquirer takes a contestation sent again as the
 * first: a retry after a lost answer is harmless. `send` is the acquirer's call.
 */
export async function submitDispute(
  em: EntityManager,
  companyId: string,
  id: string,
  send: (connectionId: string | null, c: ChargebackContestation) => Promise<void>,
): Promise<{ dispute: DisputeView; eventIds: string[] }> {
  const row = await loadDispute(em, companyId, id, true);
  refuseUnlessOpen(row);
  const contestation = await contestationOf(em, row);
  if (!contestation.text && contestation.files.length === 0) throw conflict('dispute_evidence_missing', 'Add evidence (POST /v1/disputes/:id/evidence) before submitting it');
  await send(row.processor_connection_id, contestation);
  await em.execute(`update disputes set status = 'under_review', submitted_at = now(), updated_at = now() where id = ?`, [id]);
  const dispute = await viewOf(em, await loadDispute(em, companyId, id, false));
  return { dispute, eventIds: await record(em, 'dispute.evidence_submitted', dispute, companyId) };
}

/** A won dispute gives back what the chargeback took from a pending installment: its receivable waits for that much more. */
async function raiseReceivables(em: EntityManager, paymentId: string, backs: Array<{ recipientId: string; releaseAt: string; amount: number }>): Promise<void> {
  if (backs.length === 0) return;
  await em.execute(
    `update receivables r set amount = r.amount + x.amount
       from jsonb_to_recordset(?::jsonb) as x("recipientId" text, "releaseAt" timestamptz, amount bigint)
      where r.payment_id = ? and r.recipient_id = x."recipientId" and r.release_at = x."releaseAt" and r.status = 'pending'`,
    [JSON.stringify(backs), paymentId],
  );
}

/**
 * Books a dispute's outcome, once: under the row's lock (a second outcome finds it decided and
 * does nothing, answering null) and the posting's key (`chargeback:<pay>:<cbk>:<outcome>`).
 * - won: the block goes back where the chargeback took it from (pending installments with their
 *   date, available), the receivables suspended by the dispute wait again, raised by what comes
 *   back to them;
 * - lost: the block leaves the wallets for the platform's settlement (a `chargeback` debit in
 *   the statement); the receivables suspended by the dispute wait again with what is left of them.
 * The chargeback's fee and penalty stay charged either way.
 */
export async function resolveDispute(em: EntityManager, id: string, outcome: DisputeOutcome): Promise<{ dispute: DisputeView; eventIds: string[] } | null> {
  const row = await loadDispute(em, null, id, true);
  if (row.status === 'won' || row.status === 'lost') return null;
  await lockSale(em, row.payment_id);
  const block = await blockLines(em, row.payment_id, row.chargeback_id);
  const recipientIds = liableRecipients(block);
  // Another dispute of the sale still open holds its receivables: the last one to end lets them wait again.
  const [open] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from disputes where payment_id = ? and id <> ? and status not in ('won', 'lost')`, [row.payment_id, id]);
  if (recipientIds.length > 0 && open.n === 0) await restoreReceivables(em, { companyId: row.company_id, paymentId: row.payment_id, recipientIds });
  const released = await em.execute<Array<{ recipient_id: string; release_at: Date }>>(`select recipient_id, release_at from receivables where payment_id = ? and status <> 'pending'`, [row.payment_id]);
  const lines = outcomeLines(outcome, block, new Set(released.map((r) => `${r.recipient_id}|${iso(r.release_at)}`)));
  let postingId: string | null = null;
  if (lines.length > 0) {
    ({ postingId } = await post(em, {
      key: `${chargebackKeyPrefix(row.payment_id)}${row.chargeback_id}:${outcome}`,
      kind: 'chargeback',
      companyId: row.company_id,
      source: 'chargeback',
      sourceId: row.id,
      description: outcome === 'won' ? `dispute ${row.id} won: the block of ${row.chargeback_id} released` : `dispute ${row.id} lost: ${row.chargeback_id} debited`,
      lines: lines as PostingLine[],
    }));
    if (outcome === 'won') await raiseReceivables(em, row.payment_id, restoredInstallments(lines));
  }
  await em.execute(`update disputes set status = ?, resolved_at = now(), outcome_posting_id = ?, updated_at = now() where id = ?`, [outcome, postingId, id]);
  const dispute = await viewOf(em, await loadDispute(em, null, id, false));
  return { dispute, eventIds: await record(em, outcome === 'won' ? 'dispute.won' : 'dispute.lost', dispute, row.company_id) };
}

/**
 * The deadline came (the workflow's timer says so: its clock is the one that counts): a dispute
 * still without submitted evidence is lost; answers the status it has afterwards (null: no such dispute).
 */
export async function expireDispute(em: EntityManager, id: string): Promise<{ status: DisputeStatus | null; eventIds: string[] }> {
  const [row] = await em.execute<DisputeRow[]>(`select * from disputes where id = ? for update`, [id]);
  if (!row) return { status: null, eventIds: [] };
  const outcome = expiryOutcome(row.status);
  if (!outcome) return { status: row.status, eventIds: [] };
  const done = await resolveDispute(em, id, outcome);
  return { status: outcome, eventIds: done?.eventIds ?? [] };
}

