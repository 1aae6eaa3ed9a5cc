import fc from 'fast-check';
import { postingProblem, reversalType, toBalanceView } from '../../src/ledger/ledger.rules';

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
