import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { purgeCardSecretsWorkflow, purgeIdempotencyKeysWorkflow, sweepOutboxWorkflow } from '../../workflows/maintenance/maintenance.workflow';
import { sendKycDecision } from '../../src/recipients/recipient-onboarding-workflow.client';
import { recipientOnboardingWorkflowId } from '../../workflows/recipients/recipient-onboarding.contract';
import { sendWithdrawalDecision } from '../../src/cli/commands/withdrawals';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { newRecipient, pixBody } from '../payments/fixtures';
import { bankAccountFor, fullAddress, sellerBody } from '../recipients/fixtures';
import { fund, until } from '../withdrawals/fixtures';
import { HISTORY_DIR, historyAsJson } from './history-files';

/**
 * Records one history per workflow type into test/histories/<type>-<case>.json, through the
 * same flows a merchant drives (the API, the operator's CLI signals). Runs only when asked:
 *   npm run record:history -- <workflowType>     (or `all`)
 * A history may stop mid-run (a workflow waiting on a signal or a timer): replay checks the
 * commands up to that point, which is what catches a reordered workflow.
 * A new workflow type gets a recorder here (or records from its own test with historyAsJson).
 */

const wanted = process.env.RECORD_HISTORY ?? '';

interface Recorder {
  /** The case name in the file name. */
  name: string;
  /** Runs the flow; returns the workflow id whose history is saved. */
  run(stack: TestStack, company: SeededCompany): Promise<string>;
}

const maintenance = (workflow: () => Promise<unknown>): Recorder => ({
  name: 'run',
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

export const RECORDERS: Record<string, Recorder> = {
  purgeCardSecretsWorkflow: maintenance(purgeCardSecretsWorkflow),
  purgeIdempotencyKeysWorkflow: maintenance(purgeIdempotencyKeysWorkflow),
  sweepOutboxWorkflow: maintenance(sweepOutboxWorkflow),
  recipientOnboarding: {
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
  withdrawal: {
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
  checkoutSessionWorkflow: {
    name: 'opened-then-canceled',
    async run(stack, company) {
      const session = await post(stack, company, '/checkout/charges', { items: [{ name: 'Camiseta', quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } } });
      await until(async () => (await stack.client.workflow.getHandle(session.id).describe().catch(() => null)) !== null, 'session workflow started');
      await post(stack, company, `/checkout/charges/${session.id}/cancel`);
      await finished(stack.client, session.id);
      return session.id;
    },
  },
  refund: {
    name: 'pix-refunded',
    async run(stack, company) {
      await newRecipient(stack, company, { role: 'owner' });
      const txn = await post(stack, company, '/transactions', pixBody(1000));
      await post(stack, company, `/sandbox/payments/${txn.payments[0].id}/pay`);
      await until(async () => (await stack.http.get(`/transactions/${txn.id}`).set(company.headers)).body.status === 'paid', 'transaction paid');
      const refund = await post(stack, company, `/transactions/${txn.id}/payments/${txn.payments[0].id}/refund`, { amount: 400, reason: 'Buyer gave up' });
      await finished(stack.client, refund.id).catch(() => undefined);
      return refund.id;
    },
  },
};

const chosen = Object.entries(RECORDERS).filter(([type]) => wanted === 'all' || wanted.split(',').includes(type));
const maybe = chosen.length > 0 ? describe : describe.skip;

maybe('record workflow histories', () => {
  let stack: TestStack;
  let company: SeededCompany;
  beforeAll(async () => {
    stack = await startTestStack();
    company = await stack.seedCompany('Recorder');
  });
  afterAll(() => stack?.close());

  it.each(chosen.length > 0 ? chosen : [['none', RECORDERS.sweepOutboxWorkflow] as const])('%s', async (type, recorder) => {
    const workflowId = await recorder.run(stack, company);
    const history = await stack.client.workflow.getHandle(workflowId).fetchHistory();
    fs.writeFileSync(path.join(HISTORY_DIR, `${type}-${recorder.name}.json`), historyAsJson(history));
  });
});
