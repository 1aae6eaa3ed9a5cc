import { Migration } from '@mikro-orm/migrations';

/**
 * Checkout session search (search= over the customer's name, email, document): the list query
 * filters each JSON field on its own (`customer->>'name' ILIKE …`), which the concatenated
 * expression index of CheckoutSessions never served. One trigram index per field, led by
 * company_id, as for customers and links.
 */
export class Migration20261122114314CheckoutSessionSearch extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "checkout_sessions_customer_trgm";`);
    for (const field of ['name', 'email', 'document']) {
      this.addSql(`create index "checkout_sessions_customer_${field}_trgm" on "checkout_sessions" using gin ("company_id", ("customer"->>'${field}') gin_trgm_ops);`);
    }
  }

  override async down(): Promise<void> {
    for (const field of ['name', 'email', 'document']) this.addSql(`drop index if exists "checkout_sessions_customer_${field}_trgm";`);
    this.addSql(`create index "checkout_sessions_customer_trgm" on "checkout_sessions" using gin ("company_id", (coalesce("customer"->>'name', '') || ' ' || coalesce("customer"->>'email', '') || ' ' || coalesce("customer"->>'document', '')) gin_trgm_ops);`);
  }

}
