import { randomUUID } from 'node:crypto';
import { embeddedPixPspEnv } from '../../src/dev/embedded-pix-psp';
import { parsePixPayload } from '../../src/payments/pix.rules';
import { processorsOf } from '../../src/processors/processors';
import { connectPix } from '../../src/processors/connections/processor-connections.service';
import { registerPixWebhook } from '../../src/processors/pix/pix-webhooks.service';
import { resolveVaultKey } from '../../src/cards/card-vault.key';
import { useTestStack, type TestStack } from '../helpers/stack';
import { startEmbeddedPix, type EmbeddedPixProcess } from '../processors/embedded-pix-process';
import { eventually, expectLedgerConsistent, pixBody } from './fixtures';

/**
 * Pix through a PSP, end to end with the embedded PSP as a process of its own: the charge is
 * opened at the PSP and the BR Code points at it, the PSP's callback settles the payment through
 * the same signal as every payment, once per end-to-end id, expiry and cancel remove the charge
 * first, and a PSP that fails leaves nothing half-written. This file brings its own PSP (the
 * run's shared one is not told to misbehave) with a short callback delay for `late`.
 */
let psp: EmbeddedPixProcess;
beforeAll(async () => {
  psp = await startEmbeddedPix(['--webhook-late-ms', '1500', '--webhook-retry-base-ms', '100', '--devolucao-delay-ms', '20']);
}, 60_000);
afterAll(() => psp?.stop());

const t = useTestStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme', 'Other'],
  env: () => embeddedPixPspEnv(psp.info),
});
/** The default connection's callback secret (what the PSP's registered webhook URL carries). */
const secret = () => t.stack.config.processors.pix!.callbackSecret;
afterEach(() => psp.control('DELETE', '/embedded/faults'));

interface Created {
  id: string;
  payments: Array<{ id: string; status: string; pix: { txid: string; qrCode: string } }>;
}

async function createPix(amount = 2_500, headers = t.company.Acme.headers, key?: string): Promise<Created> {
  const req = t.stack.http.post('/v1/transactions').set(headers);
  if (key) req.set('Idempotency-Key', key);
  const res = await req.send(pixBody(amount));
  expect(res.status).toBe(201);
  return res.body;
}

const payAtPsp = (txid: string, callback: 'normal' | 'twice' | 'late' | 'never' = 'normal') => psp.control('POST', `/embedded/cob/${txid}/pay`, { callback });
const statusOf = async (stack: TestStack, txnId: string, headers = t.company.Acme.headers) => (await stack.http.get(`/v1/transactions/${txnId}`).set(headers)).body.status as string;
const paidSoon = (txnId: string) => eventually(async () => (await statusOf(t.stack, txnId)) === 'paid');
const countOf = async (sql: string, params: unknown[]) => Number((await t.stack.em().execute<{ n: string }[]>(sql, params))[0].n);
const salePostings = (paymentId: string) => countOf(`select count(*) as n from ledger_postings where key = ?`, [`sale:${paymentId}`]);
const paidEvents = (txnId: string) => countOf(`select count(*) as n from events where entity_id = ? and type = 'transaction.paid'`, [txnId]);

async function chargeAtPsp(txid: string) {
  const rail = await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default');
  return rail!.psp.getCharge('immediate', txid);
}

