import { Migration } from '@mikro-orm/migrations';

/**
 * Customer portal sessions (`bps_…`, docs/portal.md): one customer of one company, short-lived;
 * the page's URL carries a secret token whose SHA-256 alone is stored.
 */
export class Migration20261203710000PortalSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "billing_portal_sessions" (
      "id" varchar(40) not null primary key,
      "company_id" varchar(40) not null,
      "customer_id" varchar(40) not null,
      "token_hash" varchar(64) not null,
      "csrf_token" varchar(64) not null,
      "return_url" varchar(2048) null,
      "locale" varchar(8) null,
      "features" jsonb not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      constraint "billing_portal_sessions_token_hash_unique" unique ("token_hash")
    );`);
    this.addSql(`create index "billing_portal_sessions_company_idx" on "billing_portal_sessions" ("company_id", "customer_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "billing_portal_sessions";`);
  }
}
