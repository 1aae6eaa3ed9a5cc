import fc from 'fast-check';
import { releaseSchedule, ReleaseScheduleInput } from '../../src/ledger/release-schedule.rules';

const PAID_AT = '2025-09-08T12:00:00Z';

describe('releaseSchedule', () => {
  it('Pix is released at payment', () => {
    expect(releaseSchedule({ method: 'pix', amount: 10000, paidAt: PAID_AT })).toEqual([
      { releaseAt: '2025-09-08T12:00:00.000Z', amount: 10000 },
    ]);
  });

  it('boleto is released D+1', () => {
    expect(releaseSchedule({ method: 'boleto', amount: 81488, paidAt: PAID_AT, installments: 1 })).toEqual([
      { releaseAt: '2025-09-09T12:00:00.000Z', amount: 81488 },
    ]);
    expect(releaseSchedule({ method: 'boleto', amount: 100, paidAt: '2024-02-28T23:30:00-03:00' })).toEqual([
      { releaseAt: '2024-03-01T02:30:00.000Z', amount: 100 },
    ]);
  });

  it('a card in one installment is released D+30', () => {
    expect(releaseSchedule({ method: 'credit_card', amount: 5000, paidAt: PAID_AT })).toEqual([
      { releaseAt: '2025-10-08T12:00:00.000Z', amount: 5000 },
    ]);
  });

  it('card installments are released at D+30×n with the remainder on the first', () => {
    expect(releaseSchedule({ method: 'credit_card', amount: 10000, installments: 3, paidAt: PAID_AT })).toEqual([
      { releaseAt: '2025-10-08T12:00:00.000Z', amount: 3334 },
      { releaseAt: '2025-11-07T12:00:00.000Z', amount: 3333 },
      { releaseAt: '2025-12-07T12:00:00.000Z', amount: 3333 },
    ]);
    const twelve = releaseSchedule({ method: 'credit_card', amount: 120483, installments: 12, paidAt: PAID_AT });
    expect(twelve.map((r) => r.amount)).toEqual([10043, ...Array<number>(11).fill(10040)]);
    expect(twelve[11].releaseAt).toBe('2026-09-03T12:00:00.000Z'); // + 360 days
  });

  it('crosses leap days', () => {
    expect(releaseSchedule({ method: 'credit_card', amount: 100, paidAt: '2024-01-30T00:00:00Z' })[0].releaseAt).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });

  it('keeps one release per installment even when some are 0 cents', () => {
    expect(releaseSchedule({ method: 'credit_card', amount: 5, installments: 12, paidAt: PAID_AT }).map((r) => r.amount)).toEqual([
      5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(releaseSchedule({ method: 'pix', amount: 0, paidAt: PAID_AT })).toEqual([{ releaseAt: '2025-09-08T12:00:00.000Z', amount: 0 }]);
  });

  it.each([
    [{ method: 'pix', amount: 100, installments: 2 }],
    [{ method: 'boleto', amount: 100, installments: 3 }],
    [{ method: 'credit_card', amount: 100, installments: 0 }],
    [{ method: 'credit_card', amount: 100, installments: 1.5 }],
    [{ method: 'credit_card', amount: -1 }],
    [{ method: 'credit_card', amount: 10.5 }],
    [{ method: 'credit_card', amount: 100, paidAt: 'soon' }],
    [{ method: 'cash', amount: 100 }],
  ])('rejects %j', (patch) => {
    expect(() => releaseSchedule({ paidAt: PAID_AT, ...patch } as ReleaseScheduleInput)).toThrow(RangeError);
  });

  it('card releases sum to the amount, one per installment, 30 days apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 12 }), (amount, installments) => {
        const releases = releaseSchedule({ method: 'credit_card', amount, installments, paidAt: PAID_AT });
        expect(releases).toHaveLength(installments);
        expect(releases.reduce((a, r) => a + r.amount, 0)).toBe(amount);
        releases.forEach((r, i) => {
          expect(Date.parse(r.releaseAt) - Date.parse(PAID_AT)).toBe((i + 1) * 30 * 86_400_000);
          expect(r.amount).toBeLessThanOrEqual(releases[0].amount);
        });
      }),
    );
  });
});
