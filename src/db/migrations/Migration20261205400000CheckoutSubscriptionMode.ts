import { Migration } from '@mikro-orm/migrations';

/**
 * Checkout sessions in subscription mode (issue 44): what the session subscribes the buyer to
 * (`subscription`), and the subscription, customer and Pix Automático mandate it made. One
 * subscription per session, held by a unique index. A subscription session's amount is the
 * plan's price per cycle, 0 when every component is metered.
 */
export class Migration20261205400000CheckoutSubscriptionMode extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "checkout_sessions" add column "subscription" jsonb null, add column "subscription_id" varchar(40) null, add column "customer_id" varchar(40) null, add column "mandate_id" varchar(40) null;`);
    this.addSql(`create unique index "checkout_sessions_subscription_id_unique" on "checkout_sessions" ("subscription_id") where "subscription_id" is not null;`);
    this.addSql(`alter table "checkout_sessions" drop constraint "checkout_sessions_amount_check";`);
    this.addSql(`alter table "checkout_sessions" add constraint "checkout_sessions_amount_check" check ("amount" >= 1 or ("mode" = 'subscription' and "amount" >= 0));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "checkout_sessions" drop constraint "checkout_sessions_amount_check";`);
    this.addSql(`alter table "checkout_sessions" add constraint "checkout_sessions_amount_check" check ("amount" >= 1);`);
    this.addSql(`drop index "checkout_sessions_subscription_id_unique";`);
    this.addSql(`alter table "checkout_sessions" drop column "subscription", drop column "subscription_id", drop column "customer_id", drop column "mandate_id";`);
  }
}