describe('creating a Pix payment opens its charge at the PSP', () => {
  it("the BR Code points at the PSP's location, and the PSP holds an ATIVA cob with the txid and the amount", async () => {
    const created = await createPix(2_500);
    const pix = created.payments[0].pix;
    const location = parsePixPayload(pix.qrCode).locationUrl!;
    expect(location.startsWith(new URL(psp.info.baseUrl).host)).toBe(true);
    const charge = await chargeAtPsp(pix.txid);
    expect(charge).toMatchObject({ txid: pix.txid, status: 'ATIVA', amount: 2_500, location });
  });

  it('a PSP that does not answer (503 after the adapter retried): 503 processor_unavailable, nothing written; the same Idempotency-Key then creates it once', async () => {
    await psp.control('POST', '/embedded/faults', { path: '^PUT /cob/', status: 503, times: 3 });
    const key = randomUUID();
    const body = pixBody(1_000);
    const failed = await t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('processor_unavailable');
    expect(failed.headers['retry-after']).toBeDefined();
    expect(await countOf(`select count(*) as n from transactions where reference_code = ?`, [body.referenceCode])).toBe(0);

    const retried = await t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    expect(retried.status).toBe(201);
    expect(await countOf(`select count(*) as n from transactions where reference_code = ?`, [body.referenceCode])).toBe(1);
    expect((await chargeAtPsp(retried.body.payments[0].pix.txid))?.status).toBe('ATIVA');
  });

  it('a creation refused at the write after the PSP opened its charge (a referenceCode taken) removes that charge: one PUT and one PATCH /cob, nothing written', async () => {
    const first = await createPix(1_200);
    const calls = async () => ((await psp.control('GET', '/embedded/stats')).body as { requests: Record<string, number> }).requests;
    const before = await calls();
    const taken = pixBody(1_300, { referenceCode: (await t.stack.http.get(`/v1/transactions/${first.id}`).set(t.company.Acme.headers)).body.referenceCode });
    const res = await t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).send(taken);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('reference_code_taken');
    const after = await calls();
    const delta = (route: string) => (after[route] ?? 0) - (before[route] ?? 0);
    expect(delta('PUT /cob/:txid')).toBe(1);
    expect(delta('PATCH /cob/:txid')).toBe(1);
    expect(await countOf(`select count(*) as n from payments where transaction_id = ?`, [first.id])).toBe(1);
  });

  it('a 429 with Retry-After is retried inside the call: the merchant gets 201', async () => {
    await psp.control('POST', '/embedded/faults', { path: '^PUT /cob/', status: 429, retryAfter: 0, times: 1 });
    expect((await createPix(1_100)).payments[0].status).toBe('waiting_payment');
  });
});

