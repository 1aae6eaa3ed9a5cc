import type { EntityManager } from '@mikro-orm/postgresql';
import { openChargeback } from '../../src/payments/chargeback.service';
import { releaseDueReceivables } from '../../src/receivables/receivables.service';
import { daysFromNow } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { CHARGEBACK_FEES, walletBuckets } from '../payments/chargeback-fixtures';
import { cardBody, cardToken, expectLedgerConsistent, setCompanyFees } from '../payments/fixtures';

/**
 * A release run's page racing an anticipation, and racing a chargeback, over the same
 * receivables, at the same time, round after round (the real stack: PostgreSQL, the API, the
 * embedded acquirer). Whoever commits first, every receivable moves once and the ledger is exact.
 */
const t = useTestStack({
  companies: ['Loja'],
  owners: ['Loja'],
  async setup(t) {
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }]));
    await setCompanyFees(t.stack, t.company.Loja, { creditCard, ...CHARGEBACK_FEES, anticipation: { percentage: 3, approvalAbove: null } });
  },
});

const ROUNDS = 6;

interface ReceivableRow {
  id: string;
  installment: number;
  status: string;
  amount: string;
  anticipation_id: string | null;
  release_posting_id: string | null;
}

async function paidCard(amount: number, installments: number) {
  const company = t.company.Loja;
  const res = await t.stack.http.post('/v1/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), amount, installments));
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}

const receivablesOf = (paymentId: string) =>
  t.stack.em().execute<ReceivableRow[]>(`select id, installment, status, amount, anticipation_id, release_posting_id from receivables where payment_id = ? order by installment`, [paymentId]);

/** Cents the release postings of a sale moved into the owner's available bucket. */
async function releasedToAvailable(paymentId: string): Promise<number> {
  const [{ s }] = await t.stack.em().execute<Array<{ s: string }>>(
    `select coalesce(sum(e.amount), 0) as s from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id
      where p.kind = 'release' and p.key like ? and a.bucket = 'available'`,
    [`release:${paymentId}:%`],
  );
  return Number(s);
}

/** Cents a chargeback posting took from the sale's pending installments (block and fees). */
async function chargebackFromPending(chargebackId: string): Promise<number> {
  const [{ s }] = await t.stack.em().execute<Array<{ s: string }>>(
    `select coalesce(-sum(e.amount), 0) as s from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id
      where p.source_id = ? and p.kind = 'chargeback' and a.bucket = 'pending'`,
    [chargebackId],
  );
  return Number(s);
}

async function expectPendingIsReceivables() {
  const [row] = await t.stack.em().execute<Array<{ s: string | null }>>(
    `select sum(amount) as s from receivables where company_id = ? and recipient_id = ? and status in ('pending', 'suspended', 'reserved')`,
    [t.company.Loja.company.id, t.owner.Loja],
  );
  expect((await walletBuckets(t.stack, t.owner.Loja)).pending).toBe(Number(row.s ?? 0));
}

/** Starts `a` and `b` together, `b` a few milliseconds later in some rounds, so either may commit first. */
const race = <A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> =>
  Promise.all([a(), new Promise<void>((r) => setTimeout(r, round % 3)).then(b)]);

it('a release page and an anticipation over the same receivables at once: each released or anticipated once, never both; pending is the waiting receivables', async () => {
  const company = t.company.Loja;
  const owner = t.owner.Loja;
  for (let round = 0; round < ROUNDS; round++) {
    // 30 000 in three installments: 9 800 net each, due D+30, D+60, D+90.
    const { paymentId } = await paidCard(30_000, 3);
    const rows = await receivablesOf(paymentId);
    // Even rounds anticipate the whole sale, odd rounds only its first installment.
    const selection = round % 2 === 0 ? { receivableIds: rows.map((r) => r.id) } : { receivableIds: [rows[0].id] };
    const sim = await t.stack.http.post('/v1/anticipations/simulate').set(company.headers).send({ recipientId: owner, ...selection });
    expect(sim.status).toBe(200);
    const before = await walletBuckets(t.stack, owner);

    // The run of D+60 releases installments 1 and 2 of the sale.
    const [page, ant] = await race(
      round,
      () => releaseDueReceivables(t.stack.em(), { companyId: company.company.id, on: daysFromNow(60), ids: [rows[0].id, rows[1].id] }),
      () => t.stack.http.post('/v1/anticipations').set(company.headers).send({ recipientId: owner, ...selection, fingerprint: sim.body.fingerprint }),
    );

    const after = await receivablesOf(paymentId);
    for (const r of after) {
      // Never both: anticipated rows have no release posting, released rows no anticipation.
      if (r.status === 'anticipated') expect([r.anticipation_id, r.release_posting_id]).toEqual([ant.body.id, null]);
      else if (r.status === 'released') expect([r.anticipation_id, r.release_posting_id]).toEqual([null, expect.stringMatching(/^pst_/)]);
      else expect([r.installment, r.status, r.anticipation_id]).toEqual([3, 'pending', null]);
    }
    const anticipated = after.filter((r) => r.status === 'anticipated');
    const released = after.filter((r) => r.status === 'released');
    if (ant.status === 201) {
      // The anticipation took exactly what it simulated.
      expect(ant.body).toMatchObject({ status: 'completed', amount: sim.body.amount, netAmount: sim.body.netAmount });
      expect(anticipated.map((r) => r.id).sort()).toEqual([...selection.receivableIds].sort());
    } else {
      // Its receivables moved meanwhile: priced again they are no longer eligible, or its claim finds them moved.
      expect(ant.status).toBe(409);
      expect(['anticipation_changed', 'receivables_not_eligible']).toContain(ant.body.error.code);
      expect(anticipated).toEqual([]);
    }
    expect(page.released).toBe(released.length);
    expect(page.amount).toBe(released.length * 9_800);
    expect(await releasedToAvailable(paymentId)).toBe(released.length * 9_800);
    // The money: released and anticipated receivables left pending once; available took the releases and the anticipation's net.
    const moved = (released.length + anticipated.length) * 9_800;
    expect(await walletBuckets(t.stack, owner)).toEqual({
      pending: before.pending - moved,
      available: before.available + released.length * 9_800 + (ant.status === 201 ? (sim.body.netAmount as number) : 0),
      blocked: before.blocked,
    });
    await expectPendingIsReceivables();
  }
  await expectLedgerConsistent(t.stack);
});

it('a release page and a chargeback of the same sale at once: the chargeback takes from the receivable it lowered, or from available once released, never twice', async () => {
  const company = t.company.Loja;
  const owner = t.owner.Loja;
  for (let round = 0; round < ROUNDS; round++) {
    // 10 000 in one installment: 9 800 net, due D+30. A chargeback of 3 000: fee 1% + 100 and penalty 500 (630).
    const { transactionId, paymentId } = await paidCard(10_000, 1);
    const [row] = await receivablesOf(paymentId);
    const before = await walletBuckets(t.stack, owner);
    const chargebackId = `cbk_race_${paymentId}`;

    const [page] = await race(
      round,
      () => releaseDueReceivables(t.stack.em(), { companyId: company.company.id, on: daysFromNow(30), ids: [row.id] }),
      () =>
        t.stack
          .em()
          .transactional((em) => openChargeback(em as EntityManager, { chargebackId, paymentId, transactionId, amount: 3_000, reason: '4837' }, 'http://localhost')),
    );

    const [after] = await receivablesOf(paymentId);
    expect(after.status).toBe('released');
    expect(page.released).toBe(1);
    const fromPending = await chargebackFromPending(chargebackId);
    const released = await releasedToAvailable(paymentId);
    // The sale's 9 800 left pending once: what the release moved plus what the chargeback took from the installment.
    expect(released + fromPending).toBe(9_800);
    // The receivable said what was still pending when it was released.
    expect(Number(after.amount)).toBe(released);
    expect(fromPending === 0 || fromPending >= 3_000).toBe(true);
    const b = await walletBuckets(t.stack, owner);
    // The sale's installment left pending (its 9 800 were in before.pending).
    expect(b.pending).toBe(before.pending - 9_800);
    expect(b.blocked).toBe(before.blocked + 3_000);
    // Whichever came first, the wallet gained the sale's net less the block and the fees, exactly.
    expect(b.available).toBe(before.available + 9_800 - 3_000 - 630);
    await expectPendingIsReceivables();
  }
  await expectLedgerConsistent(t.stack);
});
