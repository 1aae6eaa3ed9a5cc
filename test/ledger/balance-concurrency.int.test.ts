import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { ApiError } from '../../src/http/errors';
import { foldChangedAccounts } from '../../src/ledger/balance-fold';
import { creditAvailable, debitWallet, post, postRefund, reserveFunds, type PostingResult } from '../../src/ledger/ledger.service';
import { creditSale } from './sale-postings';
import { getBalance } from '../../src/ledger/wallets.service';
import { countStatements } from '../billing/statement-count';
import { sellerBody } from '../recipients/fixtures';

/**
 * Balances without hot rows (docs/ledger.md, "Balances"): credits lock nothing, each debit path
 * locks the one bucket it spends and stays exact under concurrency, and the fold keeps the
 * folded rows equal to what the changes said.
 */

const t = useTestStack({ companies: ['Acme'] });
const company = () => t.company.Acme.company.id;

async function newRecipient(): Promise<string> {
  const res = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send(sellerBody());
  expect(res.status).toBe(201);
  return res.body.id;
}

const tx = <T>(fn: (em: EntityManager) => Promise<T>): Promise<T> => t.stack.em().transactional(fn);
let seq = 0;
const key = (what: string) => `${what}:${++seq}:${Date.now()}`;
const balance = (r: string) => getBalance(t.stack.em(), company(), r, 'BRL');

const fund = (r: string, amount: number) =>
  tx((em) => creditAvailable(em, { key: key('fund'), companyId: company(), recipientId: r, currency: 'BRL', amount, source: 'sandbox', sourceId: 'test' }));
const sale = (r: string, amount: number, fee = 0) =>
  tx((em) =>
    creditSale(em, { key: key('sale'), companyId: company(), currency: 'BRL', sourceId: 'pay_test', releaseAt: '2027-01-01T00:00:00.000Z', parts: [{ recipientId: r, amount, fee }] }),
  );

/** Every account: balance (view) = Σ entries, the folded row too once folded; no wallet bucket below zero. */
async function expectExactBooks(): Promise<void> {
  const em = t.stack.em();
  expect(
    await em.execute(
      `select b.account_id from ledger_balances b left join ledger_entries e on e.account_id = b.account_id group by b.account_id, b.balance having b.balance <> coalesce(sum(e.amount), 0)`,
    ),
  ).toEqual([]);
  expect(await em.execute(`select account_id from ledger_balances where owner_type = 'wallet' and balance < 0`)).toEqual([]);
  expect(await em.execute(`select id from ledger_accounts where owner_type = 'wallet' and balance < 0`)).toEqual([]);
}

/**
 * Runs `attempts` concurrently while a reader polls the bucket's balance through the view until
 * they are all done: it never reads a negative balance, and each that fails is a 409. How many succeeded.
 */
async function race(r: string, bucket: 'availableBalance' | 'pendingBalance' | 'withdrawableBalance', attempts: Array<() => Promise<PostingResult>>) {
  let done = false;
  const seen: number[] = [];
  const reader = (async () => {
    while (!done) seen.push((await balance(r))[bucket]);
  })();
  const results = await Promise.allSettled(attempts.map((a) => a()));
  done = true;
  await reader;
  expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
  const failed = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
  for (const f of failed) {
    expect(f.reason).toBeInstanceOf(ApiError);
    expect(f.reason).toMatchObject({ status: 409, code: 'insufficient_balance' });
  }
  return results.length - failed.length;
}

