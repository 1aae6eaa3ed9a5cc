import type { Orm } from '../../src/db/orm';
import { databaseBefore as migratedBefore, sql } from './migration-db';

/**
 * Migration20261202100000LedgerBalanceChanges on a database seeded before it: two companies'
 * wallets of two recipients in two currencies with sales, releases, a withdrawal, a refund and a
 * chargeback (raw postings, as the ledger service writes them). After it every balance read
 * through `ledger_balances` is the one before, per account and in total per currency and
 * bucket; new entries become balance changes; down() folds them back into the rows.
 */

const MIGRATION = 'Migration20261202100000LedgerBalanceChanges';

const databaseBefore = () => migratedBefore(MIGRATION);

const COMPANIES = ['comp_a', 'comp_b'];
const RECIPIENTS = ['rec_1', 'rec_2'];
const CURRENCIES = ['BRL', 'USD'];
const wallet = (company: string, recipient: string, currency: string) => `wlt_${company}_${recipient}_${currency}`;
const account = (company: string, recipient: string, currency: string, bucket: string) => `led_${company}_${recipient}_${currency}_${bucket}`;
const platform = (currency: string, bucket: 'settlement' | 'revenue') => `led_platform_${currency}_${bucket}`;

async function seedWallets(orm: Orm): Promise<void> {
  for (const [i, recipient] of RECIPIENTS.entries()) {
    await sql(orm, `insert into recipients (id, created_at, updated_at, document, document_type, kind) values (?, now(), now(), ?, 'cpf', 'merchant')`, [recipient, ['52998224725', '11144477735'][i]]);
  }
  for (const currency of CURRENCIES) {
    for (const bucket of ['settlement', 'revenue']) {
      await sql(orm, `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values (?, now(), 'platform', 'platform', null, ?, ?)`, [
        platform(currency, bucket as 'settlement'),
        currency,
        bucket,
      ]);
    }
    for (const company of COMPANIES) {
      for (const recipient of RECIPIENTS) {
        const w = wallet(company, recipient, currency);
        await sql(orm, `insert into wallets (id, created_at, updated_at, company_id, recipient_id, currency) values (?, now(), now(), ?, ?, ?)`, [w, company, recipient, currency]);
        for (const bucket of ['pending', 'available', 'blocked']) {
          await sql(orm, `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values (?, now(), 'wallet', ?, ?, ?, ?)`, [
            account(company, recipient, currency, bucket),
            w,
            w,
            currency,
            bucket,
          ]);
        }
      }
    }
  }
}

let n = 0;
type Line = [account: string, amount: number, type: string];
/** One balanced posting, its entries in one statement (as the ledger service writes them). */
async function posting(orm: Orm, company: string, currency: string, lines: Line[]): Promise<void> {
  const id = `pst_${++n}`;
  await sql(orm, `insert into ledger_postings (id, created_at, key, kind, company_id, source) values (?, now(), ?, 'test', ?, 'transaction')`, [id, `key-${n}`, company]);
  const values = lines.map(() => `(?, ?, (select wallet_id from ledger_accounts where id = ?), ?, ?, ?, true, null, now())`).join(', ');
  await sql(
    orm,
    `insert into ledger_entries (posting_id, account_id, wallet_id, currency, amount, type, in_statement, release_at, created_at) values ${values}`,
    lines.flatMap(([acct, amount, type]) => [id, acct, acct, currency, amount, type]),
  );
}

/** A company's life on one wallet: sales net of fees, a release, a withdrawal, a refund, a chargeback. */
async function seedMovements(orm: Orm): Promise<void> {
  for (const [c, company] of COMPANIES.entries()) {
    for (const [r, recipient] of RECIPIENTS.entries()) {
      for (const currency of CURRENCIES) {
        const a = (bucket: string) => account(company, recipient, currency, bucket);
        const settlement = platform(currency, 'settlement');
        const revenue = platform(currency, 'revenue');
        const gross = 10_000 * (1 + c) + 1_000 * (1 + r) + (currency === 'USD' ? 7 : 0);
        const fee = Math.round(gross * 0.03);
        for (let sale = 0; sale < 3; sale++) {
          await posting(orm, company, currency, [[a('pending'), gross, 'sale'], [a('pending'), -fee, 'fee'], [revenue, fee, 'fee'], [settlement, -gross, 'sale']]);
        }
        const net = gross - fee;
        await posting(orm, company, currency, [[a('pending'), -2 * net, 'sale'], [a('available'), 2 * net, 'sale']]);
        // Withdrawal: reserve, then paid from blocked with its fee.
        await posting(orm, company, currency, [[a('available'), -1_000, 'withdrawal'], [a('blocked'), 1_000, 'withdrawal']]);
        await posting(orm, company, currency, [[a('blocked'), -900, 'withdrawal'], [settlement, 900, 'withdrawal'], [a('blocked'), -100, 'withdrawal_fee'], [revenue, 100, 'withdrawal_fee']]);
        // Refund: the buyer paid back, the fee given back, a refund fee charged.
        await posting(orm, company, currency, [[settlement, 500, 'refund'], [a('available'), -480, 'refund'], [a('available'), -50, 'fee'], [revenue, 30, 'fee']]);
        // Chargeback: the disputed amount blocked, its fee to revenue.
        await posting(orm, company, currency, [[a('available'), -700, 'chargeback'], [a('blocked'), 700, 'chargeback'], [a('available'), -25, 'fee'], [revenue, 25, 'fee']]);
      }
    }
  }
}

