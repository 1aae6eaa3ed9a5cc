import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createEfiPayoutProvider, type EfiConnection, type EfiOptions, type EfiPayoutProvider } from '../../../src/processors/payouts/efi';
import { sendAndAwaitPayout, PayoutStillProcessing } from '../../../src/processors/payouts/payout-outcome';
import { PayoutProviderError, type PayoutRequest } from '../../../src/processors/payouts/payout-provider.port';
import type { EmbeddedProcess } from '../embedded-process';
import { startEmbeddedEfi, type EmbeddedEfiInfo } from '../embedded-efi-process';

/**
 * Contract tests of the Efí payout adapter against the embedded payout provider as its own
 * process: what Lastro observes through the payout port, and how the adapter lives with a provider
 * that fails (5xx, a late answer, an answer lost after the Pix was booked), faults injected through
 * the provider's `/embedded/faults`. The invariant throughout: one Pix per id, whatever happens.
 */

const CHAVE = '3f1d8c52-5b8e-4a51-9a7e-2c54f0e1b9aa';
const FAST: EfiOptions = { timeoutMs: 2_000, attempts: 3, retryBaseMs: 10 };

let efi: EmbeddedProcess<EmbeddedEfiInfo>;
const opened: EfiPayoutProvider[] = [];
const connectionOf = (info: EmbeddedEfiInfo, extra: Partial<EfiConnection> = {}): EfiConnection => ({ baseUrl: info.baseUrl, tokenUrl: info.tokenUrl, clientId: info.clientId, clientSecret: info.clientSecret, chave: CHAVE, ...extra });
const open = (connection: EfiConnection, options: EfiOptions = FAST): EfiPayoutProvider => {
  const a = createEfiPayoutProvider(connection, options);
  opened.push(a);
  return a;
};

let counter = 0;
const request = (account: string, extra: Partial<PayoutRequest> = {}): PayoutRequest => ({
  id: `wdr${Date.now().toString(36)}${(++counter).toString().padStart(4, '0')}`,
  amount: 12_345,
  currency: 'BRL',
  description: 'Saque',
  destination: { bankCode: '341', agency: '0001', account, accountType: 'checking', holderName: 'Maria Silva', holderDocument: '52998224725' },
  ...extra,
});

const sendsOf = async (id: string) => ((await efi.control('GET', '/embedded/pix')).body.envios as Array<{ idEnvio: string; status: string }>).filter((e) => e.idEnvio === id);
const stats = async () => (await efi.control('GET', '/embedded/stats')).body as { requests: Record<string, number>; faultsPending: number };
const fault = async (f: Record<string, unknown>) => expect((await efi.control('POST', '/embedded/faults', f)).status).toBe(201);

async function failure(p: Promise<unknown>): Promise<PayoutProviderError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof PayoutProviderError) return err;
    throw err;
  }
  throw new Error('expected a PayoutProviderError');
}

let adapter: EfiPayoutProvider;
beforeAll(async () => {
  efi = await startEmbeddedEfi(['--settle-delay-ms', '30', '--return-delay-ms', '60', '--webhook-retry-base-ms', '50']);
  adapter = open(connectionOf(efi.info));
});
afterEach(() => efi.control('DELETE', '/embedded/faults'));
afterAll(async () => {
  await Promise.all(opened.map((a) => a.close()));
  await efi?.stop();
});

describe('outcomes', () => {
  it('a Pix to an account is processing, then paid; sent again it is the same Pix (one at the provider)', async () => {
    const req = request('123456');
    const first = await adapter.send(req);
    expect(first).toEqual({ status: 'processing', transferId: expect.stringMatching(/^E09089356\d{12}[a-z0-9]{11}$/) });
    const paid = await sendAndAwaitPayout(adapter, req, { pollMs: 20 });
    expect(paid).toEqual({ status: 'paid', transferId: first.transferId, returns: [] });
    expect(await adapter.send(req)).toEqual(paid);
    expect(await sendsOf(req.id)).toHaveLength(1);
  });

  it('an account the receiving bank refuses fails with the SPI reason in Lastro’s words', async () => {
    expect(await sendAndAwaitPayout(adapter, request('999991'), { pollMs: 20 })).toMatchObject({ status: 'failed', code: 'bank_account_closed', reason: expect.stringContaining('encerrada') });
    expect(await sendAndAwaitPayout(adapter, request('999981'), { pollMs: 20 })).toMatchObject({ status: 'failed', code: 'invalid_account' });
  });

  it('an account that returns the money: paid, then the devolução shows in the query', async () => {
    const req = request('888881');
    await sendAndAwaitPayout(adapter, req, { pollMs: 20 });
    let state = await adapter.get(req.id);
    for (let i = 0; i < 50 && state?.status === 'paid' && state.returns.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = await adapter.get(req.id);
    }
    expect(state).toEqual({ status: 'paid', transferId: expect.any(String), returns: [{ id: expect.stringMatching(/^D09089356/), amount: 12_345, reason: expect.stringContaining('MD06') }] });
  });

  it('a held Pix stays processing (the caller is told to ask later) until the simulator decides it', async () => {
    const req = request('777771');
    await expect(sendAndAwaitPayout(adapter, req, { waitMs: 150, pollMs: 20 })).rejects.toBeInstanceOf(PayoutStillProcessing);
    expect((await efi.control('POST', `/embedded/pix/${req.id}/outcome`, { outcome: 'paid' })).status).toBe(200);
    expect(await sendAndAwaitPayout(adapter, req)).toMatchObject({ status: 'paid' });
    expect(await sendsOf(req.id)).toHaveLength(1);
  });

  it('a bank without an ISPB in Lastro’s table fails unknown_bank without a request', async () => {
    const before = (await stats()).requests['PUT /v3/gn/pix/:idEnvio'] ?? 0;
    const req = request('123456', { destination: { ...request('1').destination, bankCode: '999' } });
    expect(await adapter.send(req)).toEqual({ status: 'failed', transferId: null, code: 'unknown_bank', reason: expect.stringContaining('999') });
    expect((await stats()).requests['PUT /v3/gn/pix/:idEnvio'] ?? 0).toBe(before);
    expect(await adapter.get(req.id)).toBeNull();
  });

  it('an id the provider never saw is null; an id off Efí’s pattern is refused before any call', async () => {
    expect(await adapter.get('wdrneverseen0000')).toBeNull();
    expect(await failure(adapter.get('wdr_with_underscore'))).toMatchObject({ retryable: false });
  });
});

