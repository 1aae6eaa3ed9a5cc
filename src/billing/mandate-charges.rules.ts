import { createHash } from 'node:crypto';
import type { PixMandateCharge, PixMandateChargeNotice, ReceivedPix } from '../processors/pix/pix-psp.port';
import { addDays } from './schedule.rules';
import { brasiliaDay } from './mandates.rules';

/**
 * Pure rules of the charges Lastro makes through a Pix Automático mandate (the API Pix's `cobr`):
 * when an invoice paid by mandate falls due, the charge's due day, its deterministic ids, and
 * what a charge read back from the PSP means for its invoice attempt. No I/O, no clock.
 */

/**
 * An invoice paid by mandate is due this many days after it is issued, and its charge is
 * scheduled at the PSP when it is issued. The BCB takes a `cobr` only 2 to 10 (Brasília) days
 * before its due day: 3 days leave a day's margin for an issue at 23:59 whose charge reaches the
 * PSP after midnight, and keep the payer's debit close to the start of the period it pays for.
 */
export const MANDATE_DAYS_UNTIL_DUE = 3;
/** The BCB's window: a `cobr` is created at least this many days before its due day … */
export const MANDATE_CHARGE_MIN_DAYS_AHEAD = 2;
/** … and the PSP retries a failed one (PERMITE_3R_7D) up to this many days after it. */
export const MANDATE_RETRY_WINDOW_DAYS = 7;

/** The due date of an invoice issued at `issuedAt` for a subscription paid by mandate. */
export const mandateInvoiceDueAt = (issuedAt: string): string => addDays(issuedAt, MANDATE_DAYS_UNTIL_DUE);

const dayAfter = (day: string, n: number): string => addDays(`${day}T12:00:00.000Z`, n).slice(0, 10);

/**
 * The charge's due day (Brasília): the invoice's, but never sooner than the BCB lets a charge
 * made now fall due (a dunning attempt after the due date is scheduled for the earliest day).
 */
export function mandateChargeDueDate(invoiceDueAt: string, now: string): string {
  const earliest = dayAfter(brasiliaDay(new Date(now)), MANDATE_CHARGE_MIN_DAYS_AHEAD);
  const due = brasiliaDay(new Date(invoiceDueAt));
  return due < earliest ? earliest : due;
}

/**
 * When the charge's transaction gives up waiting: the end of the PSP's retry window (its last
 * retry's day, Brasília), by which the PSP has concluded or ended the charge.
 */
export function mandateChargeExpiresAt(dueDate: string): string {
  return `${dayAfter(dueDate, MANDATE_RETRY_WINDOW_DAYS + 1)}T03:00:00.000Z`;
}

/**
 * What a read of a charge still waiting does at `at`, from its transaction's expiry
 * (`mandateChargeExpiresAt`): before its due day nothing (the PSP has not tried it yet); from its
 * due day on, `follow`: read the charge back at the PSP (its callback may be lost); from its
 * expiry on, `expire`: its transaction's workflow ends it (removing it at the PSP first, which
 * tells a charge paid meanwhile).
 */
