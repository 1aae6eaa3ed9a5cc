import { InvalidArgumentError, type Command } from 'commander';
import { Company } from '../../companies/company.entity';
import { feeTableConfigSchema, type FeeTableConfig, type FeeTableView } from '../../fees/fees.schemas';
import { accountCurrency, getFeeTable, setFees } from '../../fees/fees.service';
import type { FeeSpec } from '../../fees/fee.rules';
import { printJson, type CliContext } from '../context';

/** `2.99:50` → 2.99% + 50 cents; `2.99` alone → no fixed part. */
export function parseFee(value: string): FeeSpec {
  const m = /^(\d+(?:\.\d+)?)(?::(\d+))?$/.exec(value.trim());
  if (!m) throw new InvalidArgumentError(`expected <percentage>[:<fixed cents>], e.g. 2.99:50, got "${value}"`);
  return { percentage: Number(m[1]), fixed: Number(m[2] ?? 0) };
}

/** `3=2.99:0` or `2-6=3.49:0` (a range of installment counts), repeatable. */
export function parseInstallments(value: string, previous: Record<string, FeeSpec> = {}): Record<string, FeeSpec> {
  const m = /^(\d{1,2})(?:-(\d{1,2}))?=(.+)$/.exec(value.trim());
  if (!m) throw new InvalidArgumentError(`expected <n>=<fee> or <from>-<to>=<fee>, e.g. 2-6=3.49:0, got "${value}"`);
  const from = Number(m[1]);
  const to = Number(m[2] ?? m[1]);
  if (from < 1 || to > 12 || from > to) throw new InvalidArgumentError('installments are 1 to 12');
  const fee = parseFee(m[3]);
  const out = { ...previous };
  for (let n = from; n <= to; n++) out[String(n)] = fee;
  return out;
}

interface FeesSetOptions {
  company: string;
  currency?: string;
  pix?: FeeSpec;
  boleto?: FeeSpec;
  creditCard?: Record<string, FeeSpec>;
  withdrawal?: FeeSpec;
  refund?: FeeSpec;
  chargebackFee?: FeeSpec;
  chargebackPenalty?: FeeSpec;
  anticipation?: number;
  anticipationApprovalAbove?: number | null;
}

/** `3` → 3% a month (per 30 days anticipated). */
export function parseMonthlyRate(value: string): number {
  if (!/^\d+(?:\.\d+)?$/.test(value.trim())) throw new InvalidArgumentError(`expected a percentage per month, e.g. 2.5, got "${value}"`);
  return Number(value);
}

/** Integer cents, or `none` (no anticipation waits for an operator). */
export function parseApprovalAbove(value: string): number | null {
  if (value.trim() === 'none') return null;
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected integer cents or none, got "${value}"`);
  return Number(value);
}

/**
 * The options as a partial fee table (what is not named keeps its configured value). The
 * anticipation entry is stored whole: the part not named is the `current` one's.
 */
export function feePatch(o: FeesSetOptions, current: FeeTableView['anticipation'] = { percentage: 0, approvalAbove: null }): FeeTableConfig {
  return feeTableConfigSchema.parse({
    pix: o.pix,
    boleto: o.boleto,
    creditCard: o.creditCard,
    withdrawal: o.withdrawal,
    refund: o.refund,
    chargeback: o.chargebackFee || o.chargebackPenalty ? { fee: o.chargebackFee, penalty: o.chargebackPenalty } : undefined,
    anticipation:
      o.anticipation !== undefined || o.anticipationApprovalAbove !== undefined
        ? { percentage: o.anticipation ?? current.percentage, approvalAbove: o.anticipationApprovalAbove !== undefined ? o.anticipationApprovalAbove : current.approvalAbove }
        : undefined,
  });
}

/** `fees set --company comp_… [--currency BRL] --pix 0.99 --credit-card 1=2.99 --credit-card 2-12=3.49:0 …` */
export function register(program: Command, ctx: CliContext): void {
  const fees = program.command('fees').description('Fee tables (per company and currency)');
  fees
    .command('set')
    .description('Set some of a company’s fees in one currency (<percentage>[:<fixed cents>]); prints the resolved table')
    .requiredOption('--company <companyId>', 'comp_… id')
    .option('--currency <code>', 'ISO 4217 (default: the company’s currency)', (v: string) => {
      if (!/^[A-Za-z]{3}$/.test(v)) throw new InvalidArgumentError('expected 3 letters');
      return v.toUpperCase();
    })
    .option('--pix <fee>', 'Pix', parseFee)
    .option('--boleto <fee>', 'boleto', parseFee)
    .option('--credit-card <n=fee>', 'card, per installment count or range (repeatable)', parseInstallments)
    .option('--withdrawal <fee>', 'withdrawal', parseFee)
    .option('--refund <fee>', 'refund', parseFee)
    .option('--chargeback-fee <fee>', 'chargeback fee', parseFee)
    .option('--chargeback-penalty <fee>', 'chargeback penalty', parseFee)
    .option('--anticipation <percentage>', 'anticipation fee, percent per 30 days anticipated (pro rata by day)', parseMonthlyRate)
    .option('--anticipation-approval-above <cents|none>', 'anticipations above these gross cents wait for an operator; none: none waits', parseApprovalAbove)
    .action(async (o: FeesSetOptions) => {
      const table = await ctx.transaction(async (em) => {
        const company = await em.findOne(Company, { id: o.company, deletedAt: null });
        if (!company) throw new Error(`No company ${o.company}`);
        const currency = o.currency ?? accountCurrency(company);
        return setFees(em, company.id, currency, feePatch(o, (await getFeeTable(em, company.id, currency)).anticipation));
      });
      printJson({ companyId: o.company, ...table });
    });
}
