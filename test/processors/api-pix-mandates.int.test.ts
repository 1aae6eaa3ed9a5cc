import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PixPspError, type PixMandateChargeRequest, type PixMandateRequest, type PixMandates } from '../../src/processors/pix/pix-psp.port';
import { createApiPixPsp, type ApiPixPsp } from '../../src/processors/pix/api-pix';
import { crc16ccitt } from '../../src/payments/pix.rules';
import { startEmbeddedPix, type EmbeddedPixProcess } from './embedded-pix-process';

/**
 * Contract tests of Pix Automático through the API Pix adapter, against the embedded Pix PSP
 * running as its own process: the BCB journeys (QR, QR with an immediate payment, a request at the
 * payer's bank), the payer approving, refusing or cancelling through the simulator, recurring
 * charges scheduled within the 2-to-10-day window, settled or refused on their date (the PSP's
 * clock moved), retried as the mandate's policy allows, and the `/rec` and `/cobr` callbacks.
 */

const CPF = '12345678909';
const ACCOUNT = { branch: '0001', number: '123456', type: 'CORRENTE' as const };
let psp: EmbeddedPixProcess;
let adapter: ApiPixPsp;
let mandates: PixMandates;
let counter = 0;
const newTxid = (): string => `mandateTest${Date.now().toString(36)}${(++counter).toString().padStart(6, '0')}`.padEnd(30, '0').slice(0, 35);

/** The PSP's calendar day (Brasília), `plus` days on. */
async function pspDay(plus = 0): Promise<string> {
  const { body } = await psp.control('POST', '/embedded/clock', {});
  return new Date(Date.parse(body.now) - 3 * 3_600_000 + plus * 86_400_000).toISOString().slice(0, 10);
}

const mandate = async (extra: Partial<PixMandateRequest> = {}): Promise<PixMandateRequest> => ({
  contract: `sub_${++counter}`,
  object: 'Plano Pro',
  debtor: { name: 'Francisco da Silva', document: CPF },
  startDate: await pspDay(5),
  period: 'monthly',
  retryPolicy: 'PERMITE_3R_7D',
  withQr: true,
  ...extra,
});
const charge = async (mandateId: string, extra: Partial<PixMandateChargeRequest> = {}): Promise<PixMandateChargeRequest> => ({
  txid: newTxid(),
  mandateId,
  dueDate: await pspDay(5),
  amount: 4990,
  account: ACCOUNT,
  description: 'Fatura 1',
  ...extra,
});
const approve = async (id: string, body: Record<string, unknown> = {}) => expect((await psp.control('POST', `/embedded/rec/${id}/approve`, body)).status).toBe(200);

/** A BR Code's top-level fields (id → value). */
function parseTlv(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < code.length; ) {
    const len = Number(code.slice(i + 2, i + 4));
    out.set(code.slice(i, i + 2), code.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

async function refusal(p: Promise<unknown>): Promise<PixPspError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PixPspError);
    return err as PixPspError;
  }
  throw new Error('expected a PixPspError');
}

beforeAll(async () => {
  psp = await startEmbeddedPix();
  adapter = createApiPixPsp({ baseUrl: psp.info.baseUrl, tokenUrl: psp.info.tokenUrl, clientId: psp.info.clientId, clientSecret: psp.info.clientSecret }, { timeoutMs: 5_000, retryBaseMs: 10 });
  mandates = adapter.mandates!;
});

afterAll(async () => {
  await adapter?.close();
  await psp?.stop();
});

