import fs from 'node:fs';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { assertWebhookUrlAllowed } from '../../src/webhooks/webhooks.service';
import { RETURN_DATA_MAX_BYTES, sendWebhookRequest } from '../../src/webhooks/webhook-sender';
import type { Resolver } from '../../src/webhooks/url-guard';
import { ATTEMPT_TIMEOUT_MS } from '../../src/webhooks/delivery-schedule.rules';
import { heldServer, isPending } from '../helpers/held-server';
import { Receiver, Trap } from './receiver';

/**
 * The sender against real local sockets, with a scripted DNS: the DNS-rebinding cases need a
 * resolver that changes its answer, which only a test can provide.
 */
let receiver: Receiver;
let trap: Trap;

beforeAll(async () => {
  receiver = await new Receiver().start();
  trap = await new Trap().start();
});
afterAll(async () => {
  await receiver.close();
  await trap.close();
});

/** Answers each lookup with the next entry (the last one repeats), counting the calls. */
function scriptedResolver(...answers: string[][]): Resolver & { calls: number } {
  const resolve = Object.assign(async () => answers[Math.min(resolve.calls++, answers.length - 1)], { calls: 0 });
  return resolve;
}

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

const send = (url: string, resolve: Resolver, allowlist: string[] = []) =>
  sendWebhookRequest({ url, body: '{"id":"evt_1"}', headers: { 'webhook-id': 'evt_1' }, allowlist, resolve, timeoutMs: 3000 });

describe('DNS at create and at send', () => {
  it('refuses at send a host that resolved to a public address at create and to 127.0.0.1 now (rebinding)', async () => {
    const resolve = scriptedResolver(['93.184.216.34'], ['127.0.0.1']);
    const url = `https://rebind.example:${trap.port}/hook`;
    await expect(assertWebhookUrlAllowed(url, { allowlist: [], resolve })).resolves.toBeUndefined();
    const res = await send(url, resolve);
    expect(res).toEqual({ kind: 'error', refused: true, message: 'URL refused: rebind.example resolves to 127.0.0.1 is loopback (127.0.0.0/8)' });
    expect(resolve.calls).toBe(2);
    expect(trap.connections).toBe(0);
  });

  it('asks DNS again at every send of the same URL (only what the URL text decides is kept between sends)', async () => {
    const allowlist: string[] = [];
    const resolve = scriptedResolver(['127.0.0.1'], ['10.1.2.3']);
    const url = `https://again.example:${trap.port}/hook`;
    expect(await send(url, resolve, allowlist)).toMatchObject({ refused: true, message: 'URL refused: again.example resolves to 127.0.0.1 is loopback (127.0.0.0/8)' });
    expect(await send(url, resolve, allowlist)).toMatchObject({ refused: true, message: expect.stringContaining('again.example resolves to 10.1.2.3') });
    expect(resolve.calls).toBe(2);
    expect(trap.connections).toBe(0);
  });

  it('refuses a host with any private address among its answers', async () => {
    const resolve = scriptedResolver(['93.184.216.34', '10.0.0.8']);
    await expect(assertWebhookUrlAllowed('https://mixed.example/hook', { allowlist: [], resolve })).rejects.toMatchObject({ status: 400, code: 'webhook_url_not_allowed' });
    const v6 = scriptedResolver(['2606:4700::1111', '::ffff:169.254.169.254']);
    await expect(assertWebhookUrlAllowed('https://mixed6.example/hook', { allowlist: [], resolve: v6 })).rejects.toMatchObject({ code: 'webhook_url_not_allowed' });
  });

  it('refuses a host that does not resolve', async () => {
    const resolve: Resolver = async () => {
      throw new Error('getaddrinfo ENOTFOUND');
    };
    await expect(assertWebhookUrlAllowed('https://nowhere.example/hook', { allowlist: [], resolve })).rejects.toMatchObject({
      message: 'url: nowhere.example does not resolve (getaddrinfo ENOTFOUND)',
    });
  });

  it('connects to the address it checked: one lookup per send, never a second one at connect time', async () => {
    // Allowlisted by name (as in development), the first answer is this machine's receiver;
    // every later answer is the metadata service. The request must reach the receiver.
    const resolve = scriptedResolver(['127.0.0.1'], ['169.254.169.254']);
    const res = await send(`http://hooks.test:${receiver.port}/pinned`, resolve, [`hooks.test:${receiver.port}`]);
    expect(res).toMatchObject({ kind: 'response', status: 200 });
    expect(resolve.calls).toBe(1);
    const [req] = receiver.received('/pinned');
    expect(req.headers.host).toBe(`hooks.test:${receiver.port}`);
  });
});

