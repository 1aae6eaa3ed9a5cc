import { Migration } from '@mikro-orm/migrations';

/** The card vault (issue 5): tokenized cards, PAN and CVV sealed with AES-256-GCM. */
export class Migration20261122083500Cards extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stored_cards" ("id" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "company_id" varchar(40) not null, "token_id" varchar(40) not null, "brand" varchar(16) not null, "first6" varchar(6) not null, "last4" varchar(4) not null, "holder" varchar(100) not null, "document" varchar(14) not null, "exp_month" smallint not null, "exp_year" smallint not null, "pan_sealed" bytea not null, "cvv_sealed" bytea null, "key_id" varchar(16) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "payment_id" varchar(40) null, "cvv_destroyed_at" timestamptz null, constraint "stored_cards_pkey" primary key ("id"));`);
    this.addSql(`alter table "stored_cards" add constraint "stored_cards_token_id_unique" unique ("token_id");`);
    // One card per payment: a second claim by another token for the same payment fails.
    this.addSql(`alter table "stored_cards" add constraint "stored_cards_payment_id_unique" unique ("payment_id");`);
    // The purge finds live CVVs and unclaimed tokens by expiry.
    this.addSql(`create index "stored_cards_expires_at_index" on "stored_cards" ("expires_at") where "cvv_sealed" is not null or "used_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stored_cards" cascade;`);
  }

}
