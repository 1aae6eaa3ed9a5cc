import { Webhook } from 'standardwebhooks';
import type { EventSourceMessage } from 'eventsource-parser';
import { formatEventLine, listen, readEventStream, reconnectDelayMs } from '../../src/cli/commands/listen';
import {
  eventIdTime,
  formatSseComment,
  formatSseMessage,
  formatSseRetry,
  LATE_COMMIT_WINDOW_MS,
  MAX_REPLAY_MS,
  streamStart,
} from '../../src/events/event-stream.rules';
import { newId } from '../../src/shared/ids';
import { generateWebhookSecret } from '../../src/webhooks/webhook-signature';

/** Chunks of `text` cut every `size` bytes (a cut may fall inside a UTF-8 character). */
function* bytes(text: string, size: number): Generator<Uint8Array> {
  const all = Buffer.from(text, 'utf8');
  for (let i = 0; i < all.length; i += size) yield new Uint8Array(all.subarray(i, i + size));
}

async function parse(chunks: Iterable<Uint8Array | string>): Promise<EventSourceMessage[]> {
  const out: EventSourceMessage[] = [];
  async function* iterate() {
    yield* chunks;
  }
  await readEventStream(iterate(), { onMessage: (m) => out.push(m) });
  return out;
}

describe('SSE messages of the event stream', () => {
  const envelope = JSON.stringify({ id: 'evt_1', event: 'customer.created', data: { name: 'Zoë Ünïcode ✓' } });
  const stream = [
    formatSseRetry(1000),
    formatSseMessage({ event: 'ready', data: '{"since":"2026-01-01T00:00:00.000Z"}' }),
    formatSseComment('keep-alive'),
    formatSseMessage({ id: 'evt_01', data: envelope }),
    formatSseMessage({ id: 'evt_02', data: 'two\nlines\r\nand a third' }),
  ].join('');

  it('read back as written, however the bytes are cut (comments and retry are not messages)', async () => {
    const expected = [
      { event: 'ready', id: undefined, data: '{"since":"2026-01-01T00:00:00.000Z"}' },
      { event: undefined, id: 'evt_01', data: envelope },
      { event: undefined, id: 'evt_02', data: 'two\nlines\nand a third' },
    ];
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      expect(await parse(bytes(stream, size))).toEqual(expected);
    }
  });

  it('writes each line of the data as its own field, and refuses a line break in id or event', () => {
    expect(formatSseMessage({ id: 'evt_1', data: 'a\nb' })).toBe('id: evt_1\ndata: a\ndata: b\n\n');
    expect(formatSseComment('keep\nalive')).toBe(': keep alive\n\n');
    expect(() => formatSseMessage({ id: 'evt_1\ndata: forged', data: 'x' })).toThrow('one line');
    expect(() => formatSseMessage({ event: 'a\rb', data: 'x' })).toThrow('one line');
  });
});

describe('where a stream starts', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('reads the time back from an event id', () => {
    const before = Date.now();
    const id = newId('evt');
    expect(eventIdTime(id)).toBeGreaterThanOrEqual(before);
    expect(eventIdTime(id)).toBeLessThanOrEqual(Date.now());
    expect(() => eventIdTime('evt_not-an-id')).toThrow();
    expect(() => eventIdTime('cust_01jd3k7r9q0m4n5p6s7t8v9w0x')).toThrow();
  });

  it('a new stream starts now and skips what is already visible', () => {
    expect(streamStart({ nowMs: now })).toEqual({ floorMs: now - LATE_COMMIT_WINDOW_MS, skipVisible: true });
  });

  it('a resumed stream looks back the late-commit window before its Last-Event-ID, not before the session', () => {
    const lastId = `evt_${'01jd3k7r9q'}${'0'.repeat(16)}`;
    const at = eventIdTime(lastId);
    expect(streamStart({ nowMs: at + 5_000, lastEventId: lastId })).toEqual({ floorMs: at - LATE_COMMIT_WINDOW_MS, skipVisible: false });
    expect(streamStart({ nowMs: at + 5_000, lastEventId: lastId, sinceMs: at - 10_000 })).toEqual({ floorMs: at - 10_000, skipVisible: false });
    expect(streamStart({ nowMs: at + 5_000, sinceMs: at - 10_000 })).toEqual({ floorMs: at - 10_000, skipVisible: false });
    // An id from the future counts from now; one from last week replays one day.
    expect(streamStart({ nowMs: at - 60 * 60_000, lastEventId: lastId }).floorMs).toBe(at - 60 * 60_000 - LATE_COMMIT_WINDOW_MS);
    expect(streamStart({ nowMs: at + 7 * MAX_REPLAY_MS, lastEventId: lastId }).floorMs).toBe(at + 6 * MAX_REPLAY_MS);
  });
});

describe('lastro listen: pure parts', () => {
  it('backs off from 0.5 s doubling to 10 s, half to all of it, never under a Retry-After', () => {
    const low = () => 0;
    const high = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => reconnectDelayMs(n, high))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect([1, 2, 3, 6].map((n) => reconnectDelayMs(n, low))).toEqual([250, 500, 1000, 5000]);
    expect(reconnectDelayMs(1, low, 5_000)).toBe(5_000);
    expect(reconnectDelayMs(1, low, 3_600_000)).toBe(60_000);
  });

  it('prints time, type, id, and the answer or the error with the latency', () => {
    const at = new Date(2026, 10, 26, 9, 5, 7);
    expect(formatEventLine(at, 'transaction.paid', 'evt_1', { status: 200, ms: 12.4 })).toBe('2026-11-26 09:05:07  transaction.paid  evt_1  --> 200 [12 ms]');
    expect(formatEventLine(at, 'customer.created', 'evt_2', { error: 'connect ECONNREFUSED 127.0.0.1:4000', ms: 3 })).toBe(
      '2026-11-26 09:05:07  customer.created  evt_2  --> error: connect ECONNREFUSED 127.0.0.1:4000 [3 ms]',
    );
  });
});

