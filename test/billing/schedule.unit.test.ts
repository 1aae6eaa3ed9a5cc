import fc from 'fast-check';
import { addDays, BillingSchedule, cyclePeriod, cycleStart, nextCycleStart } from '../../src/billing/schedule.rules';

const starts = (schedule: BillingSchedule, n: number): string[] => Array.from({ length: n }, (_, k) => cycleStart(schedule, k));
const monthly = (start: string, extra: Partial<BillingSchedule> = {}): BillingSchedule => ({
  start,
  interval: 1,
  unit: 'month',
  anchor: 'subscription_start',
  ...extra,
});

describe('cycleStart: subscription_start', () => {
  it('Jan 31 monthly → Feb 28 → Mar 31 → Apr 30 … (never drifts)', () => {
    expect(starts(monthly('2025-01-31T10:00:00Z'), 6)).toEqual([
      '2025-01-31T10:00:00.000Z',
      '2025-02-28T10:00:00.000Z',
      '2025-03-31T10:00:00.000Z',
      '2025-04-30T10:00:00.000Z',
      '2025-05-31T10:00:00.000Z',
      '2025-06-30T10:00:00.000Z',
    ]);
  });

  it('uses Feb 29 in leap years', () => {
    expect(cycleStart(monthly('2024-01-31T00:00:00Z'), 1)).toBe('2024-02-29T00:00:00.000Z');
    expect(cycleStart(monthly('2024-01-30T00:00:00Z'), 1)).toBe('2024-02-29T00:00:00.000Z');
    expect(cycleStart(monthly('2024-01-29T00:00:00Z'), 1)).toBe('2024-02-29T00:00:00.000Z');
    expect(cycleStart(monthly('2024-01-28T00:00:00Z'), 1)).toBe('2024-02-28T00:00:00.000Z');
  });

  it('crosses year ends and supports multi-month intervals', () => {
    expect(starts(monthly('2025-11-30T08:15:00Z', { interval: 3 }), 4)).toEqual([
      '2025-11-30T08:15:00.000Z',
      '2026-02-28T08:15:00.000Z',
      '2026-05-30T08:15:00.000Z',
      '2026-08-30T08:15:00.000Z',
    ]);
    expect(cycleStart(monthly('2025-12-15T00:00:00Z'), 1)).toBe('2026-01-15T00:00:00.000Z');
  });

  it('yearly from Feb 29 → Feb 28 in common years, Feb 29 again in leap years', () => {
    expect(starts(monthly('2024-02-29T12:00:00Z', { unit: 'year' }), 5)).toEqual([
      '2024-02-29T12:00:00.000Z',
      '2025-02-28T12:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
      '2027-02-28T12:00:00.000Z',
      '2028-02-29T12:00:00.000Z',
    ]);
    expect(cycleStart(monthly('2024-02-29T12:00:00Z', { unit: 'year', interval: 4 }), 1)).toBe('2028-02-29T12:00:00.000Z');
    expect(cycleStart(monthly('2023-06-10T00:00:00Z', { unit: 'year', interval: 2 }), 3)).toBe('2029-06-10T00:00:00.000Z');
  });

  it('ignores anchorDay', () => {
    expect(cycleStart(monthly('2025-01-10T00:00:00Z', { anchorDay: 25 }), 1)).toBe('2025-02-10T00:00:00.000Z');
  });
});

