/**
 * Pure rules of recipients (no I/O): when a change to an active link needs a new KYC review,
 * and which link an operator's KYC command means.
 */
import { normalizeDocument } from '../shared/documents';
import type { LinkStatus, RecipientProfile, RecipientType } from './recipient.entity';

/**
 * The profile fields the KYC operator verified about who the seller is and where their money
 * goes: changing one on an active link needs a new review. The rest (declared income and
 * revenue, profession, website) describe the seller without identifying them, and e-mail and
 * phone are contact: those change freely.
 */
export const REVIEWED_PROFILE_FIELDS = [
  'companyType',
  'companyName',
  'companyFoundingDate',
  'corporationType',
  'birthDate',
  'motherName',
  'legalRepresentative',
  'address',
  'pixKeyType',
  'pixKey',
] as const satisfies readonly (keyof RecipientProfile)[];

export interface ReviewedIdentity {
  name: string;
  type: RecipientType;
  document: string;
  profile: RecipientProfile;
}

/** A canonical string of what a review verified (key order and absent-vs-undefined do not count). */
function identityKey(i: ReviewedIdentity): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined && x !== null)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
  const reviewed = Object.fromEntries(REVIEWED_PROFILE_FIELDS.map((f) => [f, i.profile[f]]));
  return JSON.stringify(canonical({ name: i.name, type: i.type, document: normalizeDocument(i.document), profile: reviewed }));
}

/**
 * Whether a change takes an active link back to review: an identity field changed, or the payout
 * account changed to one whose holder is not the recipient itself (an account in the seller's
 * own name needs no new review; anyone else's could divert the seller's money).
 */
export function changeNeedsReview(
  status: LinkStatus,
  before: ReviewedIdentity,
  after: ReviewedIdentity,
  newBankHolderDocument: string | null,
): boolean {
  if (status !== 'active') return false;
  if (identityKey(before) !== identityKey(after)) return true;
  return newBankHolderDocument !== null && normalizeDocument(newBankHolderDocument) !== normalizeDocument(after.document);
}

export interface LiveLink {
  companyId: string;
  status: LinkStatus;
}

/**
 * Which company's link a KYC command (`recipients kyc-approve rec_… [--company comp_…]`) means:
 * the named one, or the only live link. Several live links and no company is refused, so an
 * operator never decides for a company they did not mean.
 */
export function chooseKycLink(recipientId: string, links: LiveLink[], companyId?: string): { companyId: string } | { error: string } {
  if (companyId) {
    return links.some((l) => l.companyId === companyId) ? { companyId } : { error: `No recipient ${recipientId} linked to company ${companyId}` };
  }
  if (links.length === 0) return { error: `No recipient ${recipientId} linked to any company` };
  if (links.length > 1) {
    const list = links.map((l) => `${l.companyId} (${l.status})`).join(', ');
    return { error: `Recipient ${recipientId} is linked to ${links.length} companies: ${list}. Pass --company comp_… to choose whose KYC you decide` };
  }
  return { companyId: links[0].companyId };
}
