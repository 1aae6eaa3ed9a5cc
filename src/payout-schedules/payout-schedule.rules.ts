/**
 * When a payout schedule pays out (docs/withdrawals.md, "Payout schedules"). Pure: importable by
 * the run workflow. Dates are São Paulo calendar dates `YYYY-MM-DD`.
 */

export const PAYOUT_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type PayoutInterval = (typeof PAYOUT_INTERVALS)[number];

/** Index = JavaScript's getUTCDay() of the date. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type PayoutCalendar = { interval: 'daily' } | { interval: 'weekly'; weekday: Weekday } | { interval: 'monthly'; day: number };

/** What of a date decides which schedules are due on it (the run's SQL filter takes these). */
export interface PayoutDay {
  weekday: Weekday;
  day: number;
  /** The date is its month's last day: monthly schedules on a later day (29-31) are due too. */
  lastOfMonth: boolean;
}

export function payoutDay(on: string): PayoutDay {
  const [y, m, d] = on.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(on) || Number.isNaN(date.getTime()) || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw new RangeError(`not a date: ${on}`);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { weekday: WEEKDAYS[date.getUTCDay()], day: d, lastOfMonth: d === last };
}

/** Daily: every day. Weekly: on its weekday. Monthly: on its day, or the month's last day when the month is shorter. */
export function isPayoutDue(c: PayoutCalendar, on: string): boolean {
  const day = payoutDay(on);
  switch (c.interval) {
    case 'daily':
      return true;
    case 'weekly':
      return c.weekday === day.weekday;
    case 'monthly':
      return c.day === day.day || (day.lastOfMonth && c.day > day.day);
  }
}