describe('each debit path, N concurrent debits against a bucket that covers k of them', () => {
  const attempts = (debit: (i: number) => Promise<PostingResult>) => Array.from({ length: 25 }, (_, i) => () => debit(i));

  it('withdrawal reserve (reserveFunds): exactly 10 of 25 reserves of 100 fit in 1000 available', async () => {
    const r = await newRecipient();
    await fund(r, 1000);
    const succeeded = await race(
      r,
      'withdrawableBalance',
      attempts((i) =>
        tx((em) => reserveFunds(em, { key: `reserve:${r}:${i}`, companyId: company(), recipientId: r, currency: 'BRL', amount: 100, source: 'withdrawal', sourceId: `wdr_${i}` })),
      ),
    );
    expect(succeeded).toBe(10);
    expect(await balance(r)).toMatchObject({ withdrawableBalance: 0, blockedBalance: 1000, availableBalance: 1000 });
    await expectExactBooks();
  });

  it('refund (postRefund): exactly 10 of 25 refunds each taking 100 (90 paid back, a 10 refund fee) fit in 1000 available', async () => {
    const r = await newRecipient();
    await fund(r, 1000);
    const succeeded = await race(
      r,
      'withdrawableBalance',
      attempts((i) =>
        tx((em) =>
          postRefund(em, {
            key: `refund:${r}:${i}`,
            companyId: company(),
            currency: 'BRL',
            refundId: `ref_${i}`,
            amount: 90,
            shares: [{ recipientId: r, gross: 90, feeBack: 0, refundFee: 10, from: 'available' }],
          }),
        ),
      ),
    );
    expect(succeeded).toBe(10);
    expect(await balance(r)).toMatchObject({ withdrawableBalance: 0, availableBalance: 0 });
    await expectExactBooks();
  });

  it('chargeback (the chargeback posting: block the disputed amount, fee to revenue): exactly 10 of 25 fit', async () => {
    const r = await newRecipient();
    await fund(r, 1100);
    const succeeded = await race(
      r,
      'withdrawableBalance',
      attempts((i) => {
        const w = (bucket: 'available' | 'blocked') => ({ recipientId: r, bucket, currency: 'BRL' });
        return tx((em) =>
          post(em, {
            key: `chargeback:${r}:${i}`,
            kind: 'chargeback',
            companyId: company(),
            source: 'chargeback',
            sourceId: `cbk_${i}`,
            lines: [
              { account: w('available'), amount: -100, type: 'chargeback', inStatement: false },
              { account: w('blocked'), amount: 100, type: 'chargeback', inStatement: false },
              { account: w('available'), amount: -10, type: 'fee', inStatement: true },
              { account: { platform: 'revenue', currency: 'BRL' }, amount: 10, type: 'fee', inStatement: false },
            ],
          }),
        );
      }),
    );
    expect(succeeded).toBe(10);
    expect(await balance(r)).toMatchObject({ withdrawableBalance: 0, blockedBalance: 1000 });
    await expectExactBooks();
  });

  it('release (pending −100 → available +100): exactly 10 of 25 fit in 1000 pending', async () => {
    const r = await newRecipient();
    await sale(r, 1100, 100);
    const succeeded = await race(
      r,
      'pendingBalance',
      attempts((i) =>
        tx((em) =>
          post(em, {
            key: `release:${r}:${i}`,
            kind: 'release',
            companyId: company(),
            source: 'transaction',
            sourceId: 'pay_test',
            lines: [
              { account: { recipientId: r, bucket: 'pending', currency: 'BRL' }, amount: -100, type: 'sale', inStatement: false },
              { account: { recipientId: r, bucket: 'available', currency: 'BRL' }, amount: 100, type: 'sale', inStatement: false },
            ],
          }),
        ),
      ),
    );
    expect(succeeded).toBe(10);
    expect(await balance(r)).toMatchObject({ pendingBalance: 0, availableBalance: 1000 });
    await expectExactBooks();
  });

  it('debitWallet (a fee charged later): exactly 10 of 25 fit in 1000 available, with sales crediting the wallet meanwhile', async () => {
    const r = await newRecipient();
    await fund(r, 1000);
    const debits = attempts((i) =>
      tx((em) => debitWallet(em, { key: `fee:${r}:${i}`, companyId: company(), recipientId: r, currency: 'BRL', amount: 100, type: 'fee', source: 'adjustment', sourceId: `fee_${i}` })),
    );
    // Credits to the pending bucket beside the debits of available: they neither wait nor change what the debits find.
    const credits = Array.from({ length: 10 }, () => () => sale(r, 500));
    const succeeded = await race(r, 'withdrawableBalance', [...debits, ...credits]);
    expect(succeeded).toBe(10 + 10);
    expect(await balance(r)).toMatchObject({ withdrawableBalance: 0, pendingBalance: 5000 });
    await expectExactBooks();
  });
});

