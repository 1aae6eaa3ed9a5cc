/**
 * The recipientOnboarding workflow's public surface, shared by the API (KYC page), the CLI
 * and the workflow itself. Operators send `kycApproved` / `kycRefused` from the Temporal UI
 * (workflow id = the rec_ id they see in the API) or with
 * `npm run lastro -- recipients kyc-approve|kyc-refuse`.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';

export const RECIPIENT_ONBOARDING_WORKFLOW = 'recipientOnboarding';

/** Workflow id = the recipient id (`rec_…`), so an operator finds it by the id in the API. */
export const recipientOnboardingWorkflowId = (recipientId: string): string => recipientId;

export interface RecipientOnboardingInput {
  recipientId: string;
}

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
  companyId: string;
  submittedAt: string;
  fileKinds: string[];
}

export const kycApprovedSignal = defineSignal<[KycApproved]>('kycApproved');
export const kycRefusedSignal = defineSignal<[KycRefused]>('kycRefused');
export const kycSubmittedSignal = defineSignal<[KycSubmitted]>('kycSubmitted');

export type OnboardingStage = 'awaiting_submission' | 'in_review' | 'approved' | 'refused';

export interface OnboardingState {
  recipientId: string;
  stage: OnboardingStage;
  submissions: number;
  decidedBy: string | null;
  reason: string | null;
}

export const onboardingStateQuery = defineQuery<OnboardingState>('onboardingState');

export type OnboardingResult = { outcome: 'approved'; operator: string } | { outcome: 'refused'; operator: string; reason: string };

/**
 * The activities the workflow calls, declared here (not imported from activities/, which the
 * workflow lint rule forbids); activities/recipients implements exactly this interface.
 */
export interface RecipientOnboardingActivities {
  /** Links awaiting KYC move to `pending`; returns how many moved. */
  recordRecipientKycSubmission(input: { recipientId: string; companyId: string; submittedAt: string }): Promise<number>;
  /** Links awaiting KYC become `active` or `refused`, with recipient.approved / .refused; returns how many. */
  applyRecipientKycDecision(input: { recipientId: string; outcome: 'approved' | 'refused'; operator: string; reason: string | null; decidedAt: string }): Promise<number>;
}
