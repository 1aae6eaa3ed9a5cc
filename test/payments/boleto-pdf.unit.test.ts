import { buildBarcode, barcodeToLinhaDigitavel, formatLinhaDigitavel } from '../../src/payments/boleto.rules';
import { renderBoletoPdf } from '../../src/payments/boleto.pdf';
import type { BoletoArtifact, Payment } from '../../src/payments/payment.entity';
import QRCode from 'qrcode';
import { readPdf } from './boleto-pdf-text';

/** The boleto PDF read back by a PDF parser: what a buyer's bank app or printer gets. */
const barcode = buildBarcode({ bankCode: '001', amount: 12_345, dueDate: '2026-12-10', freeField: '0000003128557000000004217' });
const boleto = (extra: Partial<BoletoArtifact> = {}): BoletoArtifact => ({
  barcode,
  line: barcodeToLinhaDigitavel(barcode),
  dueDate: '2026-12-10',
  instructions: 'Referente ao pedido 42',
  number: '0000000042',
  payableDaysAfterDue: 10,
  fine: { percent: 2 },
  interest: { monthlyPercent: 1 },
  discount: { until: '2026-12-05', amount: 500 },
  payer: { name: 'Maria da Silva', document: '52998224725', address: { street: 'Rua Augusta, 100', city: 'São Paulo', state: 'SP', zipCode: '01305000', neighborhood: 'Consolação' } },
  ...extra,
});
const payment = (b: BoletoArtifact) => ({ id: 'pay_01kbpdftest', amount: 12_345, createdAt: new Date('2026-12-01T12:00:00Z'), boleto: b }) as unknown as Payment;
const BR_CODE = '00020101021226850014br.gov.bcb.pix2563psp.example.com/qr/v2/cobv/8f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f905204000053039865802BR5909Acme Ltda6009SAO PAULO62070503***6304ABCD';

describe('the boleto PDF', () => {
  it('without bolepix: a PDF of one page with the linha digitável, beneficiary, payer, amount, due date and the terms, no Pix', async () => {
    const { pages, text } = await readPdf(await renderBoletoPdf(payment(boleto({ pix: null })), 'Acme Ltda'));
    expect(pages).toBe(1);
    expect(text).toContain(formatLinhaDigitavel(boleto().line));
    expect(text).toContain('001-9');
    for (const s of ['Acme Ltda', 'Maria da Silva', 'CPF 529.982.247-25', 'CEP 01305-000', 'R$ 123,45', '10/12/2026', '0000000042']) expect(text).toContain(s);
    for (const s of ['Desconto de R$ 5,00 para pagamento até 05/12/2026', 'multa de 2,00%', 'juros de 1,00% ao mês', 'Não receber após 10 dias do vencimento', 'Referente ao pedido 42']) expect(text).toContain(s);
    expect(text).not.toContain('Pix copia e cola');
  });

  it('with bolepix: the Pix QR code image and its copia e cola', async () => {
    const png = await QRCode.toBuffer(BR_CODE, { type: 'png' });
    const pdf = await renderBoletoPdf(payment(boleto({ pix: { qrCode: BR_CODE, txid: 'T1', connectionId: 'default' } })), 'Acme Ltda', png);
    const { text } = await readPdf(pdf);
    expect(text).toContain('Pix copia e cola');
    // The copia e cola wraps over lines; joined back it is the BR Code.
    expect(text.replace(/\s+/g, '')).toContain(BR_CODE.replace(/\s+/g, ''));
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    const without = await renderBoletoPdf(payment(boleto({ pix: null })), 'Acme Ltda');
    expect(without.includes('/Subtype /Image')).toBe(false);
  });

  it('a CNPJ payer without an address, no terms: the CNPJ punctuated, the default instruction', async () => {
    const b = boleto({ payer: { name: 'Loja Exemplo Ltda', document: '11222333000181', address: null }, fine: null, interest: null, discount: null, payableDaysAfterDue: 0, instructions: null });
    const { text } = await readPdf(await renderBoletoPdf(payment(b), 'Acme Ltda'));
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('Não receber após o vencimento.');
    expect(text).not.toContain('multa');
  });
});
