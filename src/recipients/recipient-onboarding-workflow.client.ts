import type { Client } from '@temporalio/client';
import {
  RECIPIENT_ONBOARDING_WORKFLOW,
  kycApprovedSignal,
  kycRefusedSignal,
  kycSubmittedSignal,
  recipientOnboardingWorkflowId,
  type KycSubmitted,
  type RecipientLinkRef,
  type RecipientOnboardingInput,
  type RecipientOnboardingMemo,
} from '../../workflows/recipients/recipient-onboarding.contract';

/**
 * How the API, the KYC page and the CLI reach a link's KYC workflow (`rec_…:comp_…`). Every
 * call names the link, so nothing here can start, reopen or decide another company's KYC.
 */

const startOptions = (taskQueue: string, link: RecipientLinkRef) => {
  const ref = { recipientId: link.recipientId, companyId: link.companyId };
  return {
    workflowId: recipientOnboardingWorkflowId(ref),
    taskQueue,
    args: [ref satisfies RecipientOnboardingInput] as [RecipientOnboardingInput],
    // Starting again while it runs is a no-op; after a finished run (an earlier decision) a new run (a new review) starts.
    workflowIdConflictPolicy: 'USE_EXISTING' as const,
    memo: ref satisfies RecipientOnboardingMemo,
  };
};

/** Makes sure the link's onboarding workflow runs (POST /recipients, kyc-link, a change that needs a new review). */
export async function startOnboardingWorkflow(temporal: Client, taskQueue: string, link: RecipientLinkRef): Promise<void> {
  await temporal.workflow.start(RECIPIENT_ONBOARDING_WORKFLOW, startOptions(taskQueue, link));
}

/** The KYC page's submission; signal-with-start, so it lands even if the run was never started. */
export async function signalKycSubmitted(temporal: Client, taskQueue: string, link: RecipientLinkRef, submission: KycSubmitted): Promise<void> {
  await temporal.workflow.signalWithStart(RECIPIENT_ONBOARDING_WORKFLOW, { ...startOptions(taskQueue, link), signal: kycSubmittedSignal, signalArgs: [submission] });
}

export type KycDecisionCommand = RecipientLinkRef & { operator: string } & ({ outcome: 'approved' } | { outcome: 'refused'; reason: string });

/**
 * The operator's decision: the same `kycApproved` / `kycRefused` signal an operator sends from
 * the Temporal UI. Signal-with-start, so a decision still lands if the workflow was never
 * started (e.g. the API's after-commit start failed).
 */
export async function sendKycDecision(temporal: Client, taskQueue: string, d: KycDecisionCommand): Promise<void> {
  const common = startOptions(taskQueue, d);
  if (d.outcome === 'approved') {
    await temporal.workflow.signalWithStart(RECIPIENT_ONBOARDING_WORKFLOW, { ...common, signal: kycApprovedSignal, signalArgs: [{ operator: d.operator }] });
  } else {
    await temporal.workflow.signalWithStart(RECIPIENT_ONBOARDING_WORKFLOW, { ...common, signal: kycRefusedSignal, signalArgs: [{ operator: d.operator, reason: d.reason }] });
  }
}
