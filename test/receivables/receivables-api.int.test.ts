import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { balanceOf, cardBody, cardToken, expectLedgerConsistent, setCompanyFees } from '../payments/fixtures';

/**
 * GET /v1/receivables and /v1/receivables/:id on the real stack, two companies side by side:
 * each sees its own receivables only, filtered and paginated, and a wallet's waiting-funds
 * balance stays the sum of its waiting receivables.
 */
const t = useTestStack({
  companies: ['Loja', 'Outra'],
  owners: ['Loja', 'Outra'],
  async setup(t) {
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }]));
    for (const name of ['Loja', 'Outra'] as const) await setCompanyFees(t.stack, t.company[name], { creditCard, pix: { percentage: 1, fixed: 0 }, boleto: { percentage: 0, fixed: 350 } });
  },
});

async function paidCard(name: 'Loja' | 'Outra', amount: number, installments: number) {
  const company = t.company[name];
  const res = await t.stack.http.post('/v1/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), amount, installments));
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}
const list = (name: 'Loja' | 'Outra', query: string) => t.stack.http.get(`/v1/receivables?${query}`).set(t.company[name].headers);
const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((r) => r.id);

/** A wallet's waiting-funds balance is the sum of its waiting (and suspended: still pending money) receivables. */
async function expectPendingIsReceivables(name: 'Loja' | 'Outra') {
  const recipientId = t.owner[name];
  const [row] = await t.stack.em().execute<Array<{ s: string | null }>>(
    `select sum(amount) as s from receivables where company_id = ? and recipient_id = ? and status in ('pending', 'suspended')`,
    [t.company[name].company.id, recipientId],
  );
  expect((await balanceOf(t.stack, recipientId)).pending).toBe(Number(row.s ?? 0));
}

it('a card in 3 installments: three receivables with gross, fee and net; filters, cursor pages, another company sees none', async () => {
  const { transactionId, paymentId } = await paidCard('Loja', 30_000, 3);
  await paidCard('Loja', 10_000, 1);
  await paidCard('Outra', 10_000, 1);
  const mine = await list('Loja', `paymentId=${paymentId}`);
  expect(mine.status).toBe(200);
  // 2% of 30 000 = 600, 200 per installment.
  expect(mine.body.data.map((r: Record<string, unknown>) => [r.installment, r.amount, r.fee, r.netAmount, r.status, r.dueDate, r.transactionId, r.recipientId])).toEqual([
    [1, 10_000, 200, 9_800, 'waiting_funds', daysFromNow(30), transactionId, t.owner.Loja],
    [2, 10_000, 200, 9_800, 'waiting_funds', daysFromNow(60), transactionId, t.owner.Loja],
    [3, 10_000, 200, 9_800, 'waiting_funds', daysFromNow(90), transactionId, t.owner.Loja],
  ]);
  expect(mine.body.pagination).toMatchObject({ total: 3, hasMore: false });
  const [first, second, third] = ids(mine);

  // Filters: the transaction, a due-date range, the recipient, the status.
  expect(ids(await list('Loja', `transactionId=${transactionId}`))).toEqual([first, second, third]);
  expect(ids(await list('Loja', `paymentId=${paymentId}&dueFrom=${daysFromNow(31)}&dueTo=${daysFromNow(60)}`))).toEqual([second]);
  expect((await list('Loja', `recipientId=${t.owner.Loja}&dueTo=${daysFromNow(30)}`)).body.data).toHaveLength(2);
  expect((await list('Loja', `recipientId=${t.owner.Outra}`)).body.data).toEqual([]);
  expect((await list('Loja', `paymentId=${paymentId}&status=paid`)).body.data).toEqual([]);

  // Cursor pages in due-date order.
  const page2 = await list('Loja', `paymentId=${paymentId}&limit=1&startingAfter=${first}`);
  expect(ids(page2)).toEqual([second]);
  expect(page2.body.pagination).toMatchObject({ total: 2, hasMore: true });
  expect(ids(await list('Loja', `paymentId=${paymentId}&limit=2&endingBefore=${third}`))).toEqual([first, second]);

  // Another company: nothing of Loja's, 404 by id and as a cursor.
  expect((await list('Outra', `paymentId=${paymentId}`)).body.data).toEqual([]);
  expect((await list('Outra', '')).body.data.every((r: { recipientId: string }) => r.recipientId === t.owner.Outra)).toBe(true);
  expect((await t.stack.http.get(`/v1/receivables/${first}`).set(t.company.Outra.headers)).status).toBe(404);
  const cursor = await list('Outra', `startingAfter=${first}`);
  expect(cursor.status).toBe(404);
  expect(cursor.body.error.code).toBe('not_found');
  const one = await t.stack.http.get(`/receivables/${first}`).set(t.company.Loja.headers);
  expect(one.status).toBe(200);
  expect(one.body).toEqual(mine.body.data[0]);

  await expectPendingIsReceivables('Loja');
  await expectPendingIsReceivables('Outra');
  // After a release run: the first installments are paid, the invariant holds.
  await runReleaseRuns(t.stack, daysFromNow(30));
  const after = await t.stack.http.get(`/v1/receivables/${first}`).set(t.company.Loja.headers);
  expect(after.body).toMatchObject({ status: 'paid', netAmount: 9_800 });
  expect(after.body.paidAt).toEqual(expect.any(String));
  expect(ids(await list('Loja', `paymentId=${paymentId}&status=waiting_funds`))).toEqual([second, third]);
  await expectPendingIsReceivables('Loja');
  await expectPendingIsReceivables('Outra');
  await expectLedgerConsistent(t.stack);
});

it('bad filters are 400s naming the parameter', async () => {
  for (const q of ['status=waiting', 'dueFrom=2026-13-01', 'limit=0', 'startingAfter=a&endingBefore=b', 'unknown=1']) {
    const res = await list('Loja', q);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  }
});
