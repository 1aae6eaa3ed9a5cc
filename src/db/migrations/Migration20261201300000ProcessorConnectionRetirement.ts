import { Migration } from '@mikro-orm/migrations';

/**
 * A company's processor connection is retired, not deleted, when the company disconnects it or
 * connects the rail to another account (another Cielo store, PSP key, BB convênio, payout key):
 * payments, boletos and withdrawals pinned to it keep reaching the account they were made at with
 * its own credentials. One active connection per company and rail: the unique pair holds only
 * among rows not retired.
 */
export class Migration20261201300000ProcessorConnectionRetirement extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "processor_connections" add column "retired_at" timestamptz null;`);
    this.addSql(`alter table "processor_connections" drop constraint "processor_connections_company_id_rail_unique";`);
    this.addSql(`create unique index "processor_connections_company_id_rail_active" on "processor_connections" ("company_id", "rail") where "retired_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "processor_connections" where "retired_at" is not null;`);
    this.addSql(`drop index "processor_connections_company_id_rail_active";`);
    this.addSql(`alter table "processor_connections" add constraint "processor_connections_company_id_rail_unique" unique ("company_id", "rail");`);
    this.addSql(`alter table "processor_connections" drop column "retired_at";`);
  }
}
