import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { Webhook } from 'standardwebhooks';
import { listen, listenCredentials, register } from '../../src/cli/commands/listen';
import type { CliContext } from '../../src/cli/context';
import { formatSseMessage } from '../../src/events/event-stream.rules';
import { generateWebhookSecret } from '../../src/webhooks/webhook-signature';

/**
 * `lastro listen` and its credentials: the API key and the signing secret come from the
 * environment (or a file), never from the command line, which `ps` shows every user of the
 * machine, and neither is ever printed.
 */

const KEY = 'sk_sandbox_k3yN0tForPrinting';

describe('the command line carries no credential', () => {
  function program(): Command {
    const p = new Command('lastro').exitOverride();
    register(p, { config: { urls: { publicBase: 'http://127.0.0.1:1' } } } as unknown as CliContext);
    return p;
  }
  const run = (args: string[]) => program().parseAsync(['node', 'lastro', 'listen', '--forward-to', 'http://127.0.0.1:4000/hook', ...args]);

  it.each([
    ['--api-key', KEY, /--api-key is not accepted: a command line is visible to every user of this machine \(ps\)\. Put the key in LASTRO_API_KEY/],
    ['--secret', 'whsec_dGhpcyBpcyBub3QgYSByZWFsIHNlY3JldCBhdCBhbGw=', /--secret is not accepted: .* Use LASTRO_WEBHOOK_SECRET or --secret-file/],
  ])('refuses %s, without repeating its value', async (flag, value, message) => {
    const err = await run([flag, value]).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(message);
    expect(err?.message).not.toContain(value);
  });

  it('offers neither flag in its help, and names the variables', () => {
    const listenCommand = program().commands.find((c) => c.name() === 'listen')!;
    let help = '';
    listenCommand.configureOutput({ writeOut: (s) => (help += s) });
    listenCommand.outputHelp();
    expect(help).not.toMatch(/--api-key|--secret </);
    expect(help).toContain('--secret-file <path>');
    expect(help).toMatch(/LASTRO_API_KEY .*required/);
    expect(help).toContain('LASTRO_WEBHOOK_SECRET');
  });
});

describe('listenCredentials', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lastro-listen-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the key from LASTRO_API_KEY and the secret from LASTRO_WEBHOOK_SECRET', () => {
    const secret = generateWebhookSecret();
    expect(listenCredentials({}, { LASTRO_API_KEY: KEY, LASTRO_WEBHOOK_SECRET: secret })).toEqual({ apiKey: KEY, secret, secretFrom: 'LASTRO_WEBHOOK_SECRET' });
  });

  it.each<[string, Record<string, string>, { secretFile?: string; live?: boolean }, RegExp]>([
    ['no key', { LASTRO_WEBHOOK_SECRET: 'a merchant secret' }, {}, /^Put the company API key in LASTRO_API_KEY/],
    ['a live key without --live', { LASTRO_API_KEY: 'sk_live_abc', LASTRO_WEBHOOK_SECRET: 'a merchant secret' }, {}, /That is a live key/],
    ['no secret', { LASTRO_API_KEY: KEY }, {}, /LASTRO_WEBHOOK_SECRET in the environment, or --secret-file <path>/],
    ['a secret under 8 characters', { LASTRO_API_KEY: KEY, LASTRO_WEBHOOK_SECRET: 'pw12345' }, {}, /The signing secret in LASTRO_WEBHOOK_SECRET is not usable: at least 8 characters/],
    ['a damaged whsec_ secret', { LASTRO_API_KEY: KEY, LASTRO_WEBHOOK_SECRET: 'whsec_c2hvcnQ*' }, {}, /is not usable: A secret starting with whsec_ must be base64/],
  ])('refuses %s, and the message carries no credential', (_label, env, o, message) => {
    let err: Error | undefined;
    try {
      listenCredentials(o, env);
    } catch (e) {
      err = e as Error;
    }
    expect(err?.message).toMatch(message);
    for (const value of Object.values(env)) expect(err!.message).not.toContain(value);
  });

  it('creates the secret file when missing, readable by its owner only, and reads it the next time', () => {
    const file = join(dir, 'listen-secret');
    const first = listenCredentials({ secretFile: file }, { LASTRO_API_KEY: KEY });
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(readFileSync(file, 'utf8')).toBe(`${first.secret}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secretFrom).toBe(file);
    expect(first.created).toContain(file);
    expect(first.created).not.toContain(first.secret);
    const again = listenCredentials({ secretFile: file }, { LASTRO_API_KEY: KEY, LASTRO_WEBHOOK_SECRET: 'ignored: the file is named' });
    expect(again).toEqual({ apiKey: KEY, secret: first.secret, secretFrom: file });

    writeFileSync(file, 'short\n');
    expect(() => listenCredentials({ secretFile: file }, { LASTRO_API_KEY: KEY })).toThrow(`The signing secret in ${file} is not usable: at least 8 characters`);
  });
});

describe('a listen session prints neither the key nor the secret', () => {
  it('says where the secret comes from, and signs with it', async () => {
    const secret = generateWebhookSecret();
    const out: string[] = [];
    const err: string[] = [];
    const stop = new AbortController();
    const forwarded: { headers: Record<string, string>; body: string }[] = [];
    let streams = 0;
    const fetchStub = (async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === '/hook') {
        forwarded.push({ headers: init.headers as Record<string, string>, body: String(init.body) });
        setImmediate(() => stop.abort());
        return new Response('ok', { status: 200 });
      }
      // The first stream breaks after one event (a reconnection is printed); the second is refused.
      if (++streams === 2) return new Response(JSON.stringify({ error: { code: 'unavailable', message: 'try later', requestId: 'req_1' } }), { status: 503 });
      const ready = formatSseMessage({ event: 'ready', data: JSON.stringify({ companyId: 'comp_1', since: '2026-01-01T00:00:00.000Z' }) });
      const event = formatSseMessage({ id: 'evt_a', data: JSON.stringify({ id: 'evt_a', event: 'customer.created', companyId: 'comp_1', createdAt: 'x', data: { id: 'cust_1' } }) });
      return new Response(new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode(ready + event)), c.close()) }), { status: 200 });
    }) as typeof fetch;

    await listen({
      apiUrl: 'http://api.test',
      apiKey: KEY,
      forwardTo: 'http://127.0.0.1:4000/hook',
      events: [],
      secret,
      secretFrom: 'LASTRO_WEBHOOK_SECRET',
      signal: stop.signal,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      fetch: fetchStub,
      random: () => 0,
    });

    expect(out[0]).toBe('Ready! Forwarding events of comp_1 to http://127.0.0.1:4000/hook');
    expect(out[1]).toBe('Signing with the secret from LASTRO_WEBHOOK_SECRET (^C to quit)');
    expect(forwarded).toHaveLength(1);
    expect(new Webhook(secret).verify(forwarded[0].body, forwarded[0].headers)).toMatchObject({ id: 'evt_a' });
    const printed = [...out, ...err].join('\n');
    expect(printed).not.toContain(secret);
    expect(printed).not.toContain(secret.slice('whsec_'.length, 20));
    expect(printed).not.toContain(KEY);
  });
});
