import type { EntityManager } from '@mikro-orm/postgresql';
import type { TestStack, SeededCompany } from '../helpers/stack';
import { processorsOf } from '../../src/processors/processors';
import { registerPayoutWebhook } from '../../src/processors/payouts/payout-webhooks.service';
import { PAYOUT_RECONCILIATION_WORKFLOW } from '../../workflows/payouts/payout-reconciliation.contract';
import type { PayoutReconciliationResult } from '../../workflows/payouts/payout-reconciliation.contract';
import { sendKycDecision } from '../../src/recipients/recipient-onboarding-workflow.client';
import { setFees } from '../../src/fees/fees.service';
import { withdrawalStateQuery, type WithdrawalState } from '../../workflows/withdrawals/withdrawal.contract';
import { bankAccountFor, fullAddress, sellerBody } from '../recipients/fixtures';
import { runProviderSends, type EmbeddedEfiSend } from '../processors/embedded-efi-process';

/** Shared set-up of the withdrawal tests: active recipients, funds, balances, waiting on statuses. */

/**
 * A recipient linked to `company`, made active through the real KYC path (the operator's
 * kycApproved signal), with a bank account whose number is `bankAccount`.
 */
export async function activeRecipient(stack: TestStack, company: SeededCompany, bankAccount = '12345', bankCode?: string): Promise<string> {
  const body = sellerBody({ address: fullAddress });
  const created = await stack.http
    .post('/recipients')
    .set(company.headers)
    .send({ ...body, bankAccount: { ...bankAccountFor(body.document), bankAccount, ...(bankCode ? { bankCode } : {}) } });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { recipientId: id, companyId: company.company.id, operator: 'kyc-ops', outcome: 'approved' });
  await until(async () => (await stack.http.get(`/recipients/${id}`).set(company.headers)).body.status === 'active', `recipient ${id} active`);
  return id;
}

/** Withdrawable funds through the sandbox helper, as a merchant would add them. */
export async function fund(stack: TestStack, company: SeededCompany, recipientId: string, amount: number, currency = 'BRL'): Promise<void> {
  const res = await stack.http.post('/sandbox/ledger/credit').set(company.headers).send({ recipientId, amount, currency });
  expect(res.status).toBe(201);
}

export interface Balances {
  availableBalance: number;
  blockedBalance: number;
  withdrawableBalance: number;
}

export async function balances(stack: TestStack, company: SeededCompany, recipientId: string, currency = 'BRL'): Promise<Balances> {
  const res = await stack.http.get(`/wallets/owner/${recipientId}/balance`).set(company.headers);
  expect(res.status).toBe(200);
  const b = res.body.balances.find((x: { currency: string }) => x.currency === currency);
  return { availableBalance: b.availableBalance, blockedBalance: b.blockedBalance, withdrawableBalance: b.withdrawableBalance };
}

export const setWithdrawalFee = (stack: TestStack, company: SeededCompany, percentage: number, fixed: number) =>
  stack.em().transactional((em) => setFees(em, company.company.id, 'BRL', { withdrawal: { percentage, fixed } }));

export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls GET /withdrawals/:id until it reaches `status`; returns the body. */
export async function waitForStatus(stack: TestStack, company: SeededCompany, id: string, status: string, timeoutMs?: number): Promise<any> {
  let body: any;
  await until(async () => {
    body = (await stack.http.get(`/withdrawals/${id}`).set(company.headers)).body;
    return body.status === status;
  }, `${id} ${status} (last: ${JSON.stringify(body?.status)})`, timeoutMs);
  return body;
}

/** Waits until the workflow reports it is waiting for an operator (it has read its row). */
export async function awaitingApproval(stack: TestStack, id: string): Promise<WithdrawalState> {
  let state: WithdrawalState | undefined;
  await until(async () => {
    state = await stack.client.workflow.getHandle(id).query(withdrawalStateQuery);
    return state.stage === 'awaiting_approval';
  }, `${id} awaiting approval`);
  return state!;
}

export const historyOf = (w: { statusHistory: { status: string; changedBy: string; reason: string | null }[] }) =>
  w.statusHistory.map((h) => ({ status: h.status, changedBy: h.changedBy, reason: h.reason }));

/** The run's embedded payout provider (test/helpers/global-setup.ts). */
export function payoutProviderUrl(): string {
  const info = process.env.LASTRO_TEST_PAYOUT_PROVIDER;
  if (!info) throw new Error('LASTRO_TEST_PAYOUT_PROVIDER is not set: run integration tests through jest (globalSetup)');
  return (JSON.parse(info) as { baseUrl: string }).baseUrl;
}

/** The Pix the embedded provider holds for a withdrawal (idEnvio = its id's letters and digits). */
export async function providerSends(withdrawalId: string): Promise<EmbeddedEfiSend[]> {
  const idEnvio = withdrawalId.replace(/[^A-Za-z0-9]/g, '');
  return (await runProviderSends(withdrawalId)).filter((e) => e.idEnvio === idEnvio);
}

/** The simulator decides a held (`77777…`) send, or returns a paid one. */
export async function decidePayout(key: string, outcome: 'paid' | 'failed' | 'returned', extra: { codigo?: string; motivo?: string } = {}): Promise<number> {
  const res = await fetch(`${payoutProviderUrl()}/embedded/pix/${key.replace(/[^A-Za-z0-9]/g, '')}/outcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome, ...extra }),
  });
  return res.status;
}

/** Runs `fn` with the stack's payout callbacks lost (the provider's webhook pointed nowhere), then registers the webhook again. */
export async function withLostPayoutCallbacks<T>(stack: TestStack, fn: () => Promise<T>): Promise<T> {
  const rail = (await processorsOf(stack.deps).payoutById(stack.em() as unknown as EntityManager, 'default'))!;
  await rail.provider.registerWebhook('http://127.0.0.1:9/nowhere');
  try {
    return await fn();
  } finally {
    await registerPayoutWebhook(rail, stack.baseUrl);
  }
}

/** One payout reconciliation run on the stack's worker, as its schedule starts it. */
export const runPayoutReconciliation = (stack: TestStack): Promise<PayoutReconciliationResult> =>
  stack.client.workflow.execute(PAYOUT_RECONCILIATION_WORKFLOW, { taskQueue: stack.config.temporal.taskQueue, workflowId: `payout-reconciliation-${Date.now()}-${Math.random().toString(36).slice(2)}`, args: [] });