describe('lastro listen against a scripted API', () => {
  const ready = (since: string) => formatSseMessage({ event: 'ready', data: JSON.stringify({ companyId: 'comp_1', since }) });
  const event = (id: string, type: string) => formatSseMessage({ id, data: JSON.stringify({ id, event: type, companyId: 'comp_1', createdAt: 'x', data: { id: 'cust_1' } }) });

  /** A streaming answer that sends `chunks`, then ends cleanly or breaks. */
  function sse(chunks: string[], end: 'clean' | 'break'): Response {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        // Later, once the chunks were read: an error discards what is still queued.
        setTimeout(() => (end === 'clean' ? controller.close() : controller.error(new TypeError('terminated'))), 20);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }

  it('forwards each event once, signed, resumes after a break with Last-Event-ID and since, and stops on abort', async () => {
    const secret = generateWebhookSecret();
    const streams: { url: URL; headers: Record<string, string> }[] = [];
    const forwarded: { headers: Record<string, string>; body: string }[] = [];
    const stop = new AbortController();
    const out: string[] = [];
    const err: string[] = [];
    const answers = [
      () => sse([ready('2026-01-01T00:00:00.000Z'), event('evt_a', 'customer.created')], 'break'),
      () => {
        throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:3000') });
      },
      // The resumed stream repeats evt_a (a late-commit look-back): dropped.
      () => sse([ready('2026-01-01T00:00:00.000Z'), event('evt_a', 'customer.created'), event('evt_b', 'transaction.paid')], 'clean'),
    ];
    const fetchStub = (async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === '/hook') {
        forwarded.push({ headers: init.headers as Record<string, string>, body: String(init.body) });
        if (forwarded.length === 2) setImmediate(() => stop.abort());
        return new Response('ok', { status: forwarded.length === 1 ? 200 : 503 });
      }
      streams.push({ url, headers: init.headers as Record<string, string> });
      const next = answers.shift();
      // Then a stream that stays open until the session stops (a real fetch rejects on abort).
      if (!next) return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
      return next();
    }) as typeof fetch;

    await listen({
      apiUrl: 'http://api.test',
      apiKey: 'sk_sandbox_x',
      forwardTo: 'http://127.0.0.1:4000/hook',
      events: ['customer.created', 'transaction.paid'],
      secret,
      signal: stop.signal,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      fetch: fetchStub,
      random: () => 0,
    });

    expect(forwarded.map((f) => JSON.parse(f.body).id)).toEqual(['evt_a', 'evt_b']);
    const wh = new Webhook(secret);
    for (const f of forwarded) {
      expect(f.headers['webhook-id']).toBe(JSON.parse(f.body).id);
      expect(() => wh.verify(f.body, f.headers)).not.toThrow();
    }
    expect(streams[0].url.searchParams.get('events')).toBe('customer.created,transaction.paid');
    expect(streams[0].headers['last-event-id']).toBeUndefined();
    expect(streams[0].url.searchParams.get('since')).toBeNull();
    // After the break and the refused connection: after evt_a; after the clean end (renewal): after evt_b.
    expect(streams.slice(1).map((s) => s.headers['last-event-id'])).toEqual(['evt_a', 'evt_a', 'evt_b'].slice(0, streams.length - 1));
    for (const s of streams.slice(1)) expect(s.url.searchParams.get('since')).toBe('2026-01-01T00:00:00.000Z');
    expect(out[0]).toMatch(/^Ready! Forwarding events of comp_1 to http:\/\/127.0.0.1:4000\/hook/);
    // Where the secret comes from, never the secret (test/webhooks/listen-credentials.unit.test.ts).
    expect(out[1]).toBe('Signing with the secret from your configuration (^C to quit)');
    expect(out.slice(2)).toEqual([
      expect.stringMatching(/ {2}customer\.created {2}evt_a {2}--> 200 \[\d+ ms\]$/),
      expect.stringMatching(/ {2}transaction\.paid {2}evt_b {2}--> 503 \[\d+ ms\]$/),
    ]);
    expect(err).toEqual([
      expect.stringMatching(/^Lost the connection to http:\/\/api.test \(terminated\); reconnecting in 0.3 s \(attempt 1\)$/),
      expect.stringMatching(/^Lost the connection to http:\/\/api.test \(connect ECONNREFUSED 127.0.0.1:3000\); reconnecting in 0.5 s \(attempt 2\)$/),
      'Connected again to http://api.test, resuming after evt_a',
    ]);
  }, 10_000);

  it('retries an API it cannot reach yet, and ends with the error body when the API refuses the key', async () => {
    let calls = 0;
    const fetchStub = (async () => {
      if (++calls === 1) throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:3000') });
      return new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Invalid or revoked API key', requestId: 'req_1' } }), { status: 401 });
    }) as typeof fetch;
    const err: string[] = [];
    await expect(
      listen({ apiUrl: 'http://api.test', apiKey: 'sk_sandbox_bad', forwardTo: 'http://127.0.0.1:4000/hook', events: [], secret: 'whsec_x', signal: new AbortController().signal, out: () => undefined, err: (l) => err.push(l), fetch: fetchStub, random: () => 0 }),
    ).rejects.toThrow('HTTP 401 unauthenticated: Invalid or revoked API key');
    expect(err).toEqual(['Cannot connect to http://api.test (connect ECONNREFUSED 127.0.0.1:3000); retrying in 0.3 s (attempt 1)']);
  });
});
