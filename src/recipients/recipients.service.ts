import { randomInt } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, bodyIdNotFound, conflict, notFound } from '../http/errors';
import { cursorOf, cursorReading, offsetOf } from '../http/pagination';
import { iso } from '../db/base.entity';
import { prepared, readWithNext } from '../db/direct-sql-connection';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import type { EventType } from '../events/catalog';
import { newCapabilityId, newId } from '../shared/ids';
import { documentKind, normalizeDocument, withCheckDigits } from '../shared/documents';
import type { CheckedFile } from './kyc-files';
import type { FeeTableConfig } from '../fees/fees.schemas';
import { changeNeedsReview } from './recipient.rules';
import type { RecipientLinkRef } from '../../workflows/recipients/recipient-onboarding.contract';
import {
  Recipient,
  RecipientBankAccount,
  RecipientFile,
  RecipientLink,
  type LinkStatus,
  type RecipientProfile,
} from './recipient.entity';
import type {
  BankAccountInput,
  CreateRecipientInput,
  ListRecipientsQuery,
  RecipientView,
  UpdateRecipientInput,
} from './recipients.schemas';
import { createRecipientBody } from './recipients.schemas';

/** A registration as one company sees it. */
export interface LinkedRecipient {
  recipient: Recipient;
  link: RecipientLink;
  bankAccount: RecipientBankAccount | null;
}

/** The registration's identity merged with what this company supplied: nothing another company supplied is in it. */
export function toRecipientView({ recipient: r, link, bankAccount: b }: LinkedRecipient): RecipientView {
  return {
    id: r.id,
    name: link.name,
    email: link.email,
    document: r.document,
    type: link.type,
    phone: link.phone,
    kind: r.kind,
    status: link.status,
    role: link.role,
    companyId: link.companyId,
    splitValue: link.splitValue,
    splitType: link.splitType,
    defaultBankAccount: b
      ? {
          id: b.id,
          bankCode: b.bankCode,
          bankName: b.bankName,
          bankAgency: b.bankAgency,
          bankAccount: b.bankAccount,
          bankAccountDigit: b.bankAccountDigit,
          bankHolderName: b.bankHolderName,
          bankHolderDocument: b.bankHolderDocument,
        }
      : null,
    // When this company linked it: the registration's own age is another company's business.
    createdAt: iso(link.createdAt),
    // The merged view changed when either half did.
    updatedAt: iso(r.updatedAt > link.updatedAt ? r.updatedAt : link.updatedAt),
  };
}

function recipientEvent(em: EntityManager, type: EventType, linked: LinkedRecipient): Event {
  return recordEvent(em, { companyId: linked.link.companyId, type, entityType: 'recipient', data: toRecipientView(linked) });
}

/**
 * Serialises work on one key for the rest of the transaction (two concurrent creates of the
 * same document, two owners at once). Keys are locked in sorted order so two requests never
 * wait on each other crosswise.
 */
async function lockKeys(em: EntityManager, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
  }
}

async function withBankAccount(em: EntityManager, recipient: Recipient, link: RecipientLink): Promise<LinkedRecipient> {
  const bankAccount = link.defaultBankAccountId
    ? await em.findOne(RecipientBankAccount, { id: link.defaultBankAccountId, companyId: link.companyId, recipientId: link.recipientId })
    : null;
  return { recipient, link, bankAccount };
}

