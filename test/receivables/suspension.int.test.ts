import type { EntityManager } from '@mikro-orm/postgresql';
import { restoreReceivables, suspendReceivables } from '../../src/receivables/receivables.service';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { balanceOf, cardBody, cardToken, expectLedgerConsistent, setCompanyFees } from '../payments/fixtures';

/**
 * Suspension (a dispute holding a sale's receivables), on the real stack: a suspended
 * receivable stays pending money and no release run releases it until it is restored.
 */
const t = useTestStack({
  companies: ['Loja', 'Outra'],
  owners: ['Loja', 'Outra'],
  async setup(t) {
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }]));
    for (const name of ['Loja', 'Outra'] as const) await setCompanyFees(t.stack, t.company[name], { creditCard, pix: { percentage: 1, fixed: 0 }, boleto: { percentage: 0, fixed: 350 } });
  },
});

const statuses = async (paymentId: string) =>
  (await t.stack.em().execute<Array<{ status: string }>>(`select status from receivables where payment_id = ? order by installment`, [paymentId])).map((r) => r.status);
const em = () => t.stack.orm.em.fork() as unknown as EntityManager;

it('a suspended receivable is not released; restored, the next run releases it; another company cannot suspend it', async () => {
  const owner = t.owner.Loja;
  const company = t.company.Loja;
  const before = await balanceOf(t.stack, owner);
  const res = await t.stack.http.post('/v1/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), 20_000, 2));
  expect(res.body.status).toBe('paid');
  const paymentId = res.body.payments[0].id as string;

  // Another company's id suspends nothing.
  expect(await em().transactional((tem) => suspendReceivables(tem, { companyId: t.company.Outra.company.id, paymentId }))).toEqual([]);
  const suspended = await em().transactional((tem) => suspendReceivables(tem, { companyId: company.company.id, paymentId }));
  expect(suspended.map((s) => [s.recipientId, s.installment, s.amount])).toEqual([
    [owner, 1, 9_800],
    [owner, 2, 9_800],
  ]);
  // Twice: nothing more.
  expect(await em().transactional((tem) => suspendReceivables(tem, { companyId: company.company.id, paymentId }))).toEqual([]);

  await runReleaseRuns(t.stack, daysFromNow(30));
  expect(await statuses(paymentId)).toEqual(['suspended', 'suspended']);
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending + 19_600, available: before.available });

  const restored = await em().transactional((tem) => restoreReceivables(tem, { companyId: company.company.id, paymentId }));
  expect(restored).toHaveLength(2);
  expect(await statuses(paymentId)).toEqual(['pending', 'pending']);
  // The day after D+30: the first installment (due before) is released; the second waits.
  await runReleaseRuns(t.stack, daysFromNow(31));
  expect(await statuses(paymentId)).toEqual(['released', 'pending']);
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending + 9_800, available: before.available + 9_800 });
  await expectLedgerConsistent(t.stack);
});
