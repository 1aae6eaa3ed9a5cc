/**
 * The buyer-facing artifacts of boleto payments, built from the pure rules (boleto.rules.ts).
 * Deterministic per payment id: a retried creation builds the same barcode. (A Pix payment's
 * BR Code comes from its PSP: pix-charges.service.ts.)
 */
import { createHash } from 'node:crypto';
import { barcodeToLinhaDigitavel, buildBarcode, formatLinhaDigitavel } from './boleto.rules';
import type { BoletoArtifact } from './payment.entity';

/** The sandbox issues boletos as bank 341 with a free field derived from the payment id. */
const BOLETO_BANK = '341';
/** Brasília time (UTC−3, no daylight saving since 2019): a boleto is payable until the end of its due date there. */
const BRT_OFFSET_HOURS = 3;

/** 25 digits from the payment id (its "nosso número"), so the barcode identifies the payment. */
function freeFieldOf(paymentId: string): string {
  const hex = createHash('sha256').update(paymentId).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(0, 25).padStart(25, '0');
}

export function buildBoletoArtifact(input: { paymentId: string; amount: number; dueDate: string; instructions: string | null }): BoletoArtifact {
  const barcode = buildBarcode({ bankCode: BOLETO_BANK, amount: input.amount, dueDate: input.dueDate, freeField: freeFieldOf(input.paymentId) });
  return { barcode, line: barcodeToLinhaDigitavel(barcode), dueDate: input.dueDate, instructions: input.instructions };
}

export const formattedLine = (line: string): string => formatLinhaDigitavel(line);

/** The end of the due date in Brasília: the instant an unpaid boleto is canceled. */
export function boletoExpiresAt(dueDate: string): Date {
  const d = new Date(`${dueDate}T00:00:00Z`);
  return new Date(d.getTime() + (24 + BRT_OFFSET_HOURS) * 3_600_000);
}

/** Today's calendar date in Brasília, 'YYYY-MM-DD'. */
export function brasiliaToday(now: Date): string {
  return new Date(now.getTime() - BRT_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
