import fc from 'fast-check';
import { componentAmount, PriceTier, validateTiers } from '../../src/billing/pricing.rules';

const TIERS: PriceTier[] = [
  { upTo: 10, unitAmount: 1000 },
  { upTo: 50, unitAmount: 800 },
  { upTo: null, unitAmount: 500 },
];

describe('componentAmount: fixed', () => {
  it.each([
    [0, 0],
    [1, 0],
    [100, 0],
    [3, 5],
  ])('charges the flat amount once per cycle (quantity %p, included %p)', (quantity, included) => {
    expect(componentAmount({ billingScheme: 'fixed', amount: 4990 }, quantity, included)).toBe(4990);
  });
});

describe('componentAmount: per_unit', () => {
  it.each([
    [10, 3, 10500],
    [10, 0, 15000],
    [3, 3, 0],
    [2, 3, 0],
    [0, 0, 0],
  ])('1500 × billable (quantity %p, included %p) = %p', (quantity, included, expected) => {
    expect(componentAmount({ billingScheme: 'per_unit', amount: 1500 }, quantity, included)).toBe(expected);
  });

  it('defaults quantityIncluded to 0', () => {
    expect(componentAmount({ billingScheme: 'per_unit', amount: 1500 }, 2)).toBe(3000);
  });
});

describe('componentAmount: tiered (graduated)', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1000],
    [10, 0, 10000],
    [11, 0, 10800],
    [50, 0, 42000], // 10×1000 + 40×800
    [51, 0, 42500],
    [60, 0, 47000],
    [15, 5, 10000], // 10 billable units, counted from 1
    [5, 10, 0],
  ])('quantity %p, included %p → %p', (quantity, included, expected) => {
    expect(componentAmount({ billingScheme: 'tiered', amount: 0, tiers: TIERS }, quantity, included)).toBe(expected);
  });

  it('supports a single open tier, free tiers and ignores `amount`', () => {
    expect(componentAmount({ billingScheme: 'tiered', amount: 99999, tiers: [{ upTo: null, unitAmount: 250 }] }, 4)).toBe(1000);
    const freeFirst: PriceTier[] = [
      { upTo: 100, unitAmount: 0 },
      { upTo: null, unitAmount: 10 },
    ];
    expect(componentAmount({ billingScheme: 'tiered', amount: 0, tiers: freeFirst }, 100)).toBe(0);
    expect(componentAmount({ billingScheme: 'tiered', amount: 0, tiers: freeFirst }, 150)).toBe(500);
  });

  it('rejects missing or invalid tiers', () => {
    expect(() => componentAmount({ billingScheme: 'tiered', amount: 0 }, 1)).toThrow(/tiers must not be empty/);
    expect(() => componentAmount({ billingScheme: 'tiered', amount: 0, tiers: null }, 1)).toThrow(RangeError);
    expect(() =>
      componentAmount({ billingScheme: 'tiered', amount: 0, tiers: [{ upTo: 10, unitAmount: 1 }] }, 20),
    ).toThrow(/must be null on the last tier/);
  });

  it('with one open tier equals per_unit, and never decreases as quantity grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 }), (q, inc, unit) => {
        expect(componentAmount({ billingScheme: 'tiered', amount: 0, tiers: [{ upTo: null, unitAmount: unit }] }, q, inc)).toBe(
          componentAmount({ billingScheme: 'per_unit', amount: unit }, q, inc),
        );
        expect(componentAmount({ billingScheme: 'tiered', amount: 0, tiers: TIERS }, q + 1, inc)).toBeGreaterThanOrEqual(
          componentAmount({ billingScheme: 'tiered', amount: 0, tiers: TIERS }, q, inc),
        );
      }),
    );
  });
});

describe('componentAmount: package', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 2000],
    [10, 0, 2000],
    [11, 0, 4000],
    [20, 0, 4000],
    [25, 5, 4000], // 20 billable → 2 packages
    [26, 5, 6000],
  ])('2000 per started package of 10 (quantity %p, included %p) = %p', (quantity, included, expected) => {
    expect(componentAmount({ billingScheme: 'package', amount: 2000, packageSize: 10 }, quantity, included)).toBe(expected);
  });

  it.each([undefined, null, 0, -1, 2.5])('rejects packageSize %p', (packageSize) => {
    expect(() => componentAmount({ billingScheme: 'package', amount: 2000, packageSize }, 5)).toThrow(/packageSize/);
  });
});

describe('componentAmount: metered', () => {
  it('charges reported usage beyond the included quantity', () => {
    expect(componentAmount({ billingScheme: 'metered', amount: 5 }, 1234, 1000)).toBe(1170);
    expect(componentAmount({ billingScheme: 'metered', amount: 5 }, 999, 1000)).toBe(0);
    expect(componentAmount({ billingScheme: 'metered', amount: 5 }, 0)).toBe(0);
  });
});

describe('componentAmount: invalid input', () => {
  it.each([
    [{ billingScheme: 'per_unit', amount: 100 }, -1, 0],
    [{ billingScheme: 'per_unit', amount: 100 }, 1.5, 0],
    [{ billingScheme: 'per_unit', amount: 100 }, 1, -1],
    [{ billingScheme: 'per_unit', amount: -100 }, 1, 0],
    [{ billingScheme: 'fixed', amount: 10.5 }, 1, 0],
    [{ billingScheme: 'per_unit', amount: 2 ** 40 }, 2 ** 20, 0],
    [{ billingScheme: 'volume', amount: 100 }, 1, 0],
  ])('rejects %j with quantity %p included %p', (price, quantity, included) => {
    expect(() => componentAmount(price as Parameters<typeof componentAmount>[0], quantity, included)).toThrow(RangeError);
  });
});

describe('validateTiers', () => {
  it('accepts ascending tiers ending open', () => {
    expect(validateTiers(TIERS)).toEqual([]);
    expect(validateTiers([{ upTo: null, unitAmount: 0 }])).toEqual([]);
  });

  it.each([
    [[], ['tiers must not be empty']],
    [[{ upTo: 10, unitAmount: 1 }], ['tiers[0].upTo must be null on the last tier']],
    [
      [
        { upTo: null, unitAmount: 1 },
        { upTo: null, unitAmount: 1 },
      ],
      ['tiers[0].upTo may be null only on the last tier'],
    ],
    [
      [
        { upTo: 10, unitAmount: 1 },
        { upTo: 10, unitAmount: 1 },
        { upTo: null, unitAmount: 1 },
      ],
      ['tiers[1].upTo must be greater than tiers[0].upTo'],
    ],
    [
      [
        { upTo: 20, unitAmount: 1 },
        { upTo: 10, unitAmount: 1 },
        { upTo: null, unitAmount: 1 },
      ],
      ['tiers[1].upTo must be greater than tiers[0].upTo'],
    ],
    [
      [
        { upTo: 0, unitAmount: 1 },
        { upTo: null, unitAmount: 1 },
      ],
      ['tiers[0].upTo must be a positive integer'],
    ],
    [
      [
        { upTo: 2.5, unitAmount: 1 },
        { upTo: null, unitAmount: 1 },
      ],
      ['tiers[0].upTo must be a positive integer'],
    ],
    [
      [
        { upTo: 10, unitAmount: -1 },
        { upTo: null, unitAmount: 1.5 },
      ],
      ['tiers[0].unitAmount must be an integer >= 0', 'tiers[1].unitAmount must be an integer >= 0'],
    ],
  ])('reports problems in %j', (tiers, errors) => {
    expect(validateTiers(tiers as PriceTier[])).toEqual(errors);
  });
});
