import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { EventSourceMessage } from 'eventsource-parser';
import { createApp } from '../../src/app';
import { readEventStream } from '../../src/cli/commands/listen';
import { createCustomer } from '../../src/customers/customers.service';
import { EVENT_TYPES } from '../../src/events/catalog';
import { envelopeBody } from '../../src/webhooks/deliveries.service';
import { generateWebhookSecret } from '../../src/webhooks/webhook-signature';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { eventually, Receiver } from './receiver';

/**
 * `lastro listen` end to end: the real CLI (a child process, as `npm run lastro -- listen`
 * runs it) against the real API over HTTP, forwarding to a local receiver. Payments made through
 * the API arrive signed for the secret the CLI printed; the API restarts on the same port and
 * the events recorded meanwhile and after arrive with their ids; another company's never do.
 */

const root = path.resolve(__dirname, '..', '..');

/** The CLI as a child process, its output lines collected. */
class Cli {
  readonly out: string[] = [];
  readonly err: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(args: string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (into: string[]) => {
      let partial = '';
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop()!;
        into.push(...lines);
      };
    };
    this.child.stdout!.on('data', collect(this.out));
    this.child.stderr!.on('data', collect(this.err));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  async line(where: 'out' | 'err', pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    return eventually(() => this[where].find((l) => pattern.test(l)), timeoutMs, `a CLI line matching ${pattern} (out: ${this.out.join(' | ')}; err: ${this.err.join(' | ')})`);
  }