describe('faults: one Pix per id, whatever happens', () => {
  it('a 503 on the PUT is retried: one Pix', async () => {
    await fault({ path: '^PUT /v3/gn/pix/', status: 503, retryAfter: 0, times: 1 });
    const req = request('123456');
    expect(await sendAndAwaitPayout(adapter, req, { pollMs: 20 })).toMatchObject({ status: 'paid' });
    expect(await sendsOf(req.id)).toHaveLength(1);
  });

  it('a PUT whose answer comes after the timeout: the retry meets id_envio_duplicado and reads the Pix; one Pix', async () => {
    await fault({ path: '^PUT /v3/gn/pix/', delayMs: 2_500, times: 1 });
    const req = request('123456');
    expect(await sendAndAwaitPayout(adapter, req, { pollMs: 20 })).toMatchObject({ status: 'paid' });
    expect(await sendsOf(req.id)).toHaveLength(1);
  });

  it('a PUT booked and its answer lost (the connection cut): one Pix', async () => {
    await fault({ path: '^PUT /v3/gn/pix/', drop: true, times: 1 });
    const req = request('123456');
    expect(await sendAndAwaitPayout(adapter, req, { pollMs: 20 })).toMatchObject({ status: 'paid' });
    expect(await sendsOf(req.id)).toHaveLength(1);
  });

  it('a provider that stays down is a retryable error and sends nothing; the next call sends once', async () => {
    await fault({ path: '^GET /v2/gn/pix/enviados/', status: 500, times: 3 });
    const req = request('123456');
    expect(await failure(adapter.send(req))).toMatchObject({ retryable: true, status: 500 });
    expect(await sendsOf(req.id)).toHaveLength(0);
    expect(await sendAndAwaitPayout(adapter, req, { pollMs: 20 })).toMatchObject({ status: 'paid' });
    expect(await sendsOf(req.id)).toHaveLength(1);
  });

  it('a refused token (wrong client secret) is not retried and sends nothing', async () => {
    const wrong = open(connectionOf(efi.info, { clientSecret: 'not-the-secret' }));
    const req = request('123456');
    expect(await failure(wrong.send(req))).toMatchObject({ retryable: false, status: 401 });
    expect(await sendsOf(req.id)).toHaveLength(0);
  });
});

describe('webhook', () => {
  it('registered for the key, it carries the send’s idEnvio on each change (paid, returned)', async () => {
    const bodies: any[] = [];
    const receiver = http.createServer((req, res) => {
      let data = '';
      req.on('data', (d) => (data += d));
      req.on('end', () => {
        bodies.push({ path: req.url, body: JSON.parse(data) });
        res.end('200');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook/secret`;
      await adapter.registerWebhook(url);
      expect(await adapter.getWebhook()).toBe(url);
      const req = request('888881');
      await sendAndAwaitPayout(adapter, req, { pollMs: 20 });
      for (let i = 0; i < 100 && bodies.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(bodies.map((b) => [b.path, b.body.pix[0].tipo, b.body.pix[0].status, b.body.pix[0].gnExtras.idEnvio])).toEqual([
        ['/hook/secret/pix', 'SOLICITACAO', 'REALIZADO', req.id],
        ['/hook/secret/pix', 'DEVOLUCAO', 'DEVOLVIDO', req.id],
      ]);
    } finally {
      receiver.close();
    }
  });
});

describe('mutual TLS', () => {
  let tls: EmbeddedProcess<EmbeddedEfiInfo>;
  let dir: string;
  const pem = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'efi-mtls-'));
    tls = await startEmbeddedEfi(['--tls-dir', dir, '--settle-delay-ms', '10']);
  });
  afterAll(async () => {
    await tls?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('with the client certificate the adapter sends; without it the provider refuses and nothing is retried', async () => {
    expect(tls.info.baseUrl).toMatch(/^https:/);
    const a = open(connectionOf(tls.info, { tls: { cert: pem('client.pem'), key: pem('client-key.pem'), ca: pem('ca.pem') } }));
    expect(await sendAndAwaitPayout(a, request('123456'), { pollMs: 20 })).toMatchObject({ status: 'paid' });
    const b = open(connectionOf(tls.info, { tls: undefined }));
    expect(await failure(b.get('wdrx1'))).toMatchObject({ retryable: false });
  });
});
