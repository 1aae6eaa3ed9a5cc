import { Migration } from '@mikro-orm/migrations';

/**
 * Disputes (docs/disputes.md): one per chargeback the acquirer opened, with its deadline for
 * evidence, the evidence's text fields, and its outcome. Evidence files apart, as KYC files are
 * (bytes in the database, type checked by content).
 */
export class Migration20261203400000Disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "disputes" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "transaction_id" varchar(40) not null,
      "payment_id" varchar(40) not null,
      "chargeback_id" varchar(40) not null,
      "processor_connection_id" varchar(40) null,
      "sale_reference" varchar(64) not null,
      "case_number" varchar(64) not null,
      "amount" bigint not null check ("amount" > 0),
      "currency" varchar(3) not null,
      "reason" varchar(64) not null,
      "status" varchar(16) not null check ("status" in ('needs_response', 'under_review', 'won', 'lost')),
      "due_by" timestamptz not null,
      "evidence" jsonb not null default '{}',
      "submitted_at" timestamptz null,
      "resolved_at" timestamptz null,
      "outcome_posting_id" varchar(40) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "disputes_chargeback_unique" unique ("chargeback_id")
    );`);
    this.addSql(`create index "disputes_company_idx" on "disputes" ("company_id", "created_at", "id");`);
    this.addSql(`create index "disputes_transaction_idx" on "disputes" ("transaction_id");`);
    this.addSql(`create table "dispute_files" (
      "id" varchar(40) not null primary key,
      "dispute_id" varchar(40) not null references "disputes" ("id") on delete cascade,
      "purpose" varchar(40) not null,
      "filename" varchar(200) not null,
      "content_type" varchar(40) not null,
      "size_bytes" int not null,
      "sha256" varchar(64) not null,
      "data" bytea not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "dispute_files_dispute_idx" on "dispute_files" ("dispute_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "dispute_files";`);
    this.addSql(`drop table if exists "disputes";`);
  }
}
