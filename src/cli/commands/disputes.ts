import { InvalidArgumentError, type Command } from 'commander';
import { decideDisputeInSandbox } from '../../disputes/dispute-sandbox.service';
import { DISPUTE_STATUSES, type DisputeOutcome, type DisputeStatus } from '../../disputes/dispute.rules';
import { getDispute, listDisputes } from '../../disputes/disputes.service';
import { ApiError } from '../../http/errors';
import { printJson, type CliContext } from '../context';

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: string): T => {
    if (!(values as readonly string[]).includes(v)) throw new InvalidArgumentError(`expected one of ${values.join(', ')}`);
    return v as T;
  };

/** The service's 4xx as the CLI's error (its message, exit 1). */
const plainly = async <T>(fn: () => Promise<T>): Promise<T> =>
  fn().catch((err: unknown) => {
    throw err instanceof ApiError ? new Error(`${err.code}: ${err.message}`) : err;
  });

/** `disputes list --company comp_…`, `disputes show <dsp_…> --company comp_…`, `disputes sandbox-outcome <dsp_…> --outcome won|lost`. */
export function register(program: Command, ctx: CliContext): void {
  const disputes = program.command('disputes').description('Disputes (one per chargeback): read them; decide one in the sandbox');

  disputes
    .command('list')
    .description('A company’s disputes, newest first (the API’s list)')
    .requiredOption('--company <companyId>', 'comp_… id')
    .option('--status <status>', `one of ${DISPUTE_STATUSES.join(', ')}`, oneOf(DISPUTE_STATUSES))
    .option('--transaction <transactionId>', 'only this transaction’s')
    .option('--limit <n>', 'at most this many (1-100)', '100')
    .action(async (opts: { company: string; status?: DisputeStatus; transaction?: string; limit: string }) => {
      const limit = Math.min(100, Math.max(1, Number(opts.limit) || 100));
      const { disputes: rows, total } = await ctx.transaction((em) => listDisputes(em, opts.company, { status: opts.status, transactionId: opts.transaction, limit, page: 1 }));
      printJson({ total, data: rows });
    });

  disputes
    .command('show')
    .description('One dispute of a company: deadline, evidence, outcome')
    .argument('<disputeId>', 'dsp_… id')
    .requiredOption('--company <companyId>', 'comp_… id')
    .action(async (disputeId: string, opts: { company: string }) => {
      printJson(await plainly(() => ctx.transaction((em) => getDispute(em, opts.company, disputeId))));
    });

  disputes
    .command('sandbox-outcome')
    .description('Sandbox only: the issuer decides the dispute at the embedded acquirer, which notifies Lastro (dispute.won or dispute.lost follow)')
    .argument('<disputeId>', 'dsp_… id')
    .requiredOption('--outcome <outcome>', 'won or lost', oneOf<DisputeOutcome>(['won', 'lost']))
    .action(async (disputeId: string, opts: { outcome: DisputeOutcome }) => {
      await plainly(() => ctx.transaction((em) => decideDisputeInSandbox(em, ctx.config, { companyId: null, disputeId, outcome: opts.outcome })));
      printJson({ disputeId, outcome: opts.outcome, status: 'deciding' });
    });
}