describe('TLS to the checked address', () => {
  // A certificate for hooks.test that no CA signed (test/webhooks/fixtures). hooks.test resolves
  // nowhere but through the scripted DNS, to the address this server listens on.
  it('names the URL\'s host in the handshake (SNI) and checks the certificate', async () => {
    const names: string[] = [];
    const server = https.createServer({
      key: fixture('hooks-test.key.pem'),
      cert: fixture('hooks-test.cert.pem'),
      SNICallback: (name, done) => (names.push(name), done(null, undefined)),
    });
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const resolve = scriptedResolver(['127.0.0.1']);
      const res = await send(`https://hooks.test:${port}/tls`, resolve, [`hooks.test:${port}`]);
      expect(res).toEqual({ kind: 'error', refused: false, message: expect.stringMatching(/^Request failed: .*self-signed certificate/) });
      expect(resolve.calls).toBe(1);
      expect(names).toEqual(['hooks.test']);
    } finally {
      server.close();
    }
  });
});

describe('every SSRF vector at send time', () => {
  // Each of these reaches this machine (the trap's port) if the guard lets it through.
  const vectors = (port: number) => [
    `https://127.0.0.1:${port}/`,
    `https://2130706433:${port}/`,
    `https://0x7f.1:${port}/`,
    `https://127.1:${port}/`,
    `https://0177.0.0.1:${port}/`,
    `https://0.0.0.0:${port}/`,
    `https://[::1]:${port}/`,
    `https://[::ffff:127.0.0.1]:${port}/`,
    `https://[::ffff:7f00:1]:${port}/`,
    `https://[64:ff9b::7f00:1]:${port}/`,
    `https://localhost:${port}/`,
    `https://metadata.google.internal:${port}/`,
    `http://127.0.0.1:${port}/`,
    `https://169.254.169.254:${port}/latest/meta-data/`,
    `https://10.0.0.1:${port}/`,
    `https://[fd00::1]:${port}/`,
    `https://[fe80::1]:${port}/`,
    `https://100.64.0.1:${port}/`,
  ];

  it('refuses them all without connecting (and without resolving literal addresses)', async () => {
    for (const url of vectors(trap.port)) {
      const resolve = scriptedResolver(['127.0.0.1']);
      const res = await send(url, resolve);
      expect({ url, res }).toEqual({ url, res: { kind: 'error', refused: true, message: expect.stringMatching(/^URL refused: /) } });
      expect(resolve.calls).toBe(0);
    }
    expect(trap.connections).toBe(0);
  });

  it.each([['127.0.0.1'], ['10.1.2.3'], ['169.254.169.254'], ['::1'], ['::ffff:127.0.0.1'], ['fd00::2'], ['0.0.0.0']])(
    'refuses a host name that resolves to %s',
    async (address) => {
      const res = await send(`https://innocent.example:${trap.port}/`, scriptedResolver([address]));
      expect(res).toMatchObject({ kind: 'error', refused: true });
      expect(trap.connections).toBe(0);
    },
  );
});

