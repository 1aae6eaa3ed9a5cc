import type { EntityManager } from '@mikro-orm/postgresql';
import { computeFee } from '../fees/fee.rules';
import { feeSpecFor, getFeeTable } from '../fees/fees.service';
import type { FeeTableView } from '../fees/fees.schemas';
import type { PaymentMethod } from './payment.entity';

/** Reads a company's fee table in a currency; `feeTables` reads each one once. */
export type FeeTables = (companyId: string, currency: string) => Promise<FeeTableView>;

/**
 * Fee tables read once per company and currency for the work of one call (a batch of charges
 * or sales in one database transaction), instead of once per payment.
 */
export function feeTables(em: EntityManager): FeeTables {
  const read = new Map<string, Promise<FeeTableView>>();
  return (companyId, currency) => {
    const key = `${companyId}:${currency}`;
    let table = read.get(key);
    if (!table) read.set(key, (table = getFeeTable(em, companyId, currency)));
    return table;
  };
}

/** The company's processing fee on a payment: its fee table entry for the method (and installment count for cards). */
export async function paymentFee(
  em: EntityManager,
  companyId: string,
  p: { method: PaymentMethod; installments: number; amount: number; currency?: string },
  tables: FeeTables = feeTables(em),
): Promise<number> {
  const op = p.method === 'credit_card' ? { kind: 'credit_card' as const, installments: p.installments } : { kind: p.method };
  return computeFee(feeSpecFor(await tables(companyId, p.currency ?? 'BRL'), op), p.amount);
}