describe('no row that every sale locks', () => {
  it('while a debit holds a wallet\'s pending and available buckets, sales crediting them and the platform accounts commit without waiting', async () => {
    const r = await newRecipient();
    await sale(r, 1000);
    await fund(r, 1000);
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let holding!: () => void;
    const locked = new Promise<void>((resolve) => (holding = resolve));
    const debit = tx(async (em) => {
      await post(em, {
        key: key('held'),
        kind: 'adjustment',
        companyId: company(),
        source: 'adjustment',
        lines: [
          { account: { recipientId: r, bucket: 'pending', currency: 'BRL' }, amount: -300, type: 'adjustment', inStatement: true },
          { account: { recipientId: r, bucket: 'available', currency: 'BRL' }, amount: -200, type: 'adjustment', inStatement: true },
          { account: { platform: 'settlement', currency: 'BRL' }, amount: 500, type: 'adjustment', inStatement: false },
        ],
      });
      holding();
      await held;
    });
    await locked;
    try {
      // The debit's row locks are held: a credit that waited for them would fail on its lock_timeout, not pass slowly.
      const credit = (fn: (em: EntityManager) => Promise<PostingResult>) =>
        tx(async (em) => {
          await em.execute(`set local lock_timeout = '1s'`);
          return fn(em);
        });
      await credit((em) =>
        creditSale(em, { key: key('sale'), companyId: company(), currency: 'BRL', sourceId: 'pay_x', releaseAt: '2027-01-01T00:00:00.000Z', parts: [{ recipientId: r, amount: 700, fee: 70 }] }),
      );
      await credit((em) => creditAvailable(em, { key: key('fund'), companyId: company(), recipientId: r, currency: 'BRL', amount: 50, source: 'sandbox', sourceId: 'test' }));
      // Not committed yet, the debit is not in the balance; the credits are.
      expect(await balance(r)).toMatchObject({ pendingBalance: 1630, withdrawableBalance: 1050 });
    } finally {
      letGo();
      await debit;
    }
    expect(await balance(r)).toMatchObject({ pendingBalance: 1330, withdrawableBalance: 850 });
    await expectExactBooks();
  });

  it('the same debit made the old way (every touched row locked) makes the credit fail on its lock_timeout: the test can tell', async () => {
    const r = await newRecipient();
    await fund(r, 1000);
    const [account] = await t.stack.em().execute<{ id: string }[]>(
      `select a.id from ledger_accounts a join wallets w on w.id = a.wallet_id where w.company_id = ? and w.recipient_id = ? and a.bucket = 'available'`,
      [company(), r],
    );
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let holding!: () => void;
    const locked = new Promise<void>((resolve) => (holding = resolve));
    const holder = tx(async (em) => {
      await em.execute(`select id from ledger_accounts where id = ? for update`, [account.id]);
      holding();
      await held;
    });
    await locked;
    try {
      await expect(
        tx(async (em) => {
          await em.execute(`set local lock_timeout = '200ms'`);
          return creditAvailable(em, { key: key('fund'), companyId: company(), recipientId: r, currency: 'BRL', amount: 50, source: 'sandbox', sourceId: 'test' });
        }),
      ).rejects.toThrow(/lock timeout/);
    } finally {
      letGo();
      await holder;
    }
  });

  it('credits from many concurrent sales of one company sum exactly, on the wallet and on the platform accounts', async () => {
    const r = await newRecipient();
    const platform = async () =>
      Object.fromEntries(
        (await t.stack.em().execute<{ bucket: string; balance: string }[]>(`select bucket, balance from ledger_balances where owner_type = 'platform' and currency = 'BRL'`)).map((x) => [
          x.bucket,
          Number(x.balance),
        ]),
      );
    const before = await platform();
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => sale(r, 1000 + i, 30)));
    expect(results.filter((x) => x.status === 'rejected')).toEqual([]);
    const gross = Array.from({ length: 40 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0);
    expect(await balance(r)).toMatchObject({ pendingBalance: gross - 40 * 30 });
    const after = await platform();
    expect(after.settlement - (before.settlement ?? 0)).toBe(-gross);
    expect(after.revenue - (before.revenue ?? 0)).toBe(40 * 30);
    await expectExactBooks();
  });

  it('a credit-only posting is exactly one statement (postings and entries inserted together) once its accounts are known', async () => {
    const r = await newRecipient();
    // The first sale creates the wallet (not known until committed), the second finds it and caches it.
    await sale(r, 1000, 30);
    await sale(r, 1000, 30);
    const { texts } = await tx(async (em) => {
      const counter = countStatements();
      try {
        await creditSale(em, { key: key('sale'), companyId: company(), currency: 'BRL', sourceId: 'pay_y', releaseAt: '2027-01-01T00:00:00.000Z', parts: [{ recipientId: r, amount: 2000, fee: 60 }] });
      } catch (err) {
        counter.stop();
        throw err;
      }
      return counter.stop();
    });
    // The counter sees every client of the process; the worker's own polling is not the posting's.
    const ours = texts.filter((x) => /ledger_|wallets/.test(x));
    expect(ours.map((x) => x.split(' (')[0])).toEqual(['with posted as']);
  });
});

