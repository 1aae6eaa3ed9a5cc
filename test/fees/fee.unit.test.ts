import fc from 'fast-check';
import { computeFee } from '../../src/fees/fee.rules';

describe('computeFee', () => {
  it.each([
    [{ percentage: 2.99, fixed: 0 }, 10000, 299],
    [{ percentage: 3.99, fixed: 50 }, 1050, 92], // 41.895 → 42, + 50
    [{ percentage: 0.5, fixed: 0 }, 101, 1], // 0.505 → 1 (half-up)
    [{ percentage: 0.5, fixed: 0 }, 100, 1], // exactly 0.5 → 1
    [{ percentage: 0.5, fixed: 0 }, 99, 0], // 0.495 → 0
    [{ percentage: 1.15, fixed: 0 }, 3000, 35], // 34.5: float arithmetic would give 34
    [{ percentage: 0, fixed: 0 }, 10000, 0],
    [{ percentage: 0, fixed: 199 }, 10000, 199],
    [{ percentage: 0, fixed: 199 }, 0, 199],
    [{ percentage: 100, fixed: 0 }, 12345, 12345],
    [{ percentage: 1.99, fixed: 99 }, 0, 99],
  ])('%j on %p cents = %p', (fee, amount, expected) => {
    expect(computeFee(fee, amount)).toBe(expected);
  });

  it('is never negative, even with misconfigured negative entries', () => {
    expect(computeFee({ percentage: 0, fixed: -500 }, 1000)).toBe(0);
    expect(computeFee({ percentage: -10, fixed: 0 }, 1000)).toBe(0);
    expect(computeFee({ percentage: 1, fixed: -5 }, 1000)).toBe(5);
  });

  it('rejects amounts that are not non-negative integer cents and bad specs', () => {
    expect(() => computeFee({ percentage: 1, fixed: 0 }, 10.5)).toThrow(RangeError);
    expect(() => computeFee({ percentage: 1, fixed: 0 }, -1)).toThrow(RangeError);
    expect(() => computeFee({ percentage: 1, fixed: 0.5 }, 100)).toThrow(RangeError);
    expect(() => computeFee({ percentage: NaN, fixed: 0 }, 100)).toThrow(RangeError);
    expect(() => computeFee({ percentage: Infinity, fixed: 0 }, 100)).toThrow(RangeError);
  });

  it('equals half-up of the exact basis-point product plus fixed, and grows with the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bp, fixed) => {
          const fee = computeFee({ percentage: bp / 100, fixed }, amount);
          const num = amount * bp;
          expect(fee).toBe(Math.floor(num / 10_000) + (num % 10_000 >= 5_000 ? 1 : 0) + fixed);
          expect(computeFee({ percentage: bp / 100, fixed }, amount + 1)).toBeGreaterThanOrEqual(fee);
        },
      ),
    );
  });
});
