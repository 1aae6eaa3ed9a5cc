import { spawn } from 'node:child_process';
import path from 'node:path';
import type { EventSourceMessage } from 'eventsource-parser';
import { readEventStream } from '../../src/cli/commands/listen';
import { createApiKey, rotateApiKey } from '../../src/companies/companies.service';
import { createCustomer } from '../../src/customers/customers.service';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { lastro } from '../recipients/cli';
import { eventually, Receiver } from '../webhooks/receiver';

/**
 * A revoked or rotated key, or a deleted company, ends its open event streams
 * (`GET /v1/events/stream`, src/events/event-stream.service.ts) at the stream's next poll,
 * whichever process made the change, with an `event: revoked` message, and nothing committed
 * after the change reaches them; a stream of a key still valid goes on.
 *
 * The key cache keeps a valid key's answer a minute here, far longer than any test: another
 * process's change (SQL, the CLI) is not seen by this API's other requests in that time, so a
 * stream that ends does so by its own check, and a reconnection is refused by the stream's own
 * check at opening.
 */
const t = useTestStack({ env: { API_KEY_CACHE_TTL_MS: '60000' } });

/** An open stream read in the background: its messages as they arrive, and its end. */
class Stream {
  readonly messages: EventSourceMessage[] = [];
  readonly ended: Promise<void>;
  /** The error body of a refused stream. */
  refusal: unknown;
  /** Why reading failed, when the stream did not end cleanly (closed by the test: not an error). */
  error: unknown;

  private constructor(
    readonly status: number,
    res: Response,
    private readonly stop: AbortController,
  ) {
    this.ended =
      status === 200
        ? readEventStream(res.body as unknown as AsyncIterable<Uint8Array>, { onMessage: (m) => this.messages.push(m) }).catch((err) => {
            if (!stop.signal.aborted) this.error = err;
          })
        : res.json().then((body) => void (this.refusal = body));
  }

  static async open(apiKey: string): Promise<Stream> {
    const stop = new AbortController();
    // Long enough that a stream ending here has not reached its timeout.
    const res = await fetch(`${t.stack.baseUrl}/v1/events/stream?timeout=3600`, { headers: { 'x-api-key': apiKey }, signal: stop.signal });
    return new Stream(res.status, res, stop);
  }

  /** Waits for a message matching `pred` (or the stream's end, which fails the wait). */
  async next(pred: (m: EventSourceMessage) => boolean, label: string): Promise<EventSourceMessage> {
    let over = false;
    void this.ended.finally(() => (over = true));
    return eventually(() => this.messages.find(pred) ?? (over ? Promise.reject(new Error(`the stream ended before ${label}`)) : undefined), 60_000, label);
  }

  ready(): Promise<EventSourceMessage> {
    return this.next((m) => m.event === 'ready', 'its ready event');
  }

  close(): void {
    this.stop.abort();
  }

  /** The event ids it sent (the `revoked` and `ready` messages have none). */
  get eventIds(): string[] {
    return this.messages.filter((m) => m.id).map((m) => m.id!);
  }
}

const opened: Stream[] = [];
async function openStream(apiKey: string): Promise<Stream> {
  const stream = await Stream.open(apiKey);
  opened.push(stream);
  return stream;
}
afterAll(() => opened.forEach((s) => s.close()));

/** A company with a second key: `keyId`/`apiKey` is its first one, `second` the other. */
async function companyWithTwoKeys(name: string): Promise<SeededCompany & { second: { keyId: string; apiKey: string } }> {
  const company = await t.stack.seedCompany(name);
  const em = t.stack.em();
  const second = await createApiKey(em, company.company);
  await em.flush();
  return { ...company, second };
}

const customerBody = (email: string) => ({ name: 'Maria Silva', email, type: 'individual', document: '52998224725', documentType: 'cpf', phone: '+55 11 99999-0000' });

/** A customer created through the API with a key: its `customer.created` event's entity id. */
async function createCustomerWith(apiKey: string, email: string): Promise<string> {
  const res = await t.stack.http.post('/v1/customers').set('x-api-key', apiKey).send(customerBody(email));
  expect(res.status).toBe(201);
  return res.body.id;
}

const sentCustomer = (stream: Stream, customerId: string) => stream.messages.some((m) => m.id && JSON.parse(m.data).data?.id === customerId);

/**
 * How a stream whose access ended reads: what it had sent (nothing here), then `revoked` with
 * the reason, last; then it is over.
 */
async function expectEndedBy(stream: Stream, reason: 'key_revoked' | 'company_deleted'): Promise<void> {
  const first = await stream.next((m) => m.event === 'revoked' || m.id !== undefined, 'the revoked message (or an event)');
  expect(first.event).toBe('revoked');
  await stream.ended;
  expect(stream.error).toBeUndefined();
  expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'revoked']);
  expect(JSON.parse(stream.messages[1].data)).toEqual({ reason, message: expect.any(String) });
}

async function expectRefused(apiKey: string): Promise<void> {
  const again = await openStream(apiKey);
  await again.ended;
  expect([again.status, again.refusal]).toEqual([401, { error: expect.objectContaining({ code: 'unauthenticated', message: 'Invalid or revoked API key' }) }]);
}

