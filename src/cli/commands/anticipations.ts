import type { Command } from 'commander';
import { sendAnticipationDecision } from '../../anticipations/anticipation-workflow.client';
import { findAnticipation, pendingApprovals } from '../../anticipations/anticipations.service';
import { anticipationWorkflowId } from '../../../workflows/anticipations/anticipation.contract';
import { printJson, type CliContext } from '../context';

/** `anticipations pending`, `anticipations approve <ant_…> [--reason …]`, `anticipations reject <ant_…> --reason …`. */
export function register(program: Command, ctx: CliContext): void {
  const anticipations = program.command('anticipations').description('Anticipations: operator approval above the company’s approval amount');

  const decide = async (anticipationId: string, approve: boolean, reason?: string) => {
    const a = await ctx.transaction((em) => findAnticipation(em, anticipationId));
    if (!a) throw new Error(`No anticipation ${anticipationId}`);
    // Only one waiting for approval takes a decision; saying so beats a signal the workflow would ignore.
    if (a.status !== 'pending_approval') throw new Error(`Anticipation ${anticipationId} is ${a.status}; only one pending_approval can be approved or rejected`);
    await sendAnticipationDecision(await ctx.temporalClient(), { anticipationId, approve, reason });
    printJson({ anticipationId, workflowId: anticipationWorkflowId(anticipationId), signal: approve ? 'approve' : 'reject', reason: reason ?? null });
  };

  anticipations
    .command('pending')
    .description('List anticipations awaiting an operator (status pending_approval), oldest first')
    .option('--limit <n>', 'at most this many', '100')
    .action(async (opts: { limit: string }) => {
      printJson(await ctx.transaction((em) => pendingApprovals(em, Number(opts.limit) || 100)));
    });

  anticipations
    .command('approve')
    .description('Approve an anticipation: its reserved receivables are anticipated and the net credited as available (anticipation.approved, anticipation.completed)')
    .argument('<anticipationId>', 'ant_… id (= the workflow id)')
    .option('--reason <text>', 'why (kept on the anticipation)')
    .action((anticipationId: string, opts: { reason?: string }) => decide(anticipationId, true, opts.reason));

  anticipations
    .command('reject')
    .description('Reject an anticipation: its receivables wait for their dates again (anticipation.rejected)')
    .argument('<anticipationId>', 'ant_… id (= the workflow id)')
    .requiredOption('--reason <text>', 'why (kept on the anticipation and sent in anticipation.rejected)')
    .action((anticipationId: string, opts: { reason: string }) => decide(anticipationId, false, opts.reason));
}
