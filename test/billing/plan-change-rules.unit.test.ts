import { arrearsProrationLines, cycleAmount, prorated, prorationLines, remainingSeconds } from '../../src/billing/plan-changes.rules';

const d = (s: string) => new Date(s);

describe('remainingSeconds', () => {
  it('counts the cycle’s own length: February, a 30-day and a 31-day month', () => {
    expect(remainingSeconds(d('2027-02-01T00:00:00Z'), d('2027-03-01T00:00:00Z'), d('2027-02-15T00:00:00Z'))).toEqual([14 * 86400, 28 * 86400]);
    expect(remainingSeconds(d('2028-02-01T00:00:00Z'), d('2028-03-01T00:00:00Z'), d('2028-02-15T00:00:00Z'))).toEqual([15 * 86400, 29 * 86400]);
    expect(remainingSeconds(d('2027-04-01T00:00:00Z'), d('2027-05-01T00:00:00Z'), d('2027-04-16T00:00:00Z'))).toEqual([15 * 86400, 30 * 86400]);
    expect(remainingSeconds(d('2027-01-01T00:00:00Z'), d('2027-02-01T00:00:00Z'), d('2027-01-17T12:00:00Z'))).toEqual([14.5 * 86400, 31 * 86400]);
  });
  it('clamps a change before or after the cycle', () => {
    expect(remainingSeconds(d('2027-02-01T00:00:00Z'), d('2027-03-01T00:00:00Z'), d('2027-01-20T00:00:00Z'))).toEqual([28 * 86400, 28 * 86400]);
    expect(remainingSeconds(d('2027-02-01T00:00:00Z'), d('2027-03-01T00:00:00Z'), d('2027-03-05T00:00:00Z'))).toEqual([0, 28 * 86400]);
  });
  it('refuses an empty cycle', () => {
    expect(() => remainingSeconds(d('2027-02-01T00:00:00Z'), d('2027-02-01T00:00:00Z'), d('2027-02-01T00:00:00Z'))).toThrow(RangeError);
  });
});

it('prorates half up to the cent', () => {
  expect(prorated(2990, 1, 2)).toBe(1495);
  expect(prorated(999, 1, 2)).toBe(500); // 499.5
  expect(prorated(1000, 1, 3)).toBe(333);
});

describe('prorationLines', () => {
  const feb = { periodStart: d('2027-02-01T00:00:00Z'), periodEnd: d('2027-03-01T00:00:00Z'), at: d('2027-02-15T00:00:00Z') };
  it('an upgrade halfway through February: credit half the old, charge half the new', () => {
    expect(prorationLines({ ...feb, oldAmount: 2990, newAmount: 9990 })).toEqual([
      { kind: 'proration', description: 'Unused time on the previous plan', amount: -1495 },
      { kind: 'proration', description: 'Remaining time on the new plan', amount: 4995 },
    ]);
  });
  it('a downgrade a third into a 30-day month sums to a credit', () => {
    const lines = prorationLines({ periodStart: d('2027-04-01T00:00:00Z'), periodEnd: d('2027-05-01T00:00:00Z'), at: d('2027-04-11T00:00:00Z'), oldAmount: 9000, newAmount: 3000 });
    expect(lines.map((l) => l.amount)).toEqual([-6000, 2000]);
    expect(lines.reduce((a, l) => a + l.amount, 0)).toBe(-4000);
  });
  it('no line for a zero amount or no time left', () => {
    expect(prorationLines({ ...feb, oldAmount: 0, newAmount: 1000 }).map((l) => l.amount)).toEqual([500]);
    expect(prorationLines({ ...feb, at: feb.periodEnd, oldAmount: 1000, newAmount: 2000 })).toEqual([]);
  });
});

describe('arrearsProrationLines (postpaid: the invoice at the cycle end bills the new amount)', () => {
  it('charges the used time on the old amount and credits it on the new one: old × used + new × remaining in all', () => {
    const p = { periodStart: d('2027-04-01T00:00:00Z'), periodEnd: d('2027-05-01T00:00:00Z'), at: d('2027-04-11T00:00:00Z'), oldAmount: 3000, newAmount: 9000 };
    const lines = arrearsProrationLines(p);
    expect(lines.map((l) => l.amount)).toEqual([1000, -3000]);
    expect(9000 + lines.reduce((a, l) => a + l.amount, 0)).toBe(1000 + 6000);
  });
  it('no line at the very start of the cycle', () => {
    expect(arrearsProrationLines({ periodStart: d('2027-04-01T00:00:00Z'), periodEnd: d('2027-05-01T00:00:00Z'), at: d('2027-04-01T00:00:00Z'), oldAmount: 3000, newAmount: 9000 })).toEqual([]);
  });
});

it('cycleAmount: recurring items at their quantities; metered and activation items are not prorated', () => {
  const base = { planItemId: null, priceId: null, description: 'x', quantityIncluded: 0, tiers: null, packageSize: null, meterId: null };
  expect(
    cycleAmount([
      { ...base, kind: 'recurring', billingScheme: 'per_unit', amount: 1000, quantity: 3 },
      { ...base, kind: 'recurring', billingScheme: 'fixed', amount: 500, quantity: 7 },
      { ...base, kind: 'recurring', billingScheme: 'metered', amount: 10, quantity: 99 },
      { ...base, kind: 'activation', billingScheme: 'fixed', amount: 9900, quantity: 1 },
    ]),
  ).toBe(3500);
});
