import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PixPspError, type PixChargeRequest, type PixRefund } from '../../src/processors/pix/pix-psp.port';
import { createApiPixPsp, type ApiPixConnection, type ApiPixOptions, type ApiPixPsp } from '../../src/processors/pix/api-pix';
import { startEmbeddedPix, type EmbeddedPixInfo, type EmbeddedPixProcess } from './embedded-pix-process';

/**
 * Contract tests of the API Pix adapter against the embedded Pix PSP running as its own process:
 * what Lastro observes through the port (charges, received Pix, devoluções, webhooks) and how the
 * adapter lives with a PSP that fails (5xx, 429, late answers), the PSP's faults injected through
 * its `/embedded/faults` route.
 */

const CHAVE = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const CPF = '12345678909';
// Short backoffs keep retries quick; the timeout stays generous so a loaded machine does not fail a healthy call.
const FAST: ApiPixOptions = { timeoutMs: 5_000, attempts: 3, retryBaseMs: 10 };

let psp: EmbeddedPixProcess;
let adapter: ApiPixPsp;
const opened: ApiPixPsp[] = [];

const connectionOf = (info: EmbeddedPixInfo, extra: Partial<ApiPixConnection> = {}): ApiPixConnection => ({
  baseUrl: info.baseUrl,
  tokenUrl: info.tokenUrl,
  clientId: info.clientId,
  clientSecret: info.clientSecret,
  ...extra,
});
const open = (connection: ApiPixConnection, options: ApiPixOptions = FAST): ApiPixPsp => {
  const a = createApiPixPsp(connection, options);
  opened.push(a);
  return a;
};

let counter = 0;
const newTxid = (): string => `lastroApiPix${Date.now().toString(36)}${(++counter).toString().padStart(5, '0')}`.padEnd(30, '0').slice(0, 35);

const cob = (extra: Partial<PixChargeRequest> = {}): PixChargeRequest => ({
  txid: newTxid(),
  kind: 'immediate',
  amount: 12345,
  chave: CHAVE,
  expiresIn: 3600,
  payer: { name: 'Francisco da Silva', document: CPF },
  description: 'Pedido 42',
  ...extra,
});

const pay = async (txid: string, body: Record<string, unknown> = {}) => {
  const r = await psp.control('POST', `/embedded/cob/${txid}/pay`, body);
  expect(r.status).toBe(201);
  return r.body as { endToEndId: string };
};
const stats = async () => (await psp.control('GET', '/embedded/stats')).body as { tokensIssued: number; faultsApplied: number; faultsPending: number };
const fault = async (f: Record<string, unknown>) => expect((await psp.control('POST', '/embedded/faults', f)).status).toBe(201);

async function failure(p: Promise<unknown>): Promise<PixPspError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PixPspError);
    return err as PixPspError;
  }
  throw new Error('expected a PixPspError');
}

async function settled(a: ApiPixPsp, e2eid: string, id: string): Promise<PixRefund> {
  for (let i = 0; i < 400; i++) {
    const r = await a.getRefund(e2eid, id);
    if (r && r.status !== 'EM_PROCESSAMENTO') return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`devolução ${id} never left EM_PROCESSAMENTO`);
}

beforeAll(async () => {
  psp = await startEmbeddedPix(['--devolucao-delay-ms', '20']);
  adapter = open(connectionOf(psp.info));
});

afterEach(async () => {
  await psp.control('DELETE', '/embedded/faults');
});

afterAll(async () => {
  await Promise.all(opened.map((a) => a.close()));
  await psp?.stop();
});

