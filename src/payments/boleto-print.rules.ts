import { normalizeDocument } from '../shared/documents';
import type { BoletoArtifact } from './payment.entity';

/**
 * What a printed boleto says, the same on its page (boleto.page.ts) and its PDF (boleto.pdf.ts):
 * amounts in reais, dates dd/mm/yyyy, the payer's CPF/CNPJ punctuated, and the cashier's
 * instructions with the fine, interest and discount spelled out. Pure.
 */

export const brl = (cents: number): string => `R$ ${(cents / 100).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
export const brDate = (iso: string): string => iso.split('-').reverse().join('/');
const pct = (p: number): string => `${p.toFixed(2).replace('.', ',')}%`;

/** A CPF as 000.000.000-00, a CNPJ as 00.000.000/0000-00; anything else as given. */
export function formatDocument(document: string): string {
  const d = normalizeDocument(document);
  if (/^\d{11}$/.test(d)) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(d)) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return document;
}

/** The payer's lines: name and document, then the address when it has one. */
export function payerLines(payer: BoletoArtifact['payer']): string[] {
  if (!payer) return [];
  const lines = [`${payer.name} - ${payer.document.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(payer.document)}`];
  const a = payer.address;
  if (a) lines.push([a.street, a.neighborhood, `${a.city}/${a.state}`, `CEP ${a.zipCode.slice(0, 5)}-${a.zipCode.slice(5)}`].filter(Boolean).join(' - '));
  return lines;
}

/** The instructions to the cashier: the merchant's, then the discount, fine, interest and the last day it is accepted. */
export function instructionLines(b: BoletoArtifact): string[] {
  const lines: string[] = [];
  if (b.instructions) lines.push(b.instructions);
  const d = b.discount;
  if (d) lines.push(`Desconto de ${'percent' in d ? pct(d.percent) : brl(d.amount)} para pagamento até ${brDate(d.until)}.`);
  const f = b.fine;
  if (f) lines.push(`Após o vencimento, multa de ${'percent' in f ? pct(f.percent) : brl(f.amount)}.`);
  const i = b.interest;
  if (i) lines.push(`Após o vencimento, juros de ${'monthlyPercent' in i ? `${pct(i.monthlyPercent)} ao mês` : `${brl(i.dailyAmount)} ao dia`}.`);
  const after = b.payableDaysAfterDue ?? 0;
  lines.push(after > 0 ? `Não receber após ${after} dia${after === 1 ? '' : 's'} do vencimento.` : 'Não receber após o vencimento.');
  return lines;
}
