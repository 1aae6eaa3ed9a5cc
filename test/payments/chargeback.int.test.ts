import { reserveFunds } from '../../src/ledger/ledger.service';
import { openChargeback } from '../../src/payments/chargeback.service';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { chargebackMerchant, walletBuckets } from './chargeback-fixtures';
import { cardBody, cardToken, eventually, expectLedgerConsistent, newRecipient, pixBody, platformBalance } from './fixtures';

const t = useTestStack();

const merchant = () => chargebackMerchant(t.stack);
const buckets = (recipientId: string) => walletBuckets(t.stack, recipientId);

async function paidCard(company: SeededCompany, amount: number, extra: Record<string, unknown> = {}) {
  const res = await t.stack.http.post('/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), amount, 1, extra));
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}

const chargeback = (company: SeededCompany, paymentId: string, body: object = {}) => t.stack.http.post(`/sandbox/payments/${paymentId}/chargeback`).set(company.headers).send(body);

/** The payment once the acquirer's notifications opened chargebacks worth `total` cents. */
const chargedBack = (company: SeededCompany, transactionId: string, total: number) =>
  eventually(async () => {
    const res = await t.stack.http.get(`/transactions/${transactionId}`).set(company.headers);
    return res.body.payments[0].chargedBackAmount === total ? res.body : null;
  });

const eventCount = async (entityId: string, type: string) => {
  const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from events where entity_id = ? and type = ?`, [entityId, type]);
  return Number(n);
};

describe('refusals', () => {
  it('409 for a payment not paid (refused card, Pix waiting or paid), 404 for another company or an unknown id, 400 for a bad body', async () => {
    const { company } = await merchant();
    const refused = await t.stack.http.post('/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company, '4000000000000002'), 1_000));
    expect(refused.body.status).toBe('refused');
    const pix = await t.stack.http.post('/transactions').set(company.headers).send(pixBody(1_000));
    for (const payId of [refused.body.payments[0].id, pix.body.payments[0].id]) {
      const res = await chargeback(company, payId);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('payment_not_chargeable');
    }
    const { paymentId } = await paidCard(company, 1_000);
    const other = await merchant();
    const cross = await chargeback(other.company, paymentId);
    expect(cross.status).toBe(404);
    expect(cross.body.error.code).toBe('not_found');
    expect((await chargeback(company, 'pay_01jzzzzzzzzzzzzzzzzzzzzzzz')).status).toBe(404);
    expect((await chargeback(company, paymentId, { amount: 10.5 })).status).toBe(400);
    expect((await chargeback(company, paymentId, { status: 'chargeback' })).status).toBe(400);
  });
});

describe('partial chargebacks and idempotency', () => {
  it('adds partial chargebacks up to the paid amount, then 409; more than what is left is 400', async () => {
    const { company, owner } = await merchant();
    const { transactionId, paymentId } = await paidCard(company, 10_000);
    expect((await chargeback(company, paymentId, { amount: 4_000 })).status).toBe(202);
    await chargedBack(company, transactionId, 4_000);
    // 4 000 blocked from pending; fee 140 + 500 from pending too (nothing available).
    expect(await buckets(owner)).toEqual({ pending: 10_000 - 4_000 - 640, blocked: 4_000, available: 0 });

    const tooMuch = await chargeback(company, paymentId, { amount: 6_001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({ code: 'validation_failed', details: [expect.objectContaining({ path: 'amount' })] });
    expect((await chargeback(company, paymentId)).body.amount).toBe(6_000);
    await chargedBack(company, transactionId, 10_000);
    expect(await eventCount(paymentId, 'payment.chargeback')).toBe(2);

    const again = await chargeback(company, paymentId);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('payment_not_chargeable');
    await expectLedgerConsistent(t.stack);
  });

  it('a chargeback opened again (same chargeback id) blocks once; the same Idempotency-Key replays the same chargeback', async () => {
    const { company, owner } = await merchant();
    const { transactionId, paymentId } = await paidCard(company, 10_000);
    const first = await chargeback(company, paymentId, { amount: 1_000 }).set('Idempotency-Key', 'cb-1');
    const replay = await chargeback(company, paymentId, { amount: 1_000 }).set('Idempotency-Key', 'cb-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    await chargedBack(company, transactionId, 1_000);
    // As a notice sent again opens it: the same chargeback id finds it on the payment and does nothing.
    const repeated = await t.stack.em().transactional((em) => openChargeback(em, { transactionId, chargebackId: first.body.id, paymentId, amount: 1_000, reason: 'chargeback' }, t.stack.config.urls.publicBase));
    expect(repeated).toEqual([]);
    expect((await chargeback(company, paymentId, { amount: 500 })).status).toBe(202);
    await chargedBack(company, transactionId, 1_500);
    expect(await buckets(owner)).toMatchObject({ blocked: 1_500 });
    expect(await eventCount(paymentId, 'payment.chargeback')).toBe(2);
    const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from ledger_postings where kind = 'chargeback' and source_id = ?`, [first.body.id]);
    expect(Number(n)).toBe(1);
    await expectLedgerConsistent(t.stack);
  });
});

