import { Migration } from '@mikro-orm/migrations';

/**
 * Tenant isolation of recipients (docs/recipients.md, "Model"): the global registration keeps
 * only its identity (id, document, kind); what a company supplies moves to that company.
 * - name, e-mail, type, phone and profile move from `recipients` to each of its links (every
 *   link gets a copy of what the registration held, so every company keeps seeing what it saw);
 * - a bank account belongs to the company whose link uses it; one used by several links stays
 *   with the earliest-linked of them and the others get their own copy (a new rba_ id) and point
 *   at it; an account no link uses goes to the registration's earliest-linked company;
 * - KYC files go to the registration's earliest-linked company.
 * Withdrawals keep the bank account id they were made with (the row is never changed, so a
 * payout in flight still reads the same account).
 * Every registration has a link (POST /recipients creates both in one transaction); one
 * without any would have no company to give its data to, so the migration stops instead of
 * dropping it.
 */
export class Migration20261125100000TenantRecipients extends Migration {
  override async up(): Promise<void> {
    // The foreign keys are deferrable: checked now, so the copies made below leave no pending
    // trigger events for the ALTER TABLEs that follow them in this transaction.
    this.addSql(`set constraints all immediate;`);
    this.addSql(`do $$ begin
      if exists (select 1 from recipients r where not exists (select 1 from recipient_links l where l.recipient_id = r.id)) then
        raise exception 'recipients without any company link exist; link or remove them before migrating (Migration20261125100000TenantRecipients)';
      end if;
    end $$;`);

    // --- What a company supplied: on its link ----------------------------------------------
    this.addSql(`alter table "recipient_links"
      add column "name" varchar(255) null, add column "email" varchar(255) null, add column "type" varchar(16) null,
      add column "phone" varchar(32) null, add column "profile" jsonb null;`);
    this.addSql(`update "recipient_links" l set "name" = r."name", "email" = r."email", "type" = r."type", "phone" = r."phone", "profile" = r."profile"
      from "recipients" r where r."id" = l."recipient_id";`);
    this.addSql(`alter table "recipient_links" alter column "name" set not null, alter column "email" set not null,
      alter column "type" set not null, alter column "profile" set not null;`);
    // GET /recipients?email=: the company's live links.
    this.addSql(`create index "recipient_links_company_email_index" on "recipient_links" ("company_id", "email") where "deleted_at" is null;`);

    // --- Bank accounts: per company --------------------------------------------------------
    this.addSql(`alter table "recipient_bank_accounts" add column "company_id" varchar(40) null;`);
    this.addSql(`update "recipient_bank_accounts" b set "company_id" = coalesce(
        (select l."company_id" from "recipient_links" l where l."default_bank_account_id" = b."id" order by l."created_at", l."company_id" limit 1),
        (select l."company_id" from "recipient_links" l where l."recipient_id" = b."recipient_id" order by l."created_at", l."company_id" limit 1));`);
    this.addSql(`do $$
      declare l record; copy_id text;
      begin
        for l in select lk."company_id", lk."recipient_id", lk."default_bank_account_id" as account_id
                 from "recipient_links" lk join "recipient_bank_accounts" b on b."id" = lk."default_bank_account_id"
                 where b."company_id" <> lk."company_id" loop
          copy_id := 'rba_' || substr(md5(random()::text || clock_timestamp()::text || l."company_id" || l.account_id), 1, 26);
          insert into "recipient_bank_accounts" ("id", "created_at", "updated_at", "deleted_at", "company_id", "recipient_id", "bank_code", "bank_name",
              "bank_agency", "bank_account", "bank_account_digit", "bank_holder_name", "bank_holder_document", "bank_holder_type", "bank_account_type")
            select copy_id, "created_at", now(), "deleted_at", l."company_id", "recipient_id", "bank_code", "bank_name",
              "bank_agency", "bank_account", "bank_account_digit", "bank_holder_name", "bank_holder_document", "bank_holder_type", "bank_account_type"
            from "recipient_bank_accounts" where "id" = l.account_id;
          update "recipient_links" set "default_bank_account_id" = copy_id where "company_id" = l."company_id" and "recipient_id" = l."recipient_id";
        end loop;
      end $$;`);
    this.addSql(`alter table "recipient_bank_accounts" alter column "company_id" set not null;`);
    this.addSql(`drop index if exists "recipient_bank_accounts_recipient_id_index";`);
    this.addSql(`create index "recipient_bank_accounts_recipient_company_index" on "recipient_bank_accounts" ("recipient_id", "company_id", "created_at");`);

    // --- KYC files: per company ------------------------------------------------------------
    this.addSql(`alter table "recipient_files" add column "company_id" varchar(40) null;`);
    this.addSql(`update "recipient_files" f set "company_id" =
        (select l."company_id" from "recipient_links" l where l."recipient_id" = f."recipient_id" order by l."created_at", l."company_id" limit 1);`);
    this.addSql(`alter table "recipient_files" alter column "company_id" set not null;`);
    this.addSql(`drop index if exists "recipient_files_recipient_kind_index";`);
    this.addSql(`create index "recipient_files_link_kind_index" on "recipient_files" ("recipient_id", "company_id", "kind", "created_at");`);

    // --- The registration: identity only ---------------------------------------------------
    this.addSql(`drop index if exists "recipients_email_index";`);
    this.addSql(`alter table "recipients" drop column "name", drop column "email", drop column "type", drop column "phone", drop column "profile";`);
  }

  override async down(): Promise<void> {
    this.addSql(`set constraints all immediate;`);
    this.addSql(`alter table "recipients" add column "name" varchar(255) null, add column "email" varchar(255) null, add column "type" varchar(16) null,
      add column "phone" varchar(32) null, add column "profile" jsonb null;`);
    this.addSql(`update "recipients" r set "name" = l."name", "email" = l."email", "type" = l."type", "phone" = l."phone", "profile" = l."profile"
      from (select distinct on ("recipient_id") * from "recipient_links" order by "recipient_id", "created_at", "company_id") l where l."recipient_id" = r."id";`);
    this.addSql(`alter table "recipients" alter column "name" set not null, alter column "email" set not null, alter column "type" set not null, alter column "profile" set not null;`);
    this.addSql(`create index "recipients_email_index" on "recipients" ("email");`);
    this.addSql(`drop index if exists "recipient_files_link_kind_index";`);
    this.addSql(`alter table "recipient_files" drop column "company_id";`);
    this.addSql(`create index "recipient_files_recipient_kind_index" on "recipient_files" ("recipient_id", "kind", "created_at");`);
    this.addSql(`drop index if exists "recipient_bank_accounts_recipient_company_index";`);
    this.addSql(`alter table "recipient_bank_accounts" drop column "company_id";`);
    this.addSql(`create index "recipient_bank_accounts_recipient_id_index" on "recipient_bank_accounts" ("recipient_id");`);
    this.addSql(`drop index if exists "recipient_links_company_email_index";`);
    this.addSql(`alter table "recipient_links" drop column "name", drop column "email", drop column "type", drop column "phone", drop column "profile";`);
  }
}
