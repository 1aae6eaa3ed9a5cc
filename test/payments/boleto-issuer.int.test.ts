import { embeddedBoletoIssuerEnv, registerEmbeddedBoletoWebhook } from '../../src/dev/embedded-bb-issuer';
import { parseBarcode, validateBarcode } from '../../src/payments/boleto.rules';
import { parsePixPayload } from '../../src/payments/pix.rules';
import { resolveVaultKey } from '../../src/cards/card-vault.key';
import { connectBoleto } from '../../src/processors/connections/boleto-connections.service';
import { disconnect } from '../../src/processors/connections/processor-connections.service';
import { processorsOf } from '../../src/processors/processors';
import { sweepBoletos } from '../../src/payments/boleto-sweep.service';
import { useStackWithEmbeddedBb, type EmbeddedBbProcess } from '../processors/embedded-bb-process';
import { eventually, expectLedgerConsistent, newReference } from './fixtures';

/**
 * Boletos registered at their issuer, end to end with the embedded BB issuer as a process of its
 * own (this file's, so it can be told to fail) and the run's embedded Pix PSP for bolepix: the
 * barcode is the issuer's, either way of paying settles the payment once and closes the other,
 * both ways paid return the Pix, a late payment carries its fine and interest, expiry cancels the
 * boleto at the issuer, and an issuer that fails or refuses leaves nothing written.
 */
let issuer: EmbeddedBbProcess;
const t = useStackWithEmbeddedBb((started) => (issuer = started));
afterEach(() => issuer.sim('DELETE', '/embedded/faults'));

const headers = () => t.company.Acme.headers;
const convenio = () => t.stack.config.processors.boleto!.convenio;
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const countOf = async (sql: string, params: unknown[]) => Number((await t.stack.em().execute<{ n: string }[]>(sql, params))[0].n);
const salePostings = (paymentId: string) => countOf(`select count(*) as n from ledger_postings where key = ?`, [`sale:${paymentId}`]);
const transactions = () => countOf(`select count(*) as n from transactions where company_id = ?`, [t.company.Acme.company.id]);
const issuerBooks = async (): Promise<Array<{ id: string; state: number; paidAmount: number | null; terms: { amount: number } }>> => (await issuer.sim('GET', `/embedded/boletos?convenio=${convenio()}`)).body;
const get = async (id: string) => (await t.stack.http.get(`/v1/transactions/${id}`).set(headers())).body;

let customerId: string;
async function customer(): Promise<string> {
  if (customerId) return customerId;
  const res = await t.stack.http.post('/v1/customers').set(headers()).send({ name: 'Maria Silva', email: 'maria@example.com', type: 'individual', document: '529.982.247-25', phone: '+55 11 99999-0000' });
  expect(res.status).toBe(201);
  return (customerId = res.body.id);
}

const PAYER = { name: 'Maria Silva', document: '529.982.247-25' };

async function createBoleto(amount: number, boleto: Record<string, unknown> = {}, opts: { withCustomer?: boolean } = { withCustomer: true }) {
  const res = await t.stack.http
    .post('/v1/transactions')
    .set(headers())
    .send({
      referenceCode: newReference(),
      ...(opts.withCustomer ? { customerId: await customer() } : {}),
      items: [{ description: 'Curso', quantity: 1, amount }],
      // Without a customer a boleto names a payer of its own.
      payments: [{ paymentMethod: 'boleto', amount, boleto: { dueDate: inDays(5), ...(opts.withCustomer ? {} : { payer: PAYER }), ...boleto } }],
    });
  expect(res.status).toBe(201);
  return { txn: res.body, payment: res.body.payments[0] };
}

