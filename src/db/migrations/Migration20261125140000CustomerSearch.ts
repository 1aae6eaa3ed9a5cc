import { Migration } from '@mikro-orm/migrations';

/**
 * Customer search at a million rows (`npm run bench -- customers`: one company owning half of
 * them, statement times from EXPLAIN ANALYZE on the benchmark's machine). The filters stay
 * ILIKE '%term%' (the spec: partial, case-insensitive); what changes is the index each column
 * gets, by the shape of its values:
 * - email: a GiST trigram index, led by company_id (btree_gist). A whole address has many
 *   trigrams shared by most rows (`com`, `gma`, `.br`): the GIN index read every one of their
 *   posting lists (~2,000 pages, 10-80 ms for one match); the GiST signatures rule most of the
 *   tree out at once (1-9 ms).
 * - document: a GIN trigram index on the document alone. Documents are digits, so each trigram
 *   is shared by ~1% of the table and the company_id key of the old index (half the rows, in one
 *   posting tree) tripled the scan (13-27 ms); alone, 4-11 ms. GiST signatures of digits fill up
 *   and scan most of the tree (~100 ms).
 * - name keeps its GIN index (company_id, name), the fastest for a name; a larger statistics
 *   sample lets the planner see that a name matches few rows, so it no longer walks the
 *   (company_id, created_at) index newest first, filtering, for the first 20 (up to 330 ms).
 */
export class Migration20261125140000CustomerSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`drop index "customers_email_trgm";`);
    this.addSql(`create index "customers_email_trgm" on "customers" using gist ("company_id", "email" gist_trgm_ops(siglen = 256));`);
    this.addSql(`drop index "customers_document_trgm";`);
    this.addSql(`create index "customers_document_trgm" on "customers" using gin ("document" gin_trgm_ops);`);
    this.addSql(`alter table "customers" alter column "name" set statistics 1000;`);
    this.addSql(`analyze "customers" ("name");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "customers" alter column "name" set statistics -1;`);
    for (const column of ['email', 'document']) {
      this.addSql(`drop index "customers_${column}_trgm";`);
      this.addSql(`create index "customers_${column}_trgm" on "customers" using gin ("company_id", "${column}" gin_trgm_ops);`);
    }
  }
}
