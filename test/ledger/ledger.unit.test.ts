import fc from 'fast-check';
import { applyLines, debitedAccounts, overdrawnLine, postingProblem, reversalType, toBalanceView } from '../../src/ledger/ledger.rules';

describe('postingProblem (double entry, before the database sees it)', () => {
  it('accepts balanced lines per currency', () => {
    expect(postingProblem([{ currency: 'BRL', amount: 100 }, { currency: 'BRL', amount: -100 }])).toBeNull();
    expect(postingProblem([{ currency: 'BRL', amount: 1 }, { currency: 'USD', amount: 2 }, { currency: 'BRL', amount: -1 }, { currency: 'USD', amount: -2 }])).toBeNull();
  });

  it('refuses unbalanced, single, zero, fractional and badly-coded lines', () => {
    expect(postingProblem([{ currency: 'BRL', amount: 100 }, { currency: 'BRL', amount: -99 }])).toMatch(/sum to 1/);
    expect(postingProblem([{ currency: 'BRL', amount: 100 }, { currency: 'USD', amount: -100 }])).toMatch(/sum to/);
    expect(postingProblem([{ currency: 'BRL', amount: 0 }])).toMatch(/at least two/);
    expect(postingProblem([{ currency: 'BRL', amount: 0 }, { currency: 'BRL', amount: 0 }])).toMatch(/non-zero/);
    expect(postingProblem([{ currency: 'BRL', amount: 0.5 }, { currency: 'BRL', amount: -0.5 }])).toMatch(/integer cents/);
    expect(postingProblem([{ currency: 'brl', amount: 1 }, { currency: 'brl', amount: -1 }])).toMatch(/ISO 4217/);
  });

  it('any set of non-zero lines completed by its negated sum is balanced, and off by a cent is not', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }).filter((n) => n !== 0), { minLength: 1, maxLength: 20 }), (amounts) => {
        const sum = amounts.reduce((a, b) => a + b, 0);
        fc.pre(sum !== 0 && sum !== 1);
        const lines = amounts.map((amount) => ({ currency: 'BRL', amount }));
        expect(postingProblem([...lines, { currency: 'BRL', amount: -sum }])).toBeNull();
        expect(postingProblem([...lines, { currency: 'BRL', amount: -sum + 1 }])).toMatch(/sum to 1/);
      }),
    );
  });
});

describe('balances and reversals', () => {
  it('derives the API balances from the buckets: withdrawable = available − blocked', () => {
    expect(toBalanceView('BRL', { pending: 500, available: 700, blocked: 300 })).toEqual({
      currency: 'BRL',
      pendingBalance: 500,
      availableBalance: 1000,
      blockedBalance: 300,
      withdrawableBalance: 700,
    });
  });

  it('shows a reversed withdrawal as withdrawal_reversal, anything else as adjustment', () => {
    expect(reversalType('withdrawal')).toBe('withdrawal_reversal');
    expect(reversalType('withdrawal_fee')).toBe('withdrawal_reversal');
    expect(reversalType('sale')).toBe('adjustment');
  });
});

describe('a batch of postings checked in turn (overdrawnLine, applyLines, debitedAccounts)', () => {
  const balances = () =>
    new Map([
      ['w', { ownerType: 'wallet', balance: 100 }],
      ['p', { ownerType: 'platform', balance: 0 }],
    ]);

  it('a posting that fits is applied, and the next is checked on top of it', () => {
    const b = balances();
    const first = [
      { accountId: 'w', amount: -60 },
      { accountId: 'p', amount: 60 },
    ];
    expect(overdrawnLine(b, first)).toBeNull();
    applyLines(b, first);
    expect(b.get('w')!.balance).toBe(40);
    expect(overdrawnLine(b, first)).toBe(0);
  });

  it('platform accounts may go negative; lines on one account add up before the check', () => {
    const b = balances();
    expect(overdrawnLine(b, [{ accountId: 'p', amount: -500 }, { accountId: 'w', amount: 500 }])).toBeNull();
    expect(overdrawnLine(b, [{ accountId: 'w', amount: -150 }, { accountId: 'w', amount: 60 }, { accountId: 'p', amount: 90 }])).toBeNull();
    expect(overdrawnLine(b, [{ accountId: 'p', amount: 101 }, { accountId: 'w', amount: -101 }])).toBe(1);
  });

  it('locks only the wallet accounts a posting leaves with a negative net, never a platform account', () => {
    const sale = [
      { id: 'pending', walletId: 'wlt', amount: 9000 },
      { id: 'pending', walletId: 'wlt', amount: -270 },
      { id: 'revenue', walletId: null, amount: 270 },
      { id: 'settlement', walletId: null, amount: -9000 },
    ];
    expect(debitedAccounts(sale)).toEqual([]);
    const release = [
      { id: 'pending', walletId: 'wlt', amount: -8730 },
      { id: 'available', walletId: 'wlt', amount: 8730 },
    ];
    expect(debitedAccounts(release)).toEqual(['pending']);
    expect(debitedAccounts([...release, { id: 'pending', walletId: 'wlt', amount: 8730 }, { id: 'settlement', walletId: null, amount: -8730 }])).toEqual([]);
  });
});