const balancesOfRows = async (orm: Orm) =>
  Object.fromEntries((await sql<{ id: string; balance: string }>(orm, `select id, balance::text from ledger_accounts order by id`)).map((r) => [r.id, r.balance]));
const balancesOfView = async (orm: Orm) =>
  Object.fromEntries((await sql<{ account_id: string; balance: string }>(orm, `select account_id, balance::text from ledger_balances order by account_id`)).map((r) => [r.account_id, r.balance]));
const totals = (orm: Orm, source: 'ledger_accounts' | 'ledger_balances') =>
  sql<{ currency: string; bucket: string; total: string }>(orm, `select currency, bucket, sum(balance)::text as total from ${source} group by currency, bucket order by currency, bucket`);
const entrySums = async (orm: Orm) =>
  Object.fromEntries(
    (await sql<{ id: string; total: string }>(orm, `select a.id, coalesce(sum(e.amount), 0)::text as total from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id order by a.id`)).map(
      (r) => [r.id, r.total],
    ),
  );

describe(MIGRATION, () => {
  let orm: Orm;
  let balances: Record<string, string>;
  let bucketTotals: { currency: string; bucket: string; total: string }[];
  beforeAll(async () => {
    orm = await databaseBefore();
    await seedWallets(orm);
    await seedMovements(orm);
    balances = await balancesOfRows(orm);
    bucketTotals = await totals(orm, 'ledger_accounts');
    await orm.getMigrator().up({ to: MIGRATION });
  });
  afterAll(() => orm?.close());

  it('seeded a ledger worth checking: money in every bucket of both currencies', async () => {
    expect(Object.keys(balances)).toHaveLength(2 * 2 + 2 * 2 * 2 * 3);
    expect(bucketTotals.filter((t) => t.total === '0')).toEqual([]);
    expect(bucketTotals.map((t) => `${t.currency}:${t.bucket}`)).toEqual(
      CURRENCIES.flatMap((c) => ['available', 'blocked', 'pending', 'revenue', 'settlement'].map((b) => `${c}:${b}`)),
    );
  });

  it('reads every account\'s balance, and the totals per currency and bucket, exactly as before', async () => {
    expect(await balancesOfView(orm)).toEqual(balances);
    expect(await totals(orm, 'ledger_balances')).toEqual(bucketTotals);
    expect(await balancesOfView(orm)).toEqual(await entrySums(orm));
  });

  it('turns new entries into balance changes (rows untouched) that the view adds, one per account and statement', async () => {
    const pending = account('comp_a', 'rec_1', 'BRL', 'pending');
    await posting(orm, 'comp_a', 'BRL', [[pending, 2_000, 'sale'], [pending, -60, 'fee'], [platform('BRL', 'revenue'), 60, 'fee'], [platform('BRL', 'settlement'), -2_000, 'sale']]);
    expect(await balancesOfRows(orm)).toEqual(balances);
    expect(await sql(orm, `select account_id, amount::text from ledger_balance_changes where account_id = ?`, [pending])).toEqual([{ account_id: pending, amount: '1940' }]);
    expect((await balancesOfView(orm))[pending]).toBe(String(Number(balances[pending]) + 1_940));
    expect(await balancesOfView(orm)).toEqual(await entrySums(orm));
  });

  it('still refuses an entry in another currency than its account\'s', async () => {
    await expect(posting(orm, 'comp_a', 'USD', [[account('comp_a', 'rec_1', 'BRL', 'available'), 1, 'adjustment'], [platform('USD', 'settlement'), -1, 'adjustment']])).rejects.toThrow(
      /does not match account/,
    );
  });

  it('down folds the changes back into the rows (= Σ entries) and up again reads the same', async () => {
    const viewed = await balancesOfView(orm);
    await orm.getMigrator().down();
    expect(await balancesOfRows(orm)).toEqual(viewed);
    expect(await balancesOfRows(orm)).toEqual(await entrySums(orm));
    // The row trigger is back: an entry updates its account's row.
    const available = account('comp_b', 'rec_2', 'USD', 'available');
    await posting(orm, 'comp_b', 'USD', [[available, 300, 'adjustment'], [platform('USD', 'settlement'), -300, 'adjustment']]);
    expect((await balancesOfRows(orm))[available]).toBe(String(Number(viewed[available]) + 300));
    await orm.getMigrator().up({ to: MIGRATION });
    expect(await balancesOfView(orm)).toEqual(await entrySums(orm));
    expect(await balancesOfView(orm)).toEqual(await balancesOfRows(orm));
  });
});
