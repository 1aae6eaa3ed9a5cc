import { Migration } from '@mikro-orm/migrations';

export class Migration20261122075106 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "api_keys" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "mode" varchar(16) not null, "hash" varchar(64) not null, "last4" varchar(4) not null, "revoked_at" timestamptz null, constraint "api_keys_pkey" primary key ("id"));`);
    this.addSql(`create index "api_keys_company_id_index" on "api_keys" ("company_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_hash_unique" unique ("hash");`);

    this.addSql(`create table "companies" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" varchar(40) not null, "name" varchar(255) not null, "mode" varchar(16) not null, "settings" jsonb not null, constraint "companies_pkey" primary key ("id"));`);
    this.addSql(`alter table "companies" add constraint "companies_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`create table "customers" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "name" varchar(255) not null, "email" varchar(255) not null, "type" varchar(16) not null, "document" varchar(32) not null, "document_type" varchar(16) not null, "phone" varchar(32) not null, "address" jsonb null, "metadata" jsonb not null, constraint "customers_pkey" primary key ("id"));`);
    this.addSql(`create index "customers_company_id_created_at_index" on "customers" ("company_id", "created_at");`);

    this.addSql(`create table "events" ("id" varchar(40) not null, "company_id" varchar(40) not null, "type" varchar(100) not null, "entity_type" varchar(40) null, "entity_id" varchar(40) null, "payload" jsonb not null, "created_at" timestamptz not null, "dispatched_at" timestamptz null, constraint "events_pkey" primary key ("id"));`);
    this.addSql(`create index "events_company_id_created_at_index" on "events" ("company_id", "created_at");`);

    this.addSql(`create table "idempotency_keys" ("company_id" varchar(40) not null, "key" varchar(255) not null, "fingerprint" varchar(64) not null, "status" varchar(16) not null, "response_status" int null, "response_body" jsonb null, "locked_until" timestamptz not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, constraint "idempotency_keys_pkey" primary key ("company_id", "key"));`);
    this.addSql(`create index "idempotency_keys_expires_at_index" on "idempotency_keys" ("expires_at");`);

    // Partial, case-insensitive customer filters (ILIKE '%term%') stay index-backed at scale:
    // trigram GIN indexes led by company_id (btree_gin) so each tenant's search is narrowed first.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists btree_gin;`);
    for (const column of ['name', 'email', 'document', 'phone']) {
      this.addSql(`create index "customers_${column}_trgm" on "customers" using gin ("company_id", "${column}" gin_trgm_ops);`);
    }
    // The outbox sweeper only ever looks at events not yet dispatched.
    this.addSql(`create index "events_undispatched_index" on "events" ("created_at") where "dispatched_at" is null;`);
  }

}
