import { Lastro } from '../../src/sdk-node/index';
import { version } from '../../src/sdk-node/package.json';
import { eventTime, resendEvent } from '../../src/sdk-node/cli/events';
import { main, type CliIo } from '../../src/sdk-node/cli/main';
import { trigger } from '../../src/sdk-node/cli/trigger';

/** The lastro bin's rules that need no API: arguments, credentials, event ids, refusals. */

function io(env: Record<string, string | undefined> = {}): CliIo & { out: jest.Mock; err: jest.Mock; lines(): string } {
  const out = jest.fn();
  const err = jest.fn();
  return { env, out, err, signal: new AbortController().signal, lines: () => [...out.mock.calls, ...err.mock.calls].map((c) => c[0]).join('\n') };
}

describe('lastro (the bin)', () => {
  it('prints its version and help', async () => {
    const a = io();
    expect(await main(['--version'], a)).toBe(0);
    expect(a.out).toHaveBeenCalledWith(version);
    const b = io();
    expect(await main([], b)).toBe(0);
    expect(b.lines()).toMatch(/lastro listen --forward-to <url>/);
    expect(b.lines()).toMatch(/LASTRO_API_KEY .*required/);
  });

  it.each([
    [['listen', '--forward-to', 'http://127.0.0.1:4000/hook', '--api-key', 'sk_sandbox_x'], {}, /--api-key is not accepted/],
    [['listen', '--forward-to', 'http://127.0.0.1:4000/hook', '--secret', 'abcdefgh'], {}, /--secret is not accepted/],
    [['listen'], { LASTRO_API_KEY: 'sk_sandbox_x' }, /listen needs --forward-to/],
    [['listen', '--forward-to', 'ftp://x'], { LASTRO_API_KEY: 'sk_sandbox_x' }, /must be an http or https URL/],
    [['listen', '--forward-to', 'http://127.0.0.1:4000/hook'], {}, /Put the company API key in LASTRO_API_KEY/],
    [['listen', '--forward-to', 'http://127.0.0.1:4000/hook'], { LASTRO_API_KEY: 'sk_live_x', LASTRO_WEBHOOK_SECRET: 'abcdefgh' }, /That is a live key/],
    [['trigger'], { LASTRO_API_KEY: 'sk_sandbox_x' }, /trigger takes one event code/],
    [['trigger', 'customer.created'], {}, /Put the company API key in LASTRO_API_KEY/],
    [['events', 'resend'], { LASTRO_API_KEY: 'sk_sandbox_x' }, /Usage: lastro events resend <event id>/],
    [['events', 'resend', 'cust_1'], { LASTRO_API_KEY: 'sk_sandbox_x' }, /cust_1 is not an event id/],
    [['refund'], {}, /Unknown command refund/],
    [['trigger', 'customer.created', '--nope'], { LASTRO_API_KEY: 'sk_sandbox_x' }, /Unknown option '--nope'/],
  ])('refuses %j with exit 1 and the reason on stderr', async (argv, env, message) => {
    const a = io(env);
    expect(await main(argv, a)).toBe(1);
    expect(a.err).toHaveBeenCalledWith(expect.stringMatching(message));
    expect(a.lines()).not.toMatch(/sk_sandbox_x|abcdefgh/);
  });
});

describe('trigger', () => {
  it('runs in the sandbox only, and names the events it can cause', async () => {
    const lastro = new Lastro({ apiKey: 'sk_live_x', fetch: async () => Promise.reject(new Error('no call expected')) });
    await expect(trigger(lastro, 'sk_live_x', 'customer.created')).rejects.toThrow(/sandbox only/);
    await expect(trigger(lastro, 'sk_sandbox_x', 'withdrawal.paid')).rejects.toThrow(/Cannot trigger withdrawal\.paid: one of customer\.created, customer\.updated/);
  });
});

describe('events resend', () => {
  it('reads the time an event id carries (its ULID)', () => {
    // 01JZ… is July 2025; the ULID's time is its first 10 characters, base 32 (Crockford).
    expect(new Date(eventTime('evt_01jzq9v6v3m2k7d8e9f0g1h2j3')).toISOString()).toMatch(/^2025-07-/);
    expect(eventTime('evt_0000000001aaaaaaaaaaaaaaaa')).toBe(1);
    expect(() => eventTime('evt_short')).toThrow(/not an event id/);
  });

  it('retries each delivery of the event found from its time on, and only those', async () => {
    const calls: string[] = [];
    const delivery = (id: string, eventId: string) => ({ id, eventId, webhookId: 'wh_1', eventType: 'customer.created', url: 'https://shop.test/hook' });
    const lastro = new Lastro({
      apiKey: 'sk_sandbox_x',
      baseUrl: 'http://lastro.test',
      fetch: async (request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
        if (request.method === 'POST') return Response.json({ ok: true }, { headers: { 'x-request-id': 'req_retry' } });
        // The deliveries list takes cursors: the second page starts after the first one's last item.
        const after = new URL(request.url).searchParams.get('startingAfter');
        if (after === null) return Response.json({ data: [delivery('whd_1', 'evt_01jzq9v6v3m2k7d8e9f0g1h2j3'), delivery('whd_2', 'evt_other')], pagination: { page: 1, limit: 2, total: 3, totalPages: 2, hasMore: true } });
        expect(after).toBe('whd_2');
        return Response.json({ data: [delivery('whd_3', 'evt_01jzq9v6v3m2k7d8e9f0g1h2j3')], pagination: { page: 1, limit: 2, total: 1, totalPages: 1, hasMore: false } });
      },
    });
    const resent = await resendEvent(lastro, 'evt_01jzq9v6v3m2k7d8e9f0g1h2j3');
    expect(resent.map((r) => [r.deliveryId, r.response.requestId])).toEqual([
      ['whd_1', 'req_retry'],
      ['whd_3', 'req_retry'],
    ]);
    const from = new Date(eventTime('evt_01jzq9v6v3m2k7d8e9f0g1h2j3') - 1000).toISOString();
    expect(calls[0]).toBe(`GET /v1/webhooks/deliveries?from=${encodeURIComponent(from)}&sort=createdAt.asc&limit=100&page=1`);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /v1/webhooks/deliveries/whd_1/retry', 'POST /v1/webhooks/deliveries/whd_3/retry']);
  });
});
