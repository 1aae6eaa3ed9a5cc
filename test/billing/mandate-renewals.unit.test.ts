import { mandateRecheckAt } from '../../src/billing/mandate-renewals.rules';

describe('mandateRecheckAt', () => {
  const SIX_HOURS = 6 * 3_600_000;
  it('wakes at the invoice due date while it is ahead', () => {
    expect(mandateRecheckAt('2026-12-04T10:00:00.000Z', '2026-12-01T10:00:00.000Z', SIX_HOURS)).toBe('2026-12-04T10:00:00.000Z');
  });
  it('rechecks later once the due date passed (or is now)', () => {
    expect(mandateRecheckAt('2026-12-04T10:00:00.000Z', '2026-12-04T10:00:00.000Z', SIX_HOURS)).toBe('2026-12-04T16:00:00.000Z');
    expect(mandateRecheckAt('2026-12-04T10:00:00.000Z', '2026-12-05T00:00:00.000Z', SIX_HOURS)).toBe('2026-12-05T06:00:00.000Z');
  });
});
