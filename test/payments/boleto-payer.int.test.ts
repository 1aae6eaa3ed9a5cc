import { randomUUID } from 'node:crypto';
import { startSessionFromLink } from '../../src/checkout/checkout-sessions.service';
import { formatLinhaDigitavel } from '../../src/payments/boleto.rules';
import { processorsOf } from '../../src/processors/processors';
import { useTestStack } from '../helpers/stack';
import { newReference } from './fixtures';
import { readPdf } from './boleto-pdf-text';

/**
 * A registered boleto names its payer, and it prints as a PDF. Through the API against the run's
 * embedded BB issuer and Pix PSP: the payer is the payment's boleto.payer or the transaction's
 * customer, neither or an unusable document is a 422 before anything is written or any processor
 * is called; the checkout's buyer is the payer of a checkout boleto; the PDF (parsed back) carries
 * the linha digitável, the payer and the bolepix copia e cola.
 */
const t = useTestStack({ companies: ['Acme'], owners: ['Acme'] });
const headers = () => t.company.Acme.headers;
const countOf = async (sql: string, params: unknown[]) => Number((await t.stack.em().execute<{ n: string }[]>(sql, params))[0].n);
const written = async () => ({
  transactions: await countOf('select count(*) as n from transactions where company_id = ?', [t.company.Acme.company.id]),
  registrations: await countOf('select count(*) as n from boleto_registrations where company_id = ?', [t.company.Acme.company.id]),
});
const boletoRail = async () => (await processorsOf(t.stack.deps).boletoById(t.stack.em(), 'default'))!;

async function newCustomer(body: Record<string, unknown>): Promise<string> {
  const res = await t.stack.http.post('/v1/customers').set(headers()).send({ email: 'buyer@example.com', type: 'individual', phone: '+55 11 99999-0000', ...body });
  expect(res.status).toBe(201);
  return res.body.id;
}
const createBoleto = (boleto: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.stack.http
    .post('/v1/transactions')
    .set(headers())
    .send({ referenceCode: newReference(), items: [{ description: 'Curso', quantity: 1, amount: 4_990 }], payments: [{ paymentMethod: 'boleto', amount: 4_990, boleto }], ...extra });

function expectError(res: { status: number; body: any }, status: number, code: string, path: string): void {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status, code });
  expect(res.body.error.details).toEqual([{ path, message: expect.any(String) }]);
  expect(res.body.error.requestId).toMatch(/^req_/);
}

