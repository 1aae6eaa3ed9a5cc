import { parse } from 'csv-parse/sync';
import { releaseDueReceivables } from '../../src/receivables/receivables.service';
import { daysFromNow } from '../helpers/release-runs';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { CHARGEBACK_FEES } from '../payments/chargeback-fixtures';
import { cardBody, cardToken, eventually, expectLedgerConsistent, setCompanyFees } from '../payments/fixtures';

/**
 * The statement's release status of a sale's entries follows its receivables, through the API
 * (JSON statement, its filter, and the CSV export): pending, anticipated, released and suspended
 * sales of one recipient side by side; another company reads none of it.
 */
const t = useTestStack({
  companies: ['Loja', 'Outra'],
  owners: ['Loja', 'Outra'],
  async setup(t) {
    // A 2% card fee: each sale has a gross and a fee entry on the pending bucket, both with the installment's date.
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }]));
    await setCompanyFees(t.stack, t.company.Loja, { creditCard, ...CHARGEBACK_FEES, anticipation: { percentage: 3, approvalAbove: null } });
  },
});

interface Entry {
  sourceId: string | null;
  releaseStatus: string;
  type: string;
}

async function paidCard(company: SeededCompany, amount: number) {
  const res = await t.stack.http.post('/v1/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), amount, 2));
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}

const receivableIds = async (paymentId: string) =>
  (await t.stack.http.get(`/v1/receivables?paymentId=${paymentId}`).set(t.company.Loja.headers)).body.data.map((r: { id: string }) => r.id) as string[];

const statement = async (query = '') => {
  const res = await t.stack.http.get(`/v1/wallets/owner/${t.owner.Loja}/transactions?limit=100&source=transaction${query}`).set(t.company.Loja.headers);
  expect(res.status).toBe(200);
  return res.body.data as Entry[];
};

const csv = async (query = '') => {
  const res = await t.stack.http
    .get(`/v1/wallets/owner/${t.owner.Loja}/statement.csv?source=transaction${query}`)
    .set(t.company.Loja.headers)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return parse(res.body as Buffer, { bom: true, columns: true }) as Entry[];
};

/** Each sale's entries' release statuses, by transaction id (sorted). */
const statusesBySale = (entries: Array<{ sourceId: string | null; releaseStatus: string }>) => {
  const by: Record<string, string[]> = {};
  for (const e of entries) (by[e.sourceId ?? ''] ??= []).push(e.releaseStatus);
  for (const k of Object.keys(by)) by[k].sort();
  return by;
};

it('pending, anticipated, released and suspended sales: the JSON statement, its releaseStatus filter and the CSV export say which', async () => {
  const company = t.company.Loja;
  const pending = await paidCard(company, 10_000);
  const anticipated = await paidCard(company, 20_000);
  const released = await paidCard(company, 30_000);
  const suspended = await paidCard(company, 40_000);

  // Anticipated: both installments of one sale.
  const ids = await receivableIds(anticipated.paymentId);
  const sim = await t.stack.http.post('/v1/anticipations/simulate').set(company.headers).send({ recipientId: t.owner.Loja, receivableIds: ids });
  expect(sim.status).toBe(200);
  const ant = await t.stack.http.post('/v1/anticipations').set(company.headers).send({ recipientId: t.owner.Loja, receivableIds: ids, fingerprint: sim.body.fingerprint });
  expect(ant.status).toBe(201);

  // Released: the release run's page of its first installment (due D+30), the second still waits.
  const [first, second] = await receivableIds(released.paymentId);
  const page = await releaseDueReceivables(t.stack.em(), { companyId: company.company.id, on: daysFromNow(30), ids: [first] });
  expect(page.released).toBe(1);

  // Suspended: a chargeback opens a dispute, which holds the sale's waiting receivables.
  expect((await t.stack.http.post(`/sandbox/payments/${suspended.paymentId}/chargeback`).set(company.headers).send({ amount: 1_000, reason: '4837' })).status).toBe(202);
  await eventually(async () => {
    const res = await t.stack.http.get(`/v1/receivables?paymentId=${suspended.paymentId}`).set(company.headers);
    return res.body.data.every((r: { status: string }) => r.status === 'suspended') ? res.body.data : null;
  });

  const entries = await statement();
  // Each sale: a gross and a fee entry per installment.
  expect(statusesBySale(entries)).toEqual({
    [pending.transactionId]: ['pending', 'pending', 'pending', 'pending'],
    [anticipated.transactionId]: ['anticipated', 'anticipated', 'anticipated', 'anticipated'],
    [released.transactionId]: ['pending', 'pending', 'released', 'released'],
    [suspended.transactionId]: ['suspended', 'suspended', 'suspended', 'suspended'],
  });
  expect((await receivableIds(released.paymentId))[1]).toBe(second);

  // The filter reads the same status.
  for (const status of ['pending', 'anticipated', 'released', 'suspended']) {
    const filtered = await statement(`&releaseStatus=${status}`);
    expect(filtered.length).toBe(entries.filter((e) => e.releaseStatus === status).length);
    expect(filtered.every((e) => e.releaseStatus === status)).toBe(true);
  }
  const bad = await t.stack.http.get(`/v1/wallets/owner/${t.owner.Loja}/transactions?releaseStatus=waiting`).set(company.headers);
  expect(bad.status).toBe(400);
  expect(bad.body.error.code).toBe('validation_failed');

  // The CSV export says the same, filter and all.
  expect(statusesBySale(await csv())).toEqual(statusesBySale(entries));
  expect(statusesBySale(await csv('&releaseStatus=anticipated'))).toEqual({ [anticipated.transactionId]: ['anticipated', 'anticipated', 'anticipated', 'anticipated'] });

  // The summary filters by it too: the anticipated sale's gross less its card fee.
  const summary = await t.stack.http.get(`/v1/wallets/owner/${t.owner.Loja}/summary?releaseStatus=anticipated`).set(company.headers);
  expect(summary.body.data[0].net).toBe(19_600);

  // Another company: none of it.
  expect((await t.stack.http.get(`/v1/wallets/owner/${t.owner.Loja}/transactions`).set(t.company.Outra.headers)).status).toBe(404);
  expect((await t.stack.http.get(`/v1/wallets/owner/${t.owner.Loja}/statement.csv`).set(t.company.Outra.headers)).status).toBe(404);
  await expectLedgerConsistent(t.stack);
});
