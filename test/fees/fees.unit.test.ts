import { computeFee } from '../../src/fees/fee.rules';
import { feeTableSchema } from '../../src/fees/fees.schemas';
import { feeSpecFor, resolveFeeTable } from '../../src/fees/fees.service';
import { feePatch, parseFee, parseInstallments } from '../../src/cli/commands/fees';

describe('resolveFeeTable', () => {
  it('resolves an empty configuration to zeros, with 12 card entries, in the spec shape', () => {
    const table = resolveFeeTable({}, 'BRL');
    expect(feeTableSchema.parse(table)).toEqual(table);
    expect(table).toEqual({
      pix: { percentage: 0, fixed: 0 },
      boleto: { percentage: 0, fixed: 0 },
      creditCard: Array.from({ length: 12 }, (_, i) => ({ installments: i + 1, percentage: 0, fixed: 0 })),
      withdrawal: { percentage: 0, fixed: 0 },
      refund: { percentage: 0, fixed: 0 },
      chargeback: { fee: { percentage: 0, fixed: 0 }, penalty: { percentage: 0, fixed: 0 } },
      anticipation: { percentage: 0, approvalAbove: null },
      currency: 'BRL',
    });
  });

  it('keeps configured entries and fills the rest', () => {
    const table = resolveFeeTable({ pix: { percentage: 0.99, fixed: 0 }, creditCard: { '3': { percentage: 3.49, fixed: 30 } }, chargeback: { penalty: { percentage: 0, fixed: 1500 } } }, 'USD');
    expect(table.pix).toEqual({ percentage: 0.99, fixed: 0 });
    expect(table.creditCard[2]).toEqual({ installments: 3, percentage: 3.49, fixed: 30 });
    expect(table.creditCard[3]).toEqual({ installments: 4, percentage: 0, fixed: 0 });
    expect(table.chargeback).toEqual({ fee: { percentage: 0, fixed: 0 }, penalty: { percentage: 0, fixed: 1500 } });
    expect(table.currency).toBe('USD');
  });
});

describe('feeSpecFor + computeFee (the fee of an operation, rounded half-up to the cent)', () => {
  const table = resolveFeeTable(
    { pix: { percentage: 0.99, fixed: 0 }, boleto: { percentage: 0, fixed: 349 }, creditCard: { '1': { percentage: 2.99, fixed: 0 }, '12': { percentage: 4.99, fixed: 50 } }, chargeback: { fee: { percentage: 0, fixed: 1500 }, penalty: { percentage: 1, fixed: 0 } } },
    'BRL',
  );
  it.each([
    [{ kind: 'pix' as const }, 10_050, 99], // 99.495 → 99
    [{ kind: 'pix' as const }, 10_051, 100], // 99.5049 → 100 (≥ .5 rounds up)
    [{ kind: 'boleto' as const }, 10_000, 349],
    [{ kind: 'credit_card' as const, installments: 1 }, 1050, 31], // 31.395 → 31
    [{ kind: 'credit_card' as const, installments: 12 }, 10_000, 549],
    [{ kind: 'credit_card' as const, installments: 5 }, 10_000, 0],
    [{ kind: 'withdrawal' as const }, 10_000, 0],
    [{ kind: 'chargeback' as const }, 10_000, 1500],
    [{ kind: 'chargeback_penalty' as const }, 150, 2], // 1.5 → 2
  ])('%j on %p cents = %p', (op, amount, expected) => {
    expect(computeFee(feeSpecFor(table, op), amount)).toBe(expected);
  });

  it('refuses an installment count outside 1-12', () => {
    expect(() => feeSpecFor(table, { kind: 'credit_card', installments: 13 })).toThrow(RangeError);
  });
});

describe('CLI fee arguments', () => {
  it('parses <percentage>[:<fixed>] and installment ranges', () => {
    expect(parseFee('2.99:50')).toEqual({ percentage: 2.99, fixed: 50 });
    expect(parseFee('1')).toEqual({ percentage: 1, fixed: 0 });
    expect(() => parseFee('2,99')).toThrow(/expected/);
    expect(() => parseFee('1:0.5')).toThrow(/expected/);
    expect(parseInstallments('2-4=3.49:10', parseInstallments('1=2.99'))).toEqual({
      '1': { percentage: 2.99, fixed: 0 },
      '2': { percentage: 3.49, fixed: 10 },
      '3': { percentage: 3.49, fixed: 10 },
      '4': { percentage: 3.49, fixed: 10 },
    });
    expect(() => parseInstallments('0=1')).toThrow(/1 to 12/);
    expect(() => parseInstallments('5-13=1')).toThrow(/1 to 12/);
  });

  it('builds a patch validated by the fee table schema', () => {
    expect(feePatch({ company: 'comp_x', pix: { percentage: 0.99, fixed: 0 }, chargebackPenalty: { percentage: 0, fixed: 1500 } })).toEqual({
      pix: { percentage: 0.99, fixed: 0 },
      chargeback: { penalty: { percentage: 0, fixed: 1500 } },
    });
    expect(() => feePatch({ company: 'comp_x', pix: { percentage: 101, fixed: 0 } })).toThrow();
  });
});
