import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, conflict, notFound } from '../http/errors';
import { offsetOf } from '../http/pagination';
import { iso } from '../db/base.entity';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import type { EventType } from '../events/catalog';
import { newId } from '../shared/ids';
import { documentKind, normalizeDocument } from '../shared/documents';
import type { CheckedFile } from './kyc-files';
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

/** A registration as one company sees it. */
export interface LinkedRecipient {
  recipient: Recipient;
  link: RecipientLink;
  bankAccount: RecipientBankAccount | null;
}

export function toRecipientView({ recipient: r, link, bankAccount: b }: LinkedRecipient): RecipientView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    document: r.document,
    type: r.type,
    phone: r.phone,
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
    createdAt: iso(r.createdAt),
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
  const bankAccount = link.defaultBankAccountId ? await em.findOne(RecipientBankAccount, { id: link.defaultBankAccountId }) : null;
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

/** Registration fields and request-only inputs shared by create and update. */
type RecipientInput = Omit<UpdateRecipientInput, 'role' | 'splitValue' | 'splitType' | 'bankAccount' | 'files'>;

function applyRegistration(recipient: Recipient, input: RecipientInput): void {
  if (input.name !== undefined) recipient.name = input.name;
  if (input.email !== undefined) recipient.email = input.email.toLowerCase();
  if (input.type !== undefined) recipient.type = input.type;
  if (input.phone !== undefined) recipient.phone = input.phone;
  if (input.document !== undefined) {
    recipient.document = normalizeDocument(input.document);
    recipient.documentType = documentKind(recipient.document)!;
  }
  const { name: _n, email: _e, type: _t, phone: _p, document: _d, address, legalRepresentative, ...rest } = input;
  const profile: RecipientProfile = { ...recipient.profile, ...rest };
  if (address) profile.address = { ...profile.address, ...address };
  if (legalRepresentative) profile.legalRepresentative = { ...legalRepresentative, document: normalizeDocument(legalRepresentative.document) };
  // A new object, so MikroORM sees the JSON column change.
  recipient.profile = profile;
}

function addBankAccount(em: EntityManager, recipientId: string, input: BankAccountInput): RecipientBankAccount {
  const account = em.create(RecipientBankAccount, {
    id: newId('rba'),
    recipientId,
    ...input,
    bankHolderDocument: normalizeDocument(input.bankHolderDocument),
  });
  em.persist(account);
  return account;
}

/** KYC files go to PostgreSQL (bytea): never to Temporal, never to logs. */
export function storeKycFiles(em: EntityManager, recipientId: string, files: CheckedFile[], source: RecipientFile['source']): void {
  for (const f of files) {
    em.persist(em.create(RecipientFile, { recipientId, kind: f.kind, contentType: f.contentType, sizeBytes: f.sizeBytes, sha256: f.sha256, data: f.data, source }));
  }
}

const checkedFiles = (files: UpdateRecipientInput['files']): CheckedFile[] => Object.values(files ?? {}).filter((f): f is CheckedFile => !!f);

/** A link that was `new` becomes `pending` once the registration has an address and the link a bank account. */
function promoteIfComplete(recipient: Recipient, link: RecipientLink): void {
  if (link.status === 'new' && hasAddress(recipient.profile) && link.defaultBankAccountId) link.status = 'pending';
}

async function assertOwnerFree(em: EntityManager, companyId: string, recipientId: string): Promise<void> {
  await lockKeys(em, [`recipient-owner:${companyId}`]);
  const owner = await em.findOne(RecipientLink, { companyId, role: 'owner', deletedAt: null, recipientId: { $ne: recipientId } });
  if (owner) throw conflict('owner_already_exists', `The company already has an owner recipient (${owner.recipientId}); a company has at most one`);
}

async function assertDocumentFree(em: EntityManager, document: string, recipientId: string): Promise<void> {
  const holder = await em.findOne(Recipient, { document, id: { $ne: recipientId } });
  if (holder) throw conflict('recipient_document_taken', 'Another recipient registration already has this CPF/CNPJ');
}

