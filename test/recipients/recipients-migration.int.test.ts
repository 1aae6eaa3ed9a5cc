import { randomBytes } from 'node:crypto';
import { ensureDatabase } from '../../src/db/embedded-postgres';
import { createOrm, type Orm } from '../../src/db/orm';

/**
 * Migration20261125100000TenantRecipients on a database seeded in the shape before it: what
 * the registration held is copied to every link, a bank account shared by two companies'
 * links becomes one per company, KYC files go to the earliest-linked company. Nothing lost.
 */

const MIGRATION = 'Migration20261125100000TenantRecipients';
let orm: Orm;
let before: string;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

const profile = { address: { address: 'Av. Paulista', city: 'São Paulo', state: 'SP' }, motherName: 'Ana' };
const bank = (id: string, recipient: string, account: string, createdAt: string) =>
  sql(
    `insert into recipient_bank_accounts (id, created_at, updated_at, recipient_id, bank_code, bank_name, bank_agency, bank_account, bank_account_digit, bank_holder_name, bank_holder_document)
     values (?, ?, ?, ?, '341', 'Itaú', '0001', ?, '6', 'Maria Silva', '52998224725')`,
    [id, createdAt, createdAt, recipient, account],
  );
const linkRow = (company: string, recipient: string, account: string | null, createdAt: string, status = 'active') =>
  sql(
    `insert into recipient_links (company_id, recipient_id, created_at, updated_at, status, role, default_bank_account_id) values (?, ?, ?, ?, ?, 'seller', ?)`,
    [company, recipient, createdAt, createdAt, status, account],
  );

beforeAll(async () => {
  const server = process.env.LASTRO_TEST_PG_SERVER!;
  const url = await ensureDatabase(server, `m_${randomBytes(6).toString('hex')}`);
  orm = await createOrm(url);
  const migrator = orm.getMigrator();
  const pending = (await migrator.getPendingMigrations()).map((m) => m.name);
  before = pending[pending.indexOf(MIGRATION) - 1];
  await migrator.up({ to: before });

  // r1: one CPF linked by A (first) and B, both using the same account; an older account no link uses; two files.
  await sql(`insert into recipients (id, created_at, updated_at, document, document_type, name, email, type, phone, kind, profile)
             values ('rec_1', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '52998224725', 'cpf', 'Maria Silva', 'maria@example.com', 'individual', '+5511999990000', 'merchant', ?::jsonb)`, [JSON.stringify(profile)]);
  await bank('rba_old', 'rec_1', '111', '2026-01-01T00:00:00Z');
  await bank('rba_shared', 'rec_1', '222', '2026-01-02T00:00:00Z');
  await linkRow('comp_b', 'rec_1', 'rba_shared', '2026-01-05T00:00:00Z', 'pending');
  await linkRow('comp_a', 'rec_1', 'rba_shared', '2026-01-03T00:00:00Z');
  for (const kind of ['identificationDocument', 'selfie']) {
    await sql(`insert into recipient_files (recipient_id, kind, content_type, size_bytes, sha256, data, source, created_at) values ('rec_1', ?, 'image/png', 3, 'x', '\\x010203', 'api', now())`, [kind]);
  }
  // r2: linked by B only (a deleted link), with its own account.
  await sql(`insert into recipients (id, created_at, updated_at, document, document_type, name, email, type, phone, kind, profile)
             values ('rec_2', now(), now(), '11144477735', 'cpf', 'João', 'joao@example.com', 'individual', null, 'merchant', '{}'::jsonb)`);
  await bank('rba_2', 'rec_2', '333', '2026-01-01T00:00:00Z');
  await linkRow('comp_b', 'rec_2', 'rba_2', '2026-01-01T00:00:00Z');
  await sql(`update recipient_links set deleted_at = now(), status = 'inactive' where recipient_id = 'rec_2'`);

  await migrator.up({ to: MIGRATION });
});
afterAll(() => orm?.close());

describe(MIGRATION, () => {
  it('copies what the registration held to every link, deleted ones too', async () => {
    const links = await sql(`select company_id, recipient_id, name, email, type, phone, profile, status from recipient_links order by recipient_id, company_id`);
    expect(links).toEqual([
      { company_id: 'comp_a', recipient_id: 'rec_1', name: 'Maria Silva', email: 'maria@example.com', type: 'individual', phone: '+5511999990000', profile, status: 'active' },
      { company_id: 'comp_b', recipient_id: 'rec_1', name: 'Maria Silva', email: 'maria@example.com', type: 'individual', phone: '+5511999990000', profile, status: 'pending' },
      { company_id: 'comp_b', recipient_id: 'rec_2', name: 'João', email: 'joao@example.com', type: 'individual', phone: null, profile: {}, status: 'inactive' },
    ]);
    const columns = await sql<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'recipients' order by column_name`);
    expect(columns.map((c) => c.column_name)).toEqual(['created_at', 'deleted_at', 'document', 'document_type', 'id', 'kind', 'updated_at']);
  });

  it('gives each company its own bank account: the shared one stays with the earliest link, the other gets a copy', async () => {
    const accounts = await sql<{ id: string; company_id: string; recipient_id: string; bank_account: string }>(
      `select id, company_id, recipient_id, bank_account from recipient_bank_accounts order by recipient_id, bank_account, company_id`,
    );
    const copy = accounts.find((a) => a.company_id === 'comp_b' && a.recipient_id === 'rec_1')!;
    expect(copy.id).toMatch(/^rba_[0-9a-z]{26}$/);
    expect(accounts).toEqual([
      { id: 'rba_old', company_id: 'comp_a', recipient_id: 'rec_1', bank_account: '111' },
      { id: 'rba_shared', company_id: 'comp_a', recipient_id: 'rec_1', bank_account: '222' },
      { id: copy.id, company_id: 'comp_b', recipient_id: 'rec_1', bank_account: '222' },
      { id: 'rba_2', company_id: 'comp_b', recipient_id: 'rec_2', bank_account: '333' },
    ]);
    const defaults = await sql(`select company_id, recipient_id, default_bank_account_id from recipient_links order by recipient_id, company_id`);
    expect(defaults).toEqual([
      { company_id: 'comp_a', recipient_id: 'rec_1', default_bank_account_id: 'rba_shared' },
      { company_id: 'comp_b', recipient_id: 'rec_1', default_bank_account_id: copy.id },
      { company_id: 'comp_b', recipient_id: 'rec_2', default_bank_account_id: 'rba_2' },
    ]);
  });

  it('gives KYC files to the earliest-linked company', async () => {
    expect(await sql(`select company_id, kind from recipient_files order by kind`)).toEqual([
      { company_id: 'comp_a', kind: 'identificationDocument' },
      { company_id: 'comp_a', kind: 'selfie' },
    ]);
  });

  it('goes back down with the registration’s data restored from its earliest link', async () => {
    await orm.getMigrator().down({ to: before });
    expect(await sql(`select id, name, email, phone from recipients order by id`)).toEqual([
      { id: 'rec_1', name: 'Maria Silva', email: 'maria@example.com', phone: '+5511999990000' },
      { id: 'rec_2', name: 'João', email: 'joao@example.com', phone: null },
    ]);
    await orm.getMigrator().up({ to: MIGRATION });
  });
});
