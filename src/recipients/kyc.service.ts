import { LockMode } from '@mikro-orm/core';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { ApiError, conflict } from '../http/errors';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import { newId } from '../shared/ids';
import type { Config } from '../config';
import type { KycSubmitted, RecipientLinkRef } from '../../workflows/recipients/recipient-onboarding.contract';
import { KYC_FILE_KINDS, sha256Hex, type CheckedFile } from './kyc-files';
import { KycLink, RecipientFile, RecipientLink, type KycFileKind, type RecipientType } from './recipient.entity';
import { getLinkedRecipient, storeKycFiles, toRecipientView, type LinkedRecipient } from './recipients.service';
import { signalKycSubmitted } from './recipient-onboarding-workflow.client';

/** How long a KYC link works: a week, so a seller can gather documents; it is single-use anyway. */
export const KYC_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * POST /recipients/:id/kyc-link. The token (32 random bytes, base64url) appears only in the
 * URL returned here; the database keeps its SHA-256. An active recipient needs no KYC (409).
 */
export async function createKycLink(
  em: EntityManager,
  config: Config,
  companyId: string,
  recipientId: string,
  now = new Date(),
): Promise<{ kycUrl: string; expiresAt: string }> {
  const { link } = await getLinkedRecipient(em, companyId, recipientId);
  if (link.status === 'active') throw conflict('recipient_already_active', 'This recipient already passed KYC');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + KYC_LINK_TTL_MS);
  em.persist(em.create(KycLink, { id: newId('kyc'), recipientId, companyId, tokenHash: sha256Hex(token), expiresAt }));
  return { kycUrl: `${config.urls.kyc}/kyc/${token}`, expiresAt: expiresAt.toISOString() };
}

export type KycTokenState =
  | { state: 'valid'; kycLink: KycLink; linked: LinkedRecipient; files: KycFileKind[] }
  | { state: 'expired' | 'used' | 'unknown' };

/** What a token opens; never throws, so the page can always explain itself. */
export async function resolveKycToken(em: EntityManager, token: string, now = new Date()): Promise<KycTokenState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { state: 'unknown' };
  const kycLink = await em.findOne(KycLink, { tokenHash: sha256Hex(token) });
  if (!kycLink) return { state: 'unknown' };
  if (kycLink.usedAt) return { state: 'used' };
  if (kycLink.expiresAt <= now) return { state: 'expired' };
  const link = await em.findOne(RecipientLink, { companyId: kycLink.companyId, recipientId: kycLink.recipientId, deletedAt: null });
  // The company removed the recipient after sending the link: the link is dead.
  if (!link) return { state: 'unknown' };
  const linked = await getLinkedRecipient(em, kycLink.companyId, kycLink.recipientId);
  return { state: 'valid', kycLink, linked, files: await receivedFileKinds(em, link) };
}

/** The kinds of document this company's seller sent (another company's uploads never count). */
export async function receivedFileKinds(em: EntityManager, link: RecipientLinkRef): Promise<KycFileKind[]> {
  const files = await em.find(RecipientFile, { companyId: link.companyId, recipientId: link.recipientId }, { fields: ['kind'] });
  return KYC_FILE_KINDS.filter((k) => files.some((f) => f.kind === k));
}

/** The documents a submission needs: ID and selfie always; the social contract for a company. */
export function requiredFileKinds(link: { type: RecipientType }): KycFileKind[] {
  return link.type === 'company' ? ['identificationDocument', 'selfie', 'socialContract'] : ['identificationDocument', 'selfie'];
}

/** Page uploads per link per hour: a seller retries a few photos, not hundreds (the page is public). */
export const KYC_PAGE_UPLOADS_PER_HOUR = 30;

