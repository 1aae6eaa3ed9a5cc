import type { Command } from 'commander';
import type { Client } from '@temporalio/client';
import { RecipientLink } from '../../recipients/recipient.entity';
import {
  RECIPIENT_ONBOARDING_WORKFLOW,
  kycApprovedSignal,
  kycRefusedSignal,
  recipientOnboardingWorkflowId,
  type RecipientOnboardingInput,
} from '../../../workflows/recipients/recipient-onboarding.contract';
import { printJson, type CliContext } from '../context';

export type KycDecisionCommand = { recipientId: string; operator: string } & ({ outcome: 'approved' } | { outcome: 'refused'; reason: string });

/**
 * Sends the operator's KYC decision: the same `kycApproved` / `kycRefused` signal an
 * operator can send from the Temporal UI. Signal-with-start, so a decision still lands if
 * the workflow was never started (e.g. the API's after-commit start failed).
 */
export async function sendKycDecision(temporal: Client, taskQueue: string, d: KycDecisionCommand): Promise<void> {
  const common = {
    workflowId: recipientOnboardingWorkflowId(d.recipientId),
    taskQueue,
    args: [{ recipientId: d.recipientId } satisfies RecipientOnboardingInput] as [RecipientOnboardingInput],
  };
  if (d.outcome === 'approved') {
    await temporal.workflow.signalWithStart(RECIPIENT_ONBOARDING_WORKFLOW, { ...common, signal: kycApprovedSignal, signalArgs: [{ operator: d.operator }] });
  } else {
    await temporal.workflow.signalWithStart(RECIPIENT_ONBOARDING_WORKFLOW, { ...common, signal: kycRefusedSignal, signalArgs: [{ operator: d.operator, reason: d.reason }] });
  }
}

const defaultOperator = (): string => process.env.LASTRO_OPERATOR || process.env.USER || 'cli';

/** `recipients kyc-approve <rec_…>` and `recipients kyc-refuse <rec_…> --reason …`. */
export function register(program: Command, ctx: CliContext): void {
  const recipients = program.command('recipients').description('Recipients (sellers): KYC decisions');

  const decide = async (d: KycDecisionCommand) => {
    const links = await ctx.transaction((em) => em.find(RecipientLink, { recipientId: d.recipientId, deletedAt: null }));
    if (links.length === 0) throw new Error(`No recipient ${d.recipientId} linked to any company`);
    await sendKycDecision(await ctx.temporalClient(), ctx.config.temporal.taskQueue, d);
    printJson({ recipientId: d.recipientId, workflowId: recipientOnboardingWorkflowId(d.recipientId), signal: d.outcome === 'approved' ? 'kycApproved' : 'kycRefused', operator: d.operator });
  };

  recipients
    .command('kyc-approve')
    .description('Approve a recipient’s KYC: its links awaiting KYC become active (recipient.approved)')
    .argument('<recipientId>', 'rec_… id (= the workflow id)')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((recipientId: string, opts: { operator?: string }) => decide({ recipientId, operator: opts.operator ?? defaultOperator(), outcome: 'approved' }));

  recipients
    .command('kyc-refuse')
    .description('Refuse a recipient’s KYC: its links awaiting KYC become refused (recipient.refused)')
    .argument('<recipientId>', 'rec_… id (= the workflow id)')
    .requiredOption('--reason <text>', 'why (sent to the merchant in the recipient.refused event)')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((recipientId: string, opts: { operator?: string; reason: string }) =>
      decide({ recipientId, operator: opts.operator ?? defaultOperator(), outcome: 'refused', reason: opts.reason }),
    );
}
