import { randomBytes } from 'node:crypto';
import { ensureDatabase } from '../../src/db/embedded-postgres';
import { createOrm, type Orm } from '../../src/db/orm';

/**
 * Migration20261128163000RefundBuyerOnly on a database in the shape before it: refund events
 * recorded with the bank-details link lose it (the rest of their payload kept, other events
 * untouched), and a refund may then wait in awaiting_confirmation.
 */

const MIGRATION = 'Migration20261128163000RefundBuyerOnly';
const LINK = 'http://localhost:3000/refunds/bank-details/old-token-value-0123456789';

const sql = <T = Record<string, unknown>>(orm: Orm, query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

let orm: Orm;
beforeAll(async () => {
  orm = await createOrm(await ensureDatabase(process.env.LASTRO_TEST_PG_SERVER!, `m_${randomBytes(6).toString('hex')}`));
  const pending = (await orm.getMigrator().getPendingMigrations()).map((m) => m.name);
  await orm.getMigrator().up({ to: pending[pending.indexOf(MIGRATION) - 1] });
});
afterAll(() => orm?.close());

const event = (id: string, type: string, entityType: string, data: Record<string, unknown>) =>
  sql(orm, `insert into events (id, company_id, type, entity_type, entity_id, payload, created_at) values (?, 'comp_1', ?, ?, ?, ?::jsonb, now())`, [
    id,
    type,
    entityType,
    data.id,
    JSON.stringify({ id, event: type, companyId: 'comp_1', createdAt: '2026-11-20T00:00:00.000Z', data }),
  ]);

it('takes the link out of the refund events recorded before, keeps everything else, and allows awaiting_confirmation', async () => {
  await event('evt_1', 'refund.awaiting_bank_details', 'refund', { id: 'ref_1', status: 'awaiting_bank_details', amount: 1000, bankDetailsUrl: LINK });
  await event('evt_2', 'refund.created', 'refund', { id: 'ref_1', status: 'pending', amount: 1000, bankDetailsUrl: null });
  await event('evt_3', 'customer.created', 'customer', { id: 'cust_1', name: 'Maria' });

  await orm.getMigrator().up({ to: MIGRATION });

  const rows = await sql<{ id: string; payload: { data: Record<string, unknown> } }>(orm, `select id, payload from events order by id`);
  expect(rows.map((r) => r.payload.data)).toEqual([
    { id: 'ref_1', status: 'awaiting_bank_details', amount: 1000 },
    // One shape for every refund event: the field is gone, also where it was null.
    { id: 'ref_1', status: 'pending', amount: 1000 },
    { id: 'cust_1', name: 'Maria' },
  ]);
  expect(JSON.stringify(rows)).not.toContain('old-token-value');
  const [{ def }] = await sql<{ def: string }>(orm, `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'refunds_status_check'`);
  expect(def).toContain("'awaiting_confirmation'");
});
