import { findCompanyByApiKeyNow } from '../companies/companies.service';
import { ApiError, unauthenticated } from '../http/errors';
import { defineRoute } from '../http/route';
import { openEventStream } from './event-stream.service';
import { lastEventId as lastEventIdSchema, streamEventsQuery } from './events.schemas';

/** The Last-Event-ID header (what an EventSource sends when it reconnects), checked like the query field. */
function headerLastEventId(value: string): string | undefined {
  if (value === '') return undefined;
  const res = lastEventIdSchema.safeParse(value);
  if (!res.success) {
    const message = 'Expected an event id (evt_…) as the stream sent it';
    throw new ApiError(400, 'validation_failed', `Last-Event-ID: ${message}`, [{ path: 'Last-Event-ID', message }]);
  }
  return res.data;
}

export const eventRoutes = [
  defineRoute({
    method: 'get',
    path: '/events/stream',
    versioned: true,
    operationId: 'streamEvents',
    summary: "The company's events as they happen, as Server-Sent Events (what `lastro listen` reads)",
    description: [
      'A `text/event-stream`. First a `ready` event (`data: { companyId, since, resumedAfter }`), then one message per event:',
      '`id:` the event id, `data:` the webhook envelope exactly as a delivery sends it. A `: keep-alive` comment every 15 s.',
      'The stream ends after `timeout` seconds (or when the API restarts); reconnect with the `Last-Event-ID` header (or `lastEventId`)',
      'and the `since` of the first ready event to get what happened meanwhile, including events that committed late: deduplicate on the id.',
      'Only the caller’s events, only webhook event codes. At most 10 open streams per company and API process (429).',
      'When the key is revoked or rotated, or the company deleted, the stream ends within a second with `event: revoked`',
      '(`data: { reason: "key_revoked" | "company_deleted", message }`) and sends nothing committed after that; a reconnection is 401.',
    ].join(' '),
    tag: 'Events',
    request: { query: streamEventsQuery },
    responses: { 200: { description: 'Server-Sent Events until `timeout`', contentType: 'text/event-stream' } },
    async handler({ query, company, deps, koa }) {
      // A stream outlives the key cache, and once open only the stream checks its key: it opens on
      // the key as the database has it now, and lasts while that key stays active.
      const caller = await findCompanyByApiKeyNow(deps.orm.em, koa.get('x-api-key'), deps.config.mode);
      if (!caller || caller.company.id !== company.id) throw unauthenticated('Invalid or revoked API key');
      const body = openEventStream(deps, {
        companyId: company.id,
        keyId: caller.keyId,
        types: query.events ?? [],
        lastEventId: headerLastEventId(koa.get('Last-Event-ID')) ?? query.lastEventId,
        sinceMs: query.since === undefined ? undefined : Date.parse(query.since),
        timeoutMs: query.timeout * 1000,
      });
      // no-transform and X-Accel-Buffering: proxies (nginx) must pass each message on, not buffer it.
      return { body, contentType: 'text/event-stream; charset=utf-8', headers: { 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' } };
    },
  }),
];
