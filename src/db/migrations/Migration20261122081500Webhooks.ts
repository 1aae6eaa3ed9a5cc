import { Migration } from '@mikro-orm/migrations';

/** Webhooks and their deliveries (issue 3). */
export class Migration20261122081500Webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhooks" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "name" varchar(255) not null, "url" varchar(2000) not null, "events" jsonb not null, "secret" varchar(255) not null, "previous_secret" varchar(255) null, "previous_secret_expires_at" timestamptz null, "is_active" boolean not null, "version" int not null, constraint "webhooks_pkey" primary key ("id"));`);
    this.addSql(`create index "webhooks_company_id_created_at_index" on "webhooks" ("company_id", "created_at");`);

    this.addSql(`create table "webhook_deliveries" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "webhook_id" varchar(40) not null, "event_id" varchar(40) null, "event_type" varchar(100) not null, "entity_type" varchar(40) null, "entity_id" varchar(40) null, "url" varchar(2000) not null, "payload" jsonb not null, "status" varchar(16) not null, "attempt_count" int not null, "return_status" int null, "return_data" jsonb null, "error_message" text null, "last_attempt_at" timestamptz null, constraint "webhook_deliveries_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_deliveries_company_id_created_at_index" on "webhook_deliveries" ("company_id", "created_at");`);
    this.addSql(`create index "webhook_deliveries_webhook_id_created_at_index" on "webhook_deliveries" ("webhook_id", "created_at");`);
    // Dispatching an event twice must not create a second delivery to the same webhook.
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_event_id_webhook_id_unique" unique ("event_id", "webhook_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhooks" cascade;`);
  }

}
