import { condition, log, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  kycApprovedSignal,
  kycRefusedSignal,
  kycSubmittedSignal,
  onboardingStateQuery,
  type KycSubmitted,
  type OnboardingResult,
  type OnboardingState,
  type RecipientOnboardingActivities,
  type RecipientOnboardingInput,
} from './recipient-onboarding.contract';

const { recordRecipientKycSubmission, applyRecipientKycDecision } = proxyActivities<RecipientOnboardingActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10 },
});

/**
 * KYC of one company's link to a registration (workflow id = `rec_…:comp_…`). It waits, for as
 * long as it takes, for the operator's decision; each KYC page submission in between moves
 * that link to `pending`. Nothing here touches another company's link. The first decision
 * wins; later decision signals are ignored (the workflow has ended). A decision before any
 * submission is accepted: operators may decide on documents received through the API.
 */
export async function recipientOnboardingWorkflow(input: RecipientOnboardingInput): Promise<OnboardingResult> {
  const submissions: KycSubmitted[] = [];
  let submitted = 0;
  let decision: OnboardingResult | undefined;

  // Signals cannot be refused, so a malformed one (from a hand-typed Temporal UI payload) is logged and dropped.
  setHandler(kycSubmittedSignal, (s) => {
    submissions.push(s);
  });
  setHandler(kycApprovedSignal, (s) => {
    const operator = typeof s?.operator === 'string' ? s.operator.trim() : '';
    if (!operator) return log.warn('kycApproved ignored: operator is required', { ...input });
    decision ??= { outcome: 'approved', operator };
  });
  setHandler(kycRefusedSignal, (s) => {
    const operator = typeof s?.operator === 'string' ? s.operator.trim() : '';
    const reason = typeof s?.reason === 'string' ? s.reason.trim() : '';
    if (!operator || !reason) return log.warn('kycRefused ignored: operator and reason are required', { ...input });
    decision ??= { outcome: 'refused', operator, reason };
  });
  setHandler(
    onboardingStateQuery,
    (): OnboardingState => ({
      recipientId: input.recipientId,
      companyId: input.companyId,
      stage: decision ? decision.outcome : submitted > 0 ? 'in_review' : 'awaiting_submission',
      submissions: submitted,
      decidedBy: decision?.operator ?? null,
      reason: decision?.outcome === 'refused' ? decision.reason : null,
    }),
  );

  while (!decision) {
    await condition(() => submissions.length > 0 || decision !== undefined);
    while (submissions.length > 0) {
      const s = submissions.shift()!;
      await recordRecipientKycSubmission({ recipientId: input.recipientId, companyId: input.companyId, submittedAt: s.submittedAt });
      submitted++;
    }
  }
  await applyRecipientKycDecision({
    recipientId: input.recipientId,
    companyId: input.companyId,
    outcome: decision.outcome,
    operator: decision.operator,
    reason: decision.outcome === 'refused' ? decision.reason : null,
    decidedAt: new Date().toISOString(),
  });
  return decision;
}
