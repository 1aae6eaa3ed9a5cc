import { bucketOf, CounterWindow, perMinute } from '../../src/http/rate-limit';
import { RecentKeys } from '../../src/http/recent-keys';

/** What one process knows of a shared counter (src/http/rate-limit.ts): the arithmetic, without the database. */
describe('CounterWindow', () => {
  const rule = perMinute('test', 5);
  const t0 = 1_000_000;

  it('admits up to the limit counting here, then refuses without counting, until the window ends', () => {
    const w = new CounterWindow(rule, 'b');
    expect([1, 2, 3, 4, 5].map(() => w.admit(t0).allowed)).toEqual([true, true, true, true, true]);
    const refused = w.admit(t0 + 1_000);
    expect(refused).toEqual({ allowed: false, count: 5, remaining: 0, retryAfterMs: 59_000 });
    expect(w.pending).toBe(5);
    expect(w.admit(t0 + 60_000)).toMatchObject({ allowed: true, count: 1, remaining: 4 });
  });

  it('adds what other processes counted once the database answers, and takes its window end', () => {
    const w = new CounterWindow(rule, 'b');
    w.admit(t0);
    w.admit(t0);
    const sent = w.take();
    expect(sent).toBe(2);
    // Counted while the statement runs: neither lost nor counted twice.
    w.admit(t0 + 5);
    expect(w.total).toBe(3);
    // Another replica had counted 2 in a window that started 30 s earlier.
    w.settle(sent, { hits: 4, endsAt: t0 + 30_000 }, t0 + 10);
    expect({ known: w.known, inFlight: w.inFlight, pending: w.pending, endsAt: w.endsAt }).toEqual({ known: 4, inFlight: 0, pending: 1, endsAt: t0 + 30_000 });
    expect(w.admit(t0 + 20).allowed).toBe(false);
    expect(w.spent(t0 + 20)!.retryAfterMs).toBe(29_980);
  });

  it('sends again the hits of a failed statement', () => {
    const w = new CounterWindow(rule, 'b');
    w.admit(t0);
    w.settle(w.take(), null, t0 + 1);
    expect({ inFlight: w.inFlight, pending: w.pending }).toEqual({ inFlight: 0, pending: 1 });
  });

  it('ignores an answer about a window that is already over', () => {
    const w = new CounterWindow(rule, 'b');
    w.admit(t0);
    const sent = w.take();
    w.settle(sent, { hits: 5, endsAt: t0 + 60_000 }, t0 + 60_001);
    expect(w.admit(t0 + 60_001)).toMatchObject({ allowed: true, count: 1 });
  });

  it('syncs early when the unsent hits reach an eighth of what is left', () => {
    const w = new CounterWindow(perMinute('test', 1200), 'b');
    expect(w.syncAfter).toBe(150);
    w.settle(0, { hits: 1192, endsAt: t0 + 60_000 }, t0);
    expect(w.syncAfter).toBe(1);
  });
});

describe('bucketOf', () => {
  it('names the limit and keeps the counted value out of the table', () => {
    const bucket = bucketOf('checkout_session_reads', '203.0.113.9 cs_0123456789abcdefghijklmnop');
    expect(bucket).toMatch(/^checkout_session_reads:[A-Za-z0-9_-]{22}$/);
    expect(bucket).not.toContain('203.0.113.9');
    expect(bucketOf('a', 'x')).not.toBe(bucketOf('b', 'x'));
  });
});

describe('RecentKeys', () => {
  it('lists a key for its TTL and keeps the most recently used within its size', () => {
    let now = 0;
    const keys = new RecentKeys(3_600_000, 2, () => now);
    keys.add('a');
    keys.add('b');
    now = 120_000;
    keys.add('a'); // refreshed: b is now the oldest
    keys.add('c');
    expect([keys.has('a'), keys.has('b'), keys.has('c')]).toEqual([true, false, true]);
    now = 120_000 + 3_600_000;
    expect(keys.has('a')).toBe(false);
  });
});
