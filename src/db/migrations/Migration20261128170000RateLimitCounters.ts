import { Migration } from '@mikro-orm/migrations';

/**
 * The rate limits' counters, shared by every API process (src/http/rate-limit.ts): one row per
 * counter (`<limit name>:<digest of the address, key or link>`), its hits and when its window
 * ends. A counter is disposable, so the table is unlogged: no WAL for a write on every counted
 * hit, at the price of starting from zero after a crash or on a promoted standby (the limits
 * then simply start a new window). Room on each page (fill factor 70) lets an increment, which
 * changes no indexed column, be a heap-only update. `window_ends_at` finds the ended counters
 * to purge.
 */
export class Migration20261128170000RateLimitCounters extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create unlogged table "rate_limit_counters" ("bucket" text not null, "hits" int not null, "window_ends_at" timestamptz not null, constraint "rate_limit_counters_pkey" primary key ("bucket")) with (fillfactor = 70);`);
    this.addSql(`create index "rate_limit_counters_window_ends_at_idx" on "rate_limit_counters" ("window_ends_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counters";`);
  }

}
