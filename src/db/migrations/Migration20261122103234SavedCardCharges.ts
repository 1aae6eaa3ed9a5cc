import { Migration } from '@mikro-orm/migrations';

/**
 * Saved cards charged as merchant-initiated transactions (issue 8): the vault marks a card kept
 * for recurring charges (`saved_at`, its CVV destroyed), and transactions say where they came
 * from (`origin`). Cards saved before this through billing's `save_<token>` binding become saved
 * vault cards, so their subscriptions keep charging, and the binding column goes.
 */
export class Migration20261122103234SavedCardCharges extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "stored_cards" add column "saved_at" timestamptz null;`);
    this.addSql(`update "stored_cards" sc set "saved_at" = coalesce(sc."used_at", now()), "cvv_sealed" = null, "cvv_destroyed_at" = coalesce(sc."cvv_destroyed_at", now())
      from "billing_saved_cards" b where b."id" = sc."id";`);
    this.addSql(`alter table "billing_saved_cards" drop column "vault_binding";`);
    this.addSql(`alter table "transactions" add column "origin" varchar(16) not null default 'api',
      add constraint "transactions_origin_check" check ("origin" in ('api', 'subscription', 'checkout'));`);
    this.addSql(`update "transactions" set "origin" = 'subscription' where "metadata"->>'origin' = 'billing';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "transactions" drop column "origin";`);
    this.addSql(`alter table "stored_cards" drop column "saved_at";`);
  }
}
