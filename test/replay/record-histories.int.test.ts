import type { Client } from '@temporalio/client';
import { foldBalancesWorkflow, purgeCardSecretsWorkflow, purgeIdempotencyKeysWorkflow, sweepOutboxWorkflow } from '../../workflows/maintenance/maintenance.workflow';
import { sendKycDecision } from '../../src/recipients/recipient-onboarding-workflow.client';
import { recipientOnboardingWorkflowId } from '../../workflows/recipients/recipient-onboarding.contract';
import { sendWithdrawalDecision } from '../../src/withdrawals/withdrawal-workflow.client';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { bankAccountFor, fullAddress, sellerBody } from '../recipients/fixtures';
import { fund, until } from '../withdrawals/fixtures';
import { recordHistory } from './history-files';

/**
 * Records a history for each workflow type that no test of its own records, into
 * test/histories/<domain>/, through the flows a merchant drives (the API, the operator's CLI
 * signals). Runs under `npm run record:history` only (RECORD_HISTORIES set), with the tests
 * that record their own histories through recordHistory().
 * A history may stop mid-run (a workflow waiting on a signal or a timer): replay checks the
 * commands up to that point, which is what catches a reordered workflow.
 */

interface Recorder {
  /** The folder under test/histories/. */
  domain: string;
  /** The case name in the file name. */
  name: string;
  /** Runs the flow; returns the workflow id whose history is saved. */
  run(stack: TestStack, company: SeededCompany): Promise<string>;
}

const maintenance = (workflow: () => Promise<unknown>): Recorder => ({
  domain: 'maintenance',
  name: workflow.name,
  async run(stack) {
    const workflowId = `record-${workflow.name}-${Date.now()}`;
    await stack.client.workflow.execute(workflow, { taskQueue: stack.config.temporal.taskQueue, workflowId, args: [] });
    return workflowId;
  },
});

const post = async (stack: TestStack, company: SeededCompany, url: string, body: object = {}) => {
  const res = await stack.http.post(url).set(company.headers).send(body);
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** A seller with address and bank account: its onboarding workflow waits for the KYC decision. */
const sellerReadyForKyc = async (stack: TestStack, company: SeededCompany): Promise<string> => {
  const body = sellerBody({ address: fullAddress });
  return (await post(stack, company, '/recipients', { ...body, bankAccount: bankAccountFor(body.document) })).id;
};

const finished = async (client: Client, workflowId: string) => {
  await until(async () => (await client.workflow.getHandle(workflowId).describe()).status.name !== 'RUNNING', `${workflowId} finished`, 60_000);
};

const RECORDERS: Record<string, Recorder> = {
  purgeCardSecretsWorkflow: maintenance(purgeCardSecretsWorkflow),
  purgeIdempotencyKeysWorkflow: maintenance(purgeIdempotencyKeysWorkflow),
  sweepOutboxWorkflow: maintenance(sweepOutboxWorkflow),
  foldBalancesWorkflow: maintenance(foldBalancesWorkflow),
  recipientOnboardingWorkflow: {
    domain: 'recipients',
    name: 'kyc-approved',
    async run(stack, company) {
      const link = { recipientId: await sellerReadyForKyc(stack, company), companyId: company.company.id };
      const id = recipientOnboardingWorkflowId(link);
      await until(async () => (await stack.client.workflow.getHandle(id).describe().catch(() => null)) !== null, 'onboarding started');
      await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { ...link, operator: 'kyc-ops', outcome: 'approved' });
      await finished(stack.client, id);
      return id;
    },
  },
  withdrawalWorkflow: {
    domain: 'withdrawals',
    name: 'paid-out',
    async run(stack, company) {
      const recipientId = await sellerReadyForKyc(stack, company);
      await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { recipientId, companyId: company.company.id, operator: 'kyc-ops', outcome: 'approved' });
      await until(async () => (await stack.http.get(`/recipients/${recipientId}`).set(company.headers)).body.status === 'active', 'recipient active');
      await fund(stack, company, recipientId, 5000);
      const { id } = await post(stack, company, '/withdrawals', { recipientId, amount: 1000 });
      await sendWithdrawalDecision(stack.client, stack.config.temporal.taskQueue, { withdrawalId: id, operator: 'ops', outcome: 'approve' });
      await finished(stack.client, id);
      return id;
    },
  },


};

const maybe = process.env.RECORD_HISTORIES ? describe : describe.skip;

maybe('record workflow histories', () => {
  let stack: TestStack;
  let company: SeededCompany;
  beforeAll(async () => {
    stack = await startTestStack();
    company = await stack.seedCompany('Recorder');
  });
  afterAll(() => stack?.close());

  it.each(Object.entries(RECORDERS))('%s', async (_type, recorder) => {
    await recordHistory(recorder.domain, recorder.name, stack.client.workflow.getHandle(await recorder.run(stack, company)));
  });
});
