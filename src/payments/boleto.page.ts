import { formattedLine } from './artifacts';
import { brDate, brl, instructionLines, payerLines } from './boleto-print.rules';
import { itfSvg } from './itf-barcode.rules';
import type { Payment } from './payment.entity';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Strict CSP: the page is static HTML with inline styles only, no scripts. */
export const BOLETO_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/**
 * The printable boleto: beneficiary, payer, amount, due date, linha digitável, the instructions,
 * the ITF barcode, and with bolepix the Pix QR code and its copia e cola (`pixQr`: the QR as a
 * data: URL); a link to the same boleto as a PDF (`pdfUrl`, boleto.pdf.ts).
 */
export function renderBoletoPage(payment: Payment, beneficiary: string, pixQr: string | null = null, pdfUrl: string | null = null): string {
  const b = payment.boleto!;
  const payer = payerLines(b.payer);
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Boleto ${esc(payment.id)}</title>
<style>body{font-family:Arial,sans-serif;max-width:760px;margin:24px auto;color:#111}table{width:100%;border-collapse:collapse}
td{border:1px solid #333;padding:6px;font-size:13px;vertical-align:top}td small{display:block;color:#555;font-size:10px}
.line{font-family:monospace;font-size:18px;text-align:right;margin:8px 0}.bar{margin-top:16px}
@media print{button,a{display:none}}</style></head><body>
<div class="line" data-testid="linha-digitavel">${esc(formattedLine(b.line))}</div>
<table>
<tr><td colspan="2"><small>Beneficiário</small>${esc(beneficiary)}</td><td><small>Vencimento</small><span data-testid="due-date">${esc(brDate(b.dueDate))}</span></td></tr>
<tr><td><small>Nosso número</small>${esc(payment.id)}</td><td><small>Espécie</small>R$</td><td><small>Valor do documento</small><span data-testid="amount">${esc(brl(payment.amount))}</span></td></tr>
${payer.length ? `<tr><td colspan="3" data-testid="payer"><small>Pagador</small>${payer.map(esc).join('<br>')}</td></tr>` : ''}
<tr><td colspan="3" data-testid="instructions"><small>Instruções</small>${instructionLines(b).map(esc).join('<br>')}</td></tr>
</table>
<div class="bar" data-testid="barcode" data-barcode="${esc(b.barcode)}">${itfSvg(b.barcode)}</div>
${b.pix ? `<div class="pix" data-testid="bolepix"><p><strong>Pague com Pix</strong>: leia o QR code ou use o Pix copia e cola. Pago de uma forma, a outra é cancelada.</p>
${pixQr ? `<img alt="QR code Pix" src="${esc(pixQr)}" width="200" height="200">` : ''}
<p style="font-family:monospace;font-size:11px;word-break:break-all" data-testid="pix-copia-e-cola">${esc(b.pix.qrCode)}</p></div>` : ''}
${pdfUrl ? `<p><a href="${esc(pdfUrl)}" data-testid="boleto-pdf" download>Baixar o boleto em PDF</a></p>` : ''}
${b.number ? `<p><small>Nosso número ${esc(b.number)}. Registrado no banco emissor.</small></p>` : '<p><small>Sandbox Lastro: este boleto não é pagável em bancos.</small></p>'}
</body></html>`;
}
