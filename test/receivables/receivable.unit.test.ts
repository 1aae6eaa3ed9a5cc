import fc from 'fast-check';
import { availableOn, isRunDate, pendingTakes, receivablesOf, releaseKey, releaseLines } from '../../src/receivables/receivable.rules';
import { settlementReleases } from '../../src/payments/settlement.rules';
import { shareAmount, type SplitShareInput } from '../../src/payments/split.rules';

const item = (recipientId: string, percentage: number, chargeProcessingFee = true): SplitShareInput => ({ recipientId, type: 'sale', amount: null, percentage, chargeProcessingFee });

describe('availableOn', () => {
  it('is the São Paulo date of the instant (UTC−3): 02:59Z is still the day before', () => {
    expect(availableOn('2026-03-31T02:59:59.999Z')).toBe('2026-03-30');
    expect(availableOn('2026-03-31T03:00:00.000Z')).toBe('2026-03-31');
    expect(availableOn('2026-12-31T23:00:00.000Z')).toBe('2026-12-31');
    expect(availableOn(new Date('2027-01-01T03:00:00.000Z'))).toBe('2027-01-01');
  });
  it('refuses what is not an instant', () => {
    expect(() => availableOn('yesterday')).toThrow(RangeError);
  });
});

describe('isRunDate', () => {
  it('accepts calendar dates only', () => {
    expect(isRunDate('2026-02-28')).toBe(true);
    expect(isRunDate('2026-02-29')).toBe(false);
    expect(isRunDate('2026-2-28')).toBe(false);
    expect(isRunDate('2026-02-28T00:00:00Z')).toBe(false);
    expect(isRunDate(20260228)).toBe(false);
  });
});

describe('receivablesOf', () => {
  const paidAt = '2026-03-01T12:00:00.000Z';
  it('one per recipient and installment, net of its fee slice, dated by its release', () => {
    const shares = shareAmount([item('a', 70), item('b', 30, false)], 10_001, 301);
    const drafts = receivablesOf(settlementReleases({ method: 'credit_card', installments: 3, paidAt, shares }), false);
    expect(drafts.map((d) => [d.recipientId, d.installment, d.availableOn, d.status])).toEqual([
      ['a', 1, '2026-03-31', 'pending'],
      ['b', 1, '2026-03-31', 'pending'],
      ['a', 2, '2026-04-30', 'pending'],
      ['b', 2, '2026-04-30', 'pending'],
      ['a', 3, '2026-05-30', 'pending'],
      ['b', 3, '2026-05-30', 'pending'],
    ]);
    expect(drafts.reduce((a, d) => a + d.amount, 0)).toBe(10_001 - 301);
  });
  it('a Pix is born released; a recipient whose slice nets nothing has none', () => {
    const pix = receivablesOf(settlementReleases({ method: 'pix', installments: 1, paidAt, shares: shareAmount([item('a', 100)], 500, 0) }), true);
    expect(pix).toEqual([{ recipientId: 'a', installment: 1, amount: 500, releaseAt: paidAt, availableOn: '2026-03-01', status: 'released' }]);
    const tiny = receivablesOf(settlementReleases({ method: 'credit_card', installments: 3, paidAt, shares: shareAmount([item('a', 100)], 2, 0) }), false);
    expect(tiny.map((d) => [d.installment, d.amount])).toEqual([[1, 2]]); // the remainder on the first release: 2, 0, 0
  });
  it('sum to each recipient’s net whatever the split and installments (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 99 }), (amount, installments, pct) => {
        const shares = shareAmount([item('a', pct), item('b', 100 - pct, false)], amount, 0);
        const drafts = receivablesOf(settlementReleases({ method: 'credit_card', installments, paidAt, shares }), false);
        for (const s of shares) expect(drafts.filter((d) => d.recipientId === s.recipientId).reduce((a, d) => a + d.amount, 0)).toBe(s.gross - s.fee);
      }),
    );
  });
});

describe('pendingTakes', () => {
  it('adds a chargeback’s block and fee from the same installment, and leaves out takes from available', () => {
    expect(
      pendingTakes([
        { recipientId: 'a', releaseAt: '2026-03-31T12:00:00Z', amount: 300 },
        { recipientId: 'a', releaseAt: '2026-03-31T12:00:00.000Z', amount: 50 },
        { recipientId: 'a', releaseAt: null, amount: 70 },
        { recipientId: 'b', releaseAt: '2026-03-31T12:00:00.000Z', amount: 10 },
      ]),
    ).toEqual([
      { recipientId: 'a', releaseAt: '2026-03-31T12:00:00.000Z', amount: 350 },
      { recipientId: 'b', releaseAt: '2026-03-31T12:00:00.000Z', amount: 10 },
    ]);
  });
});

describe('releaseLines', () => {
  it('moves each positive net from pending to available with the installment’s date; nothing for zero or less', () => {
    const lines = releaseLines(
      [
        { recipientId: 'a', currency: 'BRL', amount: 700 },
        { recipientId: 'b', currency: 'BRL', amount: 0 },
        { recipientId: 'c', currency: 'BRL', amount: -5 },
      ],
      '2026-03-31T12:00:00.000Z',
    );
    expect(lines.map((l) => [l.account.recipientId, l.account.bucket, l.amount, l.releaseAt])).toEqual([
      ['a', 'pending', -700, '2026-03-31T12:00:00.000Z'],
      ['a', 'available', 700, '2026-03-31T12:00:00.000Z'],
    ]);
  });
  it('keys release n of a payment', () => {
    expect(releaseKey('pay_1', 2)).toBe('release:pay_1:2');
  });
});