const pixRail = async () => (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!;
const boletoRail = async () => (await processorsOf(t.stack.deps).boletoById(t.stack.em(), 'default'))!;
const paidSoon = (txnId: string) => eventually(async () => (await get(txnId)).status === 'paid');
const payAtIssuer = (line: string, date?: string) => issuer.sim('POST', `/embedded/boletos-cobranca/${line}/pagar`, date ? { date } : {});

describe('creating a boleto registers it at the issuer', () => {
  it("the barcode is the issuer's (bank 001, the convênio's nosso número), the issuer holds it payable, and its bolepix cobv is open at the PSP", async () => {
    const { payment } = await createBoleto(12_345, { instructions: 'Não receber após o vencimento' });
    const b = payment.boleto;
    expect(validateBarcode(b.barcode)).toBe(true);
    expect(parseBarcode(b.barcode)).toMatchObject({ bankCode: '001', amount: 12_345, freeField: `000000${convenio()}${b.number}17` });
    const issued = await (await boletoRail()).issuer.get(b.number);
    expect(issued).toMatchObject({ status: 'registered', line: b.line, barcode: b.barcode, amount: 12_345, dueDate: inDays(5) });
    // Bolepix: a cobv with the boleto's due date and the customer as devedor; its BR Code points at the PSP.
    expect(parsePixPayload(b.pix.qrCode)).toMatchObject({ kind: 'dynamic' });
    const cobv = await (await pixRail()).psp.getCharge('due_date', b.pix.txid);
    expect(cobv).toMatchObject({ status: 'ATIVA', amount: 12_345 });
    const page = await t.stack.http.get(new URL(b.url).pathname);
    expect(page.text).toContain('data-testid="bolepix"');
    expect(page.text).toContain(b.pix.qrCode);
  });

  it("a boleto without a customer names its own payer (boleto.payer): registered with it, and its bolepix cobv has it as devedor", async () => {
    const { payment } = await createBoleto(1_000, { payer: { name: 'Loja Exemplo Ltda', document: '11.222.333/0001-81' } }, { withCustomer: false });
    expect(payment.boleto.payer).toEqual({ name: 'Loja Exemplo Ltda', document: '11222333000181' });
    expect((await (await boletoRail()).issuer.get(payment.boleto.number))?.status).toBe('registered');
    const booked = (await issuerBooks()).find((b) => b.id.endsWith(payment.boleto.number)) as unknown as { payer: unknown };
    expect(booked.payer).toEqual({ tipoInscricao: 2, numeroInscricao: '11222333000181', nome: 'Loja Exemplo Ltda' });
    expect(await (await pixRail()).psp.getCharge('due_date', payment.boleto.pix.txid)).toMatchObject({ status: 'ATIVA', amount: 1_000 });
  });

  it('fine and interest need days payable after the due date: 400 naming the field', async () => {
    const res = await t.stack.http
      .post('/v1/transactions')
      .set(headers())
      .send({ referenceCode: newReference(), items: [{ description: 'x', quantity: 1, amount: 1_000 }], payments: [{ paymentMethod: 'boleto', amount: 1_000, boleto: { fine: { percent: 2 } } }] });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('payments.0.boleto.payableDaysAfterDue');
  });

  it('a discount past the default due date (none given): 400 naming the field, nothing sent to the issuer', async () => {
    const [before, booked] = [await transactions(), (await issuerBooks()).length];
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.stack.http
      .post('/v1/transactions')
      .set(headers())
      .send({ referenceCode: newReference(), items: [{ description: 'x', quantity: 1, amount: 1_000 }], payments: [{ paymentMethod: 'boleto', amount: 1_000, boleto: { discount: { until, amount: 100 }, payer: { name: 'Maria Silva', document: '529.982.247-25' } } }] });
    expect([res.status, res.body.error.code, res.body.error.details[0].path]).toEqual([400, 'validation_failed', 'payments.0.boleto.discount.until']);
    expect([await transactions(), (await issuerBooks()).length]).toEqual([before, booked]);
  });

  it('a boleto the issuer refuses is 502 processor_rejected and nothing is written', async () => {
    const before = await transactions();
    const res = await t.stack.http
      .post('/v1/transactions')
      .set(headers())
      .send({ referenceCode: newReference(), items: [{ description: 'x', quantity: 1, amount: 1_000 }], payments: [{ paymentMethod: 'boleto', amount: 1_000, boleto: { instructions: 'recusar [sandbox:reject]', payer: { name: 'Maria Silva', document: '529.982.247-25' } } }] });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('processor_rejected');
    expect(await transactions()).toBe(before);
  });

  it('an issuer that does not answer is 503 processor_unavailable, nothing is written and no boleto is left payable', async () => {
    const before = await transactions();
    await issuer.sim('POST', '/embedded/faults', { path: '^POST /cobrancas/v2/boletos$', status: 503, times: 10 });
    const res = await t.stack.http
      .post('/v1/transactions')
      .set(headers())
      .send({ referenceCode: newReference(), items: [{ description: 'x', quantity: 1, amount: 777 }], payments: [{ paymentMethod: 'boleto', amount: 777, boleto: { payer: { name: 'Maria Silva', document: '529.982.247-25' } } }] });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('processor_unavailable');
    expect(await transactions()).toBe(before);
    expect((await issuerBooks()).filter((b) => b.terms.amount === 777 && b.state === 1)).toEqual([]);
  });

  it('a registration whose answer was lost is found by a query: one boleto at the issuer, the one the payment shows', async () => {
    await issuer.sim('POST', '/embedded/faults', { path: '^POST /cobrancas/v2/boletos$', dropAnswerAfterCommit: true, times: 1 });
    const { payment } = await createBoleto(888, {}, { withCustomer: false });
    const mine = (await issuerBooks()).filter((b) => b.terms.amount === 888);
    expect(mine).toHaveLength(1);
    expect(mine[0].id.slice(-10)).toBe(payment.boleto.number);
  });
});

describe('paying a boleto, either way', () => {
  it('at the issuer: its webhook settles the payment once, and the cobv is removed at the PSP', async () => {
    const { txn, payment } = await createBoleto(5_000);
    await t.stack.http.post(`/sandbox/payments/${payment.id}/pay`).set(headers()).send().expect(202);
    await paidSoon(txn.id);
    const paid = (await get(txn.id)).payments[0];
    expect(paid.boleto).toMatchObject({ paidVia: 'boleto', paidAmount: 5_000 });
    expect((await (await pixRail()).psp.getCharge('due_date', payment.boleto.pix.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await salePostings(payment.id)).toBe(1);
    await expectLedgerConsistent(t.stack);
  });

  it('by its Pix: the PSP callback settles the payment, and the boleto is cancelled (baixa) at the issuer', async () => {
    const { txn, payment } = await createBoleto(6_000);
    await t.stack.http.post(`/sandbox/payments/${payment.id}/pay?via=pix`).set(headers()).send().expect(202);
    await paidSoon(txn.id);
    expect((await get(txn.id)).payments[0].boleto).toMatchObject({ paidVia: 'pix', paidAmount: 6_000 });
    await eventually(async () => (await (await boletoRail()).issuer.get(payment.boleto.number))?.status === 'canceled');
    expect(await salePostings(payment.id)).toBe(1);
    await expectLedgerConsistent(t.stack);
  });

  it('late, within the days allowed: the issuer charges the fine and the interest, and the payment is settled once', async () => {
    const { txn, payment } = await createBoleto(10_000, { dueDate: today(), payableDaysAfterDue: 10, fine: { percent: 2 }, interest: { monthlyPercent: 3 } }, { withCustomer: false });
    const paid = await payAtIssuer(payment.boleto.line, inDays(3));
    expect(paid.status).toBe(201);
    // 2% fine (200) + 3% a month over 3 days (30).
    expect(paid.body.valorPago).toBe(102.3);
    await paidSoon(txn.id);
    expect((await get(txn.id)).payments[0].boleto).toMatchObject({ paidVia: 'boleto', paidAmount: 10_230 });
    expect(await salePostings(payment.id)).toBe(1);
  });

  it('past its last payable day the issuer refuses it', async () => {
    const { payment } = await createBoleto(1_500, { dueDate: today(), payableDaysAfterDue: 1, fine: { amount: 100 } }, { withCustomer: false });
    expect((await payAtIssuer(payment.boleto.line, inDays(2))).status).toBe(409);
  });
});

describe('a boleto paid both ways keeps the boleto and returns the Pix', () => {
  it('the Pix lands while the boleto settles: the Pix is returned by devolução, one sale posted', async () => {
    const { txn, payment } = await createBoleto(7_000);
    // The Pix reaches the PSP, its callback never reaches Lastro: the cobv removal finds it paid.
    const pix = await fetch(`${(await pixRail()).connection.baseUrl}/embedded/cob/${payment.boleto.pix.txid}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callback: 'never' }) });
    expect(pix.status).toBe(201);
    const e2e = ((await pix.json()) as { endToEndId: string }).endToEndId;
    expect((await payAtIssuer(payment.boleto.line)).status).toBe(201);
    await paidSoon(txn.id);
    await eventually(async () => (await (await pixRail()).psp.getRefund(e2e, `D${e2e}`))?.status === 'DEVOLVIDO');
    expect((await get(txn.id)).payments[0].boleto).toMatchObject({ paidVia: 'boleto', paidAmount: 7_000 });
    expect(await salePostings(payment.id)).toBe(1);
    await expectLedgerConsistent(t.stack);
  });

  it('the Pix settled first and the boleto was paid meanwhile: the Pix is returned and the payment is recorded as paid by the boleto', async () => {
    const { txn, payment } = await createBoleto(8_000);
    // The boleto is paid with its webhook not yet registered (it comes late), then the Pix settles.
    await issuer.sim('PUT', `/embedded/webhooks/${convenio()}`, { url: null });
    try {
      expect((await payAtIssuer(payment.boleto.line)).status).toBe(201);
    } finally {
      await registerEmbeddedBoletoWebhook({ id: 'default', ...t.stack.config.processors.boleto! }, t.stack.baseUrl);
    }
    await t.stack.http.post(`/sandbox/payments/${payment.id}/pay?via=pix`).set(headers()).send().expect(202);
    await paidSoon(txn.id);
    // The boleto's cancel found it paid: the Pix goes back.
    await eventually(async () => (await get(txn.id)).payments[0].boleto.paidVia === 'boleto');
    const row = (await t.stack.em().execute<Array<{ boleto: { returnedPix?: { endToEndId: string; devolucaoId: string } } }>>(`select boleto from payments where id = ?`, [payment.id]))[0];
    expect(row.boleto.returnedPix).toBeDefined();
    await eventually(async () => (await (await pixRail()).psp.getRefund(row.boleto.returnedPix!.endToEndId, row.boleto.returnedPix!.devolucaoId))?.status === 'DEVOLVIDO');
    expect(await salePostings(payment.id)).toBe(1);
    await expectLedgerConsistent(t.stack);
  });
});

describe('expiry', () => {
  it('an unpaid boleto is cancelled at the issuer and its cobv removed when the transaction expires', async () => {
    const { txn, payment } = await createBoleto(2_000, { dueDate: today() });
    await t.stack.env.sleep('2 days');
    await eventually(async () => (await get(txn.id)).status === 'canceled');
    expect((await (await boletoRail()).issuer.get(payment.boleto.number))?.status).toBe('canceled');
    expect((await (await pixRail()).psp.getCharge('due_date', payment.boleto.pix.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});

describe('the liquidation webhook', () => {
  it('is refused (401) with a wrong secret, and a forged one settles nothing the issuer does not have paid', async () => {
    const { txn, payment } = await createBoleto(3_000, {}, { withCustomer: false });
    const id = `000${convenio()}${payment.boleto.number}`;
    await t.stack.http.post('/processors/boletos/callbacks/default/not-the-secret').send([{ id }]).expect(401);
    const secret = t.stack.config.processors.boleto!.callbackSecret;
    await t.stack.http.post(`/processors/boletos/callbacks/default/${secret}`).send([{ id }]).expect(200);
    expect((await get(txn.id)).status).toBe('waiting_payment');
  });
});

describe('the boleto sweep', () => {
  const sweep = async (now = new Date()) => sweepBoletos(t.stack.deps, await boletoRail(), { now, days: 2, orphanAfterMs: 10 * 60_000 });

  it('settles a boleto paid whose webhook never came, once', async () => {
    const { txn, payment } = await createBoleto(4_000, {}, { withCustomer: false });
    await issuer.sim('PUT', `/embedded/webhooks/${convenio()}`, { url: null });
    try {
      expect((await payAtIssuer(payment.boleto.line)).status).toBe(201);
    } finally {
      await registerEmbeddedBoletoWebhook({ id: 'default', ...t.stack.config.processors.boleto! }, t.stack.baseUrl);
    }
    expect((await get(txn.id)).status).toBe('waiting_payment');
    expect((await sweep()).settled).toBe(1);
    await paidSoon(txn.id);
    expect((await sweep()).settled).toBe(0);
    expect(await salePostings(payment.id)).toBe(1);
  });

  it('cancels at the issuer a boleto registered by a creation that never committed', async () => {
    // What a creation that died between the issuer's answer and its commit leaves: the number recorded, the boleto registered, no payment.
    const [{ number }] = await t.stack.em().execute<Array<{ number: string }>>(
      `insert into boleto_registrations (number, connection_id, payment_id, company_id) values (lpad(nextval('boleto_numbers')::text, 10, '0'), 'default', 'pay_never_committed', ?) returning number`,
      [t.company.Acme.company.id],
    );
    const rail = await boletoRail();
    await rail.issuer.register({ number, amount: 999, issuedOn: today(), dueDate: inDays(3), daysPayableAfterDue: 0, reference: 'orphan', payer: { name: 'Maria Silva', document: '52998224725' } });
    expect((await sweep()).orphansCanceled).toBe(0);
    const later = await sweep(new Date(Date.now() + 11 * 60_000));
    expect(later.orphansCanceled).toBe(1);
    expect((await rail.issuer.get(number))?.status).toBe('canceled');
    expect((await sweep(new Date(Date.now() + 12 * 60_000))).orphansCanceled).toBe(0);
  });
});

describe("a company's own convênio, disconnected", () => {
  it("a boleto registered on the company's connection is paid and settled through it after a disconnect (its webhook still authenticates); the next boleto goes to the deployment default", async () => {
    const companyId = t.company.Acme.company.id;
    const own = embeddedBoletoIssuerEnv(issuer.info);
    const { connection } = await connectBoleto(t.stack.em(), resolveVaultKey(t.stack.config), companyId, {
      adapter: 'bb_cobranca', baseUrl: issuer.info.baseUrl, tokenUrl: issuer.info.tokenUrl, clientId: issuer.info.clientId, clientSecret: issuer.info.clientSecret,
      appKey: issuer.info.appKey, convenio: own.BOLETO_ISSUER_CONVENIO, agencia: own.BOLETO_ISSUER_AGENCIA, conta: own.BOLETO_ISSUER_CONTA,
    });
    await registerEmbeddedBoletoWebhook(connection, t.stack.baseUrl);
    const { txn, payment } = await createBoleto(4_000);
    const pinned = async (paymentId: string) => (await t.stack.em().execute<{ processor_connection_id: string }[]>(`select processor_connection_id from payments where id = ?`, [paymentId]))[0].processor_connection_id;
    expect(await pinned(payment.id)).toBe(connection.id);

    expect(await disconnect(t.stack.em(), companyId, 'boleto')).toBe(true);
    expect((await payAtIssuer(payment.boleto.line)).status).toBe(201);
    await paidSoon(txn.id);
    expect((await get(txn.id)).payments[0].boleto).toMatchObject({ paidVia: 'boleto', paidAmount: 4_000 });
    expect(await salePostings(payment.id)).toBe(1);

    const next = await createBoleto(1_000);
    expect(await pinned(next.payment.id)).toBe('default');
    await expectLedgerConsistent(t.stack);
  });
});
