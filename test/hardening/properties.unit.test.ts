import fc from 'fast-check';
import { computeFee } from '../../src/fees/fee.rules';
import { installmentPlan } from '../../src/payments/installments.rules';
import { releaseMoves, settlementReleases } from '../../src/payments/settlement.rules';

/**
 * Money properties the module tests do not state yet (ledger balance, fee rounding and the
 * installment split have theirs next to the modules): no release creates or loses a cent, fees
 * and installment totals move the right way when the inputs do.
 */

const cents = (max = 10_000_000) => fc.integer({ min: 0, max });
const share = fc.record({
  recipientId: fc.constantFrom('rec_a', 'rec_b', 'rec_c'),
  type: fc.constantFrom('sale' as const, 'platform_fee' as const),
  gross: cents(),
  fee: cents(100_000),
});

describe('settlement releases', () => {
  it('move exactly each recipient\'s net (gross − fee) over all releases, in date order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pix' as const, 'boleto' as const, 'credit_card' as const),
        fc.integer({ min: 1, max: 12 }),
        fc.array(share, { minLength: 1, maxLength: 5 }),
        (method, installments, shares) => {
          const valid = shares.map((s) => ({ ...s, fee: Math.min(s.fee, s.gross), paysFee: s.fee > 0 }));
          const releases = settlementReleases({ method, installments, paidAt: '2026-03-31T23:30:00.000Z', shares: valid });
          expect(releases).toHaveLength(method === 'credit_card' ? installments : 1);
          const moved = new Map<string, number>();
          for (const r of releases) for (const m of releaseMoves(r)) moved.set(m.recipientId, (moved.get(m.recipientId) ?? 0) + m.amount);
          const owed = new Map<string, number>();
          for (const s of valid) owed.set(s.recipientId, (owed.get(s.recipientId) ?? 0) + s.gross - s.fee);
          for (const [id, net] of owed) expect(moved.get(id) ?? 0).toBe(net);
          for (const r of releases) for (const s of r.slices) expect(Number.isInteger(s.gross) && Number.isInteger(s.fee) && s.gross >= 0 && s.fee >= 0).toBe(true);
          const dates = releases.map((r) => Date.parse(r.releaseAt));
          expect([...dates].sort((a, b) => a - b)).toEqual(dates);
        },
      ),
    );
  });
});

describe('fees', () => {
  it('never decrease when the amount grows, and never exceed percentage·amount + fixed by a cent or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), cents(1000), cents(), cents(), (bp, fixed, a, b) => {
        const spec = { percentage: bp / 100, fixed };
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(computeFee(spec, lo)).toBeLessThanOrEqual(computeFee(spec, hi));
        expect(computeFee(spec, hi)).toBeLessThan((bp * hi) / 10_000 + fixed + 1);
      }),
    );
  });
});

describe('installments', () => {
  const plan = (amount: number, count: number, rate: number, type: 'simple' | 'compound', free = 0) =>
    installmentPlan({ amount, count, freeInstallments: free, interestRate: rate, interestType: type });

  it('a higher rate never costs the buyer less; interest is never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom('simple' as const, 'compound' as const), (amount, count, r1, r2, type) => {
          const [lo, hi] = r1 <= r2 ? [r1 / 100, r2 / 100] : [r2 / 100, r1 / 100];
          const a = plan(amount, count, lo, type);
          const b = plan(amount, count, hi, type);
          expect(a.total).toBeLessThanOrEqual(b.total);
          expect(a.interest).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('more installments at the same rate never cost the buyer less; free counts cost exactly the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 11 }), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 12 }), fc.constantFrom('simple' as const, 'compound' as const), (amount, count, r, free, type) => {
          const a = plan(amount, count, r / 100, type, free);
          const b = plan(amount, count + 1, r / 100, type, free);
          expect(a.total).toBeLessThanOrEqual(b.total);
          if (count <= free) expect(a.total).toBe(amount);
          expect(b.installments.reduce((x, y) => x + y, 0)).toBe(b.total);
        },
      ),
    );
  });
});
