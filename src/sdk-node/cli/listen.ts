import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { generateTestHeaders } from '../webhooks';
import { signingKey } from '../webhook-signature';

/**
 * `lastro listen --forward-to http://localhost:4000/hook` (the package's bin, and the
 * repository's `npm run lastro -- listen`): webhooks to a laptop, as `stripe
 * listen` does. A merchant's tool, not an operator's: it reads the company's event stream
 * (`GET /v1/events/stream`) over HTTP with the company's API key, so it needs no public URL and
 * no database, and forwards each event to the local URL signed with Standard Webhooks headers
 * under the merchant's secret, so the local handler verifies it with production's code.
 * docs/webhooks.md "Receiving webhooks on your laptop".
 *
 * Neither the API key nor the signing secret is ever on its command line (which `ps` shows
 * every user of the machine) or in its output (terminals are shared, scrolled back, pasted):
 * both come from the environment, the secret possibly from a file.
 */

/** Production's attempt timeout (decisions.md): a handler too slow here is too slow there. */
export const FORWARD_TIMEOUT_MS = 15_000;
/** Two keep-alives (15 s apart) missed: the connection is dead even if no error said so (a half-open TCP connection). */
export const IDLE_TIMEOUT_MS = 40_000;
/** The longest stream the API grants (`timeout`, src/events/event-stream.rules.ts): renewed when it ends. */
export const MAX_STREAM_SECONDS = 3600;
/** Ids remembered to drop repeats: a resumed stream sends again what committed late around the cut. */
const REMEMBERED_IDS = 10_000;

export interface ListenOptions {
  apiUrl: string;
  apiKey: string;
  forwardTo: string;
  /** Event codes; every code when empty. */
  events: string[];
  /** The session's signing secret (`whsec_…` or supplied text). Never printed. */
  secret: string;
  /** Where the secret came from, for the start line (`LASTRO_WEBHOOK_SECRET`, a file's path). */
  secretFrom?: string;
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
    ...generateTestHeaders({ payload: body, secret: opts.secret, id }),
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
 * refuses the session itself (401, 400) or ends it for good (`event: revoked`).
 */
export async function listen(opts: ListenOptions): Promise<void> {
  const doFetch = opts.fetch ?? fetch;
  const seen = new RecentIds(REMEMBERED_IDS);
  let lastEventId: string | undefined;
  let since: string | undefined;
  let failures = 0;
  let forwarding: Promise<void> = Promise.resolve();
  /** Why the API ended the session for good (`event: revoked`): no reconnection can help. */
  let ended: string | undefined;
  const streamSeconds = opts.streamTimeoutSeconds ?? MAX_STREAM_SECONDS;

  const onMessage = (m: EventSourceMessage) => {
    if (m.event === 'ready') {
      const ready = JSON.parse(m.data) as { companyId: string; since: string };
      if (since === undefined) {
        opts.out(`Ready! Forwarding events of ${ready.companyId} to ${opts.forwardTo}${opts.events.length ? ` (${opts.events.join(', ')})` : ''}`);
        opts.out(`Signing with the secret from ${opts.secretFrom ?? 'your configuration'} (^C to quit)`);
      }
      since ??= ready.since;
      return;
    }
    if (m.event === 'revoked') {
      ended = revocationMessage(m.data);
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
        throw new ListenError(`the API refused the stream: ${why}`);
      }
      if (failures > 0) opts.err(`Connected again to ${opts.apiUrl}${lastEventId ? `, resuming after ${lastEventId}` : ''}`);
      failures = 0;
      const openedAt = Date.now();
      await readEventStream(res.body as unknown as AsyncIterable<Uint8Array>, { onMessage, onActivity: alive });
      if (ended) break;
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
  if (ended) throw new ListenError(ended);
}

/** The `revoked` event's message (event-stream.rules.ts), or a generic one if it cannot be read. */
function revocationMessage(data: string): string {
  try {
    const { message } = JSON.parse(data) as { message?: unknown };
    if (typeof message === 'string' && message) return `the API ended the stream: ${message}`;
  } catch {
    // The generic message below.
  }
  return 'the API ended the stream: this API key was revoked';
}

/** The variables `listen` reads its credentials from: the API key, and the secret the merchant's handler verifies with. */
export const API_KEY_VARIABLE = 'LASTRO_API_KEY';
export const SECRET_VARIABLE = 'LASTRO_WEBHOOK_SECRET';

export interface ListenCredentials {
  apiKey: string;
  secret: string;
  /** Where the secret came from, printed instead of it. */
  secretFrom: string;
  /** A line to print when the secret file was created now (it names the file, not the secret). */
  created?: string;
}

/** A new secret as Lastro makes them: `whsec_` and base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Why a secret cannot sign (what the API refuses for a webhook too), or null. */
function secretProblem(secret: string): string | null {
  if (secret.length < 8) return 'at least 8 characters';
  try {
    signingKey(secret);
    return null;
  } catch {
    return 'A secret starting with whsec_ must be base64 of 24 to 64 bytes (or omit the prefix to use the text as is)';
  }
}

function checkSecret(secret: string, from: string): string {
  const problem = secretProblem(secret);
  if (problem) throw new Error(`The signing secret in ${from} is not usable: ${problem}`);
  return secret;
}

/**
 * The session's API key and signing secret, from the environment (and a secret file): what
 * the command line never carries. With `secretFile`, the secret is the file's (created with a
 * new whsec_ secret, readable by its owner only, when it does not exist yet); otherwise it is
 * LASTRO_WEBHOOK_SECRET, the variable a handler reads (docs/node-client.md).
 */
export function listenCredentials(o: { secretFile?: string; live?: boolean }, env: Record<string, string | undefined>): ListenCredentials {
  const apiKey = env[API_KEY_VARIABLE];
  if (!apiKey) throw new Error(`Put the company API key in ${API_KEY_VARIABLE} (in the environment, not on the command line, which every user of this machine can read with ps)`);
  if (apiKey.startsWith('sk_live_') && !o.live) throw new Error('That is a live key: listen forwards real customers’ data to this machine; pass --live to mean it');
  if (o.secretFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(o.secretFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`--secret-file: cannot read ${o.secretFile}: ${(err as Error).message}`);
      const secret = generateWebhookSecret();
      // `wx`: never over a file that appeared meanwhile; 0600: the owner's only.
      writeFileSync(o.secretFile, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return { apiKey, secret, secretFrom: o.secretFile, created: `Wrote a new signing secret to ${o.secretFile} (readable by you only): give your handler the same, e.g. ${SECRET_VARIABLE}="$(cat ${o.secretFile})"` };
    }
    return { apiKey, secret: checkSecret(text.trim(), o.secretFile), secretFrom: o.secretFile };
  }
  const secret = env[SECRET_VARIABLE];
  if (!secret) throw new Error(`Give the signing secret your handler verifies with: ${SECRET_VARIABLE} in the environment, or --secret-file <path> (created with a new whsec_ secret when missing)`);
  return { apiKey, secret: checkSecret(secret, SECRET_VARIABLE), secretFrom: SECRET_VARIABLE };
}
