import { Migration } from '@mikro-orm/migrations';

/**
 * Card payments are authorized, voided and refunded at the company's acquirer (the embedded one in
 * sandbox: its books are its own): the sandbox acquirer's books in Lastro's database go.
 */
export class Migration20261130100000RetireSandboxAcquirer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_gateway_charges";`);
    this.addSql(`drop table if exists "sandbox_gateway_refunds";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `create table "sandbox_gateway_charges" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "amount" bigint not null, "installments" int not null, "status" varchar(16) not null, "code" varchar(64) null, "reference" varchar(64) not null, "authorization_code" varchar(32) null, "voided_at" timestamptz null, constraint "sandbox_gateway_charges_pkey" primary key ("idempotency_key"));`,
    );
    this.addSql(
      `create table "sandbox_gateway_refunds" ("idempotency_key" varchar(100) not null, "created_at" timestamptz not null default now(), "charge_reference" varchar(64) null, "amount" bigint not null, "status" varchar(16) not null, "code" varchar(64) null, "reference" varchar(64) not null, constraint "sandbox_gateway_refunds_pkey" primary key ("idempotency_key"));`,
    );
  }
}
