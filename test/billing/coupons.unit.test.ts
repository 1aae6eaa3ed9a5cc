import { currencyFits, discountApplies, discountOf, lastDiscountedCycle, redemptionProblem } from '../../src/billing/coupons.rules';

const pct = (percentOff: number) => ({ percentOff, amountOff: null, currency: null });
const amt = (amountOff: number, currency = 'BRL') => ({ percentOff: null, amountOff, currency });

describe('discountOf', () => {
  it('takes a percentage, rounded half up to the cent', () => {
    expect(discountOf(pct(10), 2990)).toBe(299);
    expect(discountOf(pct(25), 999)).toBe(250); // 249.75
    expect(discountOf(pct(12.5), 100)).toBe(13); // 12.5 → 13
    expect(discountOf(pct(33.33), 10_000)).toBe(3333);
    expect(discountOf(pct(100), 2990)).toBe(2990);
  });
  it('takes an amount, never more than the subtotal (never below 0)', () => {
    expect(discountOf(amt(500), 2990)).toBe(500);
    expect(discountOf(amt(5000), 2990)).toBe(2990);
  });
  it('takes nothing off nothing', () => {
    expect(discountOf(pct(50), 0)).toBe(0);
    expect(discountOf(amt(500), 0)).toBe(0);
  });
});

describe('the cycles a discount covers', () => {
  it('once: the first cycle only', () => {
    expect(lastDiscountedCycle('once', null, 3)).toBe(3);
  });
  it('repeating: N cycles from the first', () => {
    const last = lastDiscountedCycle('repeating', 3, 2);
    expect(last).toBe(4);
    expect([1, 2, 3, 4, 5].map((c) => discountApplies({ firstCycle: 2, lastCycle: last }, c))).toEqual([false, true, true, true, false]);
  });
  it('forever: every cycle from the first', () => {
    expect(lastDiscountedCycle('forever', null, 1)).toBeNull();
    expect([0, 1, 500].map((c) => discountApplies({ firstCycle: 1, lastCycle: null }, c))).toEqual([false, true, true]);
  });
});

describe('redemptionProblem', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ok = { active: true, maxRedemptions: null, timesRedeemed: 0, redeemBy: null };
  it('redeemable while active, before redeemBy and with redemptions left', () => {
    expect(redemptionProblem(ok, now)).toBeNull();
    expect(redemptionProblem({ ...ok, maxRedemptions: 2, timesRedeemed: 1, redeemBy: new Date('2026-11-29T12:00:01Z') }, now)).toBeNull();
  });
  it('names why not', () => {
    expect(redemptionProblem({ ...ok, active: false }, now)).toBe('coupon_inactive');
    expect(redemptionProblem({ ...ok, redeemBy: now }, now)).toBe('coupon_expired');
    expect(redemptionProblem({ ...ok, maxRedemptions: 2, timesRedeemed: 2 }, now)).toBe('coupon_exhausted');
  });
});

it('an amount off fits its currency only; a percentage fits any', () => {
  expect(currencyFits(amt(100, 'USD'), 'USD')).toBe(true);
  expect(currencyFits(amt(100, 'USD'), 'BRL')).toBe(false);
  expect(currencyFits(pct(10), 'USD')).toBe(true);
});
