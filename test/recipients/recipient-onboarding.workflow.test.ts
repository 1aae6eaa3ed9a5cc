import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import {
  RECIPIENT_ONBOARDING_WORKFLOW,
  kycApprovedSignal,
  kycRefusedSignal,
  kycSubmittedSignal,
  onboardingStateQuery,
  recipientOnboardingWorkflowId,
  type OnboardingResult,
  type RecipientOnboardingActivities,
} from '../../workflows/recipients/recipient-onboarding.contract';

/** The workflow alone, with recorded (mocked) activities, on the time-skipping test server. */
let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `onboarding-${randomUUID()}`;
const calls: Array<{ name: string; input: unknown }> = [];

const activities: RecipientOnboardingActivities = {
  async recordRecipientKycSubmission(input) {
    calls.push({ name: 'recordRecipientKycSubmission', input });
    return 1;
  },
  async applyRecipientKycDecision(input) {
    calls.push({ name: 'applyRecipientKycDecision', input });
    return 1;
  },
};

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  running = worker.run();
});
afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
});

async function start() {
  const link = { recipientId: `rec_${randomUUID().replace(/-/g, '').slice(0, 26)}`, companyId: 'comp_1' };
  const handle = await env.client.workflow.start(RECIPIENT_ONBOARDING_WORKFLOW, { taskQueue, workflowId: recipientOnboardingWorkflowId(link), args: [link] });
  return { recipientId: link.recipientId, handle };
}
const callsFor = (recipientId: string) => calls.filter((c) => (c.input as { recipientId: string }).recipientId === recipientId);
const submission = { kycLinkId: 'kyc_1', submittedAt: '2026-11-22T10:00:00.000Z', fileKinds: ['identificationDocument', 'selfie'] };

describe('recipientOnboarding', () => {
  it('waits weeks for the operator: submission → in review → kycApproved → links activated', async () => {
    const { recipientId, handle } = await start();
    expect(await handle.query(onboardingStateQuery)).toMatchObject({ stage: 'awaiting_submission', submissions: 0 });
    await handle.signal(kycSubmittedSignal, submission);
    await env.sleep('30 days');
    expect(await handle.query(onboardingStateQuery)).toMatchObject({ stage: 'in_review', submissions: 1, decidedBy: null });
    await handle.signal(kycApprovedSignal, { operator: 'ops@lastro' });
    expect(await handle.result()).toEqual<OnboardingResult>({ outcome: 'approved', operator: 'ops@lastro' });
    expect(callsFor(recipientId).map((c) => c.name)).toEqual(['recordRecipientKycSubmission', 'applyRecipientKycDecision']);
    expect(callsFor(recipientId)[0].input).toMatchObject({ companyId: 'comp_1' });
    expect(callsFor(recipientId)[1].input).toMatchObject({ companyId: 'comp_1', outcome: 'approved', operator: 'ops@lastro', reason: null, decidedAt: expect.any(String) });
  });

  it('ignores malformed decisions (from a hand-typed UI payload) and takes the first valid one', async () => {
    const { recipientId, handle } = await start();
    await handle.signal(kycApprovedSignal, { operator: '  ' });
    await handle.signal(kycRefusedSignal, { operator: 'ops', reason: '' });
    await env.sleep('1 hour');
    expect(await handle.query(onboardingStateQuery)).toMatchObject({ stage: 'awaiting_submission', decidedBy: null });
    await handle.signal(kycRefusedSignal, { operator: 'ops', reason: 'Selfie does not match the document' });
    await handle.signal(kycApprovedSignal, { operator: 'late' });
    expect(await handle.result()).toEqual({ outcome: 'refused', operator: 'ops', reason: 'Selfie does not match the document' });
    expect(callsFor(recipientId).map((c) => [c.name, (c.input as { outcome?: string }).outcome])).toEqual([['applyRecipientKycDecision', 'refused']]);
  });

  it('records every resubmission before the decision', async () => {
    const { recipientId, handle } = await start();
    await handle.signal(kycSubmittedSignal, submission);
    await handle.signal(kycSubmittedSignal, { ...submission, kycLinkId: 'kyc_2' });
    await env.sleep('2 days');
    expect(await handle.query(onboardingStateQuery)).toMatchObject({ submissions: 2 });
    await handle.signal(kycApprovedSignal, { operator: 'ops' });
    await handle.result();
    expect(callsFor(recipientId).map((c) => c.name)).toEqual(['recordRecipientKycSubmission', 'recordRecipientKycSubmission', 'applyRecipientKycDecision']);
  });
});
