import type { EntityManager } from '@mikro-orm/postgresql';
import { releaseDueReceivables } from '../../src/receivables/receivables.service';
import { releaseRunWorkflowId } from '../../workflows/receivables/release-run.contract';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { getBalance } from '../../src/ledger/wallets.service';
import { balanceOf, cardBody, cardToken, eventually, expectLedgerConsistent, linkingCompany, newReference, pixBody, setCompanyFees } from '../payments/fixtures';

/**
 * Receivables and release runs on the real stack (PostgreSQL, Temporal, the embedded acquirer,
 * PSP and issuer as processes): what a sale writes, what a run releases, and that nothing is
 * released twice (a second run of the day, two pages over the same receivables at once).
 */
const t = useTestStack({
  companies: ['Loja', 'Outra'],
  owners: ['Loja', 'Outra'],
  async setup(t) {
    // 2% on a card of any installments (no fixed part), 1% on Pix, R$3,50 a boleto: round shares.
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }]));
    for (const name of ['Loja', 'Outra'] as const) await setCompanyFees(t.stack, t.company[name], { creditCard, pix: { percentage: 1, fixed: 0 }, boleto: { percentage: 0, fixed: 350 } });
  },
});

interface Row {
  recipient_id: string;
  installment: number;
  amount: string;
  status: string;
  available_on: string;
  release_posting_id: string | null;
}
const receivablesOf = (paymentId: string) =>
  t.stack.em().execute<Row[]>(`select recipient_id, installment, amount, status, available_on::text as available_on, release_posting_id from receivables where payment_id = ? order by installment, recipient_id`, [paymentId]);
