import { Migration } from '@mikro-orm/migrations';

/**
 * Checkout slugs are public URLs (`/c/<slug>`) resolved across companies, so a slug is claimed
 * for good by one company (`checkout_slugs`) and names at most one live link anywhere.
 * Existing slugs used by several companies stay with the company whose link used it first
 * (that link's printed URL keeps working); the later links lose the slug (their `/c/<id>` URL,
 * the one the API returns, is unchanged).
 *
 * Payment ids became capabilities (random, src/shared/ids.ts `newCapabilityId`), so they no
 * longer order a transaction's payments: `position` keeps the request's order (existing rows
 * numbered in their old, time-ordered id order).
 */
export class Migration20261125120000TenantCheckout extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "checkout_slugs" (
      "slug" varchar(100) not null, "company_id" varchar(40) not null, "created_at" timestamptz not null,
      constraint "checkout_slugs_pkey" primary key ("slug"));`);
    this.addSql(`with first_use as (
        select distinct on (slug) slug, company_id from checkout_links where slug is not null order by slug, created_at, id)
      update checkout_links l set slug = null from first_use f where l.slug = f.slug and l.company_id <> f.company_id;`);
    this.addSql(`insert into checkout_slugs (slug, company_id, created_at)
      select distinct on (slug) slug, company_id, created_at from checkout_links where slug is not null order by slug, created_at, id;`);
    this.addSql(`drop index "checkout_links_company_id_slug_unique";`);
    this.addSql(`create unique index "checkout_links_slug_unique" on "checkout_links" ("slug") where "slug" is not null and "deleted_at" is null;`);

    this.addSql(`alter table "payments" add column "position" smallint not null default 0;`);
    this.addSql(`update payments p set position = n.position from (
        select id, (row_number() over (partition by transaction_id order by id) - 1) as position from payments) n
      where n.id = p.id;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payments" drop column "position";`);
    this.addSql(`drop index "checkout_links_slug_unique";`);
    this.addSql(`create unique index "checkout_links_company_id_slug_unique" on "checkout_links" ("company_id", "slug") where "slug" is not null and "deleted_at" is null;`);
    this.addSql(`drop table "checkout_slugs";`);
  }
}
