import { compositeBrCode, cycleOf, outsideScheduleWindow, recId, retriesLeft, retryRefusal } from '../../src/processors/embedded/pix/mandate.rules';
import { buildPixPayload, crc16ccitt } from '../../src/payments/pix.rules';
import { brasiliaDay, mandatePeriodOf, mandateStartDate, mandateStatusOf } from '../../src/billing/mandates.rules';

describe('embedded PSP: Pix Automático rules', () => {
  it('ids are 29 alphanumerics: prefix, ISPB, day, 11 random', () => {
    expect(recId('RR', '99999004', '2026-11-29', () => 0)).toBe('RR9999900420261129aaaaaaaaaaa');
    expect(() => recId('SC', '123', '2026-11-29', () => 0)).toThrow();
  });

  it('the cycle a due date falls in, from the first one', () => {
    expect(cycleOf('2026-01-31', 'MENSAL', '2026-01-31')).toBe(0);
    expect(cycleOf('2026-01-31', 'MENSAL', '2026-02-28')).toBe(0);
    expect(cycleOf('2026-01-15', 'MENSAL', '2026-02-15')).toBe(1);
    expect(cycleOf('2026-01-15', 'MENSAL', '2026-01-14')).toBe(-1);
    expect(cycleOf('2026-01-15', 'TRIMESTRAL', '2026-06-30')).toBe(1);
    expect(cycleOf('2026-01-15', 'ANUAL', '2027-01-15')).toBe(1);
    expect(cycleOf('2026-01-01', 'SEMANAL', '2026-01-15')).toBe(2);
  });

  it('a charge is scheduled 2 to 10 days before its due date', () => {
    expect(outsideScheduleWindow('2026-11-29', '2026-11-30')).toMatch(/ao menos 2 dias/);
    expect(outsideScheduleWindow('2026-11-29', '2026-12-01')).toBeNull();
    expect(outsideScheduleWindow('2026-11-29', '2026-12-09')).toBeNull();
    expect(outsideScheduleWindow('2026-11-29', '2026-12-10')).toMatch(/mais de 10 dias/);
  });

  it('retries: the policy, one at a time, at most 3, on a future day within 7 days of the due date', () => {
    const base = { policy: 'PERMITE_3R_7D' as const, retriesSoFar: 0, pending: false, today: '2026-12-01', dueDate: '2026-12-01', date: '2026-12-02' };
    expect(retryRefusal(base)).toBeNull();
    expect(retryRefusal({ ...base, policy: 'NAO_PERMITE' })).toMatch(/não permite/);
    expect(retryRefusal({ ...base, pending: true })).toMatch(/não finalizada/);
    expect(retryRefusal({ ...base, retriesSoFar: 3 })).toMatch(/3 retentativas/);
    expect(retryRefusal({ ...base, date: '2026-12-01' })).toMatch(/futura/);
    expect(retryRefusal({ ...base, date: '2026-12-09' })).toMatch(/7 dias/);
    expect(retriesLeft('PERMITE_3R_7D', 2, '2026-12-07', '2026-12-01')).toBe(true);
    expect(retriesLeft('PERMITE_3R_7D', 2, '2026-12-08', '2026-12-01')).toBe(false);
    expect(retriesLeft('NAO_PERMITE', 0, '2026-12-01', '2026-12-01')).toBe(false);
  });
});

describe('billing: mandate rules', () => {
  it("maps the PSP's status", () => {
    expect(['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'].map((s) => mandateStatusOf(s as never))).toEqual(['pending', 'active', 'rejected', 'expired', 'canceled']);
  });

  it('only the periods the BCB offers', () => {
    expect(mandatePeriodOf({ interval: 1, unit: 'month' })).toBe('monthly');
    expect(mandatePeriodOf({ interval: 3, unit: 'month' })).toBe('quarterly');
    expect(mandatePeriodOf({ interval: 6, unit: 'month' })).toBe('semiannual');
    expect(mandatePeriodOf({ interval: 12, unit: 'month' })).toBe('annual');
    expect(mandatePeriodOf({ interval: 1, unit: 'year' })).toBe('annual');
    expect(mandatePeriodOf({ interval: 2, unit: 'month' })).toBeNull();
    expect(mandatePeriodOf({ interval: 2, unit: 'year' })).toBeNull();
  });

  it("the first due date: the next invoice's Brasília day, never sooner than 2 days away", () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(brasiliaDay(new Date('2026-11-30T02:00:00Z'))).toBe('2026-11-29');
    expect(mandateStartDate(now, null)).toBe('2026-12-01');
    expect(mandateStartDate(now, new Date('2026-11-30T12:00:00Z'))).toBe('2026-12-01');
    expect(mandateStartDate(now, new Date('2026-12-20T12:00:00Z'))).toBe('2026-12-20');
  });

  it("a composite BR Code: the charge's payload, field 80 with the recurrence's location, one CRC over both", () => {
    const charge = buildPixPayload({ kind: 'dynamic', locationUrl: 'psp.example/qr/v2/abc', merchantName: 'Loja', merchantCity: 'Sao Paulo' });
    const code = compositeBrCode(charge, 'psp.example/qr/v2/rec/def');
    expect(code.startsWith(charge.slice(0, -8))).toBe(true);
    expect(code).toContain('80470014br.gov.bcb.pix2525psp.example/qr/v2/rec/def6304');
    expect(code.slice(-4)).toBe(crc16ccitt(code.slice(0, -4)));
    expect(() => compositeBrCode('000201', 'x')).toThrow(RangeError);
  });
});
