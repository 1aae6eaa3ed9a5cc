import { parsePixPayload } from '../../src/payments/pix.rules';
import { parseBarcode, validateBarcode, validateLinhaDigitavel, linhaDigitavelToBarcode, dateFromFactor } from '../../src/payments/boleto.rules';
import { processorsOf } from '../../src/processors/processors';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { balanceOf, eventually, expectLedgerConsistent, newReference, pixBody, platformBalance, setCompanyFees } from './fixtures';

const t = useTestStack({
  companies: ['Acme Ltda'],
  owners: ['Acme Ltda'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company['Acme Ltda'], { pix: { percentage: 1, fixed: 0 }, boleto: { percentage: 0, fixed: 350 } });
  },
});

const get = (id: string) => t.stack.http.get(`/v1/transactions/${id}`).set(t.company['Acme Ltda'].headers);
const eventsOf = (ids: string[]) =>
  t.stack.em().execute<{ type: string; entity_id: string }[]>(`select type, entity_id from events where entity_id in (${ids.map(() => '?').join(',')}) order by created_at, id`, ids);

describe('Pix', () => {
  it('creates a dynamic BR Code with CRC, a QR image and expiresAt, then sandbox pay → paid and released at payment', async () => {
    const res = await t.stack.http.post('/v1/transactions').set(t.company['Acme Ltda'].headers).send(pixBody(10_000));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('waiting_payment');
    const pay = res.body.payments[0];
    expect(pay.status).toBe('waiting_payment');
    const parsed = parsePixPayload(pay.pix.qrCode);
    // The PSP's own BR Code: its receiver's name, and the amount at the location it points to.
    expect(parsed).toMatchObject({ kind: 'dynamic', singleUse: true, currency: '986', countryCode: 'BR', txid: '***' });
    const charge = await (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!.psp.getCharge('immediate', pay.pix.txid);
    expect(charge).toMatchObject({ status: 'ATIVA', amount: 10_000, location: parsed.locationUrl });
    expect(pay.pix.txid).toMatch(/^[0-9A-Z]{26,35}$/);
    expect(Date.parse(pay.pix.expiresAt) - Date.parse(res.body.createdAt)).toBeGreaterThan(590_000);

    const png = await t.stack.http.get(new URL(pay.pix.qrCodeUrl).pathname);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((png.body as Buffer).subarray(1, 4).toString()).toBe('PNG');

    const paid = await t.stack.http.post(`/sandbox/payments/${pay.id}/pay`).set(t.company['Acme Ltda'].headers).send();
    expect(paid.status).toBe(202);
    const done = await eventually(async () => ((await get(res.body.id)).body.status === 'paid' ? (await get(res.body.id)).body : null));
    expect(done.payments[0].status).toBe('paid');
    // Pix releases at payment: fee 1% = 100 to Lastro, 9 900 available to the owner.
    await eventually(async () => (await balanceOf(t.stack, t.owner['Acme Ltda'])).available >= 9_900);
    expect(await balanceOf(t.stack, t.owner['Acme Ltda'])).toEqual({ pending: 0, available: 9_900 });
    expect(await platformBalance(t.stack, 'revenue')).toBe(100);
    expect((await eventsOf([res.body.id, pay.id])).map((e) => e.type)).toEqual([
      'transaction.created',
      'payment.created',
      'payment.waiting_payment',
      'transaction.waiting_payment',
      'payment.paid',
      'transaction.paid',
    ]);
    // Paying twice: the payment is no longer waiting.
    const again = await t.stack.http.post(`/sandbox/payments/${pay.id}/pay`).set(t.company['Acme Ltda'].headers).send();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('payment_not_payable');
    await expectLedgerConsistent(t.stack);
  });

  it('expires unpaid → canceled (time skipping), with transaction.canceled once', async () => {
    const res = await t.stack.http.post('/transactions').set(t.company['Acme Ltda'].headers).send(pixBody(5_000));
    expect(res.status).toBe(201);
    const handle = t.stack.client.workflow.getHandle(res.body.id);
    const timeline = await t.stack.http.get(`/transactions/${res.body.id}/timeline`).set(t.company['Acme Ltda'].headers);
    expect(timeline.status).toBe(200);
    expect(timeline.body.scheduled).toEqual([expect.objectContaining({ kind: 'expiry', at: res.body.payments[0].pix.expiresAt })]);
    await t.stack.env.sleep('11 minutes');
    await handle.result();
    const after = await get(res.body.id);
    expect(after.body).toMatchObject({ status: 'canceled', statusReason: 'expired' });
    expect(after.body.payments[0].status).toBe('canceled');
    const types = (await eventsOf([res.body.id])).map((e) => e.type);
    expect(types.filter((t) => t === 'transaction.canceled')).toHaveLength(1);
    const late = await t.stack.http.post(`/sandbox/payments/${res.body.payments[0].id}/pay`).set(t.company['Acme Ltda'].headers).send();
    expect(late.status).toBe(409);
  });

  it('cancel: only while waiting for payment', async () => {
    // The longest Pix life: time skipped by another test's await must not expire it before the cancel lands.
    const res = await t.stack.http.post('/transactions').set(t.company['Acme Ltda'].headers).send(pixBody(5_000, { payments: [{ paymentMethod: 'pix', amount: 5_000, pix: { expiresIn: 86_400 } }] }));
    const cancel = await t.stack.http.post(`/transactions/${res.body.id}/cancel`).set(t.company['Acme Ltda'].headers).send();
    expect(cancel.status).toBe(202);
    const done = await eventually(async () => ((await get(res.body.id)).body.status === 'canceled' ? (await get(res.body.id)).body : null));
    expect(done.statusReason).toBe('canceled_by_merchant');
    const again = await t.stack.http.post(`/transactions/${res.body.id}/cancel`).set(t.company['Acme Ltda'].headers).send();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('transaction_not_cancellable');
  });
});

describe('boleto', () => {
  it('creates a valid barcode and linha digitável with the current factor, a printable page, pays → paid, released D+1', async () => {
    const dueDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const body = {
      referenceCode: newReference(),
      items: [{ description: 'Curso', quantity: 2, amount: 7_500 }],
      payments: [{ paymentMethod: 'boleto', amount: 15_000, boleto: { dueDate, instructions: 'Não receber após o vencimento', payer: { name: 'Maria Silva', document: '529.982.247-25' } } }],
    };
    const res = await t.stack.http.post('/v1/transactions').set(t.company['Acme Ltda'].headers).send(body);
    expect(res.status).toBe(201);
    const b = res.body.payments[0].boleto;
    expect(validateBarcode(b.barcode)).toBe(true);
    expect(validateLinhaDigitavel(b.line)).toBe(true);
    expect(linhaDigitavelToBarcode(b.line)).toBe(b.barcode);
    const parsed = parseBarcode(b.barcode);
    expect(parsed.amount).toBe(15_000);
    expect(dateFromFactor(parsed.factor, new Date().toISOString().slice(0, 10))).toBe(dueDate);
    expect(b.formattedLine).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);

    const page = await t.stack.http.get(new URL(b.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain(b.formattedLine);
    expect(page.text).toContain('R$ 150,00');
    expect(page.text).toContain('<svg');

    await t.stack.http.post(`/sandbox/payments/${res.body.payments[0].id}/pay`).set(t.company['Acme Ltda'].headers).send().expect(202);
    await eventually(async () => (await get(res.body.id)).body.status === 'paid');
    // Boleto fee: fixed R$3,50; D+1 release.
    const before = await balanceOf(t.stack, t.owner['Acme Ltda']);
    expect(before.pending).toBe(15_000 - 350);
    const timeline = await t.stack.http.get(`/transactions/${res.body.id}/timeline`).set(t.company['Acme Ltda'].headers);
    expect(timeline.body.scheduled).toEqual([expect.objectContaining({ kind: 'release', amount: 14_650 })]);
    expect(timeline.body.happened.map((h: { kind: string }) => h.kind)).toEqual(expect.arrayContaining(['transaction.created', 'transaction.paid', 'posting.sale']));
    // Due the next day (São Paulo): today's run leaves it, the next day's releases it.
    await runReleaseRuns(t.stack, daysFromNow(0));
    expect((await balanceOf(t.stack, t.owner['Acme Ltda'])).pending).toBe(14_650);
    await runReleaseRuns(t.stack, daysFromNow(1));
    expect(await balanceOf(t.stack, t.owner['Acme Ltda'])).toEqual({ pending: 0, available: 9_900 + 14_650 });
    await expectLedgerConsistent(t.stack);
  });

  it('refuses a due date in the past', async () => {
    const res = await t.stack.http.post('/v1/transactions').set(t.company['Acme Ltda'].headers).send({
      referenceCode: newReference(),
      items: [{ description: 'Curso', quantity: 1, amount: 1_000 }],
      payments: [{ paymentMethod: 'boleto', amount: 1_000, boleto: { dueDate: '2020-01-01' } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('payments.0.boleto.dueDate');
  });
});

describe('amounts past what the payment artefact can carry', () => {
  // A boleto barcode holds ten digits of cents and a BR Code 13 characters: a larger amount is a
  // 400 naming the payment (it had been a 500 from building the artefact), and nothing is stored.
  it.each([
    ['boleto', 9_999_999_999 + 1],
    ['pix', 999_999_999_999 + 1],
  ])('%s for %i cents is a 400 naming the payment amount', async (paymentMethod, amount) => {
    const referenceCode = newReference();
    const res = await t.stack.http.post('/v1/transactions').set(t.company['Acme Ltda'].headers).send({
      referenceCode,
      items: [{ description: 'Imóvel', quantity: 1, amount }],
      payments: [{ paymentMethod, amount }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([{ path: 'payments.0.amount', message: expect.stringContaining(`at most ${amount - 1} cents`) }]);
    const listed = await t.stack.http.get(`/v1/transactions?referenceCode=${referenceCode}`).set(t.company['Acme Ltda'].headers);
    expect(listed.body.data).toEqual([]);
  });

  it('the largest boleto is issued, its barcode carrying the amount', async () => {
    const res = await t.stack.http.post('/v1/transactions').set(t.company['Acme Ltda'].headers).send({
      referenceCode: newReference(),
      items: [{ description: 'Imóvel', quantity: 1, amount: 9_999_999_999 }],
      payments: [{ paymentMethod: 'boleto', amount: 9_999_999_999, boleto: { payer: { name: 'Maria Silva', document: '529.982.247-25' } } }],
    });
    expect(res.status).toBe(201);
    expect(parseBarcode(res.body.payments[0].boleto.barcode).amount).toBe(9_999_999_999);
  });
});