describe("the PSP's callback settles the payment", () => {
  it('paid at the PSP: the callback makes it paid, with one sale posting and one transaction.paid, and the end-to-end id on the payment', async () => {
    const created = await createPix(3_000);
    const payment = created.payments[0];
    const paid = await payAtPsp(payment.pix.txid);
    expect(paid.status).toBe(201);
    await paidSoon(created.id);
    expect(await salePostings(payment.id)).toBe(1);
    expect(await paidEvents(created.id)).toBe(1);
    const [row] = await t.stack.em().execute<{ gateway_reference: string }[]>(`select gateway_reference from payments where id = ?`, [payment.id]);
    expect(row.gateway_reference).toBe(paid.body.endToEndId);
    await expectLedgerConsistent(t.stack);
  });

  it('a callback sent twice, and one replayed after the payment was paid, change nothing twice', async () => {
    const created = await createPix(3_100);
    const payment = created.payments[0];
    const paid = await payAtPsp(payment.pix.txid, 'twice');
    await paidSoon(created.id);
    const replay = await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/pix`).send({ pix: [paid.body] });
    expect(replay.status).toBe(200);
    await eventually(async () => (await psp.control('GET', '/embedded/deliveries')).body.deliveries.filter((d: { delivered: boolean }) => d.delivered).length >= 2);
    expect(await salePostings(payment.id)).toBe(1);
    expect(await paidEvents(created.id)).toBe(1);
  });

  it('the sandbox route pays through the PSP (the production path from the callback on)', async () => {
    const created = await createPix(1_500);
    const res = await t.stack.http.post(`/sandbox/payments/${created.payments[0].id}/pay`).set(t.company.Acme.headers);
    expect(res.status).toBe(202);
    await paidSoon(created.id);
    expect((await chargeAtPsp(created.payments[0].pix.txid))?.status).toBe('CONCLUIDA');
  });

  it('a PSP that cannot confirm the Pix makes the callback 503 (the PSP sends it again); nothing settles until it does', async () => {
    const created = await createPix(1_250);
    const paid = await payAtPsp(created.payments[0].pix.txid, 'never');
    await psp.control('POST', '/embedded/faults', { path: '^GET /pix/', status: 503, times: 3 });
    const res = await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/pix`).send({ pix: [paid.body] });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('processor_unavailable');
    expect(await statusOf(t.stack, created.id)).toBe('waiting_payment');
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/pix`).send({ pix: [paid.body] })).status).toBe(200);
    await paidSoon(created.id);
  });

  it('a callback with a wrong secret, or for an unknown connection, is 401 and settles nothing', async () => {
    const created = await createPix(1_200);
    const paid = await payAtPsp(created.payments[0].pix.txid, 'never');
    for (const path of [`/processors/pix/callbacks/default/${'x'.repeat(32)}/pix`, `/processors/pix/callbacks/pcn_unknown/${secret()}/pix`]) {
      const res = await t.stack.http.post(path).send({ pix: [paid.body] });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    expect(await statusOf(t.stack, created.id)).toBe('waiting_payment');
  });

  it('a malformed callback is 400 validation_failed; a forged Pix (not at the PSP) or an altered one (another amount) settles nothing', async () => {
    const bad = await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/pix`).send({ pix: [{ endToEndId: 'E1', valor: 'abc' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');

    const created = await createPix(1_300);
    const forged = { endToEndId: `E${'1'.repeat(31)}`, txid: created.payments[0].pix.txid, valor: '13.00', horario: new Date().toISOString() };
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/pix`).send({ pix: [forged] })).status).toBe(200);
    expect(await statusOf(t.stack, created.id)).toBe('waiting_payment');

    // A real Pix of another charge, its callback altered to name this one: the PSP's record wins.
    const other = await createPix(1_000);
    const real = await payAtPsp(other.payments[0].pix.txid, 'never');
    const altered = { ...real.body, txid: created.payments[0].pix.txid, valor: '13.00' };
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/pix`).send({ pix: [altered] })).status).toBe(200);
    await paidSoon(other.id);
    expect(await statusOf(t.stack, created.id)).toBe('waiting_payment');
  });
});

