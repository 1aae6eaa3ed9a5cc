import type { Orm } from '../../src/db/orm';
import { databaseBefore as migratedBefore, sql } from './migration-db';

/**
 * Migration20261125110000TenantWallets on a database seeded in the shape before it: one
 * recipient registration linked by companies A and B, one shared wallet holding A's sale, B's
 * sale and B's withdrawal. After it: one wallet per company, each holding exactly its own
 * movements, and not a cent gained or lost (ledger totals before = after).
 */

const MIGRATION = 'Migration20261125110000TenantWallets';

const databaseBefore = () => migratedBefore(MIGRATION);

/** The old shape: one wallet of the recipient (no company), its three buckets, the platform's settlement. */
async function seedSharedWallet(orm: Orm): Promise<void> {
  await sql(orm, `insert into recipients (id, created_at, updated_at, document, document_type, kind) values ('rec_1', now(), now(), '52998224725', 'cpf', 'merchant')`);
  for (const [company, at] of [['comp_a', '2026-01-01T00:00:00Z'], ['comp_b', '2026-01-02T00:00:00Z']]) {
    await sql(
      orm,
      `insert into recipient_links (company_id, recipient_id, created_at, updated_at, status, role, name, email, type, profile) values (?, 'rec_1', ?, ?, 'active', 'seller', 'Maria', 'm@example.com', 'individual', '{}'::jsonb)`,
      [company, at, at],
    );
  }
  await sql(orm, `insert into wallets (id, created_at, updated_at, recipient_id, currency) values ('wlt_shared', now(), now(), 'rec_1', 'BRL')`);
  for (const bucket of ['pending', 'available', 'blocked']) {
    await sql(orm, `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values (?, now(), 'wallet', 'wlt_shared', 'wlt_shared', 'BRL', ?)`, [`led_${bucket}`, bucket]);
  }
  await sql(orm, `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values ('led_settlement', now(), 'platform', 'platform', null, 'BRL', 'settlement')`);
}

let n = 0;
/** One balanced posting, as the ledger service writes it (its entries in one statement). */
async function posting(orm: Orm, company: string | null, lines: [account: string, amount: number, type: string][]): Promise<string> {
  const id = `pst_${++n}`;
  await sql(orm, `insert into ledger_postings (id, created_at, key, kind, company_id, source) values (?, now() + ? * interval '1 second', ?, 'test', ?, 'transaction')`, [id, n, `key-${n}`, company]);
  const values = lines.map(() => `(?, ?, ?, 'BRL', ?, ?, true, null, now())`).join(', ');
  const params = lines.flatMap(([account, amount, type]) => [id, account, account === 'led_settlement' ? null : 'wlt_shared', amount, type]);
  await sql(orm, `insert into ledger_entries (posting_id, account_id, wallet_id, currency, amount, type, in_statement, release_at, created_at) values ${values}`, params);
  return id;
}

const totals = (orm: Orm) =>
  sql<{ bucket: string; total: string }>(
    orm,
    `select a.bucket, sum(a.balance)::text as total from ledger_accounts a left join wallets w on w.id = a.wallet_id
      where a.owner_type = 'platform' or w.recipient_id = 'rec_1' group by a.bucket order by a.bucket`,
  );

const companyBuckets = async (orm: Orm, company: string) =>
  Object.fromEntries(
    (
      await sql<{ bucket: string; balance: string }>(orm, `select a.bucket, a.balance from wallets w join ledger_accounts a on a.wallet_id = w.id where w.company_id = ? and w.recipient_id = 'rec_1'`, [company])
    ).map((r) => [r.bucket, Number(r.balance)]),
  );