describe("a boleto's payer", () => {
  it('neither boleto.payer nor a customer: 422 boleto_payer_required, nothing written and no number reserved', async () => {
    const before = await written();
    expectError(await createBoleto({}), 422, 'boleto_payer_required', 'payments.0.boleto.payer');
    expect(await written()).toEqual(before);
  });

  it('a payer document with wrong check digits, or a customer whose document is a passport: 422 boleto_payer_invalid, nothing written', async () => {
    const before = await written();
    expectError(await createBoleto({ payer: { name: 'Maria Silva', document: '529.982.247-24' } }), 422, 'boleto_payer_invalid', 'payments.0.boleto.payer');
    const passport = await newCustomer({ name: 'John Doe', document: 'X1234567', documentType: 'passport' });
    const res = await createBoleto({}, { customerId: passport });
    expectError(res, 422, 'boleto_payer_invalid', 'payments.0.boleto.payer');
    expect(res.body.error.message).toContain('the customer');
    expect(await written()).toEqual(before);
    // The same customer with a payer of the boleto's own: the payer given wins.
    expect((await createBoleto({ payer: { name: 'Maria Silva', document: '52998224725' } }, { customerId: passport })).status).toBe(201);
  });

  it('a stray key in boleto.payer is a 400 naming it (strict bodies)', async () => {
    const res = await createBoleto({ payer: { name: 'Maria Silva', document: '52998224725', email: 'x@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it("the customer is the payer: registered with its CPF, name and address; the payment shows the payer", async () => {
    const customerId = await newCustomer({
      name: 'Ana Souza',
      document: '529.982.247-25',
      address: { street: 'Rua Augusta', number: '100', complement: null, neighborhood: 'Consolação', city: 'São Paulo', state: 'SP', zipCode: '01305-000', country: 'BR' },
    });
    const res = await createBoleto({}, { customerId });
    expect(res.status).toBe(201);
    const b = res.body.payments[0].boleto;
    expect(b.payer).toEqual({ name: 'Ana Souza', document: '52998224725' });
    expect((await (await boletoRail()).issuer.get(b.number))?.status).toBe('registered');
    const page = await t.stack.http.get(new URL(b.url).pathname);
    expect(page.text).toContain('CPF 529.982.247-25');
    expect(page.text).toContain('CEP 01305-000');
  });
});

describe('the boleto PDF', () => {
  it('served beside the page (linked from it, its URL on the payment): a PDF with the linha digitável, the payer and the bolepix copia e cola', async () => {
    const res = await createBoleto({ payer: { name: 'Loja Exemplo Ltda', document: '11.222.333/0001-81' }, payableDaysAfterDue: 5, fine: { percent: 2 } });
    expect(res.status).toBe(201);
    const b = res.body.payments[0].boleto;
    expect(b.pdfUrl).toBe(`${b.url}/boleto.pdf`);
    const page = await t.stack.http.get(new URL(b.url).pathname);
    expect(page.text).toContain(`href="${b.pdfUrl}"`);

    const pdf = await t.stack.http.get(new URL(b.pdfUrl).pathname).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { pages, text } = await readPdf(pdf.body as Buffer);
    expect(pages).toBe(1);
    expect(text).toContain(formatLinhaDigitavel(b.line));
    expect(text).toContain('Loja Exemplo Ltda - CNPJ 11.222.333/0001-81');
    expect(text).toContain('multa de 2,00%');
    expect(b.pix).not.toBeNull();
    expect(text.replace(/\s+/g, '')).toContain(b.pix.qrCode.replace(/\s+/g, ''));
  });

  it('an unknown payment, or a payment that is no boleto: 404, as the page', async () => {
    expect((await t.stack.http.get('/boletos/pay_00000000000000000000000000/boleto.pdf')).status).toBe(404);
    const pix = await t.stack.http
      .post('/v1/transactions')
      .set(headers())
      .send({ referenceCode: newReference(), items: [{ description: 'x', quantity: 1, amount: 100 }], payments: [{ paymentMethod: 'pix', amount: 100 }] });
    expect((await t.stack.http.get(`/boletos/${pix.body.payments[0].id}/boleto.pdf`)).status).toBe(404);
  });
});

describe("a checkout boleto's payer is the buyer", () => {
  const link = async () => {
    const res = await t.stack.http.post('/checkout/links').set(headers()).send({ items: [{ name: 'Curso', quantity: 1, unitAmount: 5_000 }], paymentMethods: { boleto: { enabled: true } } });
    expect(res.status).toBe(201);
    return (await startSessionFromLink(t.stack.em(), t.stack.deps, null, res.body.id)).id;
  };
  const confirm = (id: string, body: object) => t.stack.http.post(`/checkout/public/sessions/${id}/confirm`).set('Idempotency-Key', randomUUID()).send(body);

  it("without the buyer's CPF/CNPJ: 422 boleto_payer_required naming customer.document, nothing written; with it: the boleto names the buyer", async () => {
    const session = await link();
    const before = await written();
    expectError(await confirm(session, { customer: { name: 'Maria Silva' }, payments: [{ method: 'boleto' }] }), 422, 'boleto_payer_required', 'customer.document');
    expect(await written()).toEqual(before);
    const ok = await confirm(session, { customer: { name: 'Maria Silva', document: '529.982.247-25' }, payments: [{ method: 'boleto' }] });
    expect(ok.status).toBe(200);
    const row = await t.stack.em().execute<{ boleto: { payer: unknown } }[]>('select boleto from payments where id = ?', [ok.body.payments[0].id]);
    expect(row[0].boleto.payer).toEqual({ name: 'Maria Silva', document: '52998224725', address: null });
  });
});
