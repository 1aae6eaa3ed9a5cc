import { Migration } from '@mikro-orm/migrations';

/**
 * Processors per company (src/processors/connections/): one row per company and rail, settings
 * in clear, credentials and certificates sealed (AES-256-GCM, the card vault's format) in `secrets`.
 * The unique pair is also how a company's connection is found on every charge.
 */
export class Migration20261129090000ProcessorConnections extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "processor_connections" (
      "id" varchar(40) not null,
      "company_id" varchar(40) not null references "companies" ("id") deferrable initially deferred,
      "rail" text not null,
      "adapter" text not null,
      "settings" jsonb not null,
      "secrets" bytea not null,
      "callback_identity" text null,
      "key_id" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "processor_connections_pkey" primary key ("id"),
      constraint "processor_connections_rail_check" check ("rail" in ('pix', 'card', 'boleto', 'payout')),
      constraint "processor_connections_company_id_rail_unique" unique ("company_id", "rail"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "processor_connections";`);
  }

}
