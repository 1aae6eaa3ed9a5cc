import PDFDocument from 'pdfkit';
import { formattedLine } from './artifacts';
import { brDate, brl, instructionLines, payerLines } from './boleto-print.rules';
import { itfWidths } from './itf-barcode.rules';
import type { Payment } from './payment.entity';

/**
 * The boleto as a PDF (A4), the FEBRABAN layout's essentials: the bank and the linha digitável,
 * beneficiary, due date, payer, amount, nosso número, the instructions (fine, interest, discount),
 * the ITF-25 barcode of the 44 digits, and with bolepix the Pix QR code and its copia e cola.
 * `pixQrPng`: the QR code as a PNG (drawn by the caller from the boleto's BR Code).
 */

const MARGIN = 36;
const WIDTH = 595.28 - 2 * MARGIN;
/** FEBRABAN: the barcode's narrow bar is at least 0.25 mm and the symbol 13 mm high; these print at 0.33 mm and 13 mm. */
const NARROW_PT = 0.95;
const BAR_HEIGHT_PT = 37;

interface Cell {
  label: string;
  value: string;
  width: number;
}

export function renderBoletoPdf(payment: Payment, beneficiary: string, pixQrPng: Buffer | null = null): Promise<Buffer> {
  const b = payment.boleto!;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Boleto ${payment.id}`, Author: beneficiary, Subject: 'Boleto de pagamento' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = MARGIN;
  const bank = b.barcode.slice(0, 3);
  doc.font('Helvetica-Bold').fontSize(14).text(`${bank}-${bankCheckDigit(bank)}`, MARGIN, y, { width: 80 });
  doc.font('Courier-Bold').fontSize(12).text(formattedLine(b.line), MARGIN + 80, y + 2, { width: WIDTH - 80, align: 'right' });
  y += 22;

  const row = (cells: Cell[], height = 30): void => {
    let x = MARGIN;
    for (const c of cells) {
      doc.rect(x, y, c.width, height).stroke();
      doc.font('Helvetica').fontSize(7).fillColor('#444').text(c.label, x + 3, y + 3, { width: c.width - 6 });
      doc.font('Helvetica').fontSize(10).fillColor('#000').text(c.value, x + 3, y + 13, { width: c.width - 6, height: height - 14, ellipsis: true });
      x += c.width;
    }
    y += height;
  };
  const right = 150;
  row([{ label: 'Local de pagamento', value: 'Pagável em qualquer banco ou por Pix', width: WIDTH - right }, { label: 'Vencimento', value: brDate(b.dueDate), width: right }]);
  row([{ label: 'Beneficiário', value: beneficiary, width: WIDTH - right }, { label: 'Nosso número', value: b.number ?? payment.id, width: right }]);
  row([
    { label: 'Data do documento', value: brDate(payment.createdAt.toISOString().slice(0, 10)), width: 110 },
    { label: 'Número do documento', value: payment.id, width: WIDTH - right - 110 },
    { label: 'Valor do documento', value: brl(payment.amount), width: right },
  ]);
  const instructions = instructionLines(b);
  row([{ label: 'Instruções (texto de responsabilidade do beneficiário)', value: instructions.join('\n'), width: WIDTH }], 16 + 12 * instructions.length);
  const payer = payerLines(b.payer);
  row([{ label: 'Pagador', value: payer.join('\n') || '-', width: WIDTH }], 16 + 12 * Math.max(1, payer.length));

  y += 12;
  drawItf(doc, b.barcode, MARGIN, y);
  y += BAR_HEIGHT_PT + 6;
  doc.font('Helvetica').fontSize(7).fillColor('#444').text('Autenticação mecânica - Ficha de compensação', MARGIN, y, { width: WIDTH, align: 'right' });
  y += 24;

  if (b.pix) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000').text('Pague com Pix', MARGIN, y);
    y += 16;
    const qr = 150;
    if (pixQrPng) doc.image(pixQrPng, MARGIN, y, { width: qr, height: qr });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('Leia o QR code no app do seu banco ou use o Pix copia e cola abaixo. Pago de uma forma, a outra é cancelada.', MARGIN + qr + 12, y, { width: WIDTH - qr - 12 });
    doc.font('Helvetica-Bold').fontSize(8).text('Pix copia e cola', MARGIN + qr + 12, y + 40, { width: WIDTH - qr - 12 });
    doc.font('Courier').fontSize(7).text(b.pix.qrCode, MARGIN + qr + 12, y + 52, { width: WIDTH - qr - 12 });
  }
  doc.end();
  return done;
}

/** The ITF-25 symbol of the 44 digits: alternating bars and spaces, a bar first. */
function drawItf(doc: PDFKit.PDFDocument, digits: string, x0: number, y: number): void {
  let x = x0;
  itfWidths(digits).forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, y, w * NARROW_PT, BAR_HEIGHT_PT).fill('#000');
    x += w * NARROW_PT;
  });
}

/** The bank code's check digit printed beside it (modulo 11, 10 and 11 giving 0: 001-9, 341-7, 104-0). */
function bankCheckDigit(bank: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = bank.length - 1; i >= 0; i--) {
    sum += Number(bank[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = 11 - (sum % 11);
  return r >= 10 ? '0' : String(r);
}
