/**
 * The recipientOnboarding workflow's public surface, shared by the API (routes, KYC page), the
 * CLI and the workflow itself. KYC belongs to one company's link to a registration, so the
 * workflow id names the link: `rec_…:comp_…`. It starts with the rec_ id the API shows, so an
 * operator finds it in the Temporal UI by searching that id, and one signal can never act for
 * two companies. Operators send `kycApproved` / `kycRefused` there or with
 * `npm run lastro -- recipients kyc-approve|kyc-refuse rec_… [--company comp_…]`.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';

export const RECIPIENT_ONBOARDING_WORKFLOW = 'recipientOnboardingWorkflow';

/** One company's link to a registration: what a KYC run is about. */
export interface RecipientLinkRef {
  recipientId: string;
  companyId: string;
}

const SEPARATOR = ':';

/** Workflow id = `rec_…:comp_…` (the link). */
export const recipientOnboardingWorkflowId = (link: RecipientLinkRef): string => `${link.recipientId}${SEPARATOR}${link.companyId}`;

/** The link a workflow id names, or null when `id` is not one (e.g. a bare rec_ id). */
export function parseRecipientOnboardingWorkflowId(id: string): RecipientLinkRef | null {
  const m = /^(rec_[0-9a-z]+):(comp_[0-9a-z]+)$/.exec(id.trim());
  return m ? { recipientId: m[1], companyId: m[2] } : null;
}

export type RecipientOnboardingInput = RecipientLinkRef;

/** Shown in the Temporal UI beside the run: which company's link it reviews. */
export type RecipientOnboardingMemo = RecipientLinkRef;

export interface KycApproved {
  operator: string;
}

export interface KycRefused {
  operator: string;
  reason: string;
}

/** Sent by the KYC page when the seller submits (files are in PostgreSQL, never in the signal). */
export interface KycSubmitted {
  kycLinkId: string;
  submittedAt: string;
  fileKinds: string[];
}

export const kycApprovedSignal = defineSignal<[KycApproved]>('kycApproved');
export const kycRefusedSignal = defineSignal<[KycRefused]>('kycRefused');
export const kycSubmittedSignal = defineSignal<[KycSubmitted]>('kycSubmitted');

export type OnboardingStage = 'awaiting_submission' | 'in_review' | 'approved' | 'refused';

export interface OnboardingState {
  recipientId: string;
  companyId: string;
  stage: OnboardingStage;
  submissions: number;
  decidedBy: string | null;
  reason: string | null;
}

export const onboardingStateQuery = defineQuery<OnboardingState>('onboardingState');

export type OnboardingResult = { outcome: 'approved'; operator: string } | { outcome: 'refused'; operator: string; reason: string };

/**
 * The activities the workflow calls, declared here (not imported from activities/, which the
 * workflow lint rule forbids); activities/recipients implements exactly this interface. Both
 * act on the one link named by (recipientId, companyId), never on another company's.
 */
export interface RecipientOnboardingActivities {
  /** The link, if awaiting KYC (`new` or `refused`), moves to `pending`; returns 1 if it moved. */
  recordRecipientKycSubmission(input: RecipientLinkRef & { submittedAt: string }): Promise<number>;
  /** The link, if awaiting a decision, becomes `active` or `refused` (recipient.approved / .refused); returns 1 if it moved. */
  applyRecipientKycDecision(input: RecipientLinkRef & { outcome: 'approved' | 'refused'; operator: string; reason: string | null; decidedAt: string }): Promise<number>;
}
