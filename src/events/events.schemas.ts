import { z } from 'zod';
import { csvOf, isoDateTimeWithOffset } from '../http/schemas';
import { EVENT_TYPES, type WebhookEventType } from './catalog';
import { EVENT_ID_PATTERN, STREAM_TIMEOUT_SECONDS } from './event-stream.rules';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An event id as Last-Event-ID or `lastEventId` (the stream's `id:` field). */
export const lastEventId = z.string().regex(EVENT_ID_PATTERN, 'Expected an event id (evt_…) as the stream sent it');

export const streamEventsQuery = z.strictObject({
  events: z
    .string()
    .max(2000)
    .regex(csvOf(EVENT_TYPES.map(escapeRegExp)), 'Expected a comma-separated list of event codes (see GET /webhooks/listeners)')
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))] as WebhookEventType[])
    .optional()
    .meta({ description: 'Comma-separated event codes to receive; every code when left out' }),
  timeout: z.coerce
    .number()
    .int()
    .min(STREAM_TIMEOUT_SECONDS.min)
    .max(STREAM_TIMEOUT_SECONDS.max)
    .default(STREAM_TIMEOUT_SECONDS.default)
    .meta({ description: `Seconds until the stream ends (${STREAM_TIMEOUT_SECONDS.default} by default); reconnect with Last-Event-ID to go on` }),
  lastEventId: lastEventId.optional().meta({ description: 'Resume after this event id (the Last-Event-ID header, which wins when both are sent)' }),
  since: isoDateTimeWithOffset
    .optional()
    .meta({ description: "When resuming: the `since` of the first stream's ready event, so nothing from before the session is replayed" }),
});
