import type { Orm } from '../../src/db/orm';
import { databaseBefore, sql } from '../ledger/migration-db';

/**
 * Migration20261202200000Receivables on a database seeded before it: a card sale posting in two
 * installments for two recipients, its first installment released (`release:<pay_id>:1`), and a
 * Pix-like sale of another payment released in full. After it every sale has its receivables,
 * one per recipient and installment, the net of its pending lines, dated by them, released
 * where the release posting exists.
 */
const MIGRATION = 'Migration20261202200000Receivables';

let orm: Orm;
afterAll(() => orm?.close());

const w = (recipient: string) => `wlt_${recipient}`;
const acct = (recipient: string, bucket: string) => `led_${recipient}_${bucket}`;

async function seed(): Promise<void> {
  for (const [i, recipient] of ['rec_1', 'rec_2'].entries()) {
    await sql(orm, `insert into recipients (id, created_at, updated_at, document, document_type, kind) values (?, now(), now(), ?, 'cpf', 'merchant')`, [recipient, ['52998224725', '11144477735'][i]]);
    await sql(orm, `insert into wallets (id, created_at, updated_at, company_id, recipient_id, currency) values (?, now(), now(), 'comp_a', ?, 'BRL')`, [w(recipient), recipient]);
    for (const bucket of ['pending', 'available', 'blocked']) {
      await sql(orm, `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values (?, now(), 'wallet', ?, ?, 'BRL', ?)`, [acct(recipient, bucket), w(recipient), w(recipient), bucket]);
    }
  }
  await sql(orm, `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values ('led_settlement', now(), 'platform', 'platform', null, 'BRL', 'settlement')`);
}

type Line = [account: string, amount: number, releaseAt: string | null];
async function posting(id: string, key: string, kind: string, lines: Line[]): Promise<void> {
  await sql(orm, `insert into ledger_postings (id, created_at, key, kind, company_id, source, source_id) values (?, now(), ?, ?, 'comp_a', 'transaction', 'txn_1')`, [id, key, kind]);
  const values = lines.map(() => `(?, ?, (select wallet_id from ledger_accounts where id = ?), 'BRL', ?, 'sale', true, ?, now())`).join(', ');
  await sql(orm, `insert into ledger_entries (posting_id, account_id, wallet_id, currency, amount, type, in_statement, release_at, created_at) values ${values}`, lines.flatMap(([a, amount, at]) => [id, a, a, amount, at]));
}

it('gives every existing sale its receivables, released where its release posting exists', async () => {
  orm = await databaseBefore(MIGRATION);
  await seed();
  const d1 = '2026-12-01T02:30:00.000Z'; // still Nov 30 in São Paulo
  const d2 = '2026-12-31T12:00:00.000Z';
  await posting('pst_sale', 'sale:pay_1', 'sale', [
    [acct('rec_1', 'pending'), 6_000, d1],
    [acct('rec_1', 'pending'), -100, d1],
    [acct('rec_1', 'pending'), 6_000, d2],
    [acct('rec_2', 'pending'), 4_000, d1],
    [acct('rec_2', 'pending'), 4_000, d2],
    ['led_settlement', -19_900, null],
  ]);
  await posting('pst_rel', 'release:pay_1:1', 'release', [
    [acct('rec_1', 'pending'), -5_900, d1],
    [acct('rec_1', 'available'), 5_900, d1],
    [acct('rec_2', 'pending'), -4_000, d1],
    [acct('rec_2', 'available'), 4_000, d1],
  ]);
  await orm.getMigrator().up({ to: MIGRATION });
  const rows = await sql<{ payment_id: string; transaction_id: string; sale_posting_id: string; recipient_id: string; installment: number; amount: string; available_on: string; status: string; release_posting_id: string | null }>(
    orm,
    `select payment_id, transaction_id, sale_posting_id, recipient_id, installment, amount, available_on::text as available_on, status, release_posting_id from receivables order by installment, recipient_id`,
  );
  expect(rows.map((r) => [r.payment_id, r.transaction_id, r.sale_posting_id, r.recipient_id, r.installment, Number(r.amount), r.available_on, r.status, r.release_posting_id])).toEqual([
    ['pay_1', 'txn_1', 'pst_sale', 'rec_1', 1, 5_900, '2026-11-30', 'released', 'pst_rel'],
    ['pay_1', 'txn_1', 'pst_sale', 'rec_2', 1, 4_000, '2026-11-30', 'released', 'pst_rel'],
    ['pay_1', 'txn_1', 'pst_sale', 'rec_1', 2, 6_000, '2026-12-31', 'pending', null],
    ['pay_1', 'txn_1', 'pst_sale', 'rec_2', 2, 4_000, '2026-12-31', 'pending', null],
  ]);
  await orm.getMigrator().down({ to: MIGRATION });
  expect(await sql(orm, `select to_regclass('receivables') as t`)).toEqual([{ t: null }]);
});
