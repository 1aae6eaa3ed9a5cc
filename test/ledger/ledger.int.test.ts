import fc from 'fast-check';
import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack, startTestStack } from '../helpers/stack';
import { ApiError } from '../../src/http/errors';
import { creditAvailable, debitWallet, post, postMany, releaseReservation, reserveFunds, reversePosting, type PostingInput, type PostingResult } from '../../src/ledger/ledger.service';
import { directTransactional } from '../../src/db/direct-sql-connection';
import { countStatements } from '../billing/statement-count';
import { creditSale, releasePending } from './sale-postings';
import { getBalance } from '../../src/ledger/wallets.service';
import { sellerBody } from '../recipients/fixtures';

const t = useTestStack({ companies: ['Acme', 'Other'] });

async function newRecipient(company = t.company.Acme): Promise<string> {
  const res = await t.stack.http.post('/recipients').set(company.headers).send(sellerBody());
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Each call in its own transaction, as a route or an activity would run it. */
const tx = <T>(fn: (em: EntityManager) => Promise<T>): Promise<T> => t.stack.em().transactional(fn);

let keySeq = 0;
const key = (what: string) => `${what}:${++keySeq}:${Date.now()}`;
const credit = (recipientId: string, amount: number, currency = 'BRL') =>
  tx((em) => creditAvailable(em, { key: key('credit'), companyId: t.company.Acme.company.id, recipientId, currency, amount, source: 'sandbox', sourceId: 'test' }));

/** The recipient's available bucket in Acme's BRL wallet. */
async function availableAccount(recipientId: string): Promise<{ id: string; wallet_id: string }> {
  const [acct] = await t.stack.em().execute<{ id: string; wallet_id: string }[]>(
    `select a.id, a.wallet_id from ledger_accounts a join wallets w on w.id = a.wallet_id where w.company_id = ? and w.recipient_id = ? and a.bucket = 'available'`,
    [t.company.Acme.company.id, recipientId],
  );
  return acct;
}

async function invariants(): Promise<void> {
  const em = t.stack.em();
  const unbalanced = await em.execute(`select posting_id, currency, sum(amount) from ledger_entries group by posting_id, currency having sum(amount) <> 0`);
  expect(unbalanced).toEqual([]);
  const drift = await em.execute(
    `select a.account_id, a.balance, coalesce(sum(e.amount), 0) as sum from ledger_balances a left join ledger_entries e on e.account_id = a.account_id
      group by a.account_id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(drift).toEqual([]);
  const negative = await em.execute(`select account_id from ledger_balances where owner_type = 'wallet' and balance < 0`);
  expect(negative).toEqual([]);
}

describe('posting API', () => {
  it('a sale lands pending net of fees, is released to available, and is idempotent per key', async () => {
    const seller = await newRecipient();
    const marketplace = await newRecipient();
    const sale = { key: key('sale'), companyId: t.company.Acme.company.id, currency: 'BRL', sourceId: 'pay_x', releaseAt: '2026-12-22T00:00:00Z' };
    const parts = [
      { recipientId: seller, amount: 9000, fee: 270 },
      { recipientId: marketplace, amount: 1000, type: 'platform_fee' as const },
    ];
    const first = await tx((em) => creditSale(em, { ...sale, parts }));
    const again = await tx((em) => creditSale(em, { ...sale, parts }));
    expect(again).toEqual({ postingId: first.postingId, replayed: true });
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, seller, 'BRL')).toEqual({ currency: 'BRL', pendingBalance: 8730, availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });

    await tx((em) => releasePending(em, { postingId: first.postingId }));
    await tx((em) => releasePending(em, { postingId: first.postingId }));
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, seller, 'BRL')).toMatchObject({ pendingBalance: 0, availableBalance: 8730, withdrawableBalance: 8730 });
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, marketplace, 'BRL')).toMatchObject({ availableBalance: 1000 });
    await invariants();
  });

  it('releases a multi-date sale (card installments) one date at a time, and the statement follows', async () => {
    const r = await newRecipient();
    const [d1, d2] = ['2026-12-22T12:00:00.000Z', '2027-01-21T12:00:00.000Z'];
    const pending = (amount: number, releaseAt: string) => ({ account: { recipientId: r, bucket: 'pending' as const, currency: 'BRL' }, amount, type: 'sale' as const, inStatement: true, releaseAt });
    const sale = await tx((em) =>
      post(em, { key: key('sale2'), kind: 'sale', companyId: t.company.Acme.company.id, source: 'transaction', sourceId: 'txn_2', lines: [pending(5001, d1), pending(5000, d2), { account: { platform: 'settlement', currency: 'BRL' }, amount: -10_001, type: 'sale', inStatement: false }] }),
    );
    const statuses = async () =>
      (await t.stack.http.get(`/wallets/owner/${r}/transactions`).set(t.company.Acme.headers)).body.data.map((e: { amount: number; releaseStatus: string }) => [e.amount, e.releaseStatus]).sort();
    expect(await statuses()).toEqual([[5000, 'pending'], [5001, 'pending']]);
    await tx((em) => releasePending(em, { postingId: sale.postingId, releaseAt: d1 }));
    await expect(tx((em) => releasePending(em, { postingId: sale.postingId, releaseAt: d1 }))).resolves.toMatchObject({ replayed: true });
    expect(await statuses()).toEqual([[5000, 'pending'], [5001, 'released']]);
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ pendingBalance: 5000, withdrawableBalance: 5001 });
    await tx((em) => releasePending(em, { postingId: sale.postingId, releaseAt: d2 }));
    expect(await statuses()).toEqual([[5000, 'released'], [5001, 'released']]);
    await expect(tx((em) => releasePending(em, { postingId: sale.postingId, releaseAt: '2030-01-01T00:00:00Z' }))).rejects.toMatchObject({ code: 'nothing_to_release' });
    await invariants();
  });

  it('reserve → withdrawal and its fee from blocked; a rejected one is released; a failed payout is reversed', async () => {
    const r = await newRecipient();
    await credit(r, 10_000);
    const m = { companyId: t.company.Acme.company.id, recipientId: r, currency: 'BRL', source: 'withdrawal' as const, sourceId: 'wdr_1' };
    await tx((em) => reserveFunds(em, { ...m, key: key('reserve'), amount: 6000 }));
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toEqual({ currency: 'BRL', pendingBalance: 0, availableBalance: 10_000, blockedBalance: 6000, withdrawableBalance: 4000 });
    await expect(tx((em) => reserveFunds(em, { ...m, key: key('reserve'), amount: 4001 }))).rejects.toMatchObject({ status: 409, code: 'insufficient_balance' });

    const paid = await tx((em) => debitWallet(em, { ...m, key: key('wd'), amount: 5800, type: 'withdrawal', from: 'blocked' }));
    await tx((em) => debitWallet(em, { ...m, key: key('wdfee'), amount: 200, type: 'withdrawal_fee', from: 'blocked' }));
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ availableBalance: 4000, blockedBalance: 0, withdrawableBalance: 4000 });

    await tx((em) => reserveFunds(em, { ...m, key: key('reserve'), amount: 1000 }));
    await tx((em) => releaseReservation(em, { ...m, key: key('unreserve'), amount: 1000 }));
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ availableBalance: 4000, blockedBalance: 0 });

    await tx((em) => reversePosting(em, { postingId: paid.postingId, description: 'bank returned the transfer' }));
    await expect(tx((em) => reversePosting(em, { postingId: paid.postingId }))).resolves.toMatchObject({ replayed: true });
    // The reversal mirrors the debit exactly: the money is back in `blocked`, still reserved…
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ availableBalance: 9800, blockedBalance: 5800, withdrawableBalance: 4000 });
    // …until the withdrawal releases its reservation.
    await tx((em) => releaseReservation(em, { ...m, key: key('unreserve'), amount: 5800 }));
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ availableBalance: 9800, blockedBalance: 0, withdrawableBalance: 9800 });

    const statement = await t.stack.http.get(`/wallets/owner/${r}/transactions`).set(t.company.Acme.headers);
    expect(statement.body.data.map((e: { type: string; amount: number }) => [e.type, e.amount])).toEqual([
      ['withdrawal_reversal', 5800],
      ['withdrawal_fee', -200],
      ['withdrawal', -5800],
      ['adjustment', 10_000],
    ]);
    await invariants();
  });

  it('refuses unbalanced or malformed postings before touching the database', async () => {
    const r = await newRecipient();
    const line = (amount: number) => ({ account: { recipientId: r, bucket: 'available' as const, currency: 'BRL' }, amount, type: 'adjustment' as const, inStatement: true });
    const base = { key: key('bad'), kind: 'adjustment', source: 'adjustment' as const };
    await expect(post(t.stack.em(), { ...base, lines: [line(100), { ...line(-99), account: { platform: 'settlement', currency: 'BRL' } }] })).rejects.toThrow(/sum to 1/);
    await expect(post(t.stack.em(), { ...base, lines: [line(10.5), line(-10.5)] })).rejects.toThrow(/integer cents/);
    await expect(post(t.stack.em(), { ...base, lines: [line(100)] })).rejects.toThrow(/at least two/);
  });
});

describe('postMany with replayRuledOut (a sale decided under its lock)', () => {
  /** A movement between a recipient's available bucket and the platform's settlement account: a credit when `amount` > 0. */
  const movement = (recipientId: string, amount: number): PostingInput => ({
    key: key('ruled-out'),
    kind: 'adjustment',
    companyId: t.company.Acme.company.id,
    source: 'sandbox',
    sourceId: 'test',
    lines: [
      { account: { platform: 'settlement', currency: 'BRL' }, amount: -amount, type: 'adjustment', inStatement: false },
      { account: { recipientId, bucket: 'available', currency: 'BRL' }, amount, type: 'adjustment', inStatement: true },
    ],
  });
  /** `work` in a direct transaction, with the round trips it made (each a list of statements). */
  async function roundTrips(work: (em: EntityManager) => Promise<unknown>): Promise<string[]> {
    const counter = countStatements();
    try {
      await directTransactional(t.stack.em(), work);
    } catch (err) {
      counter.stop();
      throw err;
    }
    return counter.stop().texts;
  }

  it("sends a credit's postings with the COMMIT, and the credit is booked", async () => {
    const seller = await newRecipient();
    await credit(seller, 100);
    const trips = await roundTrips((em) => postMany(em, [movement(seller, 2_500)], { replayRuledOut: true }));
    // Its accounts may be looked up first (a connection's first use of them); the postings go with the COMMIT.
    expect(trips.filter((trip) => trip.includes('insert into ledger_postings'))).toEqual([expect.stringMatching(/^with posted as \( insert into ledger_postings .*; commit$/)]);
    expect((await getBalance(t.stack.em(), t.company.Acme.company.id, seller, 'BRL')).availableBalance).toBe(2_600);
    await invariants();
  });

  it('runs a debit at once, balance check included: an overdraft is 409 and nothing is written', async () => {
    const seller = await newRecipient();
    await credit(seller, 1_000);
    const overdraft = directTransactional(t.stack.em(), (em) => postMany(em, [movement(seller, -1_001)], { replayRuledOut: true }));
    await expect(overdraft).rejects.toMatchObject({ status: 409, code: 'insufficient_balance' });
    const trips = await roundTrips((em) => postMany(em, [movement(seller, -400)], { replayRuledOut: true }));
    // The balance is locked and read before the postings, which are sent (and read) at once, not held for the COMMIT.
    expect(trips.filter((trip) => trip.includes('insert into ledger_postings'))).toEqual([expect.not.stringContaining('commit')]);
    expect((await getBalance(t.stack.em(), t.company.Acme.company.id, seller, 'BRL')).availableBalance).toBe(600);
    await invariants();
  });
});

describe('database guarantees (even for code that bypasses the service)', () => {
  it('rejects an unbalanced posting (at its entries\' insert)', async () => {
    const r = await newRecipient();
    await credit(r, 500);
    const acct = await availableAccount(r);
    await expect(
      tx(async (em) => {
        await em.execute(`insert into ledger_postings (id, created_at, key, kind, company_id, source) values ('pst_bad', now(), 'bad', 'adjustment', ?, 'adjustment')`, [t.company.Acme.company.id]);
        await em.execute(`insert into ledger_entries (posting_id, account_id, wallet_id, currency, amount, type, in_statement, created_at) values ('pst_bad', ?, ?, 'BRL', 100, 'adjustment', true, now())`, [acct.id, acct.wallet_id]);
      }),
    ).rejects.toThrow(/unbalanced/);
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ availableBalance: 500 });
  });

  it("refuses an entry on another company's wallet, or on a wallet that is not its account's", async () => {
    const r = await newRecipient();
    await credit(r, 500);
    const acct = await availableAccount(r);
    // A balanced posting of company Other that would take Acme's money on the same recipient.
    const [settlement] = await t.stack.em().execute<{ id: string }[]>(`select id from ledger_accounts where owner_type = 'platform' and bucket = 'settlement' and currency = 'BRL'`);
    const steal = (postingId: string, companyId: string | null, walletId: string | null) =>
      tx(async (em) => {
        await em.execute(`insert into ledger_postings (id, created_at, key, kind, company_id, source) values (?, now(), ?, 'adjustment', ?, 'adjustment')`, [postingId, postingId, companyId]);
        await em.execute(
          `insert into ledger_entries (posting_id, account_id, wallet_id, currency, amount, type, in_statement, created_at)
           values (?, ?, ?, 'BRL', -100, 'adjustment', true, now()), (?, ?, null, 'BRL', 100, 'adjustment', false, now())`,
          [postingId, acct.id, walletId, postingId, settlement.id],
        );
      });
    await expect(steal('pst_other', t.company.Other.company.id, acct.wallet_id)).rejects.toThrow(/cannot move money on wallet/);
    await expect(steal('pst_nocompany', null, acct.wallet_id)).rejects.toThrow(/cannot move money on wallet/);
    await expect(steal('pst_mislabelled', t.company.Acme.company.id, null)).rejects.toThrow(/is not the wallet/);
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ availableBalance: 500 });
  });

  it('keeps entries and postings immutable and wallet buckets non-negative', async () => {
    const r = await newRecipient();
    await credit(r, 500);
    await expect(t.stack.em().execute(`update ledger_entries set amount = amount * 2`)).rejects.toThrow(/immutable/);
    await expect(t.stack.em().execute(`delete from ledger_entries`)).rejects.toThrow(/immutable/);
    await expect(t.stack.em().execute(`update ledger_postings set kind = 'x'`)).rejects.toThrow(/immutable/);
    await expect(t.stack.em().execute(`truncate ledger_entries cascade`)).rejects.toThrow(/immutable/);
    await expect(t.stack.em().execute(`update ledger_accounts set balance = -1 where owner_type = 'wallet'`)).rejects.toThrow(/ledger_accounts_non_negative/);
  });
});

describe('concurrency', () => {
  it('50 concurrent debits of 100 against 1000 available: exactly 10 succeed, final 0', async () => {
    const r = await newRecipient();
    await credit(r, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        tx((em) => debitWallet(em, { key: `race:${r}:${i}`, companyId: t.company.Acme.company.id, recipientId: r, currency: 'BRL', amount: 100, type: 'withdrawal', source: 'withdrawal', sourceId: `wdr_${i}` })),
      ),
    );
    const ok = results.filter((x): x is PromiseFulfilledResult<PostingResult> => x.status === 'fulfilled');
    const failed = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(failed).toHaveLength(40);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(ApiError);
      expect(f.reason).toMatchObject({ status: 409, code: 'insufficient_balance' });
    }
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL')).toMatchObject({ availableBalance: 0, withdrawableBalance: 0 });
    await invariants();
  });
});

describe('concurrency when wallets are created', () => {
  it('sales naming the same new recipients in opposite orders all succeed (no deadlock)', async () => {
    const [a, b] = [await newRecipient(), await newRecipient()];
    const sale = (i: number, parts: string[]) =>
      tx((em) => creditSale(em, { key: `opp:${a}:${i}`, companyId: t.company.Acme.company.id, currency: 'EUR', sourceId: `pay_${i}`, releaseAt: '2027-01-01T00:00:00Z', parts: parts.map((recipientId) => ({ recipientId, amount: 100 })) }));
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => sale(i, i % 2 ? [a, b] : [b, a])));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, a, 'EUR')).toMatchObject({ pendingBalance: 2000 });
    expect(await getBalance(t.stack.em(), t.company.Acme.company.id, b, 'EUR')).toMatchObject({ pendingBalance: 2000 });
  });
});

describe('property: random postings keep the books', () => {
  type Op =
    | { op: 'credit'; who: number; amount: number }
    | { op: 'sale'; who: number; amount: number; fee: number }
    | { op: 'release' }
    | { op: 'reserve' | 'unreserve' | 'debit' | 'refund'; who: number; amount: number }
    | { op: 'reverse' };
  const who = fc.integer({ min: 0, max: 2 });
  const amount = fc.integer({ min: 1, max: 5000 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('credit' as const), who, amount }),
    fc.record({ op: fc.constant('sale' as const), who, amount, fee: fc.integer({ min: 0, max: 100 }) }),
    fc.record({ op: fc.constant('release' as const) }),
    fc.record({ op: fc.constantFrom('reserve' as const, 'unreserve' as const, 'debit' as const, 'refund' as const), who, amount }),
    fc.record({ op: fc.constant('reverse' as const) }),
  );

  it('every posting sums to zero, balances equal the sum of entries, no wallet bucket is negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const recipients = [await newRecipient(), await newRecipient(), await newRecipient()];
        const sales: string[] = [];
        const postings: string[] = [];
        for (const o of ops) {
          const m = 'who' in o ? { companyId: t.company.Acme.company.id, recipientId: recipients[o.who], currency: 'BRL', source: 'withdrawal' as const, sourceId: 'wdr_p', key: key(o.op) } : null;
          try {
            let res: PostingResult | undefined;
            if (o.op === 'credit') res = await credit(recipients[o.who], o.amount);
            else if (o.op === 'sale') {
              res = await tx((em) => creditSale(em, { key: key('sale'), companyId: t.company.Acme.company.id, currency: 'BRL', sourceId: 'pay_p', releaseAt: '2027-01-01T00:00:00Z', parts: [{ recipientId: recipients[o.who], amount: o.amount + o.fee, fee: o.fee }] }));
              sales.push(res.postingId);
            } else if (o.op === 'release') {
              const id = sales.shift();
              if (id) res = await tx((em) => releasePending(em, { postingId: id }));
            } else if (o.op === 'reserve') res = await tx((em) => reserveFunds(em, { ...m!, amount: o.amount }));
            else if (o.op === 'unreserve') res = await tx((em) => releaseReservation(em, { ...m!, amount: o.amount }));
            else if (o.op === 'debit') res = await tx((em) => debitWallet(em, { ...m!, amount: o.amount, type: 'withdrawal' }));
            else if (o.op === 'refund') res = await tx((em) => debitWallet(em, { ...m!, amount: o.amount, type: 'refund', source: 'refund' }));
            else if (o.op === 'reverse') {
              const id = postings.pop();
              if (id) res = await tx((em) => reversePosting(em, { postingId: id }));
            }
            if (res && o.op !== 'reverse') postings.push(res.postingId);
          } catch (err) {
            // Refusals are part of the rules; anything else is a bug.
            if (!(err instanceof ApiError && err.code === 'insufficient_balance')) throw err;
          }
        }
        await invariants();
        for (const r of recipients) {
          const b = await getBalance(t.stack.em(), t.company.Acme.company.id, r, 'BRL');
          expect(b.withdrawableBalance).toBeGreaterThanOrEqual(0);
          expect(b.availableBalance).toBe(b.withdrawableBalance + b.blockedBalance);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('wallet endpoints', () => {
  let r: string;
  beforeAll(async () => {
    r = await newRecipient();
    const sale = await tx((em) =>
      creditSale(em, { key: key('sale'), companyId: t.company.Acme.company.id, currency: 'BRL', sourceId: 'pay_w', releaseAt: '2027-01-01T00:00:00Z', parts: [{ recipientId: r, amount: 10_000, fee: 399 }] }),
    );
    const released = await tx((em) =>
      creditSale(em, { key: key('sale'), companyId: t.company.Acme.company.id, currency: 'BRL', sourceId: 'pay_v', releaseAt: '2026-01-01T00:00:00Z', parts: [{ recipientId: r, amount: 5000, fee: 100 }] }),
    );
    await tx((em) => releasePending(em, { postingId: released.postingId }));
    await tx((em) => debitWallet(em, { key: key('wd'), companyId: t.company.Acme.company.id, recipientId: r, currency: 'BRL', amount: 1000, type: 'withdrawal', source: 'withdrawal', sourceId: 'wdr_w' }));
    await credit(r, 700, 'USD');
    expect(sale.replayed).toBe(false);
  });

  it('balance: one virtual wallet per currency', async () => {
    const res = await t.stack.http.get(`/wallets/owner/${r}/balance`).set(t.company.Acme.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      recipientId: r,
      balances: [
        { currency: 'BRL', pendingBalance: 9601, availableBalance: 3900, blockedBalance: 0, withdrawableBalance: 3900 },
        { currency: 'USD', pendingBalance: 0, availableBalance: 700, blockedBalance: 0, withdrawableBalance: 700 },
      ],
    });
    const fresh = await newRecipient();
    expect((await t.stack.http.get(`/wallets/owner/${fresh}/balance`).set(t.company.Acme.headers)).body.balances).toEqual([
      { currency: 'BRL', pendingBalance: 0, availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 },
    ]);
  });

  it('summary: byType, credits, debits (negative) and net = credits + debits, with filters', async () => {
    const res = await t.stack.http.get(`/wallets/owner/${r}/summary?currency=brl`).set(t.company.Acme.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      recipientId: r,
      data: [
        {
          currency: 'BRL',
          byType: [
            { type: 'fee', total: -499, credits: 0, debits: -499, count: 2 },
            { type: 'sale', total: 15_000, credits: 15_000, debits: 0, count: 2 },
            { type: 'withdrawal', total: -1000, credits: 0, debits: -1000, count: 1 },
          ],
          totalCredits: 15_000,
          totalDebits: -1499,
          net: 13_501,
        },
      ],
    });
    const pending = await t.stack.http.get(`/wallets/owner/${r}/summary?releaseStatus=pending`).set(t.company.Acme.headers);
    expect(pending.body.data[0]).toMatchObject({ totalCredits: 10_000, totalDebits: -399, net: 9601 });
    const sales = await t.stack.http.get(`/wallets/owner/${r}/summary?type=sale&source=transaction`).set(t.company.Acme.headers);
    expect(sales.body.data[0].byType).toEqual([{ type: 'sale', total: 15_000, credits: 15_000, debits: 0, count: 2 }]);
    const future = await t.stack.http.get(`/wallets/owner/${r}/summary?startDate=2099-01-01T00:00:00-03:00`).set(t.company.Acme.headers);
    expect(future.body.data).toEqual([]);
  });

  it('transactions: statement entries, newest first, paginated and filtered', async () => {
    const res = await t.stack.http.get(`/wallets/owner/${r}/transactions?limit=2`).set(t.company.Acme.headers);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, total: 6, totalPages: 3, hasMore: true });
    expect(res.body.data[0]).toMatchObject({ currency: 'USD', type: 'adjustment', amount: 700, source: 'sandbox', releaseStatus: 'released' });
    const released = await t.stack.http.get(`/wallets/owner/${r}/transactions?releaseStatus=released&currency=BRL&type=sale`).set(t.company.Acme.headers);
    expect(released.body.data.map((e: { amount: number }) => e.amount)).toEqual([5000]);
    const window = await t.stack.http
      .get(`/wallets/owner/${r}/transactions?startDate=${encodeURIComponent('2020-01-01T00:00:00Z')}&endDate=${encodeURIComponent('2099-01-01T00:00:00+00:00')}`)
      .set(t.company.Acme.headers);
    expect(window.body.pagination.total).toBe(6);
  });

  it.each([
    ['startDate=2026-01-01', 'startDate'],
    ['endDate=01/02/2026', 'endDate'],
    ['startDate=2026-01-01T00:00:00', 'startDate'],
    ['endDate=1%20de%20janeiro%20de%202026', 'endDate'],
    ['currency=US', 'currency'],
    ['type=bonus', 'type'],
    ['releaseStatus=later', 'releaseStatus'],
    ['limit=0', 'limit'],
    ['unknown=1', 'unknown'],
  ])('rejects %s with 400', async (qs, path) => {
    const res = await t.stack.http.get(`/wallets/owner/${r}/transactions?${qs}`).set(t.company.Acme.headers);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await t.stack.http.get(`/wallets/owner/${r}/summary?${qs.replace(/^limit=0$/, 'page=0')}`).set(t.company.Acme.headers)).status).toBe(400);
  });

  it('is 404 for another company’s recipient', async () => {
    for (const p of ['balance', 'summary', 'transactions']) {
      const res = await t.stack.http.get(`/wallets/owner/${r}/${p}`).set(t.company.Other.headers);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});

describe('POST /sandbox/ledger/credit', () => {
  it('puts available funds on a recipient of the company', async () => {
    const r = await newRecipient();
    const res = await t.stack.http.post('/sandbox/ledger/credit').set(t.company.Acme.headers).send({ recipientId: r, amount: 2500 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      postingId: expect.stringMatching(/^pst_/),
      recipientId: r,
      amount: 2500,
      currency: 'BRL',
      balance: { currency: 'BRL', pendingBalance: 0, availableBalance: 2500, blockedBalance: 0, withdrawableBalance: 2500 },
    });
    const replay = await t.stack.http.post('/sandbox/ledger/credit').set(t.company.Acme.headers).set('Idempotency-Key', 'sb-1').send({ recipientId: r, amount: 100 });
    const again = await t.stack.http.post('/sandbox/ledger/credit').set(t.company.Acme.headers).set('Idempotency-Key', 'sb-1').send({ recipientId: r, amount: 100 });
    expect(again.body).toEqual(replay.body);
    expect((await t.stack.http.get(`/wallets/owner/${r}/balance`).set(t.company.Acme.headers)).body.balances[0].availableBalance).toBe(2600);
  });

  it.each([
    [{ amount: 100 }, 'recipientId'],
    [{ recipientId: 'x', amount: 10.5 }, 'amount'],
    [{ recipientId: 'x', amount: '100' }, 'amount'],
    [{ recipientId: 'x', amount: 0 }, 'amount'],
    [{ recipientId: 'x', amount: 1, currency: 'BR' }, 'currency'],
  ])('rejects %j with 400', async (body, path) => {
    const res = await t.stack.http.post('/sandbox/ledger/credit').set(t.company.Acme.headers).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('is 404 for another company’s recipient', async () => {
    const r = await newRecipient(t.company.Other);
    expect((await t.stack.http.post('/sandbox/ledger/credit').set(t.company.Acme.headers).send({ recipientId: r, amount: 1 })).status).toBe(404);
  });
});

describe('POST /sandbox/ledger/credit in production mode', () => {
  it('is 404, like every /sandbox route', async () => {
    const prod = await startTestStack({ LASTRO_MODE: 'production' });
    try {
      const live = await prod.seedCompany('Live');
      const r = (await prod.http.post('/recipients').set(live.headers).send(sellerBody())).body.id;
      const res = await prod.http.post('/sandbox/ledger/credit').set(live.headers).send({ recipientId: r, amount: 100 });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    } finally {
      await prod.close();
    }
  });
});
