/**
 * A fixed-window counter per key (an API key id, or a client address for auth failures).
 * Counts live in this process: each API replica enforces the limit on its own share of
 * traffic, which bounds abuse without a database write on every request.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns how long to wait (ms) when over the limit, else 0. */
  hit(key: string): { allowed: boolean; remaining: number; retryAfterMs: number } {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.evict(now);
    }
    w.count++;
    const allowed = w.count <= this.limit;
    return { allowed, remaining: Math.max(0, this.limit - w.count), retryAfterMs: allowed ? 0 : w.start + this.windowMs - now };
  }

  /** Hits of `key` in its current window, without counting one. */
  count(key: string): number {
    const w = this.windows.get(key);
    return w && this.now() - w.start < this.windowMs ? w.count : 0;
  }

  get limitPerWindow(): number {
    return this.limit;
  }

  private evict(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