describe('OAuth2 token', () => {
  it('is requested once and shared by many calls, concurrent ones included', async () => {
    const a = open(connectionOf(psp.info));
    const before = (await stats()).tokensIssued;
    await Promise.all(Array.from({ length: 8 }, () => a.getCharge('immediate', newTxid())));
    for (let i = 0; i < 4; i++) await a.createCharge(cob());
    expect((await stats()).tokensIssued - before).toBe(1);
  });

  it('wrong client credentials are refused, not retried, and the secret stays out of the message', async () => {
    const a = open(connectionOf(psp.info, { clientSecret: 'not-the-secret-xyz' }));
    const err = await failure(a.getCharge('immediate', newTxid()));
    expect(err).toMatchObject({ retryable: false, status: 401 });
    expect(err.message).not.toContain('not-the-secret-xyz');
    expect(err.message).not.toContain(psp.info.clientSecret);
  });

  it('a token endpoint that answers 503 once is retried', async () => {
    const a = open(connectionOf(psp.info));
    await fault({ path: '^POST /oauth/token$', status: 503, times: 1 });
    const before = await stats();
    expect(await a.getCharge('immediate', newTxid())).toBeNull();
    const after = await stats();
    expect(after.faultsApplied - before.faultsApplied).toBe(1);
    expect(after.tokensIssued - before.tokensIssued).toBe(1);
  });

  it('a token the PSP stops accepting (401) is replaced once; a second 401 is an error', async () => {
    const a = open(connectionOf(psp.info));
    await a.getCharge('immediate', newTxid());
    await fault({ path: '^GET /cob/', status: 401, times: 1 });
    const before = await stats();
    expect(await a.getCharge('immediate', newTxid())).toBeNull();
    expect((await stats()).tokensIssued - before.tokensIssued).toBe(1);

    await fault({ path: '^GET /cob/', status: 401, times: 2 });
    expect(await failure(a.getCharge('immediate', newTxid()))).toMatchObject({ retryable: false, status: 401 });
  });
});

describe('mutual TLS', () => {
  let tlsPsp: EmbeddedPixProcess;
  let dir: string;
  const pem = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-pix-mtls-'));
    tlsPsp = await startEmbeddedPix(['--tls-dir', dir]);
  });
  afterAll(async () => {
    await tlsPsp?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('with the client certificate the adapter works', async () => {
    expect(tlsPsp.info.baseUrl).toMatch(/^https:/);
    const a = open(connectionOf(tlsPsp.info, { tls: { cert: pem('client.pem'), key: pem('client-key.pem'), ca: pem('ca.pem') } }));
    const charge = await a.createCharge(cob());
    expect(charge.status).toBe('ATIVA');
    expect(await a.getCharge('immediate', charge.txid)).toMatchObject({ txid: charge.txid, revision: 0 });
  });

  it('with a certificate the PSP did not issue, the token is refused and not retried', async () => {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'stranger-key.pem', '-out', 'stranger.pem', '-days', '1', '-subj', '/CN=stranger'], { cwd: dir, stdio: 'ignore' });
    const a = open(connectionOf(tlsPsp.info, { tls: { cert: pem('stranger.pem'), key: pem('stranger-key.pem'), ca: pem('ca.pem') } }));
    expect(await failure(a.createCharge(cob()))).toMatchObject({ retryable: false, status: 401 });
  });

  it('without any TLS settings the PSP is not trusted, and that is not retried', async () => {
    const a = open(connectionOf(tlsPsp.info));
    expect(await failure(a.getCharge('immediate', newTxid()))).toMatchObject({ retryable: false });
  });
});

