import type { Command } from 'commander';
import { iso } from '../../db/base.entity';
import { Company } from '../../companies/company.entity';
import { refundSettingsOf, setAutoRefundApproval } from '../../companies/companies.service';
import { Refund } from '../../refunds/refund.entity';
import { awaitsDecision, canRefuse } from '../../refunds/refund.rules';
import { sendRefundDecision } from '../../refunds/refund-workflow.client';
import { refundWorkflowId } from '../../../workflows/refunds/refund.contract';
import { printJson, type CliContext } from '../context';

const defaultOperator = (): string => process.env.LASTRO_OPERATOR || process.env.USER || 'cli';

/**
 * `refunds settings <comp_…> [--auto-approve on|off]`, `refunds pending`, `refunds approve <ref_…>`,
 * `refunds refuse <ref_…> [--reason …]`. Decisions are the `approve` / `refuse` signals an
 * operator can also send from the Temporal UI (signal-with-start: they land even if the run is missing).
 */
export function register(program: Command, ctx: CliContext): void {
  const refunds = program.command('refunds').description('Refunds: automatic approval setting and operator review');

  refunds
    .command('settings')
    .description('Show, or with --auto-approve set, a company’s automatic refund approval (on by default)')
    .argument('<companyId>', 'comp_… id')
    .option('--auto-approve <on|off>', 'on: card/Pix refunds go straight to processing; off: refunds start pending')
    .action(async (companyId: string, opts: { autoApprove?: string }) => {
      if (opts.autoApprove !== undefined && opts.autoApprove !== 'on' && opts.autoApprove !== 'off') throw new Error('--auto-approve takes on or off');
      const settings = await ctx.transaction(async (em) => {
        const company = await em.findOne(Company, { id: companyId });
        if (!company) throw new Error(`No company ${companyId}`);
        return opts.autoApprove === undefined ? refundSettingsOf(company) : setAutoRefundApproval(em, companyId, opts.autoApprove === 'on');
      });
      printJson({ companyId, ...settings });
    });

  refunds
    .command('pending')
    .description('List refunds awaiting a review (status pending), oldest first')
    .option('--limit <n>', 'at most this many', '100')
    .action(async (opts: { limit: string }) => {
      const rows = await ctx.transaction((em) => em.find(Refund, { status: 'pending' }, { orderBy: { createdAt: 'asc' }, limit: Number(opts.limit) || 100 }));
      printJson(rows.map((r) => ({ id: r.id, companyId: r.companyId, transactionId: r.transactionId, amount: r.amount, paymentMethod: r.paymentMethod, reason: r.reason, createdAt: iso(r.createdAt) })));
    });

  const decide = async (refundId: string, operator: string, reason: string | null) => {
    const refund = await ctx.transaction((em) => em.findOne(Refund, { id: refundId }));
    if (!refund) throw new Error(`No refund ${refundId}`);
    const allowed = reason === null ? awaitsDecision(refund.status) : canRefuse(refund.status);
    if (!allowed) throw new Error(`Refund ${refundId} is ${refund.status}; it cannot be ${reason === null ? 'approved' : 'refused'}`);
    const decision = reason === null ? ({ refundId, operator, outcome: 'approve' } as const) : ({ refundId, operator, outcome: 'refuse', reason: reason || null } as const);
    await sendRefundDecision(await ctx.temporalClient(), ctx.config.temporal.taskQueue, decision);
    printJson({ refundId, workflowId: refundWorkflowId(refundId), signal: reason === null ? 'approve' : 'refuse', operator });
  };

  refunds
    .command('approve')
    .description('Approve a pending refund (card/Pix go to the acquirer, boleto asks the buyer for bank details), or confirm the buyer’s account of one awaiting_confirmation')
    .argument('<refundId>', 'ref_… id (= the workflow id)')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((refundId: string, opts: { operator?: string }) => decide(refundId, opts.operator ?? defaultOperator(), null));

  refunds
    .command('refuse')
    .description('Refuse a refund that has not started moving money (its reservation is released)')
    .argument('<refundId>', 'ref_… id (= the workflow id)')
    .option('--reason <text>', 'the reviewer’s note (the refund’s own reason is kept)')
    .option('--operator <name>', 'who decides (default: $LASTRO_OPERATOR or $USER)')
    .action((refundId: string, opts: { operator?: string; reason?: string }) => decide(refundId, opts.operator ?? defaultOperator(), opts.reason ?? ''));
}
