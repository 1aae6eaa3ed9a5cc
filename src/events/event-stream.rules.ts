import { decodeTime } from 'ulid';

/**
 * Pure rules of the event stream (`GET /v1/events/stream`, Server-Sent Events) that
 * `lastro listen` reads: how a message is written, and from where a stream resumes.
 * docs/webhooks.md "Receiving webhooks on your laptop".
 */

/**
 * How long after its `createdAt` an event may still become visible. An event's id and
 * `createdAt` are taken when it is recorded, but it is seen only once its transaction commits,
 * so a slow transaction can commit an event after a later one was streamed. A stream looks back
 * this far on every poll (and a resumed one this far before its Last-Event-ID) for events it has
 * not sent yet.
 */
export const LATE_COMMIT_WINDOW_MS = 60_000;

/** A resumed stream replays at most this far back: a laptop asleep for days gets the last day. */
export const MAX_REPLAY_MS = 24 * 60 * 60 * 1000;

/** A comment line every so often, so proxies and the client see the connection alive. */
export const KEEP_ALIVE_MS = 15_000;

/** How long a client should wait before reconnecting after the stream ends (the SSE `retry:` field). */
export const RECONNECT_HINT_MS = 1_000;

/** Stream length bounds (seconds, `?timeout=`): every stream ends, and the client reconnects. */
export const STREAM_TIMEOUT_SECONDS = { min: 1, max: 3600, default: 300 } as const;

/** An event id as Lastro mints them: `evt_` and a lower-case ULID (its first 10 characters are the time). */
export const EVENT_ID_PATTERN = /^evt_[0-9a-hjkmnp-tv-z]{26}$/;

export interface SseMessage {
  /** The SSE `id:` field: the event id, which the client sends back as Last-Event-ID. */
  id?: string;
  /** The SSE `event:` field; left out for events (a plain `message`). */
  event?: string;
  data: string;
}

/**
 * One SSE message. Every line of `data` gets its own `data:` field (the client joins them with
 * newlines again); a line break inside `id` or `event` would end the field early, so it is refused.
 */
export function formatSseMessage(message: SseMessage): string {
  let out = '';
  for (const [field, value] of [['id', message.id], ['event', message.event]] as const) {
    if (value === undefined) continue;
    if (/[\r\n]/.test(value)) throw new Error(`SSE ${field} must be one line`);
    out += `${field}: ${value}\n`;
  }
  for (const line of message.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/** A comment: ignored by clients, it keeps the connection visibly alive. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}

/** The `retry:` field: the reconnection delay a client should use. */
export function formatSseRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.floor(ms))}\n\n`;
}

/**
 * Why a stream ended before its timeout: the key it was opened with was revoked (a rotation
 * revokes the old key too), or its company was deleted. The `reason` of its `revoked` event.
 */
export type AccessEnd = 'key_revoked' | 'company_deleted';

/**
 * What one poll read of the stream's key and company (a row that is missing counts as revoked
 * or deleted): null while both are active, else why the stream ends. A deleted company comes
 * first: it ends every key's streams, whatever became of the key.
 */
export function accessEnd(access: { keyActive: boolean; companyActive: boolean }): AccessEnd | null {
  if (!access.companyActive) return 'company_deleted';
  if (!access.keyActive) return 'key_revoked';
  return null;
}

const ACCESS_END_MESSAGES: Record<AccessEnd, string> = {
  key_revoked: 'The API key of this stream was revoked; the stream ends and the key is refused from now on',
  company_deleted: 'The company of this stream was deleted; the stream ends and its keys are refused from now on',
};

/**
 * The last message of a stream whose access ended (`event: revoked`): no `id:`, so a client's
 * Last-Event-ID stays the last event it got; a client reconnecting is answered 401.
 */
export function revokedMessage(reason: AccessEnd): SseMessage {
  return { event: 'revoked', data: JSON.stringify({ reason, message: ACCESS_END_MESSAGES[reason] }) };
}

/** When an event id was minted (ms since the epoch), from its ULID. */
export function eventIdTime(eventId: string): number {
  if (!EVENT_ID_PATTERN.test(eventId)) throw new Error(`Not an event id: ${eventId}`);
  return decodeTime(eventId.slice('evt_'.length).toUpperCase());
}

export interface StreamStart {
  /** Read events created at or after this instant (ms). */
  floorMs: number;
  /**
   * Whether events already visible at the start are skipped (a new stream: only what happens
   * from now on) or sent (a resumed stream: what the client missed).
   */
  skipVisible: boolean;
}

/**
 * Where a stream starts reading.
 * - New (no Last-Event-ID, no `since`): from now. Events already visible are skipped; ones from
 *   the late-commit window that commit later are sent, since they happened for the client now.
 * - Resumed: events after the Last-Event-ID, looking back the late-commit window for the ones
 *   that committed late (a client deduplicates on the id: some of those it has already), but
 *   never before `since` (the first stream's start, so a resume brings nothing that happened
 *   before the session began) and never more than MAX_REPLAY_MS ago.
 */
export function streamStart(input: { nowMs: number; lastEventId?: string; sinceMs?: number }): StreamStart {
  const { nowMs, lastEventId, sinceMs } = input;
  if (lastEventId === undefined && sinceMs === undefined) return { floorMs: nowMs - LATE_COMMIT_WINDOW_MS, skipVisible: true };
  const candidates = [nowMs - MAX_REPLAY_MS];
  if (sinceMs !== undefined) candidates.push(sinceMs);
  if (lastEventId !== undefined) candidates.push(Math.min(eventIdTime(lastEventId), nowMs) - LATE_COMMIT_WINDOW_MS);
  return { floorMs: Math.max(...candidates), skipVisible: false };
}