/** The recipient linked to the company (live link), or 404: another company's recipient is never visible. */
export async function getLinkedRecipient(em: EntityManager, companyId: string, recipientId: string, lock = false): Promise<LinkedRecipient> {
  const link = await em.findOne(RecipientLink, { companyId, recipientId, deletedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!link) throw notFound('Recipient');
  const recipient = await em.findOneOrFail(Recipient, { id: recipientId });
  return withBankAccount(em, recipient, link);
}

/**
 * The one question payments (splits) and withdrawals ask: may this recipient receive money
 * for this company? 404 when not linked to the company, 409 `recipient_not_active` otherwise.
 */
export async function assertRecipientActive(em: EntityManager, companyId: string, recipientId: string): Promise<LinkedRecipient> {
  const linked = await getLinkedRecipient(em, companyId, recipientId);
  if (linked.link.status !== 'active') {
    throw conflict('recipient_not_active', `Recipient ${recipientId} is ${linked.link.status}; only an active (KYC-approved) recipient can receive splits or withdraw`);
  }
  return linked;
}

const hasAddress = (p: RecipientProfile): boolean => Object.values(p.address ?? {}).some((v) => typeof v === 'string' && v.trim() !== '');

/** What a company supplies about the person: kept on its own link. */
type ProfileInput = Omit<UpdateRecipientInput, 'document' | 'role' | 'splitValue' | 'splitType' | 'bankAccount' | 'files'>;

function applyProfile(link: RecipientLink, input: ProfileInput): void {
  const { name, email, type, phone, address, legalRepresentative, ...rest } = input;
  if (name !== undefined) link.name = name;
  if (email !== undefined) link.email = email.toLowerCase();
  if (type !== undefined) link.type = type;
  if (phone !== undefined) link.phone = phone;
  const profile: RecipientProfile = { ...link.profile, ...rest };
  if (address) profile.address = { ...profile.address, ...address };
  if (legalRepresentative) profile.legalRepresentative = { ...legalRepresentative, document: normalizeDocument(legalRepresentative.document) };
  // A new object, so MikroORM sees the JSON column change.
  link.profile = profile;
}

function addBankAccount(em: EntityManager, link: RecipientLinkRef, input: BankAccountInput): RecipientBankAccount {
  const account = em.create(RecipientBankAccount, {
    id: newId('rba'),
    companyId: link.companyId,
    recipientId: link.recipientId,
    ...input,
    bankHolderDocument: normalizeDocument(input.bankHolderDocument),
  });
  em.persist(account);
  return account;
}

/** KYC files go to PostgreSQL (bytea), as the link's: never to Temporal, never to logs. */
export function storeKycFiles(em: EntityManager, link: RecipientLinkRef, files: CheckedFile[], source: RecipientFile['source']): void {
  for (const f of files) {
    em.persist(
      em.create(RecipientFile, { companyId: link.companyId, recipientId: link.recipientId, kind: f.kind, contentType: f.contentType, sizeBytes: f.sizeBytes, sha256: f.sha256, data: f.data, source }),
    );
  }
}

const checkedFiles = (files: UpdateRecipientInput['files']): CheckedFile[] => Object.values(files ?? {}).filter((f): f is CheckedFile => !!f);

/** A link that was `new` becomes `pending` once it has an address and a bank account. */
function promoteIfComplete(link: RecipientLink): void {
  if (link.status === 'new' && hasAddress(link.profile) && link.defaultBankAccountId) link.status = 'pending';
}

async function assertOwnerFree(em: EntityManager, companyId: string, recipientId: string): Promise<void> {
  await lockKeys(em, [`recipient-owner:${companyId}`]);
  const owner = await em.findOne(RecipientLink, { companyId, role: 'owner', deletedAt: null, recipientId: { $ne: recipientId } });
  if (owner) throw conflict('owner_already_exists', `The company already has an owner recipient (${owner.recipientId}); a company has at most one`);
}

/**
 * A registration's document never changes through PUT, whoever linked it: the registration is
 * Lastro-wide and matched by document, so any answer that depended on the new document (free,
 * or another registration's) or on the other companies linking this one would tell a company
 * that someone else registered a CPF. One answer for every change; to pay someone else, the
 * company creates a recipient with their document (POST links an existing registration as it
 * would a new one, with the same answer).
 */
function assertDocumentUnchanged(recipient: Recipient, newDocument: string | undefined): void {
  if (newDocument === undefined || normalizeDocument(newDocument) === recipient.document) return;
  throw conflict(
    'recipient_document_shared',
    'A recipient’s CPF/CNPJ is that of its registration, which every company paying the same person shares: it never changes. To pay someone else, create a recipient with their document (POST /recipients)',
  );
}

const identityOf = (recipient: Recipient, link: RecipientLink) => ({ name: link.name, type: link.type, document: recipient.document, profile: link.profile });

/** Back to KYC: the link waits for a new decision (its workflow is started again by the caller). */
function reopenReview(link: RecipientLink): void {
  link.status = 'pending';
  link.reviewedAt = null;
  link.reviewedBy = null;
  link.refusalReason = null;
}

type LinkChanges = Pick<UpdateRecipientInput, 'role' | 'splitValue' | 'splitType' | 'bankAccount' | 'files'> & ProfileInput;

/**
 * Applies a company's changes to its own link (POST of a linked document, PUT). An identity
 * change, or a payout account not in the recipient's own name, takes an active link back to
 * review; returns whether it did.
 */
function applyLinkChanges(em: EntityManager, recipient: Recipient, link: RecipientLink, input: LinkChanges, identityBefore = identityOf(recipient, link)): boolean {
  const { role, splitValue, splitType, bankAccount, files, ...profile } = input;
  const statusBefore = link.status;
  applyProfile(link, profile);
  if (role !== undefined) link.role = role;
  if (splitValue !== undefined) link.splitValue = splitValue;
  if (splitType !== undefined) link.splitType = splitType;
  if (bankAccount) link.defaultBankAccountId = addBankAccount(em, link, bankAccount).id;
  storeKycFiles(em, link, checkedFiles(files), 'api');
  promoteIfComplete(link);
  const review = changeNeedsReview(statusBefore, identityBefore, identityOf(recipient, link), bankAccount?.bankHolderDocument ?? null);
  if (review) reopenReview(link);
  return review;
}

/** What a write did: the company's view, its event, and whether the link's KYC workflow must (re)start. */
export interface RecipientWrite {
  linked: LinkedRecipient;
  event: Event | null;
  startReview: boolean;
}

/**
 * POST /recipients. The registration is global and matched by document only (never by e-mail,
 * so nobody reaches another company's seller by knowing their address); a reuse never changes
 * it. The company's link holds what this company supplies. A new link starts `pending` when it
 * has an address and a bank account, otherwise `new`; an existing live link is updated as a
 * PUT would.
 */
export async function createRecipient(em: EntityManager, companyId: string, input: CreateRecipientInput): Promise<RecipientWrite & { event: Event }> {
  const document = normalizeDocument(input.document);
  await lockKeys(em, [`recipient-document:${document}`]);

  let recipient = await em.findOne(Recipient, { document });
  if (recipient && recipient.kind !== 'merchant') throw conflict('recipient_document_taken', 'This CPF/CNPJ belongs to a platform recipient');
  if (!recipient) {
    // Random, not a ULID: a time-ordered id would tell every company that links this CPF later
    // when it was first registered on Lastro (and by whom, to one that knows its own ids).
    recipient = em.create(Recipient, { id: newCapabilityId('rec'), document, documentType: documentKind(document)! });
    em.persist(recipient);
  }
  const { role, splitValue, splitType, bankAccount, files, document: _document, ...profile } = input;
  if (role === 'owner') await assertOwnerFree(em, companyId, recipient.id);

  let link = await em.findOne(RecipientLink, { companyId, recipientId: recipient.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const startedLink = !link || link.deletedAt !== null;
  let startReview = startedLink;
  if (startedLink) {
    // A new (or re-created) link starts over from what this company supplies now; it may reuse
    // the latest bank account this company gave before.
    const account = bankAccount ? addBankAccount(em, { companyId, recipientId: recipient.id }, bankAccount) : null;
    const latest = account ?? (await em.findOne(RecipientBankAccount, { companyId, recipientId: recipient.id, deletedAt: null }, { orderBy: { createdAt: 'desc' } }));
    const fresh = {
      status: 'new' as LinkStatus,
      role: role ?? 'seller',
      splitValue: splitValue ?? null,
      splitType: splitType ?? null,
      defaultBankAccountId: latest?.id ?? null,
      name: input.name,
      email: input.email.toLowerCase(),
      type: input.type,
      phone: null,
      profile: {},
    };
    if (link) {
      Object.assign(link, fresh, { deletedAt: null, kycSubmittedAt: null, reviewedAt: null, reviewedBy: null, refusalReason: null, createdAt: new Date() });
    } else {
      link = em.create(RecipientLink, { companyId, recipientId: recipient.id, ...fresh });
      em.persist(link);
    }
    applyProfile(link, profile);
    storeKycFiles(em, link, checkedFiles(files), 'api');
    promoteIfComplete(link);
  } else {
    startReview = applyLinkChanges(em, recipient, link!, { role, splitValue, splitType, bankAccount, files, ...profile });
  }
  link!.updatedAt = new Date();

  const linked = await withBankAccount(em, recipient, link!);
  return { linked, event: recipientEvent(em, startedLink ? 'recipient.created' : 'recipient.updated', linked), startReview };
}

/**
 * PUT /recipients/:id: any subset of the POST fields, on the company's own link; sends
 * recipient.updated only on a real change. The registration's document never changes (409
 * `recipient_document_shared`, the same answer whatever other companies did).
 */
export async function updateRecipient(em: EntityManager, companyId: string, recipientId: string, input: UpdateRecipientInput): Promise<RecipientWrite> {
  const { recipient, link } = await getLinkedRecipient(em, companyId, recipientId, true);
  const { document: newDocument, ...changes } = input;
  assertDocumentUnchanged(recipient, newDocument);
  if (changes.role === 'owner' && link.role !== 'owner') await assertOwnerFree(em, companyId, recipientId);
  // A split is a pair: checked again on the merged result, since a PUT may send one half.
  const mergedType = changes.splitType !== undefined ? changes.splitType : link.splitType;
  const mergedValue = changes.splitValue !== undefined ? changes.splitValue : link.splitValue;
  const splitProblem =
    (mergedType === null) !== (mergedValue === null)
      ? { path: mergedType === null ? 'splitType' : 'splitValue', message: 'splitValue and splitType go together' }
      : mergedType === 'percentage' && mergedValue! > 100
        ? { path: 'splitValue', message: 'A percentage split is at most 100' }
        : mergedType === 'flat' && !Number.isInteger(mergedValue)
          ? { path: 'splitValue', message: 'A flat split is integer cents' }
          : null;
  if (splitProblem) throw badRequest('validation_failed', `${splitProblem.path}: ${splitProblem.message}`, [splitProblem]);

  const identityBefore = identityOf(recipient, link);
  const startReview = applyLinkChanges(em, recipient, link, changes, identityBefore);

  const uow = em.getUnitOfWork();
  uow.computeChangeSets();
  const changed = uow.getChangeSets().length > 0;
  const linked = await withBankAccount(em, recipient, link);
  if (!changed) return { linked, event: null, startReview: false };
  // The registration's own updatedAt moves only with its document (MikroORM's onUpdate), so
  // another company's view never changes because of this one's edit.
  link.updatedAt = new Date();
  return { linked, event: recipientEvent(em, 'recipient.updated', linked), startReview };
}

/** DELETE: soft-deletes the company's link (status inactive); the global registration stays. */
export async function deleteRecipient(em: EntityManager, companyId: string, recipientId: string): Promise<{ event: Event }> {
  const linked = await getLinkedRecipient(em, companyId, recipientId, true);
  linked.link.status = 'inactive';
  linked.link.deletedAt = new Date();
  linked.link.updatedAt = new Date();
  return { event: recipientEvent(em, 'recipient.deleted', linked) };
}

/** The company's merchant recipients; filters combine with AND (so filters naming two different recipients match nothing). */
export async function listRecipients(em: EntityManager, companyId: string, q: ListRecipientsQuery): Promise<{ items: LinkedRecipient[]; total: number }> {
  const where = [`l.company_id = ?`, `l.deleted_at is null`, `r.kind = 'merchant'`];
  const params: unknown[] = [companyId];
  if (q.email) {
    where.push('l.email = ?');
    params.push(q.email.toLowerCase());
  }
  if (q.document) {
    where.push('r.document = ?');
    params.push(normalizeDocument(q.document));
  }
  // Newest link first; a cursor is a recipient linked to the company (deleted links too: their place is known).
  const cursor = cursorOf(q);
  const reading = cursor ? cursorReading(cursor.param, 'desc') : { readOrder: 'desc', op: '<', backwards: false };
  if (cursor) {
    const [linked] = await em.execute(`select 1 from recipient_links where recipient_id = ? and company_id = ?`, [cursor.id, companyId]);
    if (!linked) throw bodyIdNotFound(cursor.param, 'Recipient');
    where.push(`(l.created_at, r.id) ${reading.op} (select c.created_at, c.recipient_id from recipient_links c where c.recipient_id = ? and c.company_id = ?)`);
    params.push(cursor.id, companyId);
  }
  const from = `from recipient_links l join recipients r on r.id = l.recipient_id where ${where.join(' and ')}`;
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total ${from}`, params);
  const order = reading.readOrder;
  const rows = await em.execute<{ id: string }[]>(`select r.id ${from} order by l.created_at ${order}, r.id ${order} limit ? offset ?`, [...params, q.limit, cursor ? 0 : offsetOf(q)]);
  const ids = rows.map((r) => r.id);
  const items = await loadLinked(em, companyId, reading.backwards ? ids.reverse() : ids);
  return { items, total: Number(total) };
}

async function loadLinked(em: EntityManager, companyId: string, ids: string[]): Promise<LinkedRecipient[]> {
  if (ids.length === 0) return [];
  const [recipients, links] = await Promise.all([em.find(Recipient, { id: { $in: ids } }), em.find(RecipientLink, { companyId, recipientId: { $in: ids } })]);
  const accountIds = links.map((l) => l.defaultBankAccountId).filter((id): id is string => !!id);
  const accounts = accountIds.length ? await em.find(RecipientBankAccount, { id: { $in: accountIds }, companyId }) : [];
  return ids.map((id) => {
    const link = links.find((l) => l.recipientId === id)!;
    return { recipient: recipients.find((r) => r.id === id)!, link, bankAccount: accounts.find((a) => a.id === link.defaultBankAccountId) ?? null };
  });
}

/** The company's owner recipient, or null. */
export async function getOwnerRecipient(em: EntityManager, companyId: string): Promise<LinkedRecipient | null> {
  // Through the ORM: a company created in this same unit of work has its owner link unflushed.
  const link = await em.findOne(RecipientLink, { companyId, role: 'owner', deletedAt: null });
  return link ? getLinkedRecipient(em, companyId, link.recipientId) : null;
}

// Read by every sale's creation: prepared once per connection.
const OWNER_LINK_AND_FEE_TABLES_SQL = prepared(`select l.recipient_id, l.status, (select coalesce(json_object_agg(f.currency, f.fees), '{}') from fee_tables f where f.company_id = ?) as fees
   from (select 1) one
   left join lateral (select recipient_id, status from recipient_links where company_id = ? and role = 'owner' and deleted_at is null limit 1) l on true`);

/**
 * The company's link to its owner recipient (who it is and its status, without the
 * registration) and every fee table of the company by currency, in one statement: a sale
 * without split items needs both, the owner for its default split and the fees for its check.
 * Plain rows, read from the database (not this unit of work's unflushed changes). In a direct
 * transaction it goes with the statements started beside it (`readWithNext`).
 */
export async function getOwnerLinkAndFeeTables(
  em: EntityManager,
  companyId: string,
): Promise<{ owner: Pick<RecipientLink, 'recipientId' | 'status'> | null; feeTables: Record<string, FeeTableConfig> }> {
  const [row] = await readWithNext<{ recipient_id: string | null; status: LinkStatus | null; fees: Record<string, FeeTableConfig> }[]>(em, OWNER_LINK_AND_FEE_TABLES_SQL, [companyId, companyId]);
  return { owner: row.recipient_id ? { recipientId: row.recipient_id, status: row.status! } : null, feeTables: row.fees };
}

/**
 * The company's own account to receive payments, made with the company from the company's own
 * data (its name; the document and e-mail it gave, or in sandbox a generated CNPJ). In sandbox
 * it is active at once, so a new company charges a test card straight away; in production its
 * link starts `new` and still receives sales (docs/recipients.md, "Owner"), while payouts wait
 * for KYC approval. Idempotent: an existing owner is returned as it is.
 */
export async function ensureOwnerRecipient(
  em: EntityManager,
  company: { id: string; name: string; mode: 'sandbox' | 'production' },
  input: { document?: string; email?: string } = {},
  /** The company is being created now: no webhook can be subscribed yet, so its recipient.created has no one to reach. */
  newCompany = false,
): Promise<LinkedRecipient> {
  const existing = await getOwnerRecipient(em, company.id);
  if (existing) return existing;
  if (company.mode === 'production' && (!input.document || !input.email)) {
    throw new Error('A production company needs the document (CNPJ/CPF) and e-mail of its owner recipient');
  }
  const document = normalizeDocument(input.document ?? sandboxCnpj());
  const body = createRecipientBody.parse({
    name: company.name.length >= 2 ? company.name : `${company.name} owner`,
    email: input.email ?? `owner+${company.id}@example.com`,
    document,
    type: documentKind(document) === 'cnpj' ? 'company' : 'individual',
    role: 'owner',
  });
  const { linked, event } = await createRecipient(em, company.id, body);
  if (newCompany) event.dispatchedAt = new Date();
  if (company.mode === 'sandbox') {
    Object.assign(linked.link, { status: 'active', reviewedBy: 'sandbox', reviewedAt: new Date() });
  }
  return linked;
}

/** A valid CNPJ nobody uses: 8 random digits, branch 0001, check digits. */
function sandboxCnpj(): string {
  return withCheckDigits(`${String(randomInt(10_000_000, 100_000_000))}0001`);
}
