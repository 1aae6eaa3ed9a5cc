import { Migration } from '@mikro-orm/migrations';

/**
 * Boletos registered at their issuer. `boleto_numbers` gives each registration its number (BB's
 * numeroTituloCliente's 10 digits), never reused. `boleto_registrations` records each number
 * before the issuer is asked, committed on its own: a creation that dies between the issuer's
 * answer and its own commit leaves a row whose payment never appears, and the boleto sweep
 * cancels (baixa) that boleto at the issuer, so no payable boleto exists without its payment.
 */
export class Migration20261130120000BoletoRegistrations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence "boleto_numbers" as bigint minvalue 1 maxvalue 9999999999 no cycle;`);
    this.addSql(`create table "boleto_registrations" (
      "number" varchar(10) not null, "connection_id" varchar(40) not null, "payment_id" varchar(40) not null, "company_id" varchar(40) not null,
      "created_at" timestamptz not null default now(), "resolved_at" timestamptz null,
      constraint "boleto_registrations_pkey" primary key ("number"));`);
    this.addSql(`create index "boleto_registrations_unresolved" on "boleto_registrations" ("created_at") where "resolved_at" is null;`);
    // A liquidation names its boleto by number: the payment is found by it.
    this.addSql(`create unique index "payments_boleto_number_unique" on "payments" (("boleto"->>'number')) where "method" = 'boleto' and "boleto"->>'number' is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "payments_boleto_number_unique";`);
    this.addSql(`drop table "boleto_registrations";`);
    this.addSql(`drop sequence "boleto_numbers";`);
  }
}
