import type { Command } from 'commander';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { STREAM_TIMEOUT_SECONDS } from '../../events/event-stream.rules';
import { checkSuppliedSecret, generateWebhookSecret, signatureHeaders } from '../../webhooks/webhook-signature';
import type { CliContext } from '../context';

/**
 * `lastro listen --forward-to http://localhost:4000/hook`: webhooks to a laptop, as `stripe
 * listen` does. A merchant's tool, not an operator's: it reads the company's event stream
 * (`GET /v1/events/stream`) over HTTP with the company's API key, so it needs no public URL and
 * no database, and forwards each event to the local URL signed with Standard Webhooks headers
 * under a secret of this session, so the local handler verifies it with production's code.
 * docs/webhooks.md "Receiving webhooks on your laptop".
 */

/** Production's attempt timeout (decisions.md): a handler too slow here is too slow there. */
export const FORWARD_TIMEOUT_MS = 15_000;
/** Two keep-alives (15 s apart) missed: the connection is dead even if no error said so (a half-open TCP connection). */
export const IDLE_TIMEOUT_MS = 40_000;
/** Ids remembered to drop repeats: a resumed stream sends again what committed late around the cut. */
const REMEMBERED_IDS = 10_000;

export interface ListenOptions {
  apiUrl: string;
  apiKey: string;
  forwardTo: string;
  /** Event codes; every code when empty. */
  events: string[];
  /** The session's signing secret (`whsec_…` or supplied text). */
  secret: string;
  /** Stops the session (Ctrl-C). */
  signal: AbortSignal;
  /** Lines for the user: event lines and the start on `out`, connection trouble on `err`. */
  out(line: string): void;
  err(line: string): void;
  /** Seconds each stream is asked to last before it is renewed. */
  streamTimeoutSeconds?: number;
  fetch?: typeof fetch;
  random?: () => number;
}

/** A stream answer that no retry can fix (a bad key, a bad --events): the session ends with it. */
export class ListenError extends Error {}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The wait before reconnection attempt `attempt` (1, 2, …): 500 ms doubled per attempt up to
 * 10 s, half to all of it at random (many laptops reconnecting after a restart do not arrive
 * together), never shorter than a Retry-After the API gave (capped at 60 s).
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random, retryAfterMs?: number): number {
  const ceiling = Math.min(10_000, 500 * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, 60_000));
}

/** A time as the terminal shows it: local date and time to the second. */
export function formatLocalTime(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}`;
}

export type ForwardOutcome = { status: number; ms: number } | { error: string; ms: number };

/** The line printed per event: `<time>  <type>  <id>  --> <status or error> [<latency>]`. */
export function formatEventLine(at: Date, type: string, id: string, outcome: ForwardOutcome): string {
  const answer = 'status' in outcome ? String(outcome.status) : `error: ${outcome.error}`;
  return `${formatLocalTime(at)}  ${type}  ${id}  --> ${answer} [${Math.round(outcome.ms)} ms]`;
}

export interface StreamHandlers {
  onMessage(message: EventSourceMessage): void;
  /** Anything arrived (a message, a comment, part of one): the connection is alive. */
  onActivity?(): void;
}

/** Reads a Server-Sent Events body to its end, message by message (eventsource-parser does the SSE rules). */
export async function readEventStream(body: AsyncIterable<Uint8Array | string>, handlers: StreamHandlers): Promise<void> {
  const parser = createParser({ onEvent: (m) => handlers.onMessage(m) });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    handlers.onActivity?.();
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
}

/** The most recent ids, for dropping repeats (insertion order is age order). */
class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly max: number) {}
  /** Whether the id is new (and remembers it). */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
    return true;
  }
}

function describeError(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `no answer within ${FORWARD_TIMEOUT_MS / 1000} s`;
  return e?.cause?.message ?? e?.cause?.code ?? e?.message ?? String(err);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** POSTs one event to the local endpoint, signed for the session's secret, as a delivery would be. */
async function forward(opts: ListenOptions, id: string, body: string): Promise<ForwardOutcome> {
  const started = performance.now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Lastro-Webhooks/1',
    ...signatureHeaders([opts.secret], id, Math.floor(Date.now() / 1000), body),
  };
  try {
    // Redirects are not followed, as in production: a 3xx is what the handler answered.
    const res = await (opts.fetch ?? fetch)(opts.forwardTo, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status, ms: performance.now() - started };
  } catch (err) {
    return { error: describeError(err), ms: performance.now() - started };
  }
}

/** Why the API refused the stream, from its error body when it has one. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const { error } = JSON.parse(text) as { error: { code: string; message: string } };
    return `HTTP ${res.status} ${error.code}: ${error.message}`;
  } catch {
    return `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  }
}

