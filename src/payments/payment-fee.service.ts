import type { EntityManager } from '@mikro-orm/postgresql';
import { computeFee } from '../fees/fee.rules';
import { feeSpecFor, getFeeTable, resolveFeeTable } from '../fees/fees.service';
import type { FeeTableConfig, FeeTableView } from '../fees/fees.schemas';
import type { PaymentMethod } from './payment.entity';

/** Reads a company's fee table in a currency; `feeTables` reads each one once. */
export type FeeTables = (companyId: string, currency: string) => Promise<FeeTableView>;

/** Fee tables by `${companyId}:${currency}`, as one call read them. */
export type KnownFeeTables = Map<string, FeeTableView>;

/** What each `FeeTables` read, to pass on (`feeTablesRead`). */
const readBy = new WeakMap<FeeTables, Map<string, Promise<FeeTableView>>>();
/** Every fee table of a company, as one statement read them (`knowCompanyFeeTables`), by `FeeTables`. */
const wholeBy = new WeakMap<FeeTables, Map<string, Record<string, FeeTableConfig>>>();
/** Fee tables a call already read, by the EntityManager its next step works with (`knowFeeTables`). */
const knownBy = new WeakMap<EntityManager, KnownFeeTables>();

/**
 * Fee tables read once per company and currency for the work of one call (a batch of charges
 * or sales in one database transaction), instead of once per payment; those the call already
 * read in an earlier step (`knowFeeTables` on this `em`) are not read again.
 */
export function feeTables(em: EntityManager): FeeTables {
  const read = new Map<string, Promise<FeeTableView>>();
  const whole = new Map<string, Record<string, FeeTableConfig>>();
  const known = knownBy.get(em);
  const tables: FeeTables = (companyId, currency) => {
    const key = `${companyId}:${currency}`;
    let table = read.get(key);
    if (!table) {
      const had = known?.get(key);
      const all = whole.get(companyId);
      read.set(key, (table = had ? Promise.resolve(had) : all ? Promise.resolve(resolveFeeTable(all[currency] ?? {}, currency)) : getFeeTable(em, companyId, currency)));
    }
    return table;
  };
  readBy.set(tables, read);
  wholeBy.set(tables, whole);
  return tables;
}

/**
 * Gives `tables` every fee table of a company, read by another statement of the same call (the
 * owner lookup reads them with the owner link): none of that company's tables is read again.
 * A currency without a row is the empty table, as `getFeeTable` resolves it.
 */
export function knowCompanyFeeTables(tables: FeeTables, companyId: string, configs: Record<string, FeeTableConfig>): void {
  wholeBy.get(tables)?.set(companyId, configs);
}

/** The tables a `FeeTables` has read so far, resolved: what a later step of the same call may reuse. */
export async function feeTablesRead(tables: FeeTables): Promise<KnownFeeTables> {
  const read = readBy.get(tables) ?? new Map<string, Promise<FeeTableView>>();
  return new Map(await Promise.all([...read].map(async ([key, table]) => [key, await table] as const)));
}

/**
 * Lets the fee tables a call read in an earlier step (a creation's checks) serve its next step on
 * `em` (the card decision's settlement, moments later in the same request): one read of a
 * company's fees per sale, and the fee the creation checked is the fee the sale books.
 */
export function knowFeeTables(em: EntityManager, tables: KnownFeeTables): void {
  if (tables.size > 0) knownBy.set(em, new Map([...(knownBy.get(em) ?? []), ...tables]));
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
