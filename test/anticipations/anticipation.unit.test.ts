import { anticipationFee, anticipationLines, daysBetween, quoteAnticipation, selectReceivables } from '../../src/anticipations/anticipation.rules';

describe('anticipationFee: amount × monthly rate × days / 30, rounded once half-up per receivable', () => {
  it.each([
    [9_800, 3, 30, 294],
    [9_800, 3, 60, 588],
    [10_000, 2.5, 1, 8], // 8.333… → 8
    [100, 1.99, 45, 3], // 2.985 → 3
    [1_000, 1.5, 1, 1], // 0.5 → 1 (half up)
    [1_000, 0, 90, 0],
    [1_000, 3, 0, 0],
    [50, 100, 3_000, 50], // never more than the amount
  ])('%p cents at %p%% a month for %p days = %p', (amount, rate, days, fee) => {
    expect(anticipationFee(amount, rate, days)).toBe(fee);
  });
  it('refuses fractional or negative inputs', () => {
    expect(() => anticipationFee(10.5, 1, 1)).toThrow(RangeError);
    expect(() => anticipationFee(100, 1, -1)).toThrow(RangeError);
    expect(() => anticipationFee(100, 1, 1.5)).toThrow(RangeError);
  });
});

it('daysBetween counts calendar days, across months and years', () => {
  expect(daysBetween('2026-11-29', '2026-12-29')).toBe(30);
  expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
});

describe('selectReceivables', () => {
  const eligible = [
    { id: 'rcv_c', amount: 500, dueDate: '2027-02-01' },
    { id: 'rcv_a', amount: 1_000, dueDate: '2027-01-01' },
    { id: 'rcv_b', amount: 3_000, dueDate: '2027-01-15' },
  ];
  it('all, soonest due first', () => {
    expect(selectReceivables(eligible, {}).chosen.map((r) => r.id)).toEqual(['rcv_a', 'rcv_b', 'rcv_c']);
  });
  it('an amount: whole receivables in due order that still fit under it', () => {
    expect(selectReceivables(eligible, { amount: 1_600 }).chosen.map((r) => r.id)).toEqual(['rcv_a', 'rcv_c']);
    expect(selectReceivables(eligible, { amount: 999 }).chosen.map((r) => r.id)).toEqual(['rcv_c']);
    expect(selectReceivables(eligible, { amount: 499 }).chosen).toEqual([]);
  });
  it('ids: exactly those, the missing named', () => {
    expect(selectReceivables(eligible, { receivableIds: ['rcv_c', 'rcv_x'] })).toEqual({ chosen: [eligible[0]], missing: ['rcv_x'] });
  });
  it('upTo a date, inclusive', () => {
    expect(selectReceivables(eligible, { upTo: '2027-01-15' }).chosen.map((r) => r.id)).toEqual(['rcv_a', 'rcv_b']);
  });
});

describe('quoteAnticipation', () => {
  const chosen = [
    { id: 'rcv_a', amount: 9_800, dueDate: '2026-12-29' },
    { id: 'rcv_b', amount: 9_800, dueDate: '2027-01-28' },
  ];
  it('prices each receivable and totals them; the fingerprint binds ids, amounts, fees and date', () => {
    const q = quoteAnticipation('2026-11-29', chosen, 3);
    expect(q).toMatchObject({ amount: 19_600, fee: 294 + 588, netAmount: 19_600 - 882 });
    expect(q.receivables.map((r) => [r.days, r.fee])).toEqual([
      [30, 294],
      [60, 588],
    ]);
    expect(quoteAnticipation('2026-11-29', chosen, 3).fingerprint).toBe(q.fingerprint);
    expect(quoteAnticipation('2026-11-30', chosen, 3).fingerprint).not.toBe(q.fingerprint);
    expect(quoteAnticipation('2026-11-29', [chosen[0], { ...chosen[1], amount: 9_700 }], 3).fingerprint).not.toBe(q.fingerprint);
    expect(quoteAnticipation('2026-11-29', chosen, 2).fingerprint).not.toBe(q.fingerprint);
  });
  it('its posting balances: pending −gross, available +net, revenue +fee', () => {
    const lines = anticipationLines('rec_1', 'BRL', { amount: 19_600, fee: 882, netAmount: 18_718 });
    expect(lines.reduce((a, l) => a + l.amount, 0)).toBe(0);
    expect(lines.filter((l) => 'bucket' in l.account && l.account.bucket === 'available').reduce((a, l) => a + l.amount, 0)).toBe(18_718);
    expect(anticipationLines('rec_1', 'BRL', { amount: 100, fee: 0, netAmount: 100 })).toHaveLength(2);
  });
});