describe('the fold', () => {
  it('moves every change into its account row, leaves balances as they were, and skips an account a debit holds', async () => {
    const r = await newRecipient();
    await sale(r, 1000, 30);
    await fund(r, 500);
    const em = t.stack.em();
    const viewed = async () => (await em.execute<{ account_id: string; balance: string }[]>(`select account_id, balance from ledger_balances order by account_id`)).map((x) => [x.account_id, Number(x.balance)]);
    const before = await viewed();
    const [available] = await em.execute<{ id: string }[]>(
      `select a.id from ledger_accounts a join wallets w on w.id = a.wallet_id where w.company_id = ? and w.recipient_id = ? and a.bucket = 'available'`,
      [company(), r],
    );
    expect(await em.execute(`select 1 from ledger_balance_changes where account_id = ?`, [available.id])).not.toEqual([]);

    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let holding!: () => void;
    const locked = new Promise<void>((resolve) => (holding = resolve));
    const holder = tx(async (hem) => {
      await hem.execute(`select id from ledger_accounts where id = ? for no key update`, [available.id]);
      holding();
      await held;
    });
    await locked;
    try {
      // Pages of 2 accounts, as the workflow pages them; a wait on the held row would hit the lock_timeout.
      await tx(async (fem) => {
        await fem.execute(`set local lock_timeout = '1s'`);
        let after: string | null = null;
        do after = (await foldChangedAccounts(fem, { after, limit: 2 })).last;
        while (after !== null);
      });
      expect(await em.execute<{ account_id: string }[]>(`select distinct account_id from ledger_balance_changes`)).toEqual([{ account_id: available.id }]);
    } finally {
      letGo();
      await holder;
    }
    expect(await viewed()).toEqual(before);
    await tx((fem) => foldChangedAccounts(fem, { after: null, limit: 100 }));
    expect(await em.execute(`select 1 from ledger_balance_changes`)).toEqual([]);
    expect(
      await em.execute(`select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id having a.balance <> coalesce(sum(e.amount), 0)`),
    ).toEqual([]);
    expect(await viewed()).toEqual(before);
  });
});