/**
 * Runs a listen session until `signal` aborts: reads the stream, reconnecting with backoff
 * (and Last-Event-ID, so nothing recorded meanwhile is missed) whenever it breaks, and forwards
 * the events one at a time, in the order they arrive. Rejects with ListenError when the API
 * refuses the session itself (401, 400).
 */
export async function listen(opts: ListenOptions): Promise<void> {
  const doFetch = opts.fetch ?? fetch;
  const seen = new RecentIds(REMEMBERED_IDS);
  let lastEventId: string | undefined;
  let since: string | undefined;
  let failures = 0;
  let forwarding: Promise<void> = Promise.resolve();
  const streamSeconds = opts.streamTimeoutSeconds ?? STREAM_TIMEOUT_SECONDS.max;

  const onMessage = (m: EventSourceMessage) => {
    if (m.event === 'ready') {
      const ready = JSON.parse(m.data) as { companyId: string; since: string };
      if (since === undefined) {
        opts.out(`Ready! Forwarding events of ${ready.companyId} to ${opts.forwardTo}${opts.events.length ? ` (${opts.events.join(', ')})` : ''}`);
        opts.out(`Your webhook signing secret for this session is ${opts.secret} (^C to quit)`);
      }
      since ??= ready.since;
      return;
    }
    if (!m.id) return;
    lastEventId = m.id;
    if (!seen.add(m.id)) return;
    const id = m.id;
    let type = '?';
    try {
      type = String((JSON.parse(m.data) as { event?: unknown }).event);
    } catch {
      // Printed as "?": the body is forwarded as received all the same.
    }
    forwarding = forwarding.then(async () => {
      // Ctrl-C: the attempt under way finishes, the ones queued behind it are dropped.
      if (opts.signal.aborted) return;
      const outcome = await forward(opts, id, m.data);
      opts.out(formatEventLine(new Date(), type, id, outcome));
    });
  };

  while (!opts.signal.aborted) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    opts.signal.addEventListener('abort', stop, { once: true });
    let idle: NodeJS.Timeout | undefined;
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new RetryableError(`nothing received for ${IDLE_TIMEOUT_MS / 1000} s`)), IDLE_TIMEOUT_MS);
    };
    try {
      const url = new URL('/v1/events/stream', opts.apiUrl);
      url.searchParams.set('timeout', String(streamSeconds));
      if (opts.events.length) url.searchParams.set('events', opts.events.join(','));
      if (since) url.searchParams.set('since', since);
      const headers: Record<string, string> = { 'x-api-key': opts.apiKey, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      alive();
      const res = await doFetch(url, { headers, signal: connection.signal });
      if (!res.ok || !res.body) {
        const why = await refusal(res);
        const retryAfter = Number(res.headers.get('retry-after'));
        if (res.status === 429 || res.status >= 500) throw new RetryableError(why, Number.isFinite(retryAfter) ? retryAfter * 1000 : undefined);
        throw new ListenError(why);
      }
      if (failures > 0) opts.err(`Connected again to ${opts.apiUrl}${lastEventId ? `, resuming after ${lastEventId}` : ''}`);
      failures = 0;
      const openedAt = Date.now();
      await readEventStream(res.body as unknown as AsyncIterable<Uint8Array>, { onMessage, onActivity: alive });
      // A stream that reached its timeout is renewed at once; one that the API ended sooner (a
      // restart, a failed read) is a lost connection, so an API that keeps ending streams at
      // once is not called in a tight loop.
      if (Date.now() - openedAt < streamSeconds * 1000 - 1000) throw new RetryableError('the API ended the stream');
    } catch (err) {
      if (opts.signal.aborted) break;
      if (err instanceof ListenError) throw err;
      const cause = connection.signal.reason instanceof RetryableError ? connection.signal.reason : err;
      failures += 1;
      const delay = reconnectDelayMs(failures, opts.random, cause instanceof RetryableError ? cause.retryAfterMs : undefined);
      const why = cause instanceof RetryableError ? cause.message : describeError(cause);
      // Before the first ready event there is no session to resume yet, only an API to reach.
      const what = since === undefined ? `Cannot connect to ${opts.apiUrl} (${why}); retrying` : `Lost the connection to ${opts.apiUrl} (${why}); reconnecting`;
      opts.err(`${what} in ${(delay / 1000).toFixed(1)} s (attempt ${failures})`);
      await sleep(delay, opts.signal);
    } finally {
      clearTimeout(idle);
      opts.signal.removeEventListener('abort', stop);
    }
  }
  // Events already received are forwarded before the session ends.
  await forwarding;
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command('listen')
    .description("Forward your company's events to a local URL as signed webhooks, as they happen (a merchant's tool: your API key, over HTTP)")
    .requiredOption('--forward-to <url>', 'where to POST each event, e.g. http://localhost:4000/hook')
    .option('--api-key <key>', 'the company API key (default: LASTRO_API_KEY)')
    .option('--api-url <url>', 'the Lastro API (default: PUBLIC_BASE_URL, else http://localhost:3000)')
    .option('--events <codes>', 'comma-separated event codes to receive (default: all; GET /webhooks/listeners lists them)')
    .option('--secret <secret>', 'sign with this secret instead of a new whsec_ one per session')
    .option('--live', 'allow a live key (sk_live_…): forwards real customers’ data to this machine')
    .action(async (o: { forwardTo: string; apiKey?: string; apiUrl?: string; events?: string; secret?: string; live?: boolean }) => {
      const apiKey = o.apiKey ?? process.env.LASTRO_API_KEY;
      if (!apiKey) throw new Error('Give the company API key: --api-key or LASTRO_API_KEY');
      if (apiKey.startsWith('sk_live_') && !o.live) throw new Error('That is a live key: listen forwards real customers’ data to this machine; pass --live to mean it');
      let forwardTo: URL;
      try {
        forwardTo = new URL(o.forwardTo);
      } catch {
        throw new Error(`--forward-to is not a URL: ${o.forwardTo}`);
      }
      if (forwardTo.protocol !== 'http:' && forwardTo.protocol !== 'https:') throw new Error('--forward-to must be an http or https URL');
      if (o.secret !== undefined && (o.secret.length < 8 || checkSuppliedSecret(o.secret))) {
        throw new Error(`--secret: ${checkSuppliedSecret(o.secret) ?? 'at least 8 characters'}`);
      }
      const stopping = new AbortController();
      const stop = () => stopping.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        await listen({
          apiUrl: o.apiUrl ?? ctx.config.urls.publicBase,
          apiKey,
          forwardTo: forwardTo.toString(),
          events: (o.events ?? '').split(',').map((s) => s.trim()).filter(Boolean),
          secret: o.secret ?? generateWebhookSecret(),
          signal: stopping.signal,
          out: (line) => process.stdout.write(`${line}\n`),
          err: (line) => process.stderr.write(`${line}\n`),
        });
      } catch (err) {
        if (err instanceof ListenError) throw new Error(`the API refused the stream: ${err.message}`);
        throw err;
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
      process.stdout.write('Stopped.\n');
    });
}
