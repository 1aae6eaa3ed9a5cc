/**
 * Digests of the API keys that have authenticated in this process lately. The failed-
 * authentication throttle answers an address past its budget without looking its key up,
 * except a key listed here, which is looked up as usual (and passes if still valid): the
 * merchants behind an address shared with a broken integration keep working while the
 * integration's failures cost nothing. A key never used in this process, sent from such an
 * address, waits for the window's end (docs/security.md says why that is the trade-off).
 * Being listed authenticates nothing; it only earns a lookup.
 */
export class RecentKeys {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 24 * 3_600_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  add(digest: string): void {
    const now = this.now();
    const last = this.seen.get(digest);
    // Refreshed at most once a minute: a busy key costs one Map read per request.
    if (last !== undefined && now - last < 60_000) return;
    this.seen.delete(digest);
    this.seen.set(digest, now);
    // A Map iterates in insertion order: the first entry is the least recently refreshed.
    if (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
  }

  has(digest: string): boolean {
    const last = this.seen.get(digest);
    if (last === undefined) return false;
    if (this.now() - last >= this.ttlMs) {
      this.seen.delete(digest);
      return false;
    }
    return true;
  }
}

/** The process's list: every API app of the process reads and adds to it (as the key cache). */
export const recentKeys = new RecentKeys();
