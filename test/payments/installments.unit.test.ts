import fc from 'fast-check';
import { installmentOptions, installmentPlan, InterestType } from '../../src/payments/installments.rules';

const plan = (amount: number, count: number, freeInstallments: number, interestRate: number, interestType: InterestType) =>
  installmentPlan({ amount, count, freeInstallments, interestRate, interestType });

describe('installmentPlan: compound (Price table)', () => {
  it('R$1,000.00 at 2.99% a month over 12 is 12 × R$100.40, remainder on the first', () => {
    expect(plan(100000, 12, 0, 2.99, 'compound')).toEqual({
      count: 12,
      installmentAmount: 10040,
      firstInstallmentAmount: 10043,
      total: 120483, // 12 × 100.40212… = 1204.8255 → 1204.83
      interest: 20483,
      installments: [10043, ...Array<number>(11).fill(10040)],
    });
  });

  // Expected totals computed independently with exact fractions (Python Fraction).
  it.each([
    [100000, 1, 2.99, 102990],
    [100000, 2, 2.99, 104507],
    [100000, 3, 2.99, 106039],
    [100000, 6, 2.99, 110722],
    [100000, 10, 2.99, 117171],
    [100000, 4, 1.99, 105024],
    [12345, 7, 3.5, 14133],
    [999, 10, 4.5, 1263],
  ])('%p cents over %p at %p%% → total %p', (amount, count, rate, total) => {
    const p = plan(amount, count, 0, rate, 'compound');
    expect(p.total).toBe(total);
    expect(p.interest).toBe(total - amount);
    expect(p.installments.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('stays within a cent of the floating-point Price formula', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 1000 }),
        (amount, count, bp) => {
          const i = bp / 10_000;
          const exact = (count * amount * i) / (1 - Math.pow(1 + i, -count));
          expect(Math.abs(plan(amount, count, 0, bp / 100, 'compound').total - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
    );
  });
});

describe('installmentPlan: simple interest', () => {
  it('R$1,000.00 at 2.99% over 12: total = PV·(1 + i·n) = R$1,358.80', () => {
    const p = plan(100000, 12, 0, 2.99, 'simple');
    expect(p.total).toBe(135880);
    expect(p.installmentAmount).toBe(11323);
    expect(p.firstInstallmentAmount).toBe(11327); // 135880 − 11 × 11323
    expect(p.interest).toBe(35880);
  });

  it.each([
    [50, 1, 1, 51], // 50.5 → 51 (half-up)
    [49, 1, 1, 49], // 49.49 → 49
    [10001, 6, 2.5, 11501], // 11501.15
  ])('%p cents over %p at %p%% → total %p', (amount, count, rate, total) => {
    expect(plan(amount, count, 0, rate, 'simple').total).toBe(total);
  });
});

describe('installmentPlan: interest-free counts', () => {
  it('counts up to freeInstallments carry no interest', () => {
    expect(plan(100000, 3, 3, 2.99, 'compound')).toEqual({
      count: 3,
      installmentAmount: 33333,
      firstInstallmentAmount: 33334,
      total: 100000,
      interest: 0,
      installments: [33334, 33333, 33333],
    });
    expect(plan(100000, 1, 3, 2.99, 'simple').total).toBe(100000);
  });

  it('above freeInstallments the rate applies to the whole count', () => {
    expect(plan(100000, 4, 3, 2.99, 'compound').total).toBe(107585);
    expect(plan(100000, 4, 3, 2.99, 'simple').total).toBe(111960);
  });

  it('with freeInstallments 0 even a single installment pays one month of interest', () => {
    expect(plan(100000, 1, 0, 2.99, 'compound').total).toBe(102990);
  });

  it('a zero rate is interest-free at any count', () => {
    expect(plan(100000, 12, 0, 0, 'compound')).toMatchObject({ total: 100000, interest: 0, installmentAmount: 8333, firstInstallmentAmount: 8337 });
  });
});

describe('installmentPlan: invalid input', () => {
  it.each([
    [{ amount: 0 }],
    [{ amount: -100 }],
    [{ amount: 10.5 }],
    [{ count: 0 }],
    [{ count: 1.5 }],
    [{ freeInstallments: -1 }],
    [{ freeInstallments: 0.5 }],
    [{ interestRate: -1 }],
    [{ interestRate: NaN }],
    [{ interestType: 'other' }],
  ])('rejects %j', (patch) => {
    const input = { amount: 10000, count: 3, freeInstallments: 0, interestRate: 1, interestType: 'compound', ...patch };
    expect(() => installmentPlan(input as Parameters<typeof installmentPlan>[0])).toThrow(RangeError);
  });

  it('refuses installments under 1 cent', () => {
    expect(() => plan(5, 12, 12, 0, 'compound')).toThrow(/at least 1 cent/);
    expect(plan(12, 12, 12, 0, 'compound').installments).toEqual(Array<number>(12).fill(1));
  });
});

describe('installmentPlan: properties', () => {
  it('installments sum exactly to the total; all but the first equal; first carries < count extra', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom<InterestType>('simple', 'compound'),
        (amount, count, free, bp, type) => {
          const p = plan(amount, count, free, bp / 100, type);
          expect(p.installments).toHaveLength(count);
          expect(p.installments.reduce((a, b) => a + b, 0)).toBe(p.total);
          expect(p.installments[0]).toBe(p.firstInstallmentAmount);
          p.installments.slice(1).forEach((x) => expect(x).toBe(p.installmentAmount));
          expect(p.firstInstallmentAmount - p.installmentAmount).toBeGreaterThanOrEqual(0);
          expect(p.firstInstallmentAmount - p.installmentAmount).toBeLessThan(count);
          expect(p.total).toBeGreaterThanOrEqual(amount);
          expect(p.interest).toBe(p.total - amount);
          if (count <= free || bp === 0) expect(p.total).toBe(amount);
          p.installments.forEach((x) => expect(Number.isSafeInteger(x)).toBe(true));
        },
      ),
    );
  });

  it('Price-table totals never exceed simple-interest totals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 1000 }), (amount, count, bp) => {
        expect(plan(amount, count, 0, bp / 100, 'compound').total).toBeLessThanOrEqual(plan(amount, count, 0, bp / 100, 'simple').total);
      }),
    );
  });
});

describe('installmentOptions', () => {
  it('lists every count with its installment value and total', () => {
    const options = installmentOptions(100000, 12, 3, 2.99, 'compound');
    expect(options.map((o) => o.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(options.slice(0, 3).map((o) => o.total)).toEqual([100000, 100000, 100000]);
    expect(options.slice(0, 3).map((o) => o.installmentAmount)).toEqual([100000, 50000, 33333]);
    expect(options[3].total).toBe(107585);
    expect(options[11]).toEqual(plan(100000, 12, 3, 2.99, 'compound'));
    for (let i = 4; i < 12; i++) expect(options[i].total).toBeGreaterThan(options[i - 1].total);
  });

  it('defaults to compound interest', () => {
    expect(installmentOptions(100000, 12, 0, 2.99)[11].total).toBe(120483);
  });

  it('leaves out counts whose installments would fall under 1 cent', () => {
    expect(installmentOptions(5, 12, 12, 0).map((o) => o.count)).toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects a bad maxInstallments or bad inputs', () => {
    expect(() => installmentOptions(100000, 0, 0, 1)).toThrow(RangeError);
    expect(() => installmentOptions(100000, 2.5, 0, 1)).toThrow(RangeError);
    expect(() => installmentOptions(0, 12, 0, 1)).toThrow(RangeError);
  });
});