/** Stores a file uploaded from the page; 429 once the link's hourly upload budget is spent. */
export async function storePageFile(em: EntityManager, link: RecipientLinkRef, file: CheckedFile): Promise<void> {
  const [{ n }] = await em.execute<{ n: string }[]>(
    `select count(*) as n from recipient_files where recipient_id = ? and company_id = ? and source = 'kyc_page' and created_at > now() - interval '1 hour'`,
    [link.recipientId, link.companyId],
  );
  if (Number(n) >= KYC_PAGE_UPLOADS_PER_HOUR) {
    throw new ApiError(429, 'rate_limited', 'Too many uploads for this recipient; try again in an hour', undefined, { 'Retry-After': '3600' });
  }
  storeKycFiles(em, link, [file], 'kyc_page');
}

/**
 * Consumes the link (single use, also under a double click: the UPDATE only matches an
 * unused, unexpired row) and signals the workflow, starting it if needed. Called inside the
 * request's transaction: if the signal fails, the transaction rolls back and the seller can
 * simply submit again.
 */
export async function submitKyc(
  em: EntityManager,
  temporal: Client,
  config: Config,
  kycLink: KycLink,
  link: RecipientLink,
  now = new Date(),
): Promise<void> {
  const received = await receivedFileKinds(em, link);
  const absent = requiredFileKinds(link).filter((k) => !received.includes(k));
  if (absent.length > 0) throw conflict('kyc_files_missing', `Missing documents: ${absent.join(', ')}`);
  const rows = await em.execute<{ id: string }[]>(
    'update kyc_links set used_at = ?, updated_at = ? where id = ? and used_at is null and expires_at > ? returning id',
    [now, now, kycLink.id, now],
  );
  if (rows.length === 0) throw conflict('kyc_link_used', 'This KYC link was already used or has expired');
  const signal: KycSubmitted = { kycLinkId: kycLink.id, submittedAt: now.toISOString(), fileKinds: received };
  await signalKycSubmitted(temporal, config.temporal.taskQueue, link, signal);
}

/** The live link, locked for the rest of the transaction; null once the company removed it. */
const lockedLink = (em: EntityManager, ref: RecipientLinkRef) =>
  em.findOne(RecipientLink, { companyId: ref.companyId, recipientId: ref.recipientId, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });

async function eventFor(em: EntityManager, link: RecipientLink, type: 'recipient.updated' | 'recipient.approved' | 'recipient.refused'): Promise<Event> {
  const linked = await getLinkedRecipient(em, link.companyId, link.recipientId);
  return recordEvent(em, { companyId: link.companyId, type, entityType: 'recipient', data: toRecipientView(linked) });
}

/**
 * A KYC submission moves the company's link, if still `new` (or `refused`, a second attempt),
 * to `pending`. Idempotent: a retried activity finds nothing left to move.
 */
export async function recordKycSubmission(em: EntityManager, ref: RecipientLinkRef, submittedAt: Date): Promise<Event[]> {
  const link = await lockedLink(em, ref);
  if (!link || (link.status !== 'new' && link.status !== 'refused')) return [];
  link.status = 'pending';
  link.kycSubmittedAt = submittedAt;
  link.refusalReason = null;
  link.updatedAt = new Date();
  return [await eventFor(em, link, 'recipient.updated')];
}

export interface KycDecision {
  outcome: 'approved' | 'refused';
  operator: string;
  reason: string | null;
  decidedAt: Date;
}

/**
 * The operator's decision on one company's link: if still awaiting KYC (`new` or `pending`) it
 * becomes `active` (recipient.approved) or `refused` (recipient.refused). Idempotent under retry.
 */
export async function applyKycDecision(em: EntityManager, ref: RecipientLinkRef, d: KycDecision): Promise<Event[]> {
  const link = await lockedLink(em, ref);
  if (!link || (link.status !== 'new' && link.status !== 'pending')) return [];
  link.status = d.outcome === 'approved' ? 'active' : 'refused';
  link.reviewedBy = d.operator;
  link.reviewedAt = d.decidedAt;
  link.refusalReason = d.reason;
  link.updatedAt = new Date();
  return [await eventFor(em, link, d.outcome === 'approved' ? 'recipient.approved' : 'recipient.refused')];
}