describe('mandates (rec)', () => {
  it('a QR mandate is created waiting for the payer, with its BR Code; the payer approves it by QR', async () => {
    const m = await mandates.createMandate(await mandate());
    expect(m).toMatchObject({ status: 'CRIADA', journey: 'pending', closing: null });
    expect(m.id).toMatch(/^[a-zA-Z0-9]{29}$/);
    expect(m.location).toMatch(/\/qr\/v2\/rec\//);
    expect(m.pixCopiaECola).toMatch(/^000201/);
    await approve(m.id, { jornada: 'JORNADA_2' });
    expect(await mandates.getMandate(m.id)).toMatchObject({ status: 'APROVADA', journey: 'qr' });
  });

  it('journey 3: paying the immediate charge the QR carries approves the mandate', async () => {
    const txid = newTxid();
    await adapter.createCharge({ txid, kind: 'immediate', amount: 4990, chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', expiresIn: 3600 });
    const cob = (await adapter.getCharge('immediate', txid))!;
    const m = await mandates.createMandate(await mandate({ firstPaymentTxid: txid }));
    expect(m).toMatchObject({ status: 'CRIADA', journey: 'qr_with_payment', firstPaymentTxid: txid });
    // The composite BR Code: the charge's location in field 26, the mandate's in field 80, one CRC.
    const fields = parseTlv(m.pixCopiaECola!);
    expect(fields.get('26')).toContain(cob.location);
    expect(fields.get('80')).toBe(`0014br.gov.bcb.pix25${String(m.location!.length).padStart(2, '0')}${m.location}`);
    expect(m.pixCopiaECola!.slice(-4)).toBe(crc16ccitt(m.pixCopiaECola!.slice(0, -4)));
    // Read without the charge: the mandate's own QR (journey 2's); naming another charge: refused.
    expect((await mandates.getMandate(m.id))!.pixCopiaECola).not.toBe(m.pixCopiaECola);
    const other = newTxid();
    await adapter.createCharge({ txid: other, kind: 'immediate', amount: 100, chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', expiresIn: 3600 });
    expect(await refusal(mandates.getMandate(m.id, other))).toMatchObject({ retryable: false, status: 400, problem: 'RecConsultaInvalida' });

    expect((await psp.control('POST', `/embedded/cob/${txid}/pay`, {})).status).toBe(201);
    expect(await mandates.getMandate(m.id)).toMatchObject({ status: 'APROVADA', journey: 'qr_with_payment' });
  });

  it('journey 3: the payer pays the immediate charge but declines the mandate: paid, mandate rejected (AP13)', async () => {
    const txid = newTxid();
    await adapter.createCharge({ txid, kind: 'immediate', amount: 4990, chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', expiresIn: 3600 });
    const m = await mandates.createMandate(await mandate({ firstPaymentTxid: txid }));
    expect((await psp.control('POST', `/embedded/cob/${txid}/pay`, { recorrencia: 'recusada' })).status).toBe(201);
    expect(await adapter.getCharge('immediate', txid)).toMatchObject({ status: 'CONCLUIDA' });
    expect(await mandates.getMandate(m.id)).toMatchObject({ status: 'REJEITADA', closing: { kind: 'rejection', code: 'AP13' } });
  });

  it('journey 1: a request at the payer\'s bank, which the payer refuses', async () => {
    const m = await mandates.createMandate(await mandate({ withQr: false }));
    expect(m.pixCopiaECola).toBeNull();
    const req = await mandates.requestMandateAtBank({ mandateId: m.id, expiresAt: new Date(Date.now() + 86_400_000), account: { ispb: '99999005', branch: '2569', number: '550689', document: CPF } });
    expect(req).toMatchObject({ status: 'RECEBIDA' });
    // A second request while the first is open is refused.
    const again = await refusal(mandates.requestMandateAtBank({ mandateId: m.id, expiresAt: new Date(Date.now() + 86_400_000), account: { ispb: '99999005', number: '550689', document: CPF } }));
    expect(again).toMatchObject({ retryable: false, status: 400, problem: 'SolicRecOperacaoInvalida' });
    expect((await psp.control('POST', `/embedded/rec/${m.id}/reject`)).status).toBe(200);
    expect(await mandates.getMandate(m.id)).toMatchObject({ status: 'REJEITADA', closing: { kind: 'rejection', code: 'AP13' } });
  });

  it('a mandate cancelled by Lastro cancels its scheduled charges; cancelling it again answers it as it is', async () => {
    const m = await mandates.createMandate(await mandate());
    await approve(m.id);
    const c = await mandates.createMandateCharge(await charge(m.id));
    const canceled = await mandates.cancelMandate(m.id);
    expect(canceled).toMatchObject({ status: 'CANCELADA', closing: { kind: 'cancellation', by: 'USUARIO_RECEBEDOR' } });
    expect(await mandates.cancelMandate(m.id)).toMatchObject({ status: 'CANCELADA' });
    expect(await mandates.getMandateCharge(c.txid)).toMatchObject({ status: 'CANCELADA' });
    expect(await mandates.getMandate('RR0000000000000000000unknown0')).toBeNull();
  });

  it('the payer cancels at their bank', async () => {
    const m = await mandates.createMandate(await mandate());
    await approve(m.id);
    expect((await psp.control('POST', `/embedded/rec/${m.id}/cancel`)).status).toBe(200);
    expect(await mandates.getMandate(m.id)).toMatchObject({ status: 'CANCELADA', closing: { kind: 'cancellation', by: 'USUARIO_PAGADOR' } });
  });
});

describe('mandate charges (cobr)', () => {
  let mandateId: string;
  beforeAll(async () => {
    const m = await mandates.createMandate(await mandate({ startDate: await pspDay(0) }));
    mandateId = m.id;
    await approve(mandateId);
  });

  it('is scheduled within the window, idempotent on its txid, one per cycle', async () => {
    const req = await charge(mandateId, { dueDate: await pspDay(5) });
    const c = await mandates.createMandateCharge(req);
    expect(c).toMatchObject({ txid: req.txid, mandateId, status: 'ATIVA', amount: 4990, dueDate: req.dueDate });
    expect(await mandates.createMandateCharge(req)).toMatchObject({ txid: req.txid, status: 'ATIVA' });
    const read = await mandates.getMandateCharge(req.txid);
    expect(read?.attempts).toEqual([expect.objectContaining({ kind: 'AGND', status: 'AGENDADA' })]);
    // Same cycle, another txid: refused.
    const same = await refusal(mandates.createMandateCharge({ ...req, txid: newTxid() }));
    expect(same).toMatchObject({ retryable: false, problem: 'CobROperacaoInvalida' });
    // The PSP's clock reaches the due date: the scheduled attempt is settled and paid.
    // Eight days on: past a due date the next business day may have moved.
    await psp.control('POST', '/embedded/clock', { advanceDays: 8 });
    const paid = await mandates.getMandateCharge(req.txid);
    expect(paid).toMatchObject({ status: 'CONCLUIDA' });
    expect(paid?.pix).toEqual([expect.objectContaining({ amount: 4990 })]);
    await psp.control('POST', '/embedded/clock', { now: new Date().toISOString() });
  });

  it('outside the 2-to-10-day window, or on a mandate not approved: refused, not retryable', async () => {
    expect(await refusal(mandates.createMandateCharge(await charge(mandateId, { dueDate: await pspDay(1) })))).toMatchObject({ retryable: false, status: 400, problem: 'CobROperacaoInvalida' });
    expect(await refusal(mandates.createMandateCharge(await charge(mandateId, { dueDate: await pspDay(40) })))).toMatchObject({ retryable: false, problem: 'CobROperacaoInvalida' });
    const waiting = await mandates.createMandate(await mandate());
    expect(await refusal(mandates.createMandateCharge(await charge(waiting.id)))).toMatchObject({ problem: 'CobROperacaoInvalida' });
  });

  it('a refused attempt leaves the charge ATIVA for a retry within 7 days; the retry is paid', async () => {
    const m = await mandates.createMandate(await mandate({ startDate: await pspDay(0) }));
    await approve(m.id, { payer: { outcome: 'fails', codigo: 'AM02' } });
    const req = await charge(m.id, { dueDate: await pspDay(3) });
    await mandates.createMandateCharge(req);
    const failed = await psp.control('POST', `/embedded/cobr/${req.txid}/settle`, { outcome: 'fails', codigo: 'AM02' });
    expect(failed.body).toMatchObject({ status: 'ATIVA' });
    const retried = await mandates.retryMandateCharge(req.txid, await pspDay(4));
    expect(retried.attempts.map((a) => [a.kind, a.status])).toEqual([
      ['AGND', 'REJEITADA'],
      ['NTAG', 'AGENDADA'],
    ]);
    // A second retry while one is scheduled is refused.
    expect(await refusal(mandates.retryMandateCharge(req.txid, await pspDay(5)))).toMatchObject({ problem: 'CobROperacaoInvalida' });
    expect((await psp.control('POST', `/embedded/cobr/${req.txid}/settle`, { outcome: 'pays' })).status).toBe(200);
    expect(await mandates.getMandateCharge(req.txid)).toMatchObject({ status: 'CONCLUIDA' });
  });

  it('a mandate that allows no retry: the refused attempt rejects the charge', async () => {
    const m = await mandates.createMandate(await mandate({ startDate: await pspDay(0), retryPolicy: 'NAO_PERMITE' }));
    await approve(m.id);
    const req = await charge(m.id, { dueDate: await pspDay(3) });
    await mandates.createMandateCharge(req);
    await psp.control('POST', `/embedded/cobr/${req.txid}/settle`, { outcome: 'fails' });
    expect(await mandates.getMandateCharge(req.txid)).toMatchObject({ status: 'REJEITADA', closing: { kind: 'rejection', code: 'AM02' } });
    expect(await refusal(mandates.retryMandateCharge(req.txid, await pspDay(4)))).toMatchObject({ problem: 'CobROperacaoInvalida' });
  });

  it('cancelled before its first attempt; a paid one cannot be, and is answered as it is', async () => {
    const m = await mandates.createMandate(await mandate({ startDate: await pspDay(0) }));
    await approve(m.id);
    const req = await charge(m.id, { dueDate: await pspDay(4) });
    await mandates.createMandateCharge(req);
    expect(await mandates.cancelMandateCharge(req.txid)).toMatchObject({ status: 'CANCELADA', closing: { kind: 'cancellation', by: 'USUARIO_RECEBEDOR' } });
    const next = await charge(m.id, { dueDate: await pspDay(9) });
    // Another cycle (the cancelled one frees its cycle, too).
    await mandates.createMandateCharge({ ...next, dueDate: await pspDay(4) });
    await psp.control('POST', `/embedded/cobr/${next.txid}/settle`, { outcome: 'pays' });
    expect(await mandates.cancelMandateCharge(next.txid)).toMatchObject({ status: 'CONCLUIDA' });
    expect(await mandates.getMandateCharge(newTxid())).toBeNull();
  });
});

describe('callbacks (webhookrec, webhookcobr)', () => {
  it('registers one URL for both and receives each change of a mandate and of its charges', async () => {
    const received: Array<{ path: string; body: any }> = [];
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(data) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/secret`;
      await mandates.registerMandateWebhooks(url);
      expect(await mandates.getMandateWebhooks()).toEqual({ mandates: url, charges: url });
      const m = await mandates.createMandate(await mandate({ startDate: await pspDay(0) }));
      await approve(m.id);
      const req = await charge(m.id, { dueDate: await pspDay(3) });
      await mandates.createMandateCharge(req);
      await psp.control('POST', `/embedded/cobr/${req.txid}/settle`, { outcome: 'pays' });
      // The PSP batches the notices of a short window: the charge's two changes may share one body.
      const cobr = () => received.filter((r) => r.path === '/hooks/secret/cobr').flatMap((r) => r.body.cobsr.map((c: { status: string }) => c.status));
      for (let i = 0; i < 800 && (cobr().length < 2 || !received.some((r) => r.path === '/hooks/secret/rec')); i++) await new Promise((r) => setTimeout(r, 25));
      expect(received.find((r) => r.path === '/hooks/secret/rec')?.body).toEqual({ recs: [expect.objectContaining({ idRec: m.id, status: 'APROVADA' })] });
      expect(cobr()).toEqual(['ATIVA', 'CONCLUIDA']);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