describe('cycleStart: day_of_month', () => {
  const dom = (start: string, anchorDay: number, extra: Partial<BillingSchedule> = {}): BillingSchedule =>
    monthly(start, { anchor: 'day_of_month', anchorDay, ...extra });

  it('anchorDay 31 → the last day in shorter months', () => {
    expect(starts(dom('2025-01-10T00:00:00Z', 31), 6)).toEqual([
      '2025-01-10T00:00:00.000Z', // cycle 0: stub until the first anchor
      '2025-01-31T00:00:00.000Z',
      '2025-02-28T00:00:00.000Z',
      '2025-03-31T00:00:00.000Z',
      '2025-04-30T00:00:00.000Z',
      '2025-05-31T00:00:00.000Z',
    ]);
    expect(cycleStart(dom('2024-02-10T00:00:00Z', 30), 1)).toBe('2024-02-29T00:00:00.000Z');
    expect(cycleStart(dom('2024-02-10T00:00:00Z', 30), 2)).toBe('2024-03-30T00:00:00.000Z');
  });

  it('first renewal is the first anchor strictly after start', () => {
    expect(cycleStart(dom('2025-01-20T00:00:00Z', 15), 1)).toBe('2025-02-15T00:00:00.000Z');
    expect(cycleStart(dom('2025-01-10T00:00:00Z', 15), 1)).toBe('2025-01-15T00:00:00.000Z');
    expect(cycleStart(dom('2025-01-15T09:00:00Z', 15), 1)).toBe('2025-02-15T09:00:00.000Z'); // start is itself on the anchor
    expect(cycleStart(dom('2025-12-20T00:00:00Z', 5), 1)).toBe('2026-01-05T00:00:00.000Z');
  });

  it('steps by the interval after the first anchor', () => {
    expect(starts(dom('2025-01-10T00:00:00Z', 1, { interval: 3 }), 4)).toEqual([
      '2025-01-10T00:00:00.000Z',
      '2025-02-01T00:00:00.000Z',
      '2025-05-01T00:00:00.000Z',
      '2025-08-01T00:00:00.000Z',
    ]);
  });

  it('yearly: the anchor day of the start month, this year or the next', () => {
    expect(starts(dom('2025-03-10T00:00:00Z', 1, { unit: 'year' }), 3)).toEqual([
      '2025-03-10T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2027-03-01T00:00:00.000Z',
    ]);
    expect(cycleStart(dom('2025-03-10T00:00:00Z', 20, { unit: 'year' }), 1)).toBe('2025-03-20T00:00:00.000Z');
    expect(cycleStart(dom('2025-03-10T00:00:00Z', 20, { unit: 'year' }), 2)).toBe('2026-03-20T00:00:00.000Z');
  });

  it.each([undefined, null, 0, 32, 15.5])('requires anchorDay 1..31 (got %p)', (anchorDay) => {
    expect(() => cycleStart(dom('2025-01-10T00:00:00Z', 1, { anchorDay }), 1)).toThrow(/anchorDay/);
  });
});

describe('cycleStart: end_of_month', () => {
  const eom = (start: string, extra: Partial<BillingSchedule> = {}): BillingSchedule => monthly(start, { anchor: 'end_of_month', ...extra });

  it('renews on the last day of each month', () => {
    expect(starts(eom('2024-02-10T00:00:00Z'), 5)).toEqual([
      '2024-02-10T00:00:00.000Z',
      '2024-02-29T00:00:00.000Z',
      '2024-03-31T00:00:00.000Z',
      '2024-04-30T00:00:00.000Z',
      '2024-05-31T00:00:00.000Z',
    ]);
  });

  it('a start on the last day renews on the next month end', () => {
    expect(starts(eom('2025-01-31T12:00:00Z'), 3)).toEqual([
      '2025-01-31T12:00:00.000Z',
      '2025-02-28T12:00:00.000Z',
      '2025-03-31T12:00:00.000Z',
    ]);
  });

  it('yearly end_of_month follows Feb 28/29', () => {
    expect(starts(eom('2023-02-10T00:00:00Z', { unit: 'year' }), 4)).toEqual([
      '2023-02-10T00:00:00.000Z',
      '2023-02-28T00:00:00.000Z',
      '2024-02-29T00:00:00.000Z',
      '2025-02-28T00:00:00.000Z',
    ]);
  });

  it('ignores anchorDay', () => {
    expect(cycleStart(eom('2025-04-02T00:00:00Z', { anchorDay: 5 }), 1)).toBe('2025-04-30T00:00:00.000Z');
  });
});

describe('cycleStart: inputs', () => {
  it('normalizes offsets and date-only starts to UTC (calendar math is in UTC)', () => {
    expect(cycleStart(monthly('2025-01-31'), 0)).toBe('2025-01-31T00:00:00.000Z');
    expect(cycleStart(monthly('2025-01-15T21:30:00-03:00'), 0)).toBe('2025-01-16T00:30:00.000Z');
    expect(cycleStart(monthly('2025-01-15T21:30:00-03:00'), 1)).toBe('2025-02-16T00:30:00.000Z');
  });

  it.each([
    [{ start: 'not a date' }],
    [{ start: '2025-01-31T10:00:00' }], // no offset: ambiguous
    [{ start: '2025-02-30T00:00:00Z' }],
    [{ interval: 0 }],
    [{ interval: 1.5 }],
    [{ unit: 'week' }],
    [{ anchor: 'weekly' }],
  ])('rejects %j', (patch) => {
    expect(() => cycleStart({ ...monthly('2025-01-31T10:00:00Z'), ...patch } as BillingSchedule, 1)).toThrow(RangeError);
  });

  it('rejects a negative or fractional cycle index', () => {
    expect(() => cycleStart(monthly('2025-01-31T10:00:00Z'), -1)).toThrow(RangeError);
    expect(() => cycleStart(monthly('2025-01-31T10:00:00Z'), 0.5)).toThrow(RangeError);
  });
});

