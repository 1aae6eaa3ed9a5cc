import { Migration } from '@mikro-orm/migrations';

/**
 * No row that every sale locks (docs/ledger.md, "Balances"): an entry no longer updates its
 * account's balance row (the platform's settlement and revenue rows were updated by every sale
 * of the platform, a wallet's pending row by every sale of its company, each held until
 * commit). The entry trigger inserts balance changes instead, one per account and statement;
 * an account's balance is its folded `balance` plus its changes, read through the view
 * `ledger_balances`. The ledger service folds changes into `balance` under the account's row
 * lock (a debit, and the periodic fold). Existing balances are already folded (Σ entries).
 */
export class Migration20261202100000LedgerBalanceChanges extends Migration {
  override async up(): Promise<void> {
    // No foreign key to ledger_accounts: the entry that caused a change already has one, and a
    // second key check per change would cost a lookup on the account row for nothing.
    this.addSql(`create table "ledger_balance_changes" (
      "id" bigint generated always as identity primary key,
      "account_id" varchar(40) not null,
      "amount" bigint not null);`);
    this.addSql(`create index "ledger_balance_changes_account_id_index" on "ledger_balance_changes" ("account_id");`);

    this.addSql(`drop trigger "ledger_entries_apply" on "ledger_entries";`);
    this.addSql(`drop function ledger_apply_entry;`);
    // Per statement: one change per account however many entries a posting puts on it (a sale's
    // pending +gross and −fee), and no lock on the account row (a plain read for the currency).
    this.addSql(`create function ledger_apply_entries() returns trigger language plpgsql as $$
      declare mismatch record;
      begin
        select e.currency, e.account_id, a.currency as account_currency into mismatch
          from new_entries e left join ledger_accounts a on a.id = e.account_id
         where a.currency is distinct from e.currency limit 1;
        if found then
          raise exception 'entry currency % does not match account % currency %', mismatch.currency, mismatch.account_id, mismatch.account_currency using errcode = 'LDG02';
        end if;
        insert into ledger_balance_changes (account_id, amount)
          select account_id, sum(amount) from new_entries group by account_id having sum(amount) <> 0 order by account_id;
        return null;
      end $$;`);
    this.addSql(`create trigger "ledger_entries_apply" after insert on "ledger_entries" referencing new table as new_entries for each statement execute function ledger_apply_entries();`);

    // One read of a balance for everyone: a single statement sees the folded row and the changes
    // in one snapshot, so a fold (delete changes, add them to the row, one transaction) is never
    // seen half done.
    this.addSql(`create view "ledger_balances" as
      select a.id as account_id, a.owner_type, a.wallet_id, a.currency, a.bucket,
             (a.balance + coalesce((select sum(c.amount) from ledger_balance_changes c where c.account_id = a.id), 0))::bigint as balance
        from ledger_accounts a;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop view "ledger_balances";`);
    this.addSql(`drop trigger "ledger_entries_apply" on "ledger_entries";`);
    this.addSql(`drop function ledger_apply_entries;`);
    this.addSql(`update ledger_accounts a set balance = a.balance + c.amount
      from (select account_id, sum(amount) as amount from ledger_balance_changes group by account_id) c where a.id = c.account_id;`);
    this.addSql(`drop table "ledger_balance_changes";`);
    this.addSql(`create function ledger_apply_entry() returns trigger language plpgsql as $$
      declare acct_currency char(3);
      begin
        update ledger_accounts set balance = balance + new.amount where id = new.account_id returning currency into acct_currency;
        if acct_currency is distinct from new.currency then
          raise exception 'entry currency % does not match account % currency %', new.currency, new.account_id, acct_currency using errcode = 'LDG02';
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger "ledger_entries_apply" after insert on "ledger_entries" for each row execute function ledger_apply_entry();`);
  }
}