/**
 * POST /recipients. The registration is global: an existing merchant registration with the
 * same document (first) or e-mail is reused and updated, then linked to the company as a
 * seller (or owner). A new link starts `pending` when the recipient has both an address and
 * a bank account, otherwise `new`.
 */
export async function createRecipient(
  em: EntityManager,
  companyId: string,
  input: CreateRecipientInput,
): Promise<{ linked: LinkedRecipient; event: Event; startedLink: boolean }> {
  const document = normalizeDocument(input.document);
  const email = input.email.toLowerCase();
  await lockKeys(em, [`recipient-document:${document}`, `recipient-email:${email}`]);

  const byDocument = await em.findOne(Recipient, { document });
  if (byDocument && byDocument.kind !== 'merchant') throw conflict('recipient_document_taken', 'This CPF/CNPJ belongs to a platform recipient');
  let recipient = byDocument ?? (await em.findOne(Recipient, { email, kind: 'merchant' }, { orderBy: { createdAt: 'asc' } }));

  const { role, splitValue, splitType, bankAccount, files, ...registration } = input;
  if (recipient) {
    if (recipient.document !== document) await assertDocumentFree(em, document, recipient.id);
    applyRegistration(recipient, registration);
  } else {
    recipient = em.create(Recipient, {
      id: newId('rec'),
      document,
      documentType: documentKind(document)!,
      name: input.name,
      email,
      type: input.type,
      profile: {},
    });
    applyRegistration(recipient, registration);
    em.persist(recipient);
  }
  if (role === 'owner') await assertOwnerFree(em, companyId, recipient.id);

  let link = await em.findOne(RecipientLink, { companyId, recipientId: recipient.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const startedLink = !link || link.deletedAt !== null;
  const account = bankAccount ? addBankAccount(em, recipient.id, bankAccount) : null;
  if (startedLink) {
    // A new (or re-created) link starts over; it may reuse the registration's latest bank account.
    const latest = account ?? (await em.findOne(RecipientBankAccount, { recipientId: recipient.id, deletedAt: null }, { orderBy: { createdAt: 'desc' } }));
    const fresh = { status: 'new' as LinkStatus, role: role ?? 'seller', splitValue: splitValue ?? null, splitType: splitType ?? null, defaultBankAccountId: latest?.id ?? null };
    if (link) {
      Object.assign(link, fresh, { deletedAt: null, kycSubmittedAt: null, reviewedAt: null, reviewedBy: null, refusalReason: null, createdAt: new Date() });
    } else {
      link = em.create(RecipientLink, { companyId, recipientId: recipient.id, ...fresh });
      em.persist(link);
    }
  } else {
    applyLinkChanges(link!, { role, splitValue, splitType }, account);
  }
  storeKycFiles(em, recipient.id, checkedFiles(files), 'api');
  promoteIfComplete(recipient, link!);
  recipient.updatedAt = new Date();
  link!.updatedAt = new Date();

  const linked = await withBankAccount(em, recipient, link!);
  return { linked, event: recipientEvent(em, startedLink ? 'recipient.created' : 'recipient.updated', linked), startedLink };
}

function applyLinkChanges(
  link: RecipientLink,
  input: Pick<UpdateRecipientInput, 'role' | 'splitValue' | 'splitType'>,
  account: RecipientBankAccount | null,
): void {
  if (input.role !== undefined) link.role = input.role;
  if (input.splitValue !== undefined) link.splitValue = input.splitValue;
  if (input.splitType !== undefined) link.splitType = input.splitType;
  if (account) link.defaultBankAccountId = account.id;
}

/** PUT /recipients/:id: any subset of the POST fields; sends recipient.updated only on a real change. */
export async function updateRecipient(
  em: EntityManager,
  companyId: string,
  recipientId: string,
  input: UpdateRecipientInput,
): Promise<{ linked: LinkedRecipient; event: Event | null }> {
  const { recipient, link } = await getLinkedRecipient(em, companyId, recipientId, true);
  const { role, splitValue, splitType, bankAccount, files, ...registration } = input;
  if (role === 'owner' && link.role !== 'owner') await assertOwnerFree(em, companyId, recipientId);
  // A split is a pair: checked again on the merged result, since a PUT may send one half.
  const mergedType = splitType !== undefined ? splitType : link.splitType;
  const mergedValue = splitValue !== undefined ? splitValue : link.splitValue;
  const splitProblem =
    (mergedType === null) !== (mergedValue === null)
      ? { path: mergedType === null ? 'splitType' : 'splitValue', message: 'splitValue and splitType go together' }
      : mergedType === 'percentage' && mergedValue! > 100
        ? { path: 'splitValue', message: 'A percentage split is at most 100' }
        : mergedType === 'flat' && !Number.isInteger(mergedValue)
          ? { path: 'splitValue', message: 'A flat split is integer cents' }
          : null;
  if (splitProblem) throw badRequest('validation_failed', `${splitProblem.path}: ${splitProblem.message}`, [splitProblem]);
  if (registration.document !== undefined) {
    const document = normalizeDocument(registration.document);
    await lockKeys(em, [`recipient-document:${document}`]);
    if (document !== recipient.document) await assertDocumentFree(em, document, recipientId);
  }

  applyRegistration(recipient, registration);
  applyLinkChanges(link, { role, splitValue, splitType }, bankAccount ? addBankAccount(em, recipientId, bankAccount) : null);
  storeKycFiles(em, recipientId, checkedFiles(files), 'api');
  promoteIfComplete(recipient, link);

  const uow = em.getUnitOfWork();
  uow.computeChangeSets();
  const changed = uow.getChangeSets().length > 0;
  const linked = await withBankAccount(em, recipient, link);
  if (!changed) return { linked, event: null };
  recipient.updatedAt = new Date();
  link.updatedAt = new Date();
  return { linked, event: recipientEvent(em, 'recipient.updated', linked) };
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
    where.push('r.email = ?');
    params.push(q.email.toLowerCase());
  }
  if (q.document) {
    where.push('r.document = ?');
    params.push(normalizeDocument(q.document));
  }
  const from = `from recipient_links l join recipients r on r.id = l.recipient_id where ${where.join(' and ')}`;
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total ${from}`, params);
  const rows = await em.execute<{ id: string }[]>(`select r.id ${from} order by l.created_at desc, r.id desc limit ? offset ?`, [...params, q.limit, offsetOf(q)]);
  const items = await loadLinked(em, companyId, rows.map((r) => r.id));
  return { items, total: Number(total) };
}

async function loadLinked(em: EntityManager, companyId: string, ids: string[]): Promise<LinkedRecipient[]> {
  if (ids.length === 0) return [];
  const [recipients, links] = await Promise.all([em.find(Recipient, { id: { $in: ids } }), em.find(RecipientLink, { companyId, recipientId: { $in: ids } })]);
  const accountIds = links.map((l) => l.defaultBankAccountId).filter((id): id is string => !!id);
  const accounts = accountIds.length ? await em.find(RecipientBankAccount, { id: { $in: accountIds } }) : [];
  return ids.map((id) => {
    const link = links.find((l) => l.recipientId === id)!;
    return { recipient: recipients.find((r) => r.id === id)!, link, bankAccount: accounts.find((a) => a.id === link.defaultBankAccountId) ?? null };
  });
}

/** The company's owner recipient, or null. */
export async function getOwnerRecipient(em: EntityManager, companyId: string): Promise<LinkedRecipient | null> {
  const link = await em.findOne(RecipientLink, { companyId, role: 'owner', deletedAt: null });
  return link ? getLinkedRecipient(em, companyId, link.recipientId) : null;
}
