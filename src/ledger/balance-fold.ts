import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Balances as folded rows plus changes (docs/ledger.md, "Balances"). An entry inserts a change
 * row (the entry trigger); a fold moves an account's committed changes into its
 * `ledger_accounts.balance`. It deletes the changes and adds what it deleted in one statement:
 * a change is deleted by exactly one fold, and one committed after the statement began stays
 * for the next, so nothing is counted twice or lost. Read balances from the view
 * `ledger_balances` (row + changes), never from `ledger_accounts.balance` alone.
 *
 * Locks are FOR NO KEY UPDATE: they stop other debits and folds, never a credit, whose entry's
 * foreign key check takes only a key-share lock on the account row.
 */

const list = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Folds the changes of accounts whose row lock this transaction holds; the new balances of the accounts that had changes. */
export async function foldBalances(em: EntityManager, accountIds: readonly string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await em.execute<{ id: string; balance: string }[]>(
    `with d as (delete from ledger_balance_changes where account_id in (${list(accountIds)}) returning account_id, amount),
          s as (select account_id, sum(amount) as amount from d group by account_id)
     update ledger_accounts a set balance = a.balance + s.amount from s where a.id = s.account_id returning a.id, a.balance`,
    [...accountIds],
  );
  return new Map(rows.map((r) => [r.id, Number(r.balance)]));
}

/**
 * Locks the accounts in id order (two debits never deadlock) and folds them: their exact
 * balances for everything committed, which only credits (never below) can change until the
 * transaction ends. Call inside a transaction.
 */
export async function lockBalances(em: EntityManager, accountIds: readonly string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const sorted = [...accountIds].sort();
  const locked = await em.execute<{ id: string; balance: string }[]>(
    `select id, balance from ledger_accounts where id in (${list(sorted)}) order by id for no key update`,
    sorted,
  );
  const balances = new Map(locked.map((r) => [r.id, Number(r.balance)]));
  for (const [id, balance] of await foldBalances(em, sorted)) balances.set(id, balance);
  return balances;
}

/**
 * One page of the periodic fold: the accounts after `after` (id order) that have changes, each
 * folded under its row lock. An account another transaction holds (a debit, which folds it
 * itself) is skipped, not waited for. `last` is where the next page starts, null at the end.
 */
export async function foldChangedAccounts(em: EntityManager, page: { after: string | null; limit: number }): Promise<{ folded: number; last: string | null }> {
  return em.transactional(async (tem) => {
    const changed = await tem.execute<{ account_id: string }[]>(
      `select distinct account_id from ledger_balance_changes where account_id > ? order by account_id limit ?`,
      [page.after ?? '', page.limit],
    );
    if (changed.length === 0) return { folded: 0, last: null };
    const ids = changed.map((r) => r.account_id);
    const locked = await tem.execute<{ id: string }[]>(`select id from ledger_accounts where id in (${list(ids)}) order by id for no key update skip locked`, ids);
    const folded = await foldBalances(
      tem,
      locked.map((r) => r.id),
    );
    return { folded: folded.size, last: changed.length < page.limit ? null : ids[ids.length - 1] };
  });
}