describe('nextCycleStart and cyclePeriod', () => {
  const s = monthly('2025-01-31T10:00:00Z');
  it('nextCycleStart(s, k) is the start of cycle k + 1', () => {
    expect(nextCycleStart(s, 0)).toBe('2025-02-28T10:00:00.000Z');
    expect(nextCycleStart(s, 1)).toBe('2025-03-31T10:00:00.000Z');
  });
  it('cyclePeriod gives [start, end)', () => {
    expect(cyclePeriod(s, 1)).toEqual({ start: '2025-02-28T10:00:00.000Z', end: '2025-03-31T10:00:00.000Z' });
  });
});

describe('cycle properties', () => {
  const day = 86_400_000;
  const startArb = fc.integer({ min: Date.UTC(2000, 0, 1) / 60000, max: Date.UTC(2060, 0, 1) / 60000 }).map((m) => new Date(m * 60000).toISOString());
  const lastDay = (iso: string): number => {
    const d = new Date(iso);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  };

  it('cycles strictly increase, keep the time of day and land on the anchored day', () => {
    fc.assert(
      fc.property(
        startArb,
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom<'month' | 'year'>('month', 'year'),
        fc.constantFrom<BillingSchedule['anchor']>('subscription_start', 'day_of_month', 'end_of_month'),
        fc.integer({ min: 1, max: 31 }),
        (start, interval, unit, anchor, anchorDay) => {
          const s: BillingSchedule = { start, interval, unit, anchor, anchorDay };
          const all = starts(s, 14);
          const wanted = anchor === 'subscription_start' ? new Date(start).getUTCDate() : anchor === 'end_of_month' ? 31 : anchorDay;
          for (let k = 1; k < all.length; k++) {
            expect(Date.parse(all[k])).toBeGreaterThan(Date.parse(all[k - 1]));
            expect(all[k].slice(10)).toBe(all[0].slice(10));
            expect(new Date(all[k]).getUTCDate()).toBe(Math.min(wanted, lastDay(all[k])));
          }
          // From the first renewal on, consecutive cycles are exactly `interval` units apart in months.
          const monthsOf = (iso: string): number => new Date(iso).getUTCFullYear() * 12 + new Date(iso).getUTCMonth();
          const step = interval * (unit === 'year' ? 12 : 1);
          for (let k = 2; k < all.length; k++) expect(monthsOf(all[k]) - monthsOf(all[k - 1])).toBe(step);
          // The first period never exceeds one full step plus a month, and is never empty.
          expect(Date.parse(all[1]) - Date.parse(all[0])).toBeLessThanOrEqual((step + 1) * 31 * day);
        },
      ),
    );
  });
});

describe('addDays', () => {
  it.each([
    ['2024-02-28T10:00:00Z', 1, '2024-02-29T10:00:00.000Z'],
    ['2024-02-28T10:00:00Z', 2, '2024-03-01T10:00:00.000Z'],
    ['2025-02-28T10:00:00Z', 1, '2025-03-01T10:00:00.000Z'],
    ['2025-12-31T23:59:59.999Z', 1, '2026-01-01T23:59:59.999Z'],
    ['2025-03-01T00:00:00Z', -1, '2025-02-28T00:00:00.000Z'],
    ['2025-09-08T12:00:00-03:00', 0, '2025-09-08T15:00:00.000Z'],
    ['2025-09-08', 30, '2025-10-08T00:00:00.000Z'],
  ])('%p + %p days = %p', (iso, n, expected) => {
    expect(addDays(iso, n)).toBe(expected);
  });

  it('rejects fractional days and unparseable dates', () => {
    expect(() => addDays('2025-01-01T00:00:00Z', 1.5)).toThrow(RangeError);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });
});
