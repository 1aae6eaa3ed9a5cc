import { mandateChargeDueDate, mandateChargeExpiresAt, mandateChargePaymentId, mandateChargeRecheck, mandateChargeState, mandateInvoiceDueAt, mandateRetryDate, noticeWorthFollowing } from '../../src/billing/mandate-charges.rules';
import { paymentIdOfTxid, pixTxid } from '../../src/payments/pix.rules';
import type { PixMandateAttempt } from '../../src/processors/pix/pix-psp.port';

const attempt = (status: PixMandateAttempt['status'], code?: string): PixMandateAttempt => ({ date: '2026-03-13', kind: 'AGND', status, endToEndId: 'E1', rejection: code ? { code, reason: 'x' } : null });

describe('mandate charge rules', () => {
  it('an invoice paid by mandate is due 3 days after its issue; its charge falls due that Brasília day', () => {
    const issued = '2026-03-10T02:30:00.000Z'; // 9 March, 23:30 in Brasília
    expect(mandateInvoiceDueAt(issued)).toBe('2026-03-13T02:30:00.000Z');
    // Made right after midnight (Brasília), the charge still falls due 2 days ahead or more.
    expect(mandateChargeDueDate(mandateInvoiceDueAt(issued), '2026-03-10T03:05:00.000Z')).toBe('2026-03-12');
  });
  it('a charge made later (a dunning retry) falls due no sooner than the BCB allows: 2 days after today', () => {
    expect(mandateChargeDueDate('2026-03-13T12:00:00.000Z', '2026-03-14T12:00:00.000Z')).toBe('2026-03-16');
  });
  it('its transaction waits through the PSP\'s retry window', () => {
    expect(mandateChargeExpiresAt('2026-03-13')).toBe('2026-03-21T03:00:00.000Z');
  });
  it("a callback's notice of a charge waiting on a scheduled attempt is not read back; any other is", () => {
    const notice = (status: 'ATIVA' | 'CRIADA' | 'CONCLUIDA' | 'CANCELADA', attemptStatuses: Array<'AGENDADA' | 'SOLICITADA' | 'REJEITADA' | 'PAGA'> | null) => ({ txid: 't', status, attemptStatuses });
    expect(noticeWorthFollowing(notice('ATIVA', ['AGENDADA']))).toBe(false);
    expect(noticeWorthFollowing(notice('CRIADA', ['SOLICITADA']))).toBe(false);
    expect(noticeWorthFollowing(notice('ATIVA', ['REJEITADA', 'AGENDADA']))).toBe(false);
    // Refused with nothing scheduled (a retry to ask for), concluded, ended, or attempts not given: read back.
    expect(noticeWorthFollowing(notice('ATIVA', ['REJEITADA']))).toBe(true);
    expect(noticeWorthFollowing(notice('CONCLUIDA', ['PAGA']))).toBe(true);
    expect(noticeWorthFollowing(notice('CANCELADA', ['AGENDADA']))).toBe(true);
    expect(noticeWorthFollowing(notice('ATIVA', null))).toBe(true);
  });
  it('a charge still waiting is left alone before its due day, read back at the PSP from it, ended from its expiry', () => {
    const expiresAt = mandateChargeExpiresAt('2026-03-13'); // due 13 March (Brasília), from 03:00Z
    expect(mandateChargeRecheck(expiresAt, '2026-03-13T02:59:59.999Z')).toBe('wait');
    expect(mandateChargeRecheck(expiresAt, '2026-03-13T03:00:00.000Z')).toBe('follow');
    expect(mandateChargeRecheck(expiresAt, '2026-03-20T12:00:00.000Z')).toBe('follow');
    expect(mandateChargeRecheck(expiresAt, expiresAt)).toBe('expire');
  });
  it('the payment id (and so the txid) is derived from the invoice and the attempt, and is one Lastro recognises', () => {
    const a = mandateChargePaymentId('inv_01abc', 1);
    expect(a).toMatch(/^pay_[a-z2-7]{26}$/);
    expect(mandateChargePaymentId('inv_01abc', 1)).toBe(a);
    expect(mandateChargePaymentId('inv_01abc', 2)).not.toBe(a);
    expect(mandateChargePaymentId('inv_01abd', 1)).not.toBe(a);
    expect(paymentIdOfTxid(pixTxid(a))).toBe(a);
  });
  it('what a charge read from the PSP means for its attempt', () => {
    const base = { attempts: [attempt('AGENDADA')], pix: [] };
    expect(mandateChargeState({ ...base, status: 'ATIVA' })).toEqual({ kind: 'pending' });
    expect(mandateChargeState({ status: 'CONCLUIDA', attempts: [attempt('PAGA')], pix: [{ endToEndId: 'E1', amount: 100, paidAt: '' }] })).toEqual({ kind: 'paid' });
    expect(mandateChargeState({ status: 'ATIVA', attempts: [attempt('REJEITADA', 'AM04')], pix: [] })).toEqual({ kind: 'retry' });
    expect(mandateChargeState({ status: 'REJEITADA', attempts: [attempt('REJEITADA', 'AC05')], pix: [] })).toEqual({ kind: 'failed', code: 'mandate_charge_rejected' });
    expect(mandateChargeState({ ...base, status: 'EXPIRADA' })).toEqual({ kind: 'failed', code: 'mandate_charge_expired' });
    expect(mandateChargeState({ ...base, status: 'CANCELADA' })).toEqual({ kind: 'failed', code: 'mandate_charge_canceled' });
  });
  it('a retry is asked for the day after the refused attempt, within 7 days of the due day', () => {
    expect(mandateRetryDate('2026-03-13', '2026-03-13')).toBe('2026-03-14');
    expect(mandateRetryDate('2026-03-19', '2026-03-13')).toBe('2026-03-20');
    expect(mandateRetryDate('2026-03-20', '2026-03-13')).toBeNull();
  });
});