describe('expiry and cancel remove the charge at the PSP first', () => {
  it('a canceled Pix transaction: its cob is REMOVIDA_PELO_USUARIO_RECEBEDOR at the PSP', async () => {
    const created = await createPix(1_400);
    expect((await t.stack.http.post(`/v1/transactions/${created.id}/cancel`).set(t.company.Acme.headers)).status).toBe(202);
    await eventually(async () => (await statusOf(t.stack, created.id)) === 'canceled');
    expect((await chargeAtPsp(created.payments[0].pix.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });

  it('paid at the PSP with its callback lost, then canceled: the removal finds it CONCLUIDA and the transaction ends paid, once', async () => {
    const created = await createPix(1_600);
    await payAtPsp(created.payments[0].pix.txid, 'never');
    expect((await t.stack.http.post(`/v1/transactions/${created.id}/cancel`).set(t.company.Acme.headers)).status).toBe(202);
    await paidSoon(created.id);
    expect(await salePostings(created.payments[0].id)).toBe(1);
    expect(await countOf(`select count(*) as n from events where entity_id = ? and type = 'transaction.canceled'`, [created.id])).toBe(0);
  });
});

describe('Pix refunds are devoluções at the PSP', () => {
  it('a refund of a paid Pix becomes a DEVOLVIDO devolução with the refund id, and the refund is refunded', async () => {
    const created = await createPix(4_000);
    const paid = await payAtPsp(created.payments[0].pix.txid);
    await paidSoon(created.id);
    const refund = await t.stack.http.post(`/v1/transactions/${created.id}/payments/${created.payments[0].id}/refund`).set(t.company.Acme.headers).send({ amount: 1_000, reason: 'Desistência' });
    expect(refund.status).toBe(201);
    await eventually(async () => (await t.stack.http.get(`/v1/refunds/${refund.body.id}`).set(t.company.Acme.headers)).body.status === 'refunded');
    const rail = await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default');
    const devolucao = await rail!.psp.getRefund(paid.body.endToEndId, refund.body.id.replace(/^ref_/, ''));
    expect(devolucao).toMatchObject({ status: 'DEVOLVIDO', amount: 1_000 });
    await expectLedgerConsistent(t.stack);
  });

  it("a devolução the payer's bank refuses (NAO_REALIZADO) fails the refund with refund_rejected", async () => {
    const created = await createPix(4_100);
    await psp.control('POST', `/embedded/cob/${created.payments[0].pix.txid}/pay`, { recusaDevolucao: 'Conta encerrada' });
    await paidSoon(created.id);
    const refund = await t.stack.http.post(`/v1/transactions/${created.id}/payments/${created.payments[0].id}/refund`).set(t.company.Acme.headers).send({ reason: 'Desistência' });
    const failed = await eventually(async () => {
      const r = (await t.stack.http.get(`/v1/refunds/${refund.body.id}`).set(t.company.Acme.headers)).body;
      return r.status === 'failed' ? r : null;
    });
    expect(failed.failureReason).toBe('refund_rejected');
    expect(await statusOf(t.stack, created.id)).toBe('paid');
  });
});

describe('a company connected to a PSP of its own', () => {
  it("its Pix open on its connection, and a callback through another connection cannot settle them", async () => {
    const em = t.stack.em();
    const { connection } = await connectPix(em, resolveVaultKey(t.stack.config), t.company.Other.company.id, {
      baseUrl: psp.info.baseUrl,
      tokenUrl: psp.info.tokenUrl,
      clientId: psp.info.clientId,
      clientSecret: psp.info.clientSecret,
      chave: randomUUID(),
    });
    await em.flush();
    await registerPixWebhook((await processorsOf(t.stack.deps).pixById(t.stack.em(), connection.id))!, t.stack.baseUrl);
    const created = await createPix(1_700, t.company.Other.headers);
    const [row] = await t.stack.em().execute<{ processor_connection_id: string }[]>(`select processor_connection_id from payments where id = ?`, [created.payments[0].id]);
    expect(row.processor_connection_id).toBe(connection.id);

    const paid = await payAtPsp(created.payments[0].pix.txid, 'never');
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/pix`).send({ pix: [paid.body] })).status).toBe(200);
    expect(await statusOf(t.stack, created.id, t.company.Other.headers)).toBe('waiting_payment');
    expect((await t.stack.http.post(`/processors/pix/callbacks/${connection.id}/${connection.callbackSecret}/pix`).send({ pix: [paid.body] })).status).toBe(200);
    await eventually(async () => (await statusOf(t.stack, created.id, t.company.Other.headers)) === 'paid');
  });
});

describe('a deployment without a Pix PSP', () => {
  const bare = useTestStack({ companies: ['Solo'], env: { PIX_PSP_BASE_URL: '' } });

  it('a Pix payment is 409 processor_not_configured naming Pix, and nothing is written; a boleto still works', async () => {
    const body = pixBody(1_000);
    const res = await bare.stack.http.post('/v1/transactions').set(bare.company.Solo.headers).send(body);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('processor_not_configured');
    expect(res.body.error.message).toMatch(/Pix/);
    expect(await bare.stack.em().execute(`select id from transactions where reference_code = ?`, [body.referenceCode])).toEqual([]);
    const boleto = await bare.stack.http
      .post('/v1/transactions')
      .set(bare.company.Solo.headers)
      .send({ ...body, payments: [{ paymentMethod: 'boleto', amount: 1_000, boleto: { payer: { name: 'Maria Silva', document: '529.982.247-25' } } }] });
    expect(boleto.status).toBe(201);
    // No Pix connection: no bolepix, the boleto alone is payable.
    expect(boleto.body.payments[0].boleto.pix ?? null).toBeNull();
  });
});