describe('charges', () => {
  it('cob: the same txid and content twice answer the same charge, revision unchanged', async () => {
    const req = cob();
    const first = await adapter.createCharge(req);
    expect(first).toMatchObject({ txid: req.txid, kind: 'immediate', status: 'ATIVA', revision: 0, amount: 12345, pix: [] });
    expect(first.location).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\//);
    expect(first.pixCopiaECola).toMatch(/^000201/);
    const again = await adapter.createCharge(req);
    expect(again).toEqual(first);
    expect(await adapter.getCharge('immediate', req.txid)).toEqual(first);
  });

  it('cobv: fine, interest and a fixed-date discount set what the payer pays', async () => {
    const base = (): PixChargeRequest => ({
      txid: newTxid(),
      kind: 'due_date',
      amount: 10000,
      chave: CHAVE,
      dueDate: '2099-06-10',
      validityAfterDue: 30,
      payer: { name: 'Empresa Pagadora', document: '12ABC34501DE35' },
      fine: { modality: 1, value: '2.00' },
      interest: { modality: 1, value: '1.00' },
      discount: { modality: 1, value: '0.00', fixedDates: [{ date: '2099-06-05', value: '3.00' }] },
    });
    const early = await adapter.createCharge(base());
    const late = await adapter.createCharge(base());
    expect(early).toMatchObject({ kind: 'due_date', status: 'ATIVA', amount: 10000 });
    expect(early.location).toContain('/qr/v2/cobv/');

    const paidEarly = await pay(early.txid, { data: '2099-06-01' });
    const paidLate = await pay(late.txid, { data: '2099-06-12' });
    expect((await adapter.getPix(paidEarly.endToEndId))?.amount).toBe(9700);
    expect((await adapter.getPix(paidLate.endToEndId))?.amount).toBe(10400);
    expect(await adapter.getCharge('due_date', late.txid)).toMatchObject({ status: 'CONCLUIDA', amount: 10000, pix: [{ endToEndId: paidLate.endToEndId, amount: 10400 }] });
  });

  it('removeCharge removes an active charge', async () => {
    const c = await adapter.createCharge(cob());
    expect(await adapter.removeCharge('immediate', c.txid)).toMatchObject({ txid: c.txid, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revision: 1 });
    expect(await adapter.removeCharge('immediate', c.txid)).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
  });

  it('removeCharge of a charge paid meanwhile answers it CONCLUIDA with its Pix', async () => {
    const c = await adapter.createCharge(cob());
    const paid = await pay(c.txid);
    expect(await adapter.removeCharge('immediate', c.txid)).toMatchObject({ status: 'CONCLUIDA', pix: [{ endToEndId: paid.endToEndId, amount: 12345 }] });
  });

  it('a charge the PSP does not know is null, and a removal of it too', async () => {
    expect(await adapter.getCharge('immediate', newTxid())).toBeNull();
    expect(await adapter.getCharge('due_date', newTxid())).toBeNull();
    expect(await adapter.removeCharge('immediate', newTxid())).toBeNull();
  });

  it('a charge the PSP refuses is a non-retryable error with its problem type, without the payer document', async () => {
    const err = await failure(adapter.createCharge(cob({ expiresIn: 0 })));
    expect(err).toMatchObject({ retryable: false, status: 400, problem: 'CobOperacaoInvalida' });
    expect(err.message).toContain('cob.calendario.expiracao');
    expect(err.message).not.toContain(CPF);
  });
});

describe('received Pix', () => {
  it('getPix reads a paid charge; listPix walks every page of a window', async () => {
    const a = open(connectionOf(psp.info), { ...FAST, pageSize: 2 });
    const from = new Date(Date.now() - 1);
    const charges = [await a.createCharge(cob()), await a.createCharge(cob({ amount: 1 })), await a.createCharge(cob({ amount: 99999 }))];
    const paid = [];
    for (const c of charges) paid.push(await pay(c.txid, { infoPagador: `pagando ${c.txid}` }));
    const to = new Date(Date.now() + 1);

    const one = await a.getPix(paid[1].endToEndId);
    expect(one).toEqual({ endToEndId: paid[1].endToEndId, txid: charges[1].txid, amount: 1, paidAt: expect.any(String), payerInfo: `pagando ${charges[1].txid}`, refunds: [] });

    const listed = await a.listPix({ from, to });
    expect(listed.map((p) => p.endToEndId).sort()).toEqual(paid.map((p) => p.endToEndId).sort());
    expect(listed.map((p) => p.amount).sort((x, y) => x - y)).toEqual([1, 12345, 99999]);
    expect(await a.listPix({ from: new Date(from.getTime() - 60_000), to: new Date(from.getTime() - 30_000) })).toEqual([]);
    expect(await a.getPix('E99999005209901011200abcdefghijk')).toBeNull();
  });
});

