import { hash } from 'node:crypto';
import type { AppDeps } from '../app-deps';
import type { Orm } from '../db/orm';
import { ApiError } from './errors';

/**
 * Limits shared by every API process: each counter lives in PostgreSQL (`rate_limit_counters`,
 * one row per counter), so N replicas enforce one budget, not N. Two ways to count
 * (docs/security.md, "Limits that limit the right people", states the bounds):
 * - `shared`: one statement per counted hit, answered by the database's own increment, so the
 *   budget is exact across replicas. For the public limits (failed authentications, checkout,
 *   tokenization), whose requests do database work anyway.
 * - `local`: no statement in the request; the process counts in memory and adds its counts to
 *   the shared row once a second (one statement per process for all its counters), reading
 *   back the total. For the per-key limit, which every authenticated request passes.
 * Either way, once this process knows a window's budget is spent it refuses without asking
 * the database again until the window ends: a flood past a limit costs no statements.
 *
 * Windows are fixed, one per counter, started by its first hit anywhere (the database keeps
 * its end). Ended counters are deleted by the same processes (`purgeExpired`, once a minute).
 */

export interface LimitRule {
  /** Names the limit in the shared table (its counters are `<name>:<digest of the key>`). */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

export const perMinute = (name: string, limit: number): LimitRule => ({ name, limit, windowMs: 60_000 });

export interface Verdict {
  allowed: boolean;
  /** Hits of the window, this one included when it was counted. */
  count: number;
  remaining: number;
  retryAfterMs: number;
}

/** What one process knows of one counter's window: no I/O, so its arithmetic is unit-tested. */
export class CounterWindow {
  endsAt = 0;
  /** The shared total as the database last answered it (this process's synced hits included). */
  known = 0;
  /** Hits sent to the database whose answer has not come back. */
  inFlight = 0;
  /** Hits counted here and not yet sent. */
  pending = 0;

  constructor(
    readonly rule: LimitRule,
    readonly bucket: string,
  ) {}

  get total(): number {
    return this.known + this.inFlight + this.pending;
  }

  /** Past its end the window starts again here (the database's answer corrects its end). */
  roll(now: number): void {
    if (now < this.endsAt) return;
    this.endsAt = now + this.rule.windowMs;
    this.known = this.inFlight = this.pending = 0;
  }

  /** Refused without counting when the budget is known to be spent; else null. */
  spent(now: number): Verdict | null {
    this.roll(now);
    return this.total >= this.rule.limit ? this.verdict(false, this.total, now) : null;
  }

  /** Counts one hit here, to be sent later, when the budget as this process knows it allows it. */
  admit(now: number): Verdict {
    const refused = this.spent(now);
    if (refused) return refused;
    this.pending++;
    return this.verdict(true, this.total, now);
  }

  /**
   * Unsent hits after which this process sends them at once instead of at the next tick: an
   * eighth of what is left, so a burst spread over replicas is seen by each within a fraction
   * of the budget, while a key well within it costs no statement of its own.
   */
  get syncAfter(): number {
    return Math.max(1, Math.floor((this.rule.limit - this.known) / 8));
  }

  /** Moves the unsent hits in flight; returns how many to send. */
  take(): number {
    const n = this.pending;
    this.inFlight += n;
    this.pending = 0;
    return n;
  }

  /** The database's answer to `sent` hits: its total and its window's end; null when the statement failed (they are sent again). */
  settle(sent: number, answer: { hits: number; endsAt: number } | null, now: number): void {
    this.inFlight = Math.max(0, this.inFlight - sent);
    if (!answer) {
      if (now < this.endsAt) this.pending += sent;
      return;
    }
    if (answer.endsAt <= now) return; // the window it counted in is over
    this.endsAt = answer.endsAt;
    this.known = answer.hits;
  }