  interrupt(): void {
    this.child.kill('SIGINT');
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

const receiver = new Receiver();
let restarted: Server | undefined;
let cli: Cli | undefined;
beforeAll(() => receiver.start());
afterAll(async () => {
  cli?.kill();
  restarted?.closeAllConnections();
  await new Promise((resolve) => (restarted ? restarted.close(resolve) : resolve(undefined)));
  await receiver.close();
});
const t = useTestStack({ companies: ['Acme', 'Other'] });

async function api(company: SeededCompany | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${t.stack.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(company ? company.headers : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A card payment as a merchant makes one: the buyer's browser tokenizes, the server charges. */
async function payByCard(company: SeededCompany, referenceCode: string): Promise<string> {
  const card = { number: '4111111111111111', holder: 'Maria Silva', document: '52998224725', cvv: '123', expiration: '12/2030' };
  const token = await api(null, 'POST', '/v1/tokens/cards', { companyId: company.company.id, card });
  expect(token.status).toBe(201);
  const txn = await api(company, 'POST', '/v1/transactions', {
    referenceCode,
    items: [{ description: 'Camiseta', quantity: 1, amount: 5990 }],
    payments: [{ paymentMethod: 'credit_card', amount: 5990, creditCard: { token: token.body.tokenId, installments: 1 } }],
  });
  expect(txn.status).toBe(201);
  expect(txn.body.status).toBe('paid');
  return txn.body.id;
}

/** A company's webhook events recorded at or after `from`, as the outbox holds them. */
async function recorded(company: SeededCompany, from: Date): Promise<Map<string, Record<string, unknown>>> {
  const rows: { id: string; payload: Record<string, unknown> }[] = await t.stack
    .em()
    .execute(`select id, payload from events where company_id = ? and created_at >= ? and type in (${EVENT_TYPES.map(() => '?').join(', ')}) order by id`, [
      company.company.id,
      from,
      ...EVENT_TYPES,
    ]);
  return new Map(rows.map((r) => [r.id, r.payload]));
}

/** Reads a stream until it ends (its timeout), or until `until` says enough. */
async function readStream(query: string, headers: Record<string, string>, until?: (messages: EventSourceMessage[]) => boolean): Promise<{ status: number; messages: EventSourceMessage[]; contentType: string | null }> {
  const stop = new AbortController();
  const res = await fetch(`${t.stack.baseUrl}/v1/events/stream${query}`, { headers, signal: stop.signal });
  const messages: EventSourceMessage[] = [];
  if (res.status !== 200) return { status: res.status, messages, contentType: res.headers.get('content-type') };
  try {
    await readEventStream(res.body as unknown as AsyncIterable<Uint8Array>, {
      onMessage: (m) => {
        messages.push(m);
        if (until?.(messages)) stop.abort();
      },
    });
  } catch (err) {
    if (!stop.signal.aborted) throw err;
  }
  return { status: res.status, messages, contentType: res.headers.get('content-type') };
}

describe('GET /v1/events/stream', () => {
  it('needs the API key, and checks its filters and the Last-Event-ID header', async () => {
    expect((await readStream('?timeout=1', {})).status).toBe(401);
    const badCode = await fetch(`${t.stack.baseUrl}/v1/events/stream?events=transaction.paid,nope`, { headers: t.company.Acme.headers });
    expect(badCode.status).toBe(400);
    expect((await badCode.json()).error.code).toBe('validation_failed');
    const badId = await fetch(`${t.stack.baseUrl}/v1/events/stream`, { headers: { ...t.company.Acme.headers, 'Last-Event-ID': 'evt_1 or 1=1' } });
    expect(badId.status).toBe(400);
    expect((await badId.json()).error.details).toEqual([{ path: 'Last-Event-ID', message: expect.any(String) }]);
    expect((await fetch(`${t.stack.baseUrl}/v1/events/stream?timeout=0`, { headers: t.company.Acme.headers })).status).toBe(400);
  });

  it('ends after its timeout, having said where the session starts', async () => {
    const started = Date.now();
    const { status, messages, contentType } = await readStream('?timeout=1', t.company.Acme.headers);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/event-stream/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(messages).toEqual([{ event: 'ready', id: undefined, data: expect.any(String) }]);
    expect(JSON.parse(messages[0].data)).toEqual({ companyId: t.company.Acme.company.id, since: expect.any(String), resumedAfter: null });
  });

  it('resumes after a Last-Event-ID with the events recorded since, the caller’s only, filtered by code', async () => {
    const from = new Date();
    const em = t.stack.em();
    const a = await createCustomer(em, t.company.Acme.company.id, customer('a1@example.com'));
    const other = await createCustomer(em, t.company.Other.company.id, customer('o1@example.com'));
    const b = await createCustomer(em, t.company.Acme.company.id, customer('a2@example.com'));
    await em.flush();
    const since = from.toISOString();
    const resumed = await readStream(`?timeout=1&since=${encodeURIComponent(since)}`, { ...t.company.Acme.headers, 'Last-Event-ID': a.event.id });
    const ids = resumed.messages.filter((m) => m.id).map((m) => m.id);
    // After a: b; a itself again (the late-commit look-back: the client drops what it has); never Other's.
    expect(ids).toEqual(expect.arrayContaining([a.event.id, b.event.id]));
    expect(ids).not.toContain(other.event.id);
    const bMessage = resumed.messages.find((m) => m.id === b.event.id)!;
    expect(bMessage.data).toBe(envelopeBody((await recorded(t.company.Acme, from)).get(b.event.id)!));
    // The same through the query field, with a filter that leaves customers out.
    const filtered = await readStream(`?timeout=1&events=transaction.paid&lastEventId=${a.event.id}&since=${encodeURIComponent(since)}`, t.company.Acme.headers);
    expect(filtered.messages.filter((m) => m.id)).toEqual([]);
  });
});

/** A customer's fields, as the API takes them and as the service gets them after parsing. */
function customer(email: string) {
  return { name: 'Maria Silva', email, type: 'individual' as const, document: '52998224725', documentType: 'cpf' as const, phone: '+55 11 99999-0000' };
}

describe('lastro listen', () => {
  let secret: string;
  let from: Date;
  const hook = () => receiver.received('/hook');
  const forwardedIds = () => hook().map((r) => JSON.parse(r.body).id as string);

  it('starts with the key and the secret from its environment, and forwards a payment’s events signed with that secret, one line each', async () => {
    secret = generateWebhookSecret();
    cli = new Cli(['listen', '--forward-to', receiver.url('/hook'), '--api-url', t.stack.baseUrl], { LASTRO_API_KEY: t.company.Acme.apiKey, LASTRO_WEBHOOK_SECRET: secret });
    await cli.line('out', /^Ready! Forwarding events of comp_/);
    await cli.line('out', /^Signing with the secret from LASTRO_WEBHOOK_SECRET \(\^C to quit\)$/);

    from = new Date();
    const txnId = await payByCard(t.company.Acme, 'listen-1');
    await payByCard(t.company.Other, 'listen-other-1');
    const paid = await eventually(() => hook().find((r) => JSON.parse(r.body).event === 'transaction.paid'), 30_000, 'transaction.paid forwarded');
    expect(JSON.parse(paid.body).data.id).toBe(txnId);
    expect(paid.headers['content-type']).toBe('application/json');
    const verified = new Webhook(secret).verify(paid.body, paid.headers as Record<string, string>) as { id: string };
    expect(paid.headers['webhook-id']).toBe(verified.id);
    expect(paid.body).toBe(envelopeBody((await recorded(t.company.Acme, from)).get(verified.id)!));
    await cli.line('out', new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d {2}transaction\\.paid {2}${verified.id} {2}--> 200 \\[\\d+ ms\\]$`));
  });

  it('forwards an event whose transaction committed after a later one was sent', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lateId = '';
    // A slow transaction: its event is recorded (id and createdAt taken) now, committed later.
    const slow = t.stack.em().transactional(async (em) => {
      lateId = (await createCustomer(em, t.company.Acme.company.id, customer('late@example.com'))).event.id;
      await em.flush();
      await held;
    });
    await eventually(() => lateId, 5_000, 'the slow event recorded');
    const quick = await api(t.company.Acme, 'POST', '/v1/customers', customer('quick@example.com'));
    expect(quick.status).toBe(201);
    await eventually(() => hook().some((r) => JSON.parse(r.body).data.id === quick.body.id), 15_000, 'the quick event forwarded');
    expect(forwardedIds()).not.toContain(lateId);
    release();
    await slow;
    await eventually(() => forwardedIds().includes(lateId), 15_000, 'the late event forwarded');
  });

  it('survives a restart of the API: what is recorded while it is down and after arrives, with the same ids', async () => {
    const port = Number(new URL(t.stack.baseUrl).port);
    t.stack.server.closeAllConnections();
    await new Promise((resolve) => t.stack.server.close(resolve));
    // The worker (and anything else with the database) goes on recording while the API is away.
    const em = t.stack.em();
    const down = await createCustomer(em, t.company.Acme.company.id, customer('down@example.com'));
    await em.flush();
    await cli!.line('err', /^Lost the connection to .* reconnecting in [\d.]+ s \(attempt 1\)$/);
    await cli!.line('err', /\(attempt 2\)$/);

    restarted = createApp(t.stack.deps).listen(port, '127.0.0.1');
    await new Promise((resolve) => restarted!.once('listening', resolve));
    await cli!.line('err', /^Connected again to .*, resuming after evt_/);
    await eventually(() => forwardedIds().includes(down.event.id), 15_000, 'the event recorded while the API was down');
    await payByCard(t.company.Acme, 'listen-2');
    await payByCard(t.company.Other, 'listen-other-2');

    // Everything Acme recorded since the first payment arrived exactly once, as recorded.
    await eventually(async () => [...(await recorded(t.company.Acme, from)).keys()].every((id) => forwardedIds().includes(id)), 30_000, 'every Acme event forwarded');
    const all = await recorded(t.company.Acme, from);
    const ids = forwardedIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...all.keys()].sort());
    const wh = new Webhook(secret);
    for (const r of hook()) {
      const id = JSON.parse(r.body).id as string;
      expect(r.body).toBe(envelopeBody(all.get(id)!));
      expect(wh.verify(r.body, r.headers as Record<string, string>)).toBeTruthy();
    }
  });

  it('never forwards another company’s events', async () => {
    const others = await recorded(t.company.Other, from);
    expect(others.size).toBeGreaterThan(4);
    const ids = new Set(forwardedIds());
    expect([...others.keys()].filter((id) => ids.has(id))).toEqual([]);
    expect(hook().every((r) => JSON.parse(r.body).companyId === t.company.Acme.company.id)).toBe(true);
  });

  it('stops cleanly on Ctrl-C, having printed neither the key nor the secret', async () => {
    cli!.interrupt();
    expect(await cli!.exited).toBe(0);
    expect(cli!.out[cli!.out.length - 1]).toBe('Stopped.');
    const printed = [...cli!.out, ...cli!.err].join('\n');
    expect(printed).not.toContain(secret);
    expect(printed).not.toContain(t.company.Acme.apiKey);
  });
});