describe('devoluções', () => {
  it('requestRefund is idempotent on its id, and the devolução reaches DEVOLVIDO', async () => {
    const c = await adapter.createCharge(cob());
    const { endToEndId } = await pay(c.txid);
    const first = await adapter.requestRefund({ endToEndId, id: 'lastroRefund1', amount: 2345, description: 'troca' });
    expect(first).toMatchObject({ id: 'lastroRefund1', amount: 2345, status: 'EM_PROCESSAMENTO', reason: null, settledAt: null });
    const again = await adapter.requestRefund({ endToEndId, id: 'lastroRefund1', amount: 2345, description: 'troca' });
    expect(again.rtrId).toBe(first.rtrId);

    const done = await settled(adapter, endToEndId, 'lastroRefund1');
    expect(done).toMatchObject({ rtrId: first.rtrId, status: 'DEVOLVIDO', requestedAt: first.requestedAt, settledAt: expect.any(String) });
    expect((await adapter.getPix(endToEndId))?.refunds).toEqual([done]);
    expect(await adapter.getRefund(endToEndId, 'neverAsked')).toBeNull();
  });

  it("a devolução the payer's bank refuses ends NAO_REALIZADO with its reason", async () => {
    const c = await adapter.createCharge(cob());
    const { endToEndId } = await pay(c.txid, { recusaDevolucao: 'conta encerrada' });
    await adapter.requestRefund({ endToEndId, id: 'lastroRefund2', amount: 12345 });
    expect(await settled(adapter, endToEndId, 'lastroRefund2')).toMatchObject({ status: 'NAO_REALIZADO', reason: 'conta encerrada', settledAt: null });
  });

  it('a devolução beyond the Pix value is refused with PixDevolucaoInvalida', async () => {
    const c = await adapter.createCharge(cob());
    const { endToEndId } = await pay(c.txid);
    expect(await failure(adapter.requestRefund({ endToEndId, id: 'tooMuch', amount: 12346 }))).toMatchObject({ retryable: false, status: 400, problem: 'PixDevolucaoInvalida' });
  });
});

describe('webhook', () => {
  it('registers a URL for a chave and reads it back; an unknown chave has none', async () => {
    await adapter.registerWebhook(CHAVE, 'https://lastro.example/pix-webhook');
    expect(await adapter.getWebhook(CHAVE)).toBe('https://lastro.example/pix-webhook');
    expect(await adapter.getWebhook('0f3c6d2e-1b7a-4c55-9e0d-2a8b4c6d8e10')).toBeNull();
  });
});

describe('faults', () => {
  it('a 503 is retried and the charge is made once', async () => {
    const req = cob();
    await fault({ path: `^PUT /cob/${req.txid}$`, status: 503, times: 1 });
    const before = await stats();
    expect(await adapter.createCharge(req)).toMatchObject({ txid: req.txid, status: 'ATIVA', revision: 0 });
    const after = await stats();
    expect(after.faultsApplied - before.faultsApplied).toBe(1);
    expect(after.faultsPending).toBe(0);
    expect(await adapter.getCharge('immediate', req.txid)).toMatchObject({ revision: 0 });
  });

  it('a 429 with Retry-After is waited out and retried', async () => {
    const req = cob();
    await fault({ path: '^PUT /cob/', status: 429, retryAfter: 1, times: 1 });
    const before = await stats();
    expect(await adapter.createCharge(req)).toMatchObject({ txid: req.txid, status: 'ATIVA' });
    expect((await stats()).faultsApplied - before.faultsApplied).toBe(1);
  });

  it('an answer later than the timeout is abandoned and the retry gets the charge', async () => {
    const a = open(connectionOf(psp.info), { timeoutMs: 500, attempts: 3, retryBaseMs: 10 });
    await a.getCharge('immediate', newTxid()); // the token first: the fault is for the charge
    const req = cob();
    await fault({ path: '^PUT /cob/', delayMs: 10_000, times: 1 });
    const before = await stats();
    expect(await a.createCharge(req)).toMatchObject({ txid: req.txid, status: 'ATIVA', revision: 0 });
    expect((await stats()).faultsApplied - before.faultsApplied).toBe(1);
  });

  it('a 500 on every attempt is a retryable PixPspError', async () => {
    await fault({ path: '^GET /cob/', status: 500, times: 3 });
    const err = await failure(adapter.getCharge('immediate', newTxid()));
    expect(err).toMatchObject({ retryable: true, status: 500, problem: null });
    expect(err.message).toMatch(/3 attempts/);
    expect(err.message).not.toContain(psp.info.clientSecret);
    expect((await stats()).faultsPending).toBe(0);
  });

  it('faults never touch the simulator routes, and DELETE clears them', async () => {
    await fault({ status: 502, times: 5 });
    expect((await psp.control('GET', '/embedded/stats')).status).toBe(200);
    expect((await stats()).faultsPending).toBe(5);
    expect((await psp.control('DELETE', '/embedded/faults')).status).toBe(204);
    expect((await stats()).faultsPending).toBe(0);
    expect((await psp.control('POST', '/embedded/faults', { status: 418, times: 1 })).status).toBe(400);
  });
});