describe('a key revoked by another process', () => {
  it('straight in the database: its stream ends, sends nothing committed after, and cannot be opened again; the other key’s stream goes on', async () => {
    const acme = await companyWithTwoKeys('Revoked by SQL');
    const revoked = await openStream(acme.second.apiKey);
    const kept = await openStream(acme.apiKey);
    await Promise.all([revoked.ready(), kept.ready()]);

    await t.stack.em().getConnection().execute(`update api_keys set revoked_at = now() where id = ?`, [acme.second.keyId]);
    // Committed after the revocation: the revoked key's stream must never carry it.
    const customerId = await createCustomerWith(acme.apiKey, 'after-revoke@example.com');

    await expectEndedBy(revoked, 'key_revoked');
    expect(sentCustomer(revoked, customerId)).toBe(false);
    await kept.next((m) => m.id !== undefined && JSON.parse(m.data).data?.id === customerId, "the customer on the valid key's stream");
    await expectRefused(acme.second.apiKey);
    // Refused by the stream's check, and forgotten by this process's key cache with it.
    const settings = await t.stack.http.get('/v1/settings/refunds').set('x-api-key', acme.second.apiKey);
    expect([settings.status, settings.body.error?.code]).toEqual([401, 'unauthenticated']);

    // The valid key's stream is still open and still sending.
    const later = await createCustomerWith(acme.apiKey, 'later@example.com');
    await kept.next((m) => m.id !== undefined && JSON.parse(m.data).data?.id === later, 'a later customer on the valid key’s stream');
  });

  it('`lastro keys revoke`: its stream ends and a customer created afterwards never arrives on it', async () => {
    const acme = await companyWithTwoKeys('Revoked by CLI');
    const stream = await openStream(acme.second.apiKey);
    await stream.ready();

    const out = await lastro(t.stack, 'keys', 'revoke', acme.second.keyId);
    expect([out.code, out.code === 0 ? '' : out.stderr]).toEqual([0, '']);
    const customerId = await createCustomerWith(acme.apiKey, 'after-cli@example.com');

    await expectEndedBy(stream, 'key_revoked');
    expect(sentCustomer(stream, customerId)).toBe(false);
    await expectRefused(acme.second.apiKey);
  });
});

it("a rotated key: the old value's stream ends, the new key opens one", async () => {
  const acme = await t.stack.seedCompany('Rotated');
  const stream = await openStream(acme.apiKey);
  await stream.ready();

  const rotated = await rotateApiKey(t.stack.em(), acme.keyId);
  const customerId = await createCustomerWith(rotated!.created.apiKey, 'after-rotate@example.com');

  await expectEndedBy(stream, 'key_revoked');
  expect(sentCustomer(stream, customerId)).toBe(false);
  await expectRefused(acme.apiKey);
  const fresh = await openStream(rotated!.created.apiKey);
  expect(fresh.status).toBe(200);
  await fresh.ready();
});

it("a deleted company: every key's stream ends, and nothing recorded after reaches them", async () => {
  const acme = await companyWithTwoKeys('Deleted');
  const streams = [await openStream(acme.apiKey), await openStream(acme.second.apiKey)];
  await Promise.all(streams.map((s) => s.ready()));

  await t.stack.em().getConnection().execute(`update companies set deleted_at = now() where id = ?`, [acme.company.id]);
  // Whatever still writes for the company (a worker finishing its work) records after the deletion.
  const em = t.stack.em();
  const { event } = await createCustomer(em, acme.company.id, { ...customerBody('after-delete@example.com'), type: 'individual', documentType: 'cpf' });
  await em.flush();

  for (const stream of streams) {
    await expectEndedBy(stream, 'company_deleted');
    expect(stream.eventIds).not.toContain(event.id);
  }
  await expectRefused(acme.apiKey);
});

it('`lastro listen` with a key revoked mid-session stops at the stream\'s word, without reconnecting, forwarding nothing after', async () => {
  const receiver = new Receiver();
  await receiver.start();
  const acme = await companyWithTwoKeys('Listening');
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'listen', '--forward-to', receiver.url('/hook'), '--api-url', t.stack.baseUrl], {
    cwd: root,
    env: { ...process.env, LASTRO_API_KEY: acme.second.apiKey, LASTRO_WEBHOOK_SECRET: 'a local test secret' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await eventually(() => stdout.includes('Ready!') || child.exitCode !== null, 60_000, 'the CLI ready');
    expect([child.exitCode, stderr]).toEqual([null, '']);
    await t.stack.em().getConnection().execute(`update api_keys set revoked_at = now() where id = ?`, [acme.second.keyId]);
    await createCustomerWith(acme.apiKey, 'after-listen@example.com');

    // Either it stops (as it must) or it forwards the customer (as it did): whichever comes first.
    const outcome = await Promise.race([exited.then((code) => ({ code })), eventually(() => receiver.received('/hook').length > 0, 120_000, 'a forward').then(() => ({ forwarded: true }))]);
    expect(outcome).toEqual({ code: expect.any(Number) });
    expect((outcome as { code: number }).code).not.toBe(0);
    expect(stderr).toContain('the API ended the stream: The API key of this stream was revoked');
    expect(stderr).not.toContain('reconnecting');
    expect(receiver.received('/hook')).toEqual([]);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await receiver.close();
  }
});
