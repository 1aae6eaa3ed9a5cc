import { proxyActivities } from '@temporalio/workflow';
import type { WithdrawalActivities, WithdrawalOutcome, WithdrawalWorkflowInput } from '../../../workflows/withdrawals/withdrawal.contract';

/**
 * TEST ONLY, the negative control of test/replay/all-workflows.int.test.ts: the withdrawal
 * workflow with its first two steps swapped (the payout is sent before the row is loaded), the
 * kind of edit that breaks running workflows. Replaying a real withdrawal history against it
 * must fail with a non-determinism error. Never exported from workflows/index.ts.
 */
const { loadWithdrawal, sendWithdrawalPayout, completeWithdrawalPayout } = proxyActivities<WithdrawalActivities>({ startToCloseTimeout: '1 minute' });

export async function withdrawalWorkflow(input: WithdrawalWorkflowInput): Promise<WithdrawalOutcome> {
  const payout = await sendWithdrawalPayout({ withdrawalId: input.withdrawalId });
  await loadWithdrawal({ withdrawalId: input.withdrawalId });
  const status = await completeWithdrawalPayout({ withdrawalId: input.withdrawalId, payout });
  return { status };
}
