/**
 * Billing-cycle dates. Pure: importable from workflow code (Date is used only as a UTC
 * calculator; inputs and outputs are ISO strings). All calendar math is in UTC and every
 * boundary keeps the time of day of the subscription start.
 *
 * Cycle 0 starts at `start`. Cycle k (k ≥ 1) starts at:
 * - subscription_start: start + k·interval months (years), always computed from the original
 *   start and clamped to the month's last day, so it never drifts: Jan 31 monthly →
 *   Feb 28 (29 in leap years) → Mar 31 → Apr 30 …; Feb 29 yearly → Feb 28, …, Feb 29.
 * - day_of_month (anchorDay 1..31): the anchor day of the month, clamped to the month's last
 *   day (31 → Feb 28/29, Apr 30). Boundary 1 is the first anchor date strictly after start
 *   (monthly: in the start's month or the next one; yearly: in the start's month of this year
 *   or the next), so cycle 0 may be a shorter stub period; boundary k = boundary 1 +
 *   (k−1)·interval months (years), each clamped from anchorDay, never from the previous date.
 * - end_of_month: the last day of the month; the same as day_of_month with anchorDay 31.
 */

export type BillingUnit = 'month' | 'year';
export type BillingAnchor = 'subscription_start' | 'day_of_month' | 'end_of_month';

export interface BillingSchedule {
  /** Subscription start, ISO 8601 with an offset (or a date, read as UTC midnight). */
  start: string;
  /** Cycle length in `unit`s, integer ≥ 1. */
  interval: number;
  unit: BillingUnit;
  anchor: BillingAnchor;
  /** Required (1..31) for day_of_month; ignored otherwise. */
  anchorDay?: number | null;
}

export interface CyclePeriod {
  /** Inclusive start, ISO UTC. */
  start: string;
  /** Exclusive end = start of the next cycle, ISO UTC. */
  end: string;
}

const DAY_MS = 86_400_000;
const ISO_PATTERN = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function parseIso(iso: string, label: string): number {
  const ms = ISO_PATTERN.test(iso) ? Date.parse(iso) : NaN;
  // Date.parse rolls Feb 30 over to Mar 2: check the calendar date as written.
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  if (Number.isNaN(ms) || day > daysInMonth(year, month - 1)) {
    throw new RangeError(`${label} must be an ISO 8601 date-time with an offset, got ${iso}`);
  }
  return ms;
}

/**
 * The instant `months` calendar months after the UTC month of `baseMs`, on `day` clamped to
 * that month's length, at `timeOfDayMs` past UTC midnight.
 */
function monthDate(baseMs: number, months: number, day: number, timeOfDayMs: number): number {
  const base = new Date(baseMs);
  const total = base.getUTCFullYear() * 12 + base.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const monthIndex = total - year * 12;
  const clamped = Math.min(day, daysInMonth(year, monthIndex));
  return Date.UTC(year, monthIndex, clamped) + timeOfDayMs;
}

function validate(schedule: BillingSchedule): { startMs: number; stepMonths: number; anchorDay: number | null } {
  const startMs = parseIso(schedule.start, 'start');
  if (!Number.isSafeInteger(schedule.interval) || schedule.interval < 1) {
    throw new RangeError('interval must be an integer >= 1');
  }
  if (schedule.unit !== 'month' && schedule.unit !== 'year') throw new RangeError('unit must be month or year');
  const stepMonths = schedule.interval * (schedule.unit === 'year' ? 12 : 1);
  switch (schedule.anchor) {
    case 'subscription_start':
      return { startMs, stepMonths, anchorDay: null };
    case 'end_of_month':
      return { startMs, stepMonths, anchorDay: 31 };
    case 'day_of_month': {
      const day = schedule.anchorDay;
      if (day === null || day === undefined || !Number.isInteger(day) || day < 1 || day > 31) {
        throw new RangeError('anchorDay (1..31) is required for the day_of_month anchor');
      }
      return { startMs, stepMonths, anchorDay: day };
    }
    default:
      throw new RangeError(`unknown anchor ${String((schedule as { anchor: unknown }).anchor)}`);
  }
}

/**
 * Start of cycle `cycleIndex` (0 = the subscription start) as an ISO UTC string. See the
 * module comment for each anchor. Pure and stateless: every cycle is computed from the
 * original start, so a workflow can recompute any cycle after continue-as-new.
 */
export function cycleStart(schedule: BillingSchedule, cycleIndex: number): string {
  if (!Number.isSafeInteger(cycleIndex) || cycleIndex < 0) throw new RangeError('cycleIndex must be an integer >= 0');
  const { startMs, stepMonths, anchorDay } = validate(schedule);
  if (cycleIndex === 0) return new Date(startMs).toISOString();
  const start = new Date(startMs);
  const timeOfDay = startMs - Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  if (anchorDay === null) {
    return new Date(monthDate(startMs, cycleIndex * stepMonths, start.getUTCDate(), timeOfDay)).toISOString();
  }
  // First anchor date strictly after start: in the start's month, else one step of the
  // anchor grid later (next month for monthly, next year for yearly).
  const gridStep = schedule.unit === 'year' ? 12 : 1;
  const firstOffset = monthDate(startMs, 0, anchorDay, timeOfDay) > startMs ? 0 : gridStep;
  const months = firstOffset + (cycleIndex - 1) * stepMonths;
  return new Date(monthDate(startMs, months, anchorDay, timeOfDay)).toISOString();
}

/**
 * Start of the cycle after cycle `cycleIndex`, i.e. when cycle `cycleIndex` ends and the next
 * invoice is due: `nextCycleStart(s, 0)` is the first renewal.
 */
export function nextCycleStart(schedule: BillingSchedule, cycleIndex: number): string {
  return cycleStart(schedule, cycleIndex + 1);
}

/** The [start, end) period of cycle `cycleIndex`. */
export function cyclePeriod(schedule: BillingSchedule, cycleIndex: number): CyclePeriod {
  return { start: cycleStart(schedule, cycleIndex), end: cycleStart(schedule, cycleIndex + 1) };
}

/**
 * `iso` plus `n` days (n may be negative), as an ISO UTC string. Days are 24-hour UTC days,
 * so the UTC time of day is kept (there is no daylight saving time in UTC, nor in Brazil
 * since 2019).
 */
export function addDays(iso: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError('n must be an integer');
  return new Date(parseIso(iso, 'iso') + n * DAY_MS).toISOString();
}
