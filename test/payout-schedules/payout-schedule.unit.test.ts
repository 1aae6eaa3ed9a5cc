import { isPayoutDue, payoutDay } from '../../src/payout-schedules/payout-schedule.rules';

describe('payoutDay', () => {
  it('reads the weekday, the day and whether it is the month’s last', () => {
    expect(payoutDay('2026-11-29')).toEqual({ weekday: 'sunday', day: 29, lastOfMonth: false });
    expect(payoutDay('2026-11-30')).toEqual({ weekday: 'monday', day: 30, lastOfMonth: true });
    expect(payoutDay('2027-02-28')).toEqual({ weekday: 'sunday', day: 28, lastOfMonth: true });
    expect(payoutDay('2028-02-28')).toEqual({ weekday: 'monday', day: 28, lastOfMonth: false });
    expect(payoutDay('2028-02-29')).toEqual({ weekday: 'tuesday', day: 29, lastOfMonth: true });
  });

  it.each(['2027-02-29', '2026-13-01', 'tomorrow'])('refuses %s', (on) => {
    expect(() => payoutDay(on)).toThrow(RangeError);
  });
});

describe('isPayoutDue', () => {
  const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

  it('daily: every day', () => {
    expect(days('2027-02-25', 7).every((on) => isPayoutDue({ interval: 'daily' }, on))).toBe(true);
  });

  it('weekly: on its weekday only', () => {
    expect(days('2026-11-23', 14).filter((on) => isPayoutDue({ interval: 'weekly', weekday: 'friday' }, on))).toEqual(['2026-11-27', '2026-12-04']);
  });

  it('monthly on the 31st: the 31st, or the last day of a shorter month (February 28, or 29 in a leap year)', () => {
    const monthly31 = { interval: 'monthly', day: 31 } as const;
    expect(days('2027-01-01', 120).filter((on) => isPayoutDue(monthly31, on))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(days('2028-02-01', 30).filter((on) => isPayoutDue(monthly31, on))).toEqual(['2028-02-29']);
  });

  it('monthly on the 15th: once a month, never moved', () => {
    expect(days('2027-01-01', 90).filter((on) => isPayoutDue({ interval: 'monthly', day: 15 }, on))).toEqual(['2027-01-15', '2027-02-15', '2027-03-15']);
  });
});