describe('a chargeback on a split sale', () => {
  it('blocks the amount from the liable recipients in the sale proportions (pending first, then available), charges fee and penalty, sends both events', async () => {
    const { company } = await merchant();
    const [a, b, m] = [await newRecipient(t.stack, company), await newRecipient(t.stack, company), await newRecipient(t.stack, company)];
    for (const r of [a, b]) {
      const credit = await t.stack.http.post('/sandbox/ledger/credit').set(company.headers).send({ recipientId: r, amount: 10_000 });
      expect(credit.status).toBe(201);
    }
    const revenueBefore = await platformBalance(t.stack, 'revenue');
    const { transactionId, paymentId } = await paidCard(company, 10_000, {
      splits: [
        { recipientId: a, percentage: 50, liable: true },
        { recipientId: b, percentage: 30, liable: true },
        { recipientId: m, type: 'platform_fee', percentage: 20, liable: false, chargeProcessingFee: false },
      ],
    });

    const res = await chargeback(company, paymentId, { reason: 'fraud' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^cbk_/), paymentId, transactionId, amount: 10_000, reason: 'fraud', status: 'opening' });

    const txn = await chargedBack(company, transactionId, 10_000);
    expect(txn).toMatchObject({ status: 'chargeback', statusReason: 'fraud' });
    expect(txn.payments[0]).toMatchObject({ status: 'chargeback', statusReason: 'fraud', chargedBackAmount: 10_000 });
    // Liable a:b = 50:30 → 6 250 and 3 750 blocked; fee 1% + 100 + penalty 500 = 700 → 437.5 / 262.5 → 438 / 262 (tie to the first).
    expect(await buckets(a)).toEqual({ pending: 0, blocked: 6_250, available: 10_000 - 1_250 - 438 });
    expect(await buckets(b)).toEqual({ pending: 0, blocked: 3_750, available: 10_000 - 750 - 262 });
    expect(await buckets(m)).toEqual({ pending: 2_000, blocked: 0, available: 0 });
    expect(await platformBalance(t.stack, 'revenue')).toBe(revenueBefore + 700);
    expect(await eventCount(paymentId, 'payment.chargeback')).toBe(1);
    expect(await eventCount(transactionId, 'transaction.chargeback')).toBe(1);
    const statement = await t.stack.http.get(`/wallets/owner/${a}/transactions?source=chargeback`).set(company.headers);
    expect(statement.body.data).toEqual([expect.objectContaining({ type: 'fee', amount: -438, source: 'chargeback', sourceId: res.body.id })]);
    await expectLedgerConsistent(t.stack);

    // The chargeback lowered a and b's receivables to nothing; the release run of D+30 moves only what it left pending (m's share).
    const receivables = await t.stack.em().execute<{ recipient_id: string; amount: string }[]>(`select recipient_id, amount from receivables where payment_id = ? order by amount`, [paymentId]);
    expect(receivables.map((r) => [r.recipient_id, Number(r.amount)])).toEqual(expect.arrayContaining([[a, 0], [b, 0], [m, 2_000]]));
    await runReleaseRuns(t.stack, daysFromNow(30));
    expect(await buckets(m)).toEqual({ pending: 0, blocked: 0, available: 2_000 });
    expect(await buckets(a)).toEqual({ pending: 0, blocked: 6_250, available: 10_000 - 1_250 - 438 });
    await expectLedgerConsistent(t.stack);
  });
});

describe('shortfall', () => {
  it('after the release, takes from available; what the wallet cannot cover is carried by the platform (recorded on the payment)', async () => {
    const { company, owner } = await merchant();
    const { transactionId, paymentId } = await paidCard(company, 10_000);
    await runReleaseRuns(t.stack, daysFromNow(30));
    expect((await buckets(owner)).available).toBe(10_000);
    // A reservation (as a withdrawal in flight makes) leaves 3 000 free: the chargeback can block only that much.
    await t.stack.em().transactional((em) =>
      reserveFunds(em, { key: `test-reserve:${owner}`, companyId: company.company.id, recipientId: owner, currency: 'BRL', amount: 7_000, source: 'sandbox', sourceId: owner }),
    );
    const free = (await buckets(owner)).available;
    expect(free).toBe(3_000);
    expect((await chargeback(company, paymentId)).status).toBe(202);
    await chargedBack(company, transactionId, 10_000);
    expect(await buckets(owner)).toEqual({ pending: 0, available: 0, blocked: 7_000 + free });
    const [{ chargebacks }] = await t.stack.em().execute<{ chargebacks: Array<{ blocked: number; fee: number; uncovered: number }> }[]>(`select chargebacks from payments where id = ?`, [paymentId]);
    expect(chargebacks).toEqual([expect.objectContaining({ amount: 10_000, blocked: free, fee: 0, uncovered: 10_000 - free + 700 })]);
    await expectLedgerConsistent(t.stack);
  });
});
