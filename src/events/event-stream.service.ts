import { PassThrough, type Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../http/errors';
import type { Orm } from '../db/orm';
import type { Logger } from '../shared/logger';
import { envelopeBody } from '../webhooks/deliveries.service';
import { EVENT_TYPES } from './catalog';
import {
  accessEnd,
  formatSseComment,
  formatSseMessage,
  formatSseRetry,
  KEEP_ALIVE_MS,
  LATE_COMMIT_WINDOW_MS,
  RECONNECT_HINT_MS,
  revokedMessage,
  streamStart,
  type AccessEnd,
} from './event-stream.rules';

/**
 * The event stream behind `GET /v1/events/stream` (what `lastro listen` reads): a company's
 * events, read from the outbox table, as Server-Sent Events with `id:` = the event id.
 *
 * It polls (one indexed read of the company's recent events a second) rather than listening
 * for a notification: events are written by the API and the worker alike, through the unit of
 * work and set-based inserts, and nothing notifies on every event; a trigger or a notify on
 * every write would cost the payment path for the sake of a development tool, while a poll
 * costs only while someone listens. A notification could replace the poll without changing the
 * stream. Each stream remembers the ids it sent within the late-commit window, so an event
 * that commits after a later one is still sent once (event-stream.rules.ts).
 *
 * A stream outlives any check made when it opened, so every read it makes also reads whether
 * the key it was opened with and its company are still active, in the same statement: a key
 * revoked or rotated, or a company deleted, by any process (an API replica, the CLI, SQL by
 * hand) ends the stream at its next poll with an `event: revoked` message, and an event that
 * committed after the revocation is never sent (a statement that sees the event sees the
 * revocation committed before it). Two primary-key reads per poll, none per event.
 */

/** Open streams per company in one API process: each polls the database, so there is a ceiling. */
export const MAX_STREAMS_PER_COMPANY = 10;
export const POLL_INTERVAL_MS = 1_000;
/** Rows read per statement (ids), and payloads per statement. */
const PAGE_ROWS = 1_000;
const PAYLOAD_BATCH = 100;

const open = new Map<string, number>();

export interface EventStreamOptions {
  companyId: string;
  /** The API key the stream was opened with (`key_…`): the stream lasts while it stays active. */
  keyId: string;
  /** Event codes to send; every webhook event code when empty. */
  types: readonly string[];
  lastEventId?: string;
  /** The first stream's start (`ready` event's `since`), when resuming. */
  sinceMs?: number;
  timeoutMs: number;
  pollMs?: number;
  keepAliveMs?: number;
}

interface Deps {
  orm: Orm;
  logger: Logger;
}

/**
 * Opens a stream for the company: the body to answer with. It writes a `ready` event at once,
 * then the events as they become visible, a keep-alive comment every 15 s, and ends after
 * `timeoutMs`, or when the client goes away, or when a read fails (the client resumes with its
 * Last-Event-ID), or with an `event: revoked` message at the first poll that finds its key
 * revoked or its company deleted. 429 past MAX_STREAMS_PER_COMPANY.
 */
export function openEventStream(deps: Deps, opts: EventStreamOptions): Readable {
  const count = open.get(opts.companyId) ?? 0;
  if (count >= MAX_STREAMS_PER_COMPANY) {
    throw new ApiError(429, 'rate_limited', `At most ${MAX_STREAMS_PER_COMPANY} event streams per company at a time`, undefined, { 'Retry-After': '5' });
  }
  open.set(opts.companyId, count + 1);
  const stream = new EventStream(deps, opts);
  stream.body.once('close', () => {
    const left = (open.get(opts.companyId) ?? 1) - 1;
    if (left > 0) open.set(opts.companyId, left);
    else open.delete(opts.companyId);
  });
  void stream.run();
  return stream.body;
}

interface Row {
  id: string;
  /** As PostgreSQL wrote it (the keyset of the next page), and as ms since the epoch. */
  created_at: string;
  at_ms: number;
}

/** Ends a stream's reads: thrown by a read that found its access gone, caught by `run`. */
class AccessEnded extends Error {
  constructor(readonly reason: AccessEnd) {
    super(reason);
  }
}

/** The condition a gated read's inner select filters on (the flags `gatedSql` reads). */
const ACTIVE = 'g.key_active and g.company_active';

/**
 * A read of the company's events (`inner`, which filters on ACTIVE) that returns rows only
 * while the stream's key and company are active, read in the same statement, so in one
 * snapshot with the events. Always at least one row: the access flags, with the event columns
 * null when there is no event (or no access). The flags are two primary-key reads, made once
 * (a materialized CTE; inlined, the planner would repeat them), and ACTIVE becomes a one-time
 * filter of the inner read: without access, no event row is read at all. Parameters: key id,
 * company id, company id, then the inner read's.
 */
function gatedSql(inner: string, orderBy: string): string {
  return `with g as materialized (
      select coalesce((select revoked_at is null from api_keys where id = ? and company_id = ?), false) as key_active,
             coalesce((select deleted_at is null from companies where id = ?), false) as company_active)
    select g.key_active, g.company_active, e.* from g left join lateral (${inner}) e on true${orderBy}`;
}

type AccessFlags = { key_active: boolean; company_active: boolean };

class EventStream {
  readonly body = new PassThrough();
  private closed = false;
  private wake: (() => void) | undefined;
  /** Ids sent (or skipped at the start) whose createdAt is within the window: never sent again. */
  private readonly seen = new Map<string, number>();
  private readonly types: readonly string[];

  constructor(
    private readonly deps: Deps,
    private readonly opts: EventStreamOptions,
  ) {
    // Outbox-only codes (refund.*, webhook.failing…) never reach webhooks, so not this stream either.
    this.types = opts.types.length > 0 ? opts.types.filter((t) => (EVENT_TYPES as readonly string[]).includes(t)) : EVENT_TYPES;
    this.body.once('close', () => this.stop());
  }

  async run(): Promise<void> {
    const startedAt = Date.now();
    const deadline = startedAt + this.opts.timeoutMs;
    const keepAlive = setInterval(() => void this.write(formatSseComment('keep-alive')), this.opts.keepAliveMs ?? KEEP_ALIVE_MS);
    try {
      const start = streamStart({ nowMs: startedAt, lastEventId: this.opts.lastEventId, sinceMs: this.opts.sinceMs });
      let floorMs = start.floorMs;
      await this.write(formatSseRetry(RECONNECT_HINT_MS));
      // Which session this stream belongs to: a client resuming sends it back as `since`.
      const since = new Date(this.opts.sinceMs ?? startedAt).toISOString();
      await this.write(formatSseMessage({ event: 'ready', data: JSON.stringify({ companyId: this.opts.companyId, since, resumedAfter: this.opts.lastEventId ?? null }) }));
      if (start.skipVisible) for (const row of await this.visibleSince(floorMs)) this.seen.set(row.id, row.at_ms);
      while (!this.closed) {
        const polledAt = Date.now();
        await this.sendNew(floorMs);
        // Events older than the window are either sent or never coming: stop looking at them.
        floorMs = Math.max(floorMs, polledAt - LATE_COMMIT_WINDOW_MS);
        for (const [id, at] of this.seen) if (at < floorMs) this.seen.delete(id);
        const left = deadline - Date.now();
        if (left <= 0) break;
        await this.sleep(Math.min(this.opts.pollMs ?? POLL_INTERVAL_MS, left));
      }
    } catch (err) {
      if (err instanceof AccessEnded) {
        this.deps.logger.info({ companyId: this.opts.companyId, keyId: this.opts.keyId, reason: err.reason }, 'event stream ended: its access was revoked');
        // Not waiting for a slow reader to drain: the stream ends now, the message is its last chunk.
        if (!this.closed) this.body.write(formatSseMessage(revokedMessage(err.reason)));
      } else if (!this.closed) {
        this.deps.logger.warn({ err, companyId: this.opts.companyId }, 'event stream read failed; ending the stream (the client resumes)');
      }
    } finally {
      clearInterval(keepAlive);
      this.stop();
      this.body.end();
    }
  }

  /** Sends the visible events from `floorMs` on that were not sent yet, oldest first. */
  private async sendNew(floorMs: number): Promise<void> {
    const fresh = (await this.visibleSince(floorMs)).filter((r) => !this.seen.has(r.id));
    for (let i = 0; i < fresh.length && !this.closed; i += PAYLOAD_BATCH) {
      const batch = fresh.slice(i, i + PAYLOAD_BATCH);
      const payloads = await this.payloads(batch.map((r) => r.id));
      for (const row of batch) {
        const payload = payloads.get(row.id);
        if (!payload || this.closed) continue;
        this.seen.set(row.id, row.at_ms);
        // The body exactly as a webhook delivery sends it, so a forwarded event signs the same bytes.
        await this.write(formatSseMessage({ id: row.id, data: envelopeBody(payload) }));
      }
    }
  }

  /**
   * Ids and times of the company's events created at or after `floorMs`, in event order (pages
   * of PAGE_ROWS). Throws AccessEnded when a page finds the key or company no longer active.
   */
  private async visibleSince(floorMs: number): Promise<Row[]> {
    const typeList = this.types.map(() => '?').join(', ');
    const rows: Row[] = [];
    let after: Row | undefined;
    for (;;) {
      // Qualified: a bare `created_at` in `order by` would be the text column of the select list.
      // `ts` orders the outer select, as the lateral read's order is not the join's.
      const page = await this.gated<Row & { ts: unknown }>(
        `select id, created_at as ts, created_at::text as created_at, (extract(epoch from created_at) * 1000)::float8 as at_ms from events
          where ${ACTIVE} and company_id = ? and created_at >= ? and type in (${typeList})${after ? ' and (created_at, id) > (?::timestamptz, ?)' : ''}
          order by events.created_at, events.id limit ?`,
        [this.opts.companyId, new Date(floorMs), ...this.types, ...(after ? [after.created_at, after.id] : []), PAGE_ROWS],
        ' order by e.ts, e.id',
      );
      rows.push(...page.map(({ id, created_at, at_ms }) => ({ id, created_at, at_ms })));
      if (page.length < PAGE_ROWS || this.closed) return rows;
      after = page[page.length - 1];
    }
  }

  /** The payloads of these events; gated too, so a revocation stops a long backlog between batches. */
  private async payloads(ids: string[]): Promise<Map<string, Record<string, unknown>>> {
    const rows = await this.gated<{ id: string; payload: Record<string, unknown> }>(
      `select id, payload from events where ${ACTIVE} and company_id = ? and id in (${ids.map(() => '?').join(', ')})`,
      [this.opts.companyId, ...ids],
    );
    return new Map(rows.map((r) => [r.id, r.payload]));
  }

  /** Runs a gated read (`gatedSql`): its event rows, or AccessEnded when the key or company is no longer active. */
  private async gated<T extends { id: string }>(inner: string, params: unknown[], orderBy = ''): Promise<T[]> {
    const em = this.deps.orm.em.fork() as unknown as EntityManager;
    const { companyId, keyId } = this.opts;
    const rows: Array<AccessFlags & (T | { id: null })> = await em.execute(gatedSql(inner, orderBy), [keyId, companyId, companyId, ...params]);
    const ended = accessEnd({ keyActive: rows[0]?.key_active ?? false, companyActive: rows[0]?.company_active ?? false });
    if (ended) throw new AccessEnded(ended);
    return rows.filter((r): r is AccessFlags & T => r.id !== null);
  }

  /** Writes a chunk, waiting while the client's buffer is full (a slow reader slows the poll, not the heap). */
  private async write(chunk: string): Promise<void> {
    if (this.closed) return;
    if (this.body.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.body.off('drain', done);
        this.body.off('close', done);
        resolve();
      };
      this.body.on('drain', done);
      this.body.on('close', done);
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private stop(): void {
    this.closed = true;
    this.wake?.();
  }
}
