import fc from 'fast-check';
import {
  allocateProportionally,
  assertCents,
  divideRoundHalfUp,
  exactDecimal,
  percentOf,
  splitRemainderFirst,
  toSafeCents,
} from '../../src/shared/money';

describe('assertCents', () => {
  it.each([0, 1, -5, 123456, Number.MAX_SAFE_INTEGER])('accepts %p', (n) => {
    expect(() => assertCents(n)).not.toThrow();
  });
  it.each([1.5, NaN, Infinity, -Infinity, '100', null, undefined, 2 ** 53])('rejects %p', (n) => {
    expect(() => assertCents(n)).toThrow(RangeError);
  });
  it('names the field in the message', () => {
    expect(() => assertCents(0.1, 'fixed')).toThrow(/fixed/);
  });
});

describe('exactDecimal', () => {
  it.each([
    [2.99, 299n, 100n],
    [0.01, 1n, 100n],
    [100, 100n, 1n],
    [-0.5, -5n, 10n],
    [1e-7, 1n, 10_000_000n],
    [1e21, 10n ** 21n, 1n],
    [1.5e-10, 15n, 10n ** 11n],
  ])('%p is %p/%p', (x, num, den) => {
    expect(exactDecimal(x)).toEqual({ numerator: num, denominator: den });
  });
  it('rejects non-finite numbers', () => {
    expect(() => exactDecimal(NaN)).toThrow(RangeError);
    expect(() => exactDecimal(Infinity)).toThrow(RangeError);
  });
});

describe('divideRoundHalfUp', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [7n, 4n, 2n],
    [-7n, 4n, -2n],
    [4n, 3n, 1n],
    [1n, 4n, 0n],
    [-1n, 4n, 0n],
    [0n, 7n, 0n],
    [3n, 2n, 2n],
  ])('%p / %p = %p', (n, d, q) => {
    expect(divideRoundHalfUp(n, d)).toBe(q);
  });
  it('rejects a non-positive denominator', () => {
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1n, -2n)).toThrow(RangeError);
  });
});

describe('toSafeCents', () => {
  it('converts and guards the safe range', () => {
    expect(toSafeCents(42n)).toBe(42);
    expect(() => toSafeCents(2n ** 60n)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it.each([
    [10000, 2.99, 299],
    [1050, 2.99, 31], // 31.395
    [5000, 0.01, 1], // 0.5 → up
    [4999, 0.01, 0], // 0.4999
    [150, 1, 2], // 1.5 → 2
    [250, 1, 3], // 2.5 → 3 (half-up, not banker's)
    [100, 0, 0],
    [0, 2.99, 0],
    [12345, 100, 12345],
    [-150, 1, -2], // half away from zero
    [-149, 1, -1],
  ])('percentOf(%p, %p) = %p', (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });

  it.each([
    // Math.round(amount * percent / 100) gets each of these one cent wrong.
    [3000, 1.15, 35],
    [10000, 1.005, 101],
    [3000, 4.35, 131],
    [25000, 0.29, 73],
    [3000, 2.55, 77],
  ])('is immune to float artefacts: percentOf(%p, %p) = %p', (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });

  it('rejects non-integer amounts and non-finite percents', () => {
    expect(() => percentOf(10.5, 1)).toThrow(RangeError);
    expect(() => percentOf(100, NaN)).toThrow(RangeError);
  });

  it('matches integer basis-point arithmetic for every 2-decimal percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        const num = amount * bp; // < 2^53
        const expected = Math.floor(num / 10_000) + (num % 10_000 >= 5_000 ? 1 : 0);
        expect(percentOf(amount, bp / 100)).toBe(expected);
      }),
    );
  });
});

describe('allocateProportionally', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [100, [0, 1, 1], [0, 50, 50]],
    [1, [1, 1], [1, 0]], // tie → lowest index
    [2, [1, 1, 1], [1, 1, 0]],
    [10, [33.33, 33.33, 33.34], [3, 3, 4]],
    [1000, [70, 30], [700, 300]],
    [999, [50, 50], [500, 499]],
    [0, [1, 2], [0, 0]],
    [0, [0, 0], [0, 0]],
    [7, [5], [7]],
    [100, [0.1, 0.2, 0.7], [10, 20, 70]],
    [1, [0, 0, 1], [0, 0, 1]],
  ])('allocates %p by %j → %j', (total, weights, expected) => {
    expect(allocateProportionally(total, weights)).toEqual(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(allocateProportionally(-1, [1, 1])[1], 0)).toBe(true);
  });

  it('rejects empty, negative or all-zero weights and non-integer totals', () => {
    expect(() => allocateProportionally(100, [])).toThrow(RangeError);
    expect(() => allocateProportionally(100, [1, -1])).toThrow(RangeError);
    expect(() => allocateProportionally(100, [0, 0])).toThrow(RangeError);
    expect(() => allocateProportionally(1.5, [1])).toThrow(RangeError);
    expect(() => allocateProportionally(100, [NaN])).toThrow(RangeError);
  });

  it('sums exactly to the total, each part within one cent of its exact share, zero weights get 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = allocateProportionally(total, weights);
          const weightSum = weights.reduce((a, b) => a + b, 0);
          expect(parts).toHaveLength(weights.length);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true);
            expect(Math.abs(p - (total * weights[i]) / weightSum)).toBeLessThan(1);
            if (weights[i] === 0) expect(p).toBe(0);
          });
        },
      ),
    );
  });

  it('is symmetric: allocating −total mirrors allocating total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          expect(allocateProportionally(-total, weights)).toEqual(allocateProportionally(total, weights).map((p) => (p === 0 ? 0 : -p)));
        },
      ),
    );
  });
});

describe('splitRemainderFirst', () => {
  it.each([
    [100, 3, [34, 33, 33]],
    [100000, 1, [100000]],
    [5, 12, [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    [120483, 12, [10043, ...Array<number>(11).fill(10040)]],
    [0, 2, [0, 0]],
  ])('splits %p into %p parts', (total, count, expected) => {
    expect(splitRemainderFirst(total, count)).toEqual(expected);
  });

  it('rejects bad input', () => {
    expect(() => splitRemainderFirst(-1, 2)).toThrow(RangeError);
    expect(() => splitRemainderFirst(10, 0)).toThrow(RangeError);
    expect(() => splitRemainderFirst(10, 1.5)).toThrow(RangeError);
    expect(() => splitRemainderFirst(10.5, 2)).toThrow(RangeError);
  });

  it('sums to total with every part but the first equal and the first carrying < count extra', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 48 }), (total, count) => {
        const parts = splitRemainderFirst(total, count);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        const rest = parts.slice(1);
        rest.forEach((p) => expect(p).toBe(Math.floor(total / count)));
        expect(parts[0] - Math.floor(total / count)).toBeLessThan(count);
        expect(parts[0]).toBeGreaterThanOrEqual(Math.floor(total / count));
      }),
    );
  });
});
