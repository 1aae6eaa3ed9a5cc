import { Migration } from '@mikro-orm/migrations';

/**
 * Tenant isolation of money (docs/ledger.md, "Wallets"): a physical wallet is per
 * (company, recipient, currency), because a recipient registration is shared by every company
 * that pays the same CPF/CNPJ and each company's money on it is that company's alone.
 *
 * Existing wallets are split by the company of the postings whose entries sit on them: the
 * wallet keeps the company that used it first (a posting without a company counts for it too);
 * every other company gets its own wallet and accounts, and its entries move there with the
 * withdrawals it made. Balances are then recomputed from the entries, so every cent stays on
 * the ledger (per recipient and currency the totals are unchanged) and each company's buckets
 * hold exactly its own movements. A company whose own movements would leave a negative bucket
 * spent another company's money: the migration stops and names the wallet instead of hiding it.
 * From then on a trigger refuses any entry on a wallet of another company than its posting's.
 */
const randomId = (prefix: string) => `'${prefix}_' || substr(md5(random()::text || clock_timestamp()::text), 1, 26)`;

export class Migration20261125110000TenantWallets extends Migration {
  override async up(): Promise<void> {
    // Deferred foreign keys (wallets → recipients) checked at once, so the ALTERs below find no pending events.
    this.addSql(`set constraints all immediate;`);
    this.addSql(`alter table "wallets" add column "company_id" varchar(40) null, drop constraint "wallets_recipient_currency_unique";`);
    this.addSql(`do $$
      declare
        w record; c record; a record;
        first_company varchar(40); new_wallet varchar(40); new_account varchar(40);
      begin
        -- Entries are immutable to the application; this move is the one sanctioned exception.
        alter table ledger_entries disable trigger ledger_entries_immutable;
        for w in select * from wallets order by created_at, id loop
          select p.company_id into first_company
            from ledger_entries e join ledger_postings p on p.id = e.posting_id
           where e.wallet_id = w.id and p.company_id is not null
           order by p.created_at, p.id limit 1;
          if first_company is null then
            select l.company_id into first_company from recipient_links l where l.recipient_id = w.recipient_id order by l.created_at, l.company_id limit 1;
          end if;
          if first_company is null then
            raise exception 'wallet % of recipient % has no company (no posting, no link): resolve it by hand (Migration20261125110000TenantWallets)', w.id, w.recipient_id;
          end if;
          update wallets set company_id = first_company where id = w.id;
          for c in
            select distinct p.company_id from ledger_entries e join ledger_postings p on p.id = e.posting_id
             where e.wallet_id = w.id and p.company_id is not null and p.company_id <> first_company
          loop
            new_wallet := ${randomId('wlt')};
            insert into wallets (id, created_at, updated_at, company_id, recipient_id, currency) values (new_wallet, now(), now(), c.company_id, w.recipient_id, w.currency);
            for a in select * from ledger_accounts where wallet_id = w.id loop
              new_account := ${randomId('led')};
              insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket, balance)
                values (new_account, now(), 'wallet', new_wallet, new_wallet, a.currency, a.bucket, 0);
              update ledger_entries e set account_id = new_account, wallet_id = new_wallet
                from ledger_postings p where p.id = e.posting_id and e.account_id = a.id and p.company_id = c.company_id;
            end loop;
            update withdrawals set wallet_id = new_wallet where wallet_id = w.id and company_id = c.company_id;
          end loop;
        end loop;
        alter table ledger_entries enable trigger ledger_entries_immutable;

        for a in
          select x.id, x.wallet_id, x.bucket, x.sum from (
            select l.id, l.wallet_id, l.bucket, coalesce((select sum(e.amount) from ledger_entries e where e.account_id = l.id), 0) as sum
              from ledger_accounts l where l.owner_type = 'wallet') x
           where x.sum < 0 limit 1
        loop
          raise exception 'wallet % would hold % in %: its company spent another company''s money; resolve it by hand (Migration20261125110000TenantWallets)', a.wallet_id, a.sum, a.bucket;
        end loop;
        update ledger_accounts l set balance = coalesce((select sum(e.amount) from ledger_entries e where e.account_id = l.id), 0) where l.owner_type = 'wallet';
      end $$;`);
    this.addSql(`alter table "wallets" alter column "company_id" set not null;`);
    this.addSql(`alter table "wallets" add constraint "wallets_company_recipient_currency_unique" unique ("company_id", "recipient_id", "currency");`);

    // Tenancy, enforced by the database like the other ledger invariants: an entry on a wallet
    // belongs to a posting of that wallet's company, and names the wallet its account is a bucket
    // of (statements read entries by wallet, balances by account: they must agree).
    this.addSql(`create function ledger_entry_company() returns trigger language plpgsql as $$
      declare wallet_company varchar(40); posting_company varchar(40); account_wallet varchar(40);
      begin
        select wallet_id into account_wallet from ledger_accounts where id = new.account_id;
        if account_wallet is distinct from new.wallet_id then
          raise exception 'entry wallet % is not the wallet % of account %', new.wallet_id, account_wallet, new.account_id using errcode = 'LDG04';
        end if;
        if new.wallet_id is null then return new; end if;
        select company_id into wallet_company from wallets where id = new.wallet_id;
        select company_id into posting_company from ledger_postings where id = new.posting_id;
        if posting_company is distinct from wallet_company then
          raise exception 'posting % of company % cannot move money on wallet % of company %', new.posting_id, posting_company, new.wallet_id, wallet_company using errcode = 'LDG05';
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger "ledger_entries_company" before insert on "ledger_entries" for each row execute function ledger_entry_company();`);
  }

  /** Merges each recipient's wallets of one currency back into its oldest one (the one `up` kept; the split-off wallets are created by it). */
  override async down(): Promise<void> {
    this.addSql(`set constraints all immediate;`);
    this.addSql(`drop trigger "ledger_entries_company" on "ledger_entries";`);
    this.addSql(`drop function ledger_entry_company;`);
    this.addSql(`do $$
      declare w record; keep varchar(40); a record; target varchar(40);
      begin
        alter table ledger_entries disable trigger ledger_entries_immutable;
        for w in select * from wallets order by created_at, id loop
          select id into keep from wallets where recipient_id = w.recipient_id and currency = w.currency order by created_at, id limit 1;
          continue when keep = w.id;
          for a in select * from ledger_accounts where wallet_id = w.id loop
            select id into target from ledger_accounts where wallet_id = keep and bucket = a.bucket;
            update ledger_entries set account_id = target, wallet_id = keep where account_id = a.id;
            delete from ledger_accounts where id = a.id;
          end loop;
          update withdrawals set wallet_id = keep where wallet_id = w.id;
          delete from wallets where id = w.id;
        end loop;
        alter table ledger_entries enable trigger ledger_entries_immutable;
        update ledger_accounts l set balance = coalesce((select sum(e.amount) from ledger_entries e where e.account_id = l.id), 0) where l.owner_type = 'wallet';
      end $$;`);
    this.addSql(`alter table "wallets" drop constraint "wallets_company_recipient_currency_unique";`);
    this.addSql(`alter table "wallets" add constraint "wallets_recipient_currency_unique" unique ("recipient_id", "currency");`);
    this.addSql(`alter table "wallets" drop column "company_id";`);
  }
}
