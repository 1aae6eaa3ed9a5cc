import type { Command } from 'commander';
import { RecipientLink } from '../../recipients/recipient.entity';
import { chooseKycLink } from '../../recipients/recipient.rules';
import { sendKycDecision } from '../../recipients/recipient-onboarding-workflow.client';
import { parseRecipientOnboardingWorkflowId, recipientOnboardingWorkflowId } from '../../../workflows/recipients/recipient-onboarding.contract';
import { printJson, type CliContext } from '../context';

// Tests and scripts drive the operator's decision as the CLI sends it.
export { sendKycDecision, type KycDecisionCommand } from '../../recipients/recipient-onboarding-workflow.client';

const defaultOperator = (): string => process.env.LASTRO_OPERATOR || process.env.USER || 'cli';

type Decision = { outcome: 'approved' } | { outcome: 'refused'; reason: string };

/**
 * `recipients kyc-approve <rec_…> [--company comp_…]` and `recipients kyc-refuse <rec_…> --reason …`.
 * KYC is per company link: the command decides one link, named by --company, by the only live
 * link, or by a workflow id `rec_…:comp_…` pasted from the Temporal UI.
 */
export function register(program: Command, ctx: CliContext): void {
  const recipients = program.command('recipients').description('Recipients (sellers): KYC decisions, one company link at a time');

  const decide = async (target: string, opts: { company?: string; operator?: string }, decision: Decision) => {
    const named = parseRecipientOnboardingWorkflowId(target);
    const recipientId = named?.recipientId ?? target;
    if (named && opts.company && opts.company !== named.companyId) throw new Error(`${target} names company ${named.companyId}, not ${opts.company}`);
    const links = await ctx.transaction((em) => em.find(RecipientLink, { recipientId, deletedAt: null }, { orderBy: { createdAt: 'asc' } }));
    const chosen = chooseKycLink(recipientId, links, named?.companyId ?? opts.company);
    if ('error' in chosen) throw new Error(chosen.error);
    const link = { recipientId, companyId: chosen.companyId };
    const operator = opts.operator ?? defaultOperator();
    await sendKycDecision(await ctx.temporalClient(), ctx.config.temporal.taskQueue, { ...link, operator, ...decision });
    printJson({ ...link, workflowId: recipientOnboardingWorkflowId(link), signal: decision.outcome === 'approved' ? 'kycApproved' : 'kycRefused', operator });
  };

  recipients
    .command('kyc-approve')
    .description('Approve one company link’s KYC: that link, if awaiting KYC, becomes active (recipient.approved to that company)')
    .argument('<recipientId>', 'rec_… id, or the workflow id rec_…:comp_…')
    .option('--company <companyId>', 'whose link (comp_…); required when the recipient is linked to several companies')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((recipientId: string, opts: { company?: string; operator?: string }) => decide(recipientId, opts, { outcome: 'approved' }));

  recipients
    .command('kyc-refuse')
    .description('Refuse one company link’s KYC: that link, if awaiting KYC, becomes refused (recipient.refused to that company)')
    .argument('<recipientId>', 'rec_… id, or the workflow id rec_…:comp_…')
    .requiredOption('--reason <text>', 'why (sent to the merchant in the recipient.refused event)')
    .option('--company <companyId>', 'whose link (comp_…); required when the recipient is linked to several companies')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((recipientId: string, opts: { company?: string; operator?: string; reason: string }) => decide(recipientId, opts, { outcome: 'refused', reason: opts.reason }));
}
