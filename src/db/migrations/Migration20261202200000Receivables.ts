import { Migration } from '@mikro-orm/migrations';

/**
 * A sale's receivables: per payment, recipient and installment, the net that becomes available on
 * a date (docs/payments.md "Receivables and release runs"). The release run reads the pending ones
 * due per company through the partial index. Existing sale postings get theirs, released where
 * their release posting exists (`release:<pay_id>:<n>`, n counting the posting's dates from 1).
 */
export class Migration20261202200000Receivables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "receivables" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "transaction_id" varchar(40) not null,
      "payment_id" varchar(40) not null,
      "sale_posting_id" varchar(40) not null,
      "recipient_id" varchar(40) not null,
      "installment" int not null check ("installment" >= 1),
      "currency" varchar(3) not null,
      "amount" bigint not null,
      "release_at" timestamptz not null,
      "available_on" date not null,
      "status" varchar(16) not null check ("status" in ('pending', 'released')),
      "released_at" timestamptz null,
      "release_posting_id" varchar(40) null,
      "created_at" timestamptz not null default now(),
      constraint "receivables_payment_recipient_installment_unique" unique ("payment_id", "recipient_id", "installment")
    );`);
    this.addSql(`create index "receivables_due_idx" on "receivables" ("company_id", "available_on", "id") where "status" = 'pending';`);
    this.addSql(`create index "receivables_transaction_idx" on "receivables" ("transaction_id");`);
    this.addSql(`insert into "receivables" (id, company_id, transaction_id, payment_id, sale_posting_id, recipient_id, installment, currency, amount, release_at, available_on, status, released_at, release_posting_id, created_at)
      select 'rcv_' || lower(substr(md5(s.posting_id || s.recipient_id || s.installment::text), 1, 26)),
             s.company_id, s.source_id, s.payment_id, s.posting_id, s.recipient_id, s.installment, s.currency, s.net, s.release_at,
             (s.release_at at time zone 'America/Sao_Paulo')::date,
             case when r.id is null then 'pending' else 'released' end, r.created_at, r.id, s.created_at
        from (
          select p.id as posting_id, p.company_id, p.source_id, substr(p.key, 6) as payment_id, p.created_at, w.recipient_id, e.currency, e.release_at,
                 dense_rank() over (partition by p.id order by e.release_at)::int as installment, sum(e.amount) as net
            from ledger_postings p join ledger_entries e on e.posting_id = p.id
            join ledger_accounts a on a.id = e.account_id join wallets w on w.id = a.wallet_id
           where p.kind = 'sale' and starts_with(p.key, 'sale:') and a.bucket = 'pending' and e.release_at is not null
           group by p.id, p.company_id, p.source_id, p.key, p.created_at, w.recipient_id, e.currency, e.release_at
        ) s
        left join ledger_postings r on r.key = 'release:' || s.payment_id || ':' || s.installment;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "receivables";`);
  }
}
