import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company } from '../companies/company.entity';
import { computeFee, type FeeSpec } from './fee.rules';
import { FeeTable } from './fee-table.entity';
import { CARD_INSTALLMENTS, feeTableConfigSchema, type FeeTableConfig, type FeeTableView } from './fees.schemas';

const ZERO: FeeSpec = { percentage: 0, fixed: 0 };
const spec = (f: FeeSpec | undefined): FeeSpec => ({ percentage: f?.percentage ?? 0, fixed: f?.fixed ?? 0 });

/** The company's default currency when the caller names none (the spec's "account currency"). */
export function accountCurrency(company: Company): string {
  return company.settings.defaultCurrency ?? 'BRL';
}

/** A stored (partial) configuration made whole: every unconfigured fee is 0 / 0. */
export function resolveFeeTable(config: FeeTableConfig, currency: string): FeeTableView {
  return {
    pix: spec(config.pix),
    boleto: spec(config.boleto),
    creditCard: Array.from({ length: CARD_INSTALLMENTS }, (_, i) => ({ installments: i + 1, ...spec(config.creditCard?.[String(i + 1)]) })),
    withdrawal: spec(config.withdrawal),
    refund: spec(config.refund),
    chargeback: { fee: spec(config.chargeback?.fee), penalty: spec(config.chargeback?.penalty) },
    anticipation: { percentage: config.anticipation?.percentage ?? 0, approvalAbove: config.anticipation?.approvalAbove ?? null },
    currency,
  };
}

/** The company's fee table in a currency. A plain row: it is read twice for every payment (creation and settlement). */
export async function getFeeTable(em: EntityManager, companyId: string, currency: string): Promise<FeeTableView> {
  const [row] = await em.execute<{ fees: FeeTableConfig }[]>('select fees from fee_tables where company_id = ? and currency = ?', [companyId, currency]);
  return resolveFeeTable(row?.fees ?? {}, currency);
}

/**
 * Merges `patch` into the company's table for `currency` (what is not named is kept). Used
 * by the CLI (`fees set`); validated with the same schema whoever calls.
 */
export async function setFees(em: EntityManager, companyId: string, currency: string, patch: FeeTableConfig): Promise<FeeTableView> {
  const row = await em.findOne(FeeTable, { companyId, currency });
  const current = row?.fees ?? {};
  const merged = feeTableConfigSchema.parse({
    ...current,
    ...patch,
    creditCard: patch.creditCard || current.creditCard ? { ...current.creditCard, ...patch.creditCard } : undefined,
    chargeback: patch.chargeback || current.chargeback ? { ...current.chargeback, ...patch.chargeback } : undefined,
  });
  if (row) {
    row.fees = merged;
    row.updatedAt = new Date();
  } else {
    em.persist(em.create(FeeTable, { companyId, currency, fees: merged }));
  }
  await em.flush();
  return resolveFeeTable(merged, currency);
}

export type FeeOperation =
  | { kind: 'pix' | 'boleto' | 'withdrawal' | 'refund' | 'chargeback' | 'chargeback_penalty' }
  | { kind: 'credit_card'; installments: number };

/** The fee entry an operation uses. */
export function feeSpecFor(table: FeeTableView, op: FeeOperation): FeeSpec {
  switch (op.kind) {
    case 'credit_card': {
      const entry = table.creditCard.find((e) => e.installments === op.installments);
      if (!entry) throw new RangeError(`installments must be 1-${CARD_INSTALLMENTS}, got ${op.installments}`);
      return { percentage: entry.percentage, fixed: entry.fixed };
    }
    case 'chargeback':
      return table.chargeback.fee;
    case 'chargeback_penalty':
      return table.chargeback.penalty;
    default:
      return table[op.kind] ?? ZERO;
  }
}

/**
 * The fee in integer cents a company pays on `amount` for an operation: the single entry
 * point for payments, withdrawals, refunds and chargebacks (rounding: fee.rules computeFee).
 */
export async function feeFor(em: EntityManager, companyId: string, currency: string, op: FeeOperation, amount: number): Promise<number> {
  return computeFee(feeSpecFor(await getFeeTable(em, companyId, currency), op), amount);
}