describe(MIGRATION, () => {
  let orm: Orm;
  let before: { bucket: string; total: string }[];
  beforeAll(async () => {
    orm = await databaseBefore();
    await seedSharedWallet(orm);
    // A's sale (50,000) released; B's sale (30,000) released; B reserves 20,000 for a withdrawal.
    await posting(orm, 'comp_a', [['led_pending', 50_000, 'sale'], ['led_settlement', -50_000, 'sale']]);
    await posting(orm, 'comp_a', [['led_pending', -50_000, 'sale'], ['led_available', 50_000, 'sale']]);
    await posting(orm, 'comp_b', [['led_pending', 30_000, 'sale'], ['led_settlement', -30_000, 'sale']]);
    await posting(orm, 'comp_b', [['led_pending', -30_000, 'sale'], ['led_available', 30_000, 'sale']]);
    const reserve = await posting(orm, 'comp_b', [['led_available', -20_000, 'withdrawal'], ['led_blocked', 20_000, 'withdrawal']]);
    await sql(
      orm,
      `insert into withdrawals (id, created_at, updated_at, company_id, recipient_id, wallet_id, bank_account_id, amount, currency, fee, net_amount, status, status_history, reservation_posting_id)
       values ('wdr_b', now(), now(), 'comp_b', 'rec_1', 'wlt_shared', 'rba_b', 20000, 'BRL', 0, 20000, 'requested', '[]'::jsonb, ?)`,
      [reserve],
    );
    before = await totals(orm);
    await orm.getMigrator().up({ to: MIGRATION });
  });
  afterAll(() => orm?.close());

  it('keeps every cent: the totals per bucket are those before', async () => {
    expect(before).toEqual([
      { bucket: 'available', total: '60000' },
      { bucket: 'blocked', total: '20000' },
      { bucket: 'pending', total: '0' },
      { bucket: 'settlement', total: '-80000' },
    ]);
    expect(await totals(orm)).toEqual(before);
  });

  it('gives each company a wallet holding exactly its own movements', async () => {
    expect(await companyBuckets(orm, 'comp_a')).toEqual({ pending: 0, available: 50_000, blocked: 0 });
    expect(await companyBuckets(orm, 'comp_b')).toEqual({ pending: 0, available: 10_000, blocked: 20_000 });
    const wallets = await sql<{ id: string; company_id: string }>(orm, `select id, company_id from wallets where recipient_id = 'rec_1' order by company_id`);
    expect(wallets.map((w) => w.company_id)).toEqual(['comp_a', 'comp_b']);
    // The wallet stays with the company that used it first; B's withdrawal points at B's new one.
    expect(wallets[0].id).toBe('wlt_shared');
    const [withdrawal] = await sql<{ wallet_id: string }>(orm, `select wallet_id from withdrawals where id = 'wdr_b'`);
    expect(withdrawal.wallet_id).toBe(wallets[1].id);
  });

  it('leaves the ledger consistent: balances equal entries, postings balanced, entries on their company\'s wallet', async () => {
    expect(await sql(orm, `select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id having a.balance <> coalesce(sum(e.amount), 0)`)).toEqual([]);
    expect(await sql(orm, `select posting_id from ledger_entries group by posting_id, currency having sum(amount) <> 0`)).toEqual([]);
    expect(
      await sql(orm, `select e.id from ledger_entries e join ledger_postings p on p.id = e.posting_id join wallets w on w.id = e.wallet_id join ledger_accounts a on a.id = e.account_id where w.company_id <> p.company_id or a.wallet_id <> e.wallet_id`),
    ).toEqual([]);
  });

  it('still refuses to edit an entry afterwards (the immutability trigger is back)', async () => {
    await expect(sql(orm, `update ledger_entries set amount = amount + 1`)).rejects.toThrow(/immutable/);
  });

  it('down merges the wallets back into the oldest, totals unchanged', async () => {
    await orm.getMigrator().down();
    expect(await totals(orm)).toEqual(before);
    expect(await sql(orm, `select id from wallets where recipient_id = 'rec_1'`)).toEqual([{ id: 'wlt_shared' }]);
    const [withdrawal] = await sql<{ wallet_id: string }>(orm, `select wallet_id from withdrawals where id = 'wdr_b'`);
    expect(withdrawal.wallet_id).toBe('wlt_shared');
    await orm.getMigrator().up({ to: MIGRATION });
    expect(await totals(orm)).toEqual(before);
    expect(await companyBuckets(orm, 'comp_b')).toEqual({ pending: 0, available: 10_000, blocked: 20_000 });
  });
});

describe(`${MIGRATION} when one company spent another's money on the shared wallet`, () => {
  it('stops and names the wallet instead of hiding the hole', async () => {
    const orm = await databaseBefore();
    try {
      await seedSharedWallet(orm);
      await posting(orm, 'comp_a', [['led_available', 50_000, 'sale'], ['led_settlement', -50_000, 'sale']]);
      // B withdrew 20,000 it never earned: the finding of the tenant-isolation issue.
      await posting(orm, 'comp_b', [['led_available', -20_000, 'withdrawal'], ['led_settlement', 20_000, 'withdrawal']]);
      await expect(orm.getMigrator().up({ to: MIGRATION })).rejects.toThrow(/would hold -20000 in available: its company spent another company's money/);
    } finally {
      await orm.close();
    }
  });
});

describe(`${MIGRATION} with a posting that names no company`, () => {
  it('counts it for the company that used the wallet first (the posting API has always named one for wallet lines)', async () => {
    const orm = await databaseBefore();
    try {
      await seedSharedWallet(orm);
      await posting(orm, 'comp_b', [['led_available', 7_000, 'sale'], ['led_settlement', -7_000, 'sale']]);
      await posting(orm, null, [['led_available', 1_000, 'adjustment'], ['led_settlement', -1_000, 'adjustment']]);
      await posting(orm, 'comp_a', [['led_available', 3_000, 'sale'], ['led_settlement', -3_000, 'sale']]);
      const before = await totals(orm);
      await orm.getMigrator().up({ to: MIGRATION });
      expect(await totals(orm)).toEqual(before);
      expect(await companyBuckets(orm, 'comp_b')).toEqual({ pending: 0, available: 8_000, blocked: 0 });
      expect(await companyBuckets(orm, 'comp_a')).toEqual({ pending: 0, available: 3_000, blocked: 0 });
    } finally {
      await orm.close();
    }
  });
});
