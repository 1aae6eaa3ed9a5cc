import { Migration } from '@mikro-orm/migrations';

/**
 * Recipients (global registration + company link, bank accounts, KYC files and links), the
 * per-company fee tables, and the double-entry ledger behind wallets.
 *
 * The ledger's invariants live here, in the database, so that no code path (a bug, a manual
 * psql session, a future module) can break them:
 * - entries and postings are immutable (UPDATE/DELETE/TRUNCATE raise);
 * - every posting sums to zero per currency, checked at COMMIT by a deferred constraint trigger;
 * - an account's balance is maintained by a trigger from its entries, so it always equals
 *   their sum;
 * - a recipient wallet's buckets never go negative (CHECK), whatever the concurrency.
 */
export class Migration20261122081000Recipients extends Migration {
  override async up(): Promise<void> {
    // --- Recipients -------------------------------------------------------------------------
    // Foreign keys are checked at commit (deferrable): MikroORM's unit of work does not order
    // inserts of EntitySchemas that declare no relations.
    this.addSql(`create table "recipients" (
      "id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null,
      "document" varchar(14) not null, "document_type" varchar(8) not null, "name" varchar(255) not null,
      "email" varchar(255) not null, "type" varchar(16) not null, "phone" varchar(32) null,
      "kind" varchar(16) not null, "profile" jsonb not null,
      constraint "recipients_pkey" primary key ("id"),
      constraint "recipients_document_unique" unique ("document"));`);
    this.addSql(`create index "recipients_email_index" on "recipients" ("email");`);

    this.addSql(`create table "recipient_bank_accounts" (
      "id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null,
      "recipient_id" varchar(40) not null references "recipients" ("id") deferrable initially deferred,
      "bank_code" varchar(10) not null, "bank_name" varchar(255) null, "bank_agency" varchar(20) not null,
      "bank_account" varchar(30) not null, "bank_account_digit" varchar(4) null, "bank_holder_name" varchar(255) not null,
      "bank_holder_document" varchar(14) not null, "bank_holder_type" varchar(32) null, "bank_account_type" varchar(32) null,
      constraint "recipient_bank_accounts_pkey" primary key ("id"));`);
    this.addSql(`create index "recipient_bank_accounts_recipient_id_index" on "recipient_bank_accounts" ("recipient_id");`);

    this.addSql(`create table "recipient_links" (
      "company_id" varchar(40) not null, "recipient_id" varchar(40) not null references "recipients" ("id") deferrable initially deferred,
      "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null,
      "status" varchar(16) not null, "role" varchar(16) not null,
      "split_value" double precision null, "split_type" varchar(16) null,
      "default_bank_account_id" varchar(40) null references "recipient_bank_accounts" ("id") deferrable initially deferred,
      "kyc_submitted_at" timestamptz null, "reviewed_by" varchar(255) null, "reviewed_at" timestamptz null,
      "refusal_reason" varchar(4000) null,
      constraint "recipient_links_pkey" primary key ("company_id", "recipient_id"),
      constraint "recipient_links_status_check" check ("status" in ('new', 'pending', 'active', 'refused', 'inactive')),
      constraint "recipient_links_role_check" check ("role" in ('seller', 'owner', 'platform')));`);
    this.addSql(`create index "recipient_links_recipient_id_index" on "recipient_links" ("recipient_id");`);
    // GET /recipients: the company's live links, newest first.
    this.addSql(`create index "recipient_links_company_created_index" on "recipient_links" ("company_id", "created_at") where "deleted_at" is null;`);
    // At most one owner per company, also under concurrent creates (the service checks first
    // for a clear 409; this index is the guarantee).
    this.addSql(`create unique index "recipient_links_one_owner" on "recipient_links" ("company_id") where "role" = 'owner' and "deleted_at" is null;`);

    // KYC documents: bytes in PostgreSQL (never in Temporal payloads or logs), sniffed type and digest.
    this.addSql(`create table "recipient_files" (
      "id" bigint generated always as identity primary key,
      "recipient_id" varchar(40) not null references "recipients" ("id") deferrable initially deferred,
      "kind" varchar(32) not null, "content_type" varchar(64) not null, "size_bytes" int not null,
      "sha256" varchar(64) not null, "data" bytea not null, "source" varchar(16) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "recipient_files_recipient_kind_index" on "recipient_files" ("recipient_id", "kind", "created_at");`);

    // Only the SHA-256 of a KYC token is stored: a database leak does not leak usable links.
    this.addSql(`create table "kyc_links" (
      "id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null,
      "recipient_id" varchar(40) not null references "recipients" ("id") deferrable initially deferred, "company_id" varchar(40) not null,
      "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null,
      constraint "kyc_links_pkey" primary key ("id"), constraint "kyc_links_token_hash_unique" unique ("token_hash"));`);

    // --- Fees -----------------------------------------------------------------------------
    this.addSql(`create table "fee_tables" (
      "company_id" varchar(40) not null, "currency" char(3) not null, "fees" jsonb not null,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      constraint "fee_tables_pkey" primary key ("company_id", "currency"));`);

    // --- Ledger ---------------------------------------------------------------------------
    this.addSql(`create table "wallets" (
      "id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null,
      "recipient_id" varchar(40) not null references "recipients" ("id") deferrable initially deferred, "currency" char(3) not null,
      constraint "wallets_pkey" primary key ("id"), constraint "wallets_recipient_currency_unique" unique ("recipient_id", "currency"));`);

    this.addSql(`create table "ledger_accounts" (
      "id" varchar(40) not null, "created_at" timestamptz not null,
      "owner_type" varchar(16) not null, "owner_id" varchar(40) not null, "wallet_id" varchar(40) null references "wallets" ("id") deferrable initially deferred,
      "currency" char(3) not null, "bucket" varchar(16) not null, "balance" bigint not null default 0,
      constraint "ledger_accounts_pkey" primary key ("id"),
      constraint "ledger_accounts_owner_unique" unique ("owner_type", "owner_id", "currency", "bucket"),
      constraint "ledger_accounts_bucket_check" check (
        ("owner_type" = 'wallet' and "bucket" in ('pending', 'available', 'blocked') and "wallet_id" is not null)
        or ("owner_type" = 'platform' and "bucket" in ('settlement', 'revenue') and "wallet_id" is null)),
      -- A wallet never holds negative money in any bucket; the platform's settlement account is the
      -- counterpart of the outside world (acquirers, banks) and may.
      constraint "ledger_accounts_non_negative" check ("owner_type" = 'platform' or "balance" >= 0));`);

    this.addSql(`create table "ledger_postings" (
      "id" varchar(40) not null, "created_at" timestamptz not null,
      "key" varchar(255) not null, "kind" varchar(32) not null, "company_id" varchar(40) null,
      "source" varchar(32) not null, "source_id" varchar(64) null, "description" varchar(500) null,
      "reverses_posting_id" varchar(40) null references "ledger_postings" ("id"),
      "releases_posting_id" varchar(40) null references "ledger_postings" ("id"),
      constraint "ledger_postings_pkey" primary key ("id"), constraint "ledger_postings_key_unique" unique ("key"));`);
    this.addSql(`create unique index "ledger_postings_one_reversal" on "ledger_postings" ("reverses_posting_id") where "reverses_posting_id" is not null;`);
    // A sale posting may be released in several postings (card installments, one per releaseAt).
    this.addSql(`create index "ledger_postings_releases_index" on "ledger_postings" ("releases_posting_id") where "releases_posting_id" is not null;`);

    this.addSql(`create table "ledger_entries" (
      "id" bigint generated always as identity primary key,
      "posting_id" varchar(40) not null references "ledger_postings" ("id"),
      "account_id" varchar(40) not null references "ledger_accounts" ("id"),
      "wallet_id" varchar(40) null, "currency" char(3) not null, "amount" bigint not null,
      "type" varchar(32) not null, "in_statement" boolean not null, "release_at" timestamptz null,
      "created_at" timestamptz not null,
      constraint "ledger_entries_amount_non_zero" check ("amount" <> 0));`);
    this.addSql(`create index "ledger_entries_posting_id_index" on "ledger_entries" ("posting_id");`);
    this.addSql(`create index "ledger_entries_account_id_index" on "ledger_entries" ("account_id");`);
    this.addSql(`create index "ledger_entries_statement_index" on "ledger_entries" ("wallet_id", "created_at") where "in_statement";`);

    // Immutability: corrections are reversing postings, never edits.
    this.addSql(`create function ledger_immutable() returns trigger language plpgsql as $$
      begin raise exception 'ledger rows are immutable (% on %): post a reversal instead', tg_op, tg_table_name using errcode = 'LDG01'; end $$;`);
    for (const table of ['ledger_entries', 'ledger_postings']) {
      this.addSql(`create trigger "${table}_immutable" before update or delete on "${table}" for each row execute function ledger_immutable();`);
      this.addSql(`create trigger "${table}_no_truncate" before truncate on "${table}" for each statement execute function ledger_immutable();`);
    }

    // Balance = sum of entries, kept by the database itself. The entry's currency must be its account's.
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

    // Double entry: at COMMIT, every posting touched must sum to zero in each currency.
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

  override async down(): Promise<void> {
    for (const table of ['ledger_entries', 'ledger_postings', 'ledger_accounts', 'wallets', 'fee_tables', 'kyc_links', 'recipient_files', 'recipient_links', 'recipient_bank_accounts', 'recipients']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
    this.addSql(`drop function if exists ledger_immutable, ledger_apply_entry, ledger_check_balanced;`);
  }
}
