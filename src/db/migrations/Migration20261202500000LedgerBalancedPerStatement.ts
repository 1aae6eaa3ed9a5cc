import { Migration } from '@mikro-orm/migrations';

/**
 * Double entry checked once per insert statement instead of once per entry at commit: the
 * deferred row trigger ran its query for every entry of every posting (a sale's four) as
 * statements of the COMMIT; the ledger service writes all of a posting's entries in one
 * statement, so a statement-level check over the postings it touched (all their entries, not
 * only the new ones: an entry added to an old posting would unbalance it) sees each posting
 * whole. An unbalanced posting now fails at its insert rather than at commit; either way
 * nothing of the transaction is kept.
 */
export class Migration20261202500000LedgerBalancedPerStatement extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop trigger "ledger_entries_balanced" on "ledger_entries";`);
    this.addSql(`drop function ledger_check_balanced;`);
    this.addSql(`create function ledger_check_balanced_postings() returns trigger language plpgsql as $$
      declare unbalanced record;
      begin
        select e.posting_id, e.currency, sum(e.amount) as total into unbalanced from ledger_entries e
         where e.posting_id in (select distinct posting_id from new_entries)
         group by e.posting_id, e.currency having sum(e.amount) <> 0 limit 1;
        if found then
          raise exception 'posting % is unbalanced: % % (entries must sum to zero)', unbalanced.posting_id, unbalanced.total, unbalanced.currency using errcode = 'LDG03';
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "ledger_entries_balanced" after insert on "ledger_entries" referencing new table as new_entries for each statement execute function ledger_check_balanced_postings();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "ledger_entries_balanced" on "ledger_entries";`);
    this.addSql(`drop function ledger_check_balanced_postings;`);
    this.addSql(`create function ledger_check_balanced() returns trigger language plpgsql as $$
      declare unbalanced record;
      begin
        select currency, sum(amount) as total into unbalanced from ledger_entries
          where posting_id = new.posting_id group by currency having sum(amount) <> 0 limit 1;
        if found then
          raise exception 'posting % is unbalanced: % % (entries must sum to zero)', new.posting_id, unbalanced.total, unbalanced.currency using errcode = 'LDG03';
        end if;
        return null;
      end $$;`);
    this.addSql(`create constraint trigger "ledger_entries_balanced" after insert on "ledger_entries" deferrable initially deferred for each row execute function ledger_check_balanced();`);
  }
}