describe('answers', () => {
  it('does not follow a redirect and returns the 3xx', async () => {
    receiver.on('/moved', () => ({ status: 301, headers: { location: `http://127.0.0.1:${trap.port}/` } }));
    const res = await send(receiver.url('/moved'), scriptedResolver([]), [`127.0.0.1:${receiver.port}`]);
    expect(res).toMatchObject({ kind: 'response', status: 301 });
    expect(trap.connections).toBe(0);
  });

  // Fake timers (only setTimeout): the clock moves when the test moves it, so the endpoint
  // has the request before the timeout can fire, however slow the machine. Sockets stay real.
  it.each([
    ['a given timeout', 300],
    ['by default, ATTEMPT_TIMEOUT_MS', undefined],
  ])('gives up after the timeout (%s): not a millisecond earlier, then closes the connection', async (_label, timeoutMs) => {
    const waits = timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    const endpoint = await heldServer();
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'] });
    try {
      const sending = sendWebhookRequest({ url: `${endpoint.url}/held`, body: '{}', headers: {}, allowlist: [`127.0.0.1:${endpoint.port}`], timeoutMs });
      const exchange = await endpoint.first;
      expect({ method: exchange.method, path: exchange.path }).toEqual({ method: 'POST', path: '/held' });
      jest.advanceTimersByTime(waits - 1);
      expect(await isPending(sending)).toBe(true);
      jest.advanceTimersByTime(1);
      expect(await isPending(sending)).toBe(false);
      expect(await sending).toEqual({ kind: 'error', refused: false, message: `Timed out after ${waits} ms` });
      expect(await exchange.ended).toBe('closed by the client');
    } finally {
      jest.useRealTimers();
      await endpoint.close();
    }
  });

  it('reads the answer that follows an informational 1xx, and only its headers: status, Content-Type, Retry-After and body', async () => {
    const endpoint = await rawEndpoint(['HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\nRetry-After: 1\r\n\r\n', 'HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nRetry-After: 120\r\nContent-Length: 4\r\n\r\nbusy']);
    try {
      expect(await send(endpoint.url('/early'), scriptedResolver([]), [`127.0.0.1:${endpoint.port}`])).toEqual({
        kind: 'response',
        status: 429,
        retryAfter: '120',
        returnData: { contentType: 'text/plain', body: 'busy', truncated: false },
      });
    } finally {
      await endpoint.close();
    }
  });

  it('stops reading an endless answer at 4 KiB: keeps what it read, marks it truncated and closes the connection', async () => {
    // Chunked and never finished: only the client can end this exchange.
    const endpoint = await rawEndpoint(['HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n', `1400\r\n${'x'.repeat(0x1400)}\r\n`]);
    try {
      const res = await send(endpoint.url('/endless'), scriptedResolver([]), [`127.0.0.1:${endpoint.port}`]);
      expect(res).toEqual({ kind: 'response', status: 500, retryAfter: null, returnData: { contentType: 'text/plain', body: 'x'.repeat(RETURN_DATA_MAX_BYTES), truncated: true } });
      expect(await endpoint.closed).toBe('closed by the client');
    } finally {
      await endpoint.close();
    }
  });

  it('times out an answer whose body trickles: the timeout bounds the whole exchange, not only the wait for headers', async () => {
    const endpoint = await rawEndpoint(['HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nfirst bytes']);
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'] });
    try {
      const sending = sendWebhookRequest({ url: endpoint.url('/trickle'), body: '{}', headers: {}, allowlist: [`127.0.0.1:${endpoint.port}`], timeoutMs: 300 });
      await endpoint.answered;
      expect(await isPending(sending)).toBe(true);
      jest.advanceTimersByTime(300);
      expect(await sending).toEqual({ kind: 'error', refused: false, message: 'Timed out after 300 ms' });
      expect(await endpoint.closed).toBe('closed by the client');
    } finally {
      jest.useRealTimers();
      await endpoint.close();
    }
  });

  it('reports a refused connection as an error without an HTTP status', async () => {
    const res = await sendWebhookRequest({ url: 'http://127.0.0.1:1/x', body: '{}', headers: {}, allowlist: ['127.0.0.1:1'] });
    expect(res).toMatchObject({ kind: 'error', refused: false, message: expect.stringContaining('ECONNREFUSED') });
  });
});

/**
 * An endpoint that answers the first request on a connection with the given bytes, written as they are (the
 * answers node:http would not write: an informational 1xx before the answer, a body that never ends), and keeps
 * the connection open: `closed` tells who ended it.
 */
async function rawEndpoint(writes: string[]) {
  const sockets = new Set<net.Socket>();
  let closing = false;
  let answered!: () => void;
  let closedBy!: (by: 'closed by the client' | 'closed by the test') => void;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => {
      for (const w of writes) socket.write(w);
      answered();
    });
    socket.on('close', () => closedBy(closing ? 'closed by the test' : 'closed by the client'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    answered: new Promise<void>((resolve) => (answered = resolve)),
    closed: new Promise<string>((resolve) => (closedBy = resolve)),
    async close() {
      closing = true;
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