const buckets = async (recipientId: string) => {
  const b = await getBalance(t.stack.em(), await linkingCompany(t.stack, recipientId), recipientId, 'BRL');
  return { pending: b.pendingBalance, available: b.withdrawableBalance, blocked: b.blockedBalance };
};
const releasePostings = async (paymentId: string) =>
  Number((await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from ledger_postings where kind = 'release' and key like ?`, [`release:${paymentId}:%`]))[0].n);

async function paidCard(name: 'Loja' | 'Outra', amount: number, installments: number) {
  const company = t.company[name];
  const res = await t.stack.http.post('/v1/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), amount, installments));
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}

it('a card sale in 3 installments: 3 receivables, released one day at a time, once; the statement follows', async () => {
  const owner = t.owner.Loja;
  const before = await balanceOf(t.stack, owner);
  const { transactionId, paymentId } = await paidCard('Loja', 30_000, 3);
  // 2% of 30 000 = 600; 29 400 net in three installments of 9 800, dated D+30, D+60, D+90 (São Paulo).
  const rows = await receivablesOf(paymentId);
  expect(rows.map((r) => [r.recipient_id, r.installment, Number(r.amount), r.status, r.available_on])).toEqual([
    [owner, 1, 9_800, 'pending', daysFromNow(30)],
    [owner, 2, 9_800, 'pending', daysFromNow(60)],
    [owner, 3, 9_800, 'pending', daysFromNow(90)],
  ]);
  // No workflow for a card the API decided.
  await expect(t.stack.client.workflow.getHandle(transactionId).describe()).rejects.toThrow(/not found/i);

  // Nothing is due before D+30.
  await runReleaseRuns(t.stack, daysFromNow(29));
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending + 29_400, available: before.available });
  expect(await releasePostings(paymentId)).toBe(0);

  const on = daysFromNow(30);
  const first = await runReleaseRuns(t.stack, on);
  expect(first.released).toBeGreaterThanOrEqual(1);
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending + 19_600, available: before.available + 9_800 });
  expect((await receivablesOf(paymentId)).map((r) => r.status)).toEqual(['released', 'pending', 'pending']);
  expect((await receivablesOf(paymentId))[0].release_posting_id).toMatch(/^pst_/);
  const statement = await t.stack.http.get(`/wallets/owner/${owner}/transactions?limit=100&source=transaction`).set(t.company.Loja.headers);
  const mine = statement.body.data.filter((e: { sourceId: string }) => e.sourceId === transactionId);
  // Each installment's sale and fee entries: the first's released, the other two's pending.
  expect(mine.map((e: { releaseStatus: string }) => e.releaseStatus).sort()).toEqual(['pending', 'pending', 'pending', 'pending', 'released', 'released']);

  // The same day again: the company's run of the day exists; nothing moves.
  const again = await runReleaseRuns(t.stack, on);
  expect(again).toMatchObject({ released: 0, postings: 0 });
  expect(await releasePostings(paymentId)).toBe(1);
  expect((await t.stack.client.workflow.getHandle(releaseRunWorkflowId(t.company.Loja.company.id, on)).result()).released).toBeGreaterThanOrEqual(1);

  // Up to D+90 at once: the two left, each once.
  await runReleaseRuns(t.stack, daysFromNow(90));
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending, available: before.available + 29_400 });
  expect(await releasePostings(paymentId)).toBe(3);
  await expectLedgerConsistent(t.stack);
});

it('two pages over the same receivables at once (an overlapping run, a retried page): each released once', async () => {
  const owner = t.owner.Outra;
  const companyId = t.company.Outra.company.id;
  const before = await balanceOf(t.stack, owner);
  const sales = [await paidCard('Outra', 10_000, 2), await paidCard('Outra', 20_000, 1)];
  const on = daysFromNow(30);
  const ids = (await t.stack.em().execute<{ id: string }[]>(`select id from receivables where company_id = ? and status = 'pending' and available_on <= ?::date order by id`, [companyId, on])).map((r) => r.id);
  expect(ids).toHaveLength(2);
  const page = () => releaseDueReceivables(t.stack.orm.em.fork() as unknown as EntityManager, { companyId, on, ids });
  const results = await Promise.all([page(), page(), page()]);
  expect(results.reduce((a, r) => a + r.released, 0)).toBe(2);
  expect(results.reduce((a, r) => a + r.postings, 0)).toBe(2);
  // 2% fees: 9 800 net in two installments of 4 900; 19 600 in one.
  expect(results.reduce((a, r) => a + r.amount, 0)).toBe(4_900 + 19_600);
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending + 4_900, available: before.available + 4_900 + 19_600 });
  // The run of that day finds nothing left to release for these sales.
  const run = await runReleaseRuns(t.stack, on);
  expect(run.released).toBe(0);
  for (const s of sales) expect(await releasePostings(s.paymentId)).toBe(1);
  await expectLedgerConsistent(t.stack);
});

it('a chargeback before the release lowers the receivable and its dispute suspends what is left: the run does not release it', async () => {
  const owner = t.owner.Loja;
  const { transactionId, paymentId } = await paidCard('Loja', 10_000, 1);
  const before = await buckets(owner);
  const res = await t.stack.http.post(`/sandbox/payments/${paymentId}/chargeback`).set(t.company.Loja.headers).send({ amount: 4_000 });
  expect(res.status).toBe(202);
  await eventually(async () => (await t.stack.http.get(`/v1/transactions/${transactionId}`).set(t.company.Loja.headers)).body.payments[0].chargedBackAmount === 4_000);
  // No chargeback fee configured: 4 000 blocked from the pending installment (9 800 net).
  const [row] = await receivablesOf(paymentId);
  expect(Number(row.amount)).toBe(5_800);
  // The day after (the first test ran this company's run of D+30 already: one run per company and day).
  await runReleaseRuns(t.stack, daysFromNow(31));
  expect(await buckets(owner)).toEqual({ pending: before.pending - 4_000, available: before.available, blocked: before.blocked + 4_000 });
  expect((await receivablesOf(paymentId))[0].status).toBe('suspended');
  await expectLedgerConsistent(t.stack);
});

it('a Pix is available at payment: its receivable is born released, nothing for a run to do', async () => {
  const owner = t.owner.Outra;
  const before = await balanceOf(t.stack, owner);
  const res = await t.stack.http.post('/v1/transactions').set(t.company.Outra.headers).send(pixBody(10_000));
  const payment = res.body.payments[0];
  await t.stack.http.post(`/sandbox/payments/${payment.id}/pay`).set(t.company.Outra.headers).send().expect(202);
  await eventually(async () => (await t.stack.http.get(`/v1/transactions/${res.body.id}`).set(t.company.Outra.headers)).body.status === 'paid');
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending, available: before.available + 9_900 });
  const rows = await receivablesOf(payment.id);
  expect(rows.map((r) => [Number(r.amount), r.status])).toEqual([[9_900, 'released']]);
  expect(await releasePostings(payment.id)).toBe(0);
  const statement = await t.stack.http.get(`/wallets/owner/${owner}/transactions?limit=100`).set(t.company.Outra.headers);
  expect(statement.body.data.filter((e: { sourceId: string }) => e.sourceId === res.body.id).map((e: { releaseStatus: string }) => e.releaseStatus)).toEqual(['released', 'released']);
});

it('a boleto is released by the next day’s run', async () => {
  const owner = t.owner.Outra;
  const before = await balanceOf(t.stack, owner);
  const dueDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const res = await t.stack.http.post('/v1/transactions').set(t.company.Outra.headers).send({
    referenceCode: newReference(),
    items: [{ description: 'Curso', quantity: 1, amount: 15_000 }],
    payments: [{ paymentMethod: 'boleto', amount: 15_000, boleto: { dueDate, payer: { name: 'Maria Silva', document: '529.982.247-25' } } }],
  });
  expect(res.status).toBe(201);
  const payment = res.body.payments[0];
  await t.stack.http.post(`/sandbox/payments/${payment.id}/pay`).set(t.company.Outra.headers).send().expect(202);
  await eventually(async () => (await t.stack.http.get(`/v1/transactions/${res.body.id}`).set(t.company.Outra.headers)).body.status === 'paid');
  const [row] = await receivablesOf(payment.id);
  expect(row).toMatchObject({ status: 'pending', available_on: daysFromNow(1) });
  await runReleaseRuns(t.stack, daysFromNow(0));
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending + 14_650, available: before.available });
  await runReleaseRuns(t.stack, daysFromNow(1));
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending, available: before.available + 14_650 });
  await expectLedgerConsistent(t.stack);
});
