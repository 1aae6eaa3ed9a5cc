import { MAX_ATTEMPTS, nextRetryDelayMs, parseRetryAfterMs, RETRY_DELAYS_MS, statusAfterAttempt } from '../../src/webhooks/delivery-schedule.rules';

const s = 1000;
const min = 60 * s;
const h = 60 * min;

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts in all', () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => nextRetryDelayMs(n))).toEqual([...RETRY_DELAYS_MS, null]);
    expect(nextRetryDelayMs(9)).toBeNull();
  });

  it('lets Retry-After lengthen a wait, never shorten it, and caps it at 10 h', () => {
    expect(nextRetryDelayMs(1, 60 * s)).toBe(60 * s);
    expect(nextRetryDelayMs(2, 1 * s)).toBe(5 * min);
    expect(nextRetryDelayMs(1, 365 * 24 * h)).toBe(10 * h);
    expect(nextRetryDelayMs(8, 1 * s)).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfterMs('120', now)).toBe(120 * s);
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 00:10:00 GMT', now)).toBe(10 * min);
    expect(parseRetryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs('soon', now)).toBeNull();
    expect(parseRetryAfterMs(undefined, now)).toBeNull();
  });

  it('decides the status after an attempt', () => {
    expect(statusAfterAttempt(200, 1)).toBe('success');
    expect(statusAfterAttempt(204, 8)).toBe('success');
    expect(statusAfterAttempt(302, 1)).toBe('retrying');
    expect(statusAfterAttempt(500, 7)).toBe('retrying');
    expect(statusAfterAttempt(500, 8)).toBe('failed');
    expect(statusAfterAttempt(null, 3)).toBe('retrying');
    expect(statusAfterAttempt(410, 1)).toBe('failed');
  });
});
