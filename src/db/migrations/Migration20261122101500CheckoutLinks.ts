import { Migration } from '@mikro-orm/migrations';

/** Checkout links (issue 9): reusable templates, chk_. */
export class Migration20261122101500CheckoutLinks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "checkout_links" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(255) null, "description" varchar(2000) null, "slug" varchar(100) null, "status" varchar(16) not null, "mode" varchar(16) not null, "currency" char(3) not null, "locale" varchar(8) not null, "items" jsonb not null, "payment_methods" jsonb not null, "splits" jsonb not null, "branding" jsonb null, "required_fields" jsonb not null, "custom_fields" jsonb not null, "success_url" varchar(2000) null, "cancel_url" varchar(2000) null, "metadata" jsonb not null, "expiration_minutes" int not null, "version" int not null, constraint "checkout_links_pkey" primary key ("id"),
      constraint "checkout_links_status_check" check ("status" in ('active', 'archived')),
      constraint "checkout_links_archived_check" check (("status" = 'archived') = ("deleted_at" is not null)),
      constraint "checkout_links_expiration_minutes_check" check ("expiration_minutes" between 5 and 43200),
      constraint "checkout_links_version_check" check ("version" >= 0));`);
    // A slug is unique among the company's live links: archiving a link frees its slug (docs/checkout.md).
    // Concurrent creations with one slug lose on this index (409 slug_taken).
    this.addSql(`create unique index "checkout_links_company_id_slug_unique" on "checkout_links" ("company_id", "slug") where "slug" is not null and "deleted_at" is null;`);
    this.addSql(`create index "checkout_links_company_id_status_created_at_index" on "checkout_links" ("company_id", "status", "created_at");`);
    // search= is ILIKE '%term%' over name and description: trigram indexes led by company_id, as for customers.
    for (const column of ['name', 'description']) {
      this.addSql(`create index "checkout_links_${column}_trgm" on "checkout_links" using gin ("company_id", "${column}" gin_trgm_ops);`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "checkout_links" cascade;`);
  }

}
