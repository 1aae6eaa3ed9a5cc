import type { Command } from 'commander';
import { iso } from '../../db/base.entity';
import { Withdrawal } from '../../withdrawals/withdrawal.entity';
import { sendWithdrawalDecision, type WithdrawalDecision } from '../../withdrawals/withdrawal-workflow.client';
import { withdrawalWorkflowId } from '../../../workflows/withdrawals/withdrawal.contract';
import { PAYOUT_RUN_WORKFLOW, type PayoutRunProgress } from '../../../workflows/payout-schedules/payout-run.contract';
import { isRunDate } from '../../receivables/receivable.rules';
import { printJson, type CliContext } from '../context';

const defaultOperator = (): string => process.env.LASTRO_OPERATOR || process.env.USER || 'cli';

/** `withdrawals pending`, `withdrawals approve <wdr_…>`, `withdrawals reject <wdr_…> --reason …` and `withdrawals payout-run --on <date>`. */
export function register(program: Command, ctx: CliContext): void {
  const withdrawals = program.command('withdrawals').description('Withdrawals: operator approval');

  const decide = async (d: WithdrawalDecision) => {
    const w = await ctx.transaction((em) => em.findOne(Withdrawal, { id: d.withdrawalId }));
    if (!w) throw new Error(`No withdrawal ${d.withdrawalId}`);
    // Only a requested withdrawal awaits a decision; saying so beats a signal the workflow would ignore.
    if (w.status !== 'requested') throw new Error(`Withdrawal ${d.withdrawalId} is ${w.status}; only a requested withdrawal can be approved or rejected`);
    await sendWithdrawalDecision(await ctx.temporalClient(), ctx.config.temporal.taskQueue, d);
    printJson({ withdrawalId: d.withdrawalId, workflowId: withdrawalWorkflowId(d.withdrawalId), signal: d.outcome, operator: d.operator });
  };

  withdrawals
    .command('pending')
    .description('List withdrawals awaiting an operator (status requested), oldest first')
    .option('--limit <n>', 'at most this many', '100')
    .action(async (opts: { limit: string }) => {
      const rows = await ctx.transaction((em) => em.find(Withdrawal, { status: 'requested' }, { orderBy: { createdAt: 'asc' }, limit: Number(opts.limit) || 100 }));
      printJson(rows.map((w) => ({ id: w.id, companyId: w.companyId, amount: w.amount, fee: w.fee, netAmount: w.netAmount, currency: w.currency, createdAt: iso(w.createdAt) })));
    });

  withdrawals
    .command('approve')
    .description('Approve a requested withdrawal: it is paid out to the recipient’s bank account (withdrawal.paid)')
    .argument('<withdrawalId>', 'wdr_… id (= the workflow id)')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((withdrawalId: string, opts: { operator?: string }) => decide({ withdrawalId, operator: opts.operator ?? defaultOperator(), outcome: 'approve' }));

  withdrawals
    .command('payout-run')
    .description('Run the payout schedules due on a São Paulo date (a missed day, or today again): once per recipient and date; prints the run’s progress')
    .requiredOption('--on <YYYY-MM-DD>', 'the date whose schedules are paid')
    .action(async (opts: { on: string }) => {
      if (!isRunDate(opts.on)) throw new Error(`--on must be a date YYYY-MM-DD, got ${opts.on}`);
      const client = await ctx.temporalClient();
      const progress: PayoutRunProgress = await client.workflow.execute(PAYOUT_RUN_WORKFLOW, {
        taskQueue: ctx.config.temporal.taskQueue,
        workflowId: `payout-run-manual-${opts.on}-${Date.now()}`,
        args: [{ on: opts.on }],
      });
      printJson(progress);
    });

  withdrawals
    .command('reject')
    .description('Reject a requested withdrawal: its reservation is released (withdrawal.rejected)')
    .argument('<withdrawalId>', 'wdr_… id (= the workflow id)')
    .requiredOption('--reason <text>', 'why (kept in statusHistory and sent in withdrawal.rejected)')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((withdrawalId: string, opts: { operator?: string; reason: string }) =>
      decide({ withdrawalId, operator: opts.operator ?? defaultOperator(), outcome: 'reject', reason: opts.reason }),
    );
}
