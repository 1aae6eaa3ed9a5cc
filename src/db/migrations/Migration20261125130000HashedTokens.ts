import { Migration } from '@mikro-orm/migrations';

/**
 * No bearer token in plaintext at rest: a refund keeps only the SHA-256 digest of its
 * bank-details token (src/refunds/bank-details-token.ts; the token is derived with a server key
 * when the merchant needs the link again). Open links keep working: their digest is the digest
 * of the token they carry. The merchant's view of such a link (made before this migration) is
 * not derivable and shows null until the next request for details.
 */
export class Migration20261125130000HashedTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "refunds" add column "bank_details_token_hash" varchar(64) null;`);
    this.addSql(`update "refunds" set "bank_details_token_hash" = encode(sha256(convert_to("bank_details_token", 'UTF8')), 'hex') where "bank_details_token" is not null;`);
    this.addSql(`drop index "refunds_bank_details_token_unique";`);
    this.addSql(`alter table "refunds" drop column "bank_details_token";`);
    this.addSql(`create unique index "refunds_bank_details_token_hash_unique" on "refunds" ("bank_details_token_hash");`);
  }

  override async down(): Promise<void> {
    // A digest cannot be turned back into its token: open links stay dead after a rollback.
    this.addSql(`drop index "refunds_bank_details_token_hash_unique";`);
    this.addSql(`alter table "refunds" drop column "bank_details_token_hash";`);
    this.addSql(`alter table "refunds" add column "bank_details_token" varchar(64) null;`);
    this.addSql(`create unique index "refunds_bank_details_token_unique" on "refunds" ("bank_details_token");`);
  }
}