  verdict(allowed: boolean, count: number, now: number): Verdict {
    return { allowed, count, remaining: Math.max(0, this.rule.limit - count), retryAfterMs: allowed ? 0 : Math.max(0, this.endsAt - now) };
  }
}

/** The shared counters: adds hits and answers each counter's total and window end (ms since the epoch). */
export interface CounterStore {
  add(rows: Array<{ bucket: string; hits: number; windowMs: number }>): Promise<Array<{ bucket: string; hits: number; endsAt: number }>>;
  /** Deletes counters whose window has ended; returns how many. */
  purge(): Promise<number>;
}

export interface SharedLimitsOptions {
  syncMs?: number;
  purgeEveryMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export class SharedLimits {
  private readonly windows = new Map<string, CounterWindow>();
  private readonly unsent = new Set<CounterWindow>();
  private syncing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastSweep = 0;
  private lastPurge = 0;
  private wroteSincePurge = false;
  private readonly now: () => number;

  constructor(
    private readonly store: CounterStore,
    private readonly options: SharedLimitsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Counts a hit in this process (no statement): the per-key limit's path. */
  local(rule: LimitRule, key: string): Verdict {
    const w = this.window(rule, key);
    const v = w.admit(this.now());
    if (v.allowed) {
      this.unsent.add(w);
      if (w.pending >= w.syncAfter) void this.sync().catch((err) => this.options.onError?.(err));
    }
    return v;
  }

  /** Counts a hit in the shared counter (one statement), unless this process knows the budget is spent. */
  async shared(rule: LimitRule, key: string): Promise<Verdict> {
    const [v] = await this.sharedAll([[rule, key]]);
    return v;
  }

  /** Several counters in one statement (each counted unless known spent). */
  async sharedAll(hits: Array<readonly [LimitRule, string]>): Promise<Verdict[]> {
    const now = this.now();
    const windows = hits.map(([rule, key]) => this.window(rule, key));
    const verdicts: Array<Verdict | null> = windows.map((w) => w.spent(now));
    const send = windows.filter((_, i) => !verdicts[i]);
    if (send.length === 0) return verdicts as Verdict[];
    for (const w of send) w.inFlight++;
    this.wroteSincePurge = true;
    let answers: Map<string, { hits: number; endsAt: number }>;
    try {
      answers = new Map((await this.store.add(send.map((w) => ({ bucket: w.bucket, hits: 1, windowMs: w.rule.windowMs })))).map((a) => [a.bucket, a]));
    } catch (err) {
      for (const w of send) w.inFlight = Math.max(0, w.inFlight - 1);
      throw err;
    }
    const after = this.now();
    return windows.map((w, i) => {
      if (verdicts[i]) return verdicts[i];
      const answer = answers.get(w.bucket)!;
      w.settle(1, answer, after);
      return w.verdict(answer.hits <= w.rule.limit, answer.hits, after);
    });
  }

  /** Refused (without counting) when this process knows the budget is spent; else null. Remembers nothing new. */
  spent(rule: LimitRule, key: string): Verdict | null {
    const w = this.windows.get(windowId(rule, key));
    return w && sameRule(w.rule, rule) ? w.spent(this.now()) : null;
  }

  /** Sends the hits counted here since the last sync (one statement) and reads back the totals. */
  async sync(): Promise<void> {
    while (this.syncing) await this.syncing.catch(() => undefined);
    if (this.unsent.size === 0) return;
    this.syncing = this.flush();
    try {
      await this.syncing;
    } finally {
      this.syncing = undefined;
    }
  }

  /** Deletes the ended counters (any process's): at most once a minute per process that counts. */
  async purgeExpired(): Promise<number> {
    this.lastPurge = this.now();
    this.wroteSincePurge = false;
    return this.store.purge();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async flush(): Promise<void> {
    const batch = [...this.unsent].filter((w) => w.pending > 0);
    this.unsent.clear();
    if (batch.length === 0) return;
    const sent = batch.map((w) => w.take());
    this.wroteSincePurge = true;
    try {
      const answers = new Map((await this.store.add(batch.map((w, i) => ({ bucket: w.bucket, hits: sent[i], windowMs: w.rule.windowMs })))).map((a) => [a.bucket, a]));
      const now = this.now();
      batch.forEach((w, i) => w.settle(sent[i], answers.get(w.bucket) ?? null, now));
    } catch (err) {
      const now = this.now();
      batch.forEach((w, i) => {
        w.settle(sent[i], null, now);
        if (w.pending > 0) this.unsent.add(w);
      });
      throw err;
    }
  }

  private window(rule: LimitRule, key: string): CounterWindow {
    const id = windowId(rule, key);
    let w = this.windows.get(id);
    if (!w || !sameRule(w.rule, rule)) {
      if (this.windows.size >= MAX_WINDOWS) this.shrink();
      w = new CounterWindow(rule, bucketOf(rule.name, key));
      this.windows.set(id, w);
    }
    this.timer ??= setInterval(() => void this.tick(), this.options.syncMs ?? 1000).unref();
    return w;
  }

  private async tick(): Promise<void> {
    try {
      await this.sync();
      const now = this.now();
      if (now - this.lastSweep >= 10_000) this.sweep(now);
      if (this.wroteSincePurge && now - this.lastPurge >= (this.options.purgeEveryMs ?? 60_000)) await this.purgeExpired();
    } catch (err) {
      this.options.onError?.(err);
    }
  }

  /** Forgets the windows that have ended with nothing left to send. */
  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [id, w] of this.windows) if (now >= w.endsAt && w.pending === 0 && w.inFlight === 0) this.windows.delete(id);
  }

  /**
   * Under a flood of new keys (addresses), the oldest windows with nothing to send are forgotten
   * too: a forgotten counter lives on in the database, and this process asks again on its next hit.
   */
  private shrink(): void {
    this.sweep(this.now());
    for (const [id, w] of this.windows) {
      if (this.windows.size < MAX_WINDOWS * 0.9) break;
      if (w.pending === 0 && w.inFlight === 0) this.windows.delete(id);
    }
  }
}

/** Counters this process keeps in memory at most (a window is a few hundred bytes). */
const MAX_WINDOWS = 100_000;

const windowId = (rule: LimitRule, key: string): string => `${rule.name}\u0000${key}`;
const sameRule = (a: LimitRule, b: LimitRule): boolean => a.limit === b.limit && a.windowMs === b.windowMs;

/**
 * A counter's row key: the limit's name and a digest of what it counts, never the value itself
 * (an address is personal data, a checkout session id opens the buyer's page).
 */
export function bucketOf(name: string, key: string): string {
  return `${name}:${hash('sha256', key, 'base64url').slice(0, 22)}`;
}

/**
 * One statement adds a batch and returns each counter's total and window end: a counter whose
 * window has ended starts a new one with these hits. Rows go in bucket order, so two processes
 * adding overlapping batches lock rows in the same order and never deadlock.
 */
export function postgresCounters(orm: Orm): CounterStore {
  const execute = <T extends object[]>(sql: string, params: unknown[]) => orm.em.getConnection().execute<T>(sql, params);
  return {
    async add(rows) {
      const answers = await execute<Array<{ bucket: string; hits: number; ends_at: number }>>(
        `insert into rate_limit_counters as c (bucket, hits, window_ends_at)
         select r.bucket, r.hits, now() + r.window_ms * interval '1 millisecond'
           from jsonb_to_recordset(?::jsonb) as r(bucket text, hits int, window_ms int)
          order by r.bucket
         on conflict (bucket) do update
            set hits = case when c.window_ends_at > now() then c.hits + excluded.hits else excluded.hits end,
                window_ends_at = case when c.window_ends_at > now() then c.window_ends_at else excluded.window_ends_at end
         returning c.bucket, c.hits, (extract(epoch from c.window_ends_at) * 1000)::float8 as ends_at`,
        [JSON.stringify(rows.map((r) => ({ bucket: r.bucket, hits: r.hits, window_ms: r.windowMs })))],
      );
      return answers.map((a) => ({ bucket: a.bucket, hits: Number(a.hits), endsAt: Number(a.ends_at) }));
    },
    async purge() {
      // Skips rows another statement holds (it is counting in them): a purge never waits, so it never deadlocks.
      const [{ n }] = await execute<Array<{ n: number }>>(
        `with ended as (select bucket from rate_limit_counters where window_ends_at < now() order by window_ends_at limit 10000 for update skip locked),
              gone as (delete from rate_limit_counters c using ended where c.bucket = ended.bucket returning 1)
         select count(*)::int as n from gone`,
        [],
      );
      return n;
    },
  };
}

// One set of counters per app (tests run several apps, like replicas, in one process).
const byApp = new WeakMap<AppDeps, SharedLimits>();

export function sharedLimits(deps: AppDeps): SharedLimits {
  let limits = byApp.get(deps);
  if (!limits) {
    limits = new SharedLimits(postgresCounters(deps.orm), { syncMs: deps.config.rateLimitSyncMs, onError: (err) => deps.logger.warn({ err }, 'rate limit counters not synced; counting on in this process') });
    byApp.set(deps, limits);
  }
  return limits;
}

/** 429 `rate_limited` with Retry-After (whole seconds, at least 1). */
export function rateLimited(message: string, v: Verdict): ApiError {
  return new ApiError(429, 'rate_limited', message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(v.retryAfterMs / 1000))) });
}
