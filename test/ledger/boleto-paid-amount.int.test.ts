import { useStackWithEmbeddedBb, type EmbeddedBbProcess } from '../processors/embedded-bb-process';
import { balanceOf, eventually, expectLedgerConsistent, newRecipient, newReference, platformBalance, setCompanyFees } from '../payments/fixtures';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';

/**
 * A boleto paid for another amount than its face (fine and interest late, a discount early), end
 * to end through the embedded BB issuer as a process of its own: the sale posting books what
 * arrived, the difference shared by the split like the sale, the processing fee the face
 * amount's; the payment's view and its transaction.paid event carry the paid amount.
 */
let issuer: EmbeddedBbProcess;
const t = useStackWithEmbeddedBb((started) => (issuer = started));

const FEE = 300;
const headers = () => t.company.Acme.headers;
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const get = async (id: string) => (await t.stack.http.get(`/v1/transactions/${id}`).set(headers())).body;
const payAtIssuer = (line: string, date: string) => issuer.sim('POST', `/embedded/boletos-cobranca/${line}/pagar`, { date });

async function paidEvent(transactionId: string): Promise<{ payments: Array<{ boleto: { paidAmount?: number } }> }> {
  const [row] = await t.stack.em().execute<Array<{ payload: { data?: unknown } & Record<string, unknown> }>>(`select payload from events where entity_id = ? and type = 'transaction.paid'`, [transactionId]);
  return (row.payload.data ?? row.payload) as { payments: Array<{ boleto: { paidAmount?: number } }> };
}

/** A 70/30 split (the seller pays the fee) boleto of `amount` with these terms, paid at the issuer on `on`. */
async function sellAndPay(amount: number, boleto: Record<string, unknown>, on: string) {
  await setCompanyFees(t.stack, t.company.Acme, { boleto: { percentage: 0, fixed: FEE } });
  const seller = await newRecipient(t.stack, t.company.Acme);
  const marketplace = await newRecipient(t.stack, t.company.Acme);
  const res = await t.stack.http
    .post('/v1/transactions')
    .set(headers())
    .send({
      referenceCode: newReference(),
      items: [{ description: 'Curso', quantity: 1, amount }],
      payments: [{ paymentMethod: 'boleto', amount, boleto: { ...boleto, payer: { name: 'Maria Silva', document: '529.982.247-25' } } }],
      splits: [
        { recipientId: seller, percentage: 70, liable: true, chargeProcessingFee: true },
        { recipientId: marketplace, percentage: 30, liable: false, chargeProcessingFee: false },
      ],
    });
  expect(res.status).toBe(201);
  const settlementBefore = await platformBalance(t.stack, 'settlement');
  const revenueBefore = await platformBalance(t.stack, 'revenue');
  const paid = await payAtIssuer(res.body.payments[0].boleto.line, on);
  expect(paid.status).toBe(201);
  await eventually(async () => (await get(res.body.id)).status === 'paid');
  return { id: res.body.id as string, seller, marketplace, paidReais: paid.body.valorPago as number, settlementBefore, revenueBefore };
}

it('paid late: the fine and the interest reach the recipients pro rata to the split, the fee stays the face amount\'s', async () => {
  const s = await sellAndPay(10_000, { dueDate: today(), payableDaysAfterDue: 10, fine: { percent: 2 }, interest: { monthlyPercent: 3 } }, inDays(3));
  // 2% fine (200) + 3% a month over 3 days (30).
  expect(s.paidReais).toBe(102.3);
  const view = await get(s.id);
  expect(view.amount).toBe(10_000);
  expect(view.payments[0].amount).toBe(10_000);
  expect(view.payments[0].boleto).toMatchObject({ paidVia: 'boleto', paidAmount: 10_230 });
  expect((await paidEvent(s.id)).payments[0].boleto.paidAmount).toBe(10_230);
  // 70% of 10 230 = 7 161, 30% = 3 069: the face amount's 7 000 / 3 000 plus 161 / 69 of the 230.
  expect(await balanceOf(t.stack, s.seller)).toEqual({ pending: 7_161 - FEE, available: 0 });
  expect(await balanceOf(t.stack, s.marketplace)).toEqual({ pending: 3_069, available: 0 });
  expect((await platformBalance(t.stack, 'settlement')) - s.settlementBefore).toBe(-10_230);
  expect((await platformBalance(t.stack, 'revenue')) - s.revenueBefore).toBe(FEE);
  await expectLedgerConsistent(t.stack);
});

it('paid early with a discount: the discount is borne by the recipients pro rata to the split', async () => {
  const s = await sellAndPay(10_001, { dueDate: inDays(5), discount: { until: inDays(2), amount: 501 } }, today());
  expect(s.paidReais).toBe(95);
  const view = await get(s.id);
  expect(view.payments[0].boleto).toMatchObject({ paidVia: 'boleto', paidAmount: 9_500 });
  expect((await paidEvent(s.id)).payments[0].boleto.paidAmount).toBe(9_500);
  // 70% of 9 500 = 6 650, 30% = 2 850 (the face amount's 7 001 / 3 000 less 351 / 150 of the 501).
  expect(await balanceOf(t.stack, s.seller)).toEqual({ pending: 6_650 - FEE, available: 0 });
  expect(await balanceOf(t.stack, s.marketplace)).toEqual({ pending: 2_850, available: 0 });
  expect((await platformBalance(t.stack, 'settlement')) - s.settlementBefore).toBe(-9_500);
  expect((await platformBalance(t.stack, 'revenue')) - s.revenueBefore).toBe(FEE);

  // The release a day later moves what arrived, not the face amount.
  await runReleaseRuns(t.stack, daysFromNow(5));
  expect(await balanceOf(t.stack, s.marketplace)).toEqual({ pending: 0, available: 2_850 });
  expect(await balanceOf(t.stack, s.seller)).toEqual({ pending: 0, available: 6_650 - FEE });
  await expectLedgerConsistent(t.stack);
});