export function mandateChargeRecheck(expiresAt: string, at: string): 'wait' | 'follow' | 'expire' {
  const t = Date.parse(at);
  if (t >= Date.parse(expiresAt)) return 'expire';
  const dueFrom = Date.parse(addDays(expiresAt, -(MANDATE_RETRY_WINDOW_DAYS + 1)));
  return t >= dueFrom ? 'follow' : 'wait';
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * The payment id of an invoice attempt's mandate charge, derived from the invoice and the attempt
 * (26 base32 characters of their hash), so its `cobr` txid (`pixTxid`) is known before anything is
 * written: a retried attempt, even after a crash between the PSP's answer and the write, asks the
 * PSP for the same charge and writes the same payment.
 */
export function mandateChargePaymentId(invoiceId: string, attempt: number): string {
  const digest = createHash('sha256').update(`mandate-charge:${invoiceId}:${attempt}`).digest();
  let out = '';
  for (let i = 0; i < 26; i++) {
    // 5 bits at bit offset 5·i.
    const bit = i * 5;
    const word = (digest[bit >> 3] << 8) | digest[(bit >> 3) + 1];
    out += BASE32[(word >> (11 - (bit & 7))) & 31];
  }
  return `pay_${out}`;
}

/** What a charge read back from the PSP means for its attempt. */
export type MandateChargeState =
  | { kind: 'paid' }
  /** Ended unpaid: the attempt failed (`code`: why, as the transaction's statusReason). */
  | { kind: 'failed'; code: string }
  /** Its last settlement attempt was refused and nothing is scheduled: ask the PSP for a retry. */
  | { kind: 'retry' }
  | { kind: 'pending' };

const ENDED: Partial<Record<PixMandateCharge['status'], string>> = { REJEITADA: 'mandate_charge_rejected', EXPIRADA: 'mandate_charge_expired', CANCELADA: 'mandate_charge_canceled' };

export function mandateChargeState(c: Pick<PixMandateCharge, 'status' | 'attempts' | 'pix'>): MandateChargeState {
  if (c.status === 'CONCLUIDA' && c.pix.length > 0) return { kind: 'paid' };
  const ended = ENDED[c.status];
  if (ended) return { kind: 'failed', code: ended };
  const scheduled = c.attempts.some((a) => a.status === 'AGENDADA' || a.status === 'SOLICITADA');
  const last = c.attempts[c.attempts.length - 1];
  if (c.status === 'ATIVA' && !scheduled && last?.status === 'REJEITADA') return { kind: 'retry' };
  return { kind: 'pending' };
}

/**
 * Whether a `/cobr` callback's notice is worth reading back at the PSP: one that reports the
 * charge still waiting on a scheduled attempt (the PSP's notice of a charge just made, of a retry
 * scheduled) asks for nothing, whatever it says; anything else (concluded, ended, an attempt
 * refused, attempts not given) is read back and acted on as the PSP has it.
 */
export function noticeWorthFollowing(n: PixMandateChargeNotice): boolean {
  const waiting = (n.status === 'CRIADA' || n.status === 'ATIVA') && (n.attemptStatuses?.some((s) => s === 'AGENDADA' || s === 'SOLICITADA') ?? false);
  return !waiting;
}

/**
 * The day of the next retry after a refused attempt: the day after that attempt's, while inside
 * the PSP's window (the PSP refuses a later one, and then ends the charge EXPIRADA itself). Counted
 * from the PSP's own days, never Lastro's clock: the PSP's clock decides when attempts fall due.
 */
export function mandateRetryDate(refusedOn: string, dueDate: string): string | null {
  const next = dayAfter(refusedOn, 1);
  return next <= dayAfter(dueDate, MANDATE_RETRY_WINDOW_DAYS) ? next : null;
}

/** A transaction made for a mandate charge (its metadata names the mandate): its Pix charge is a `cobr`, not a `cob`. */
export const isMandateCharge = (metadata: Record<string, unknown> | null | undefined): boolean => typeof metadata?.mandateId === 'string';

/** The Pix that paid a charge, as every Pix reported by a PSP is received (`receivePix`). */
export function mandateChargePix(c: Pick<PixMandateCharge, 'txid' | 'pix'>): ReceivedPix[] {
  return c.pix.map((p) => ({ endToEndId: p.endToEndId, txid: c.txid, amount: p.amount, paidAt: p.paidAt, payerInfo: null, refunds: [] }));
}

/** The attempt of a mandate charge's transaction, from its referenceCode `<inv_id>-<attempt>`; null for another reference. */
export function mandateChargeAttempt(invoiceId: string, referenceCode: string | null | undefined): number | null {
  const m = referenceCode?.startsWith(`${invoiceId}-`) ? /^(\d{1,4})$/.exec(referenceCode.slice(invoiceId.length + 1)) : null;
  return m ? Number(m[1]) : null;
}

/**
 * The payment ids an invoice's mandate charges may have: one per attempt made or being made
 * (`attemptCount` recorded, plus the one in flight), derived as the charges derive them.
 */
export function mandateChargePaymentIds(invoiceId: string, attemptCount: number): string[] {
  return Array.from({ length: attemptCount + 1 }, (_, i) => mandateChargePaymentId(invoiceId, i + 1));
}
