import { csvField, csvRecord, formatCentsPtBr } from '../../src/ledger/statement-csv.rules';

describe('statement CSV rules', () => {
  it('formats cents as pt-BR amounts', () => {
    expect(formatCentsPtBr(0)).toBe('0,00');
    expect(formatCentsPtBr(5)).toBe('0,05');
    expect(formatCentsPtBr(-99)).toBe('-0,99');
    expect(formatCentsPtBr(123_456)).toBe('1.234,56');
    expect(formatCentsPtBr(-100_000_000)).toBe('-1.000.000,00');
    expect(formatCentsPtBr(Number.MAX_SAFE_INTEGER)).toBe('90.071.992.547.409,91');
  });

  it('quotes fields as RFC 4180 asks, and only those', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
    expect(csvField(-1234)).toBe('-1234');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvRecord(['a', null, 1])).toBe('a,,1\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, not negative amounts', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+55 11')).toBe("'+55 11");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-1.234,56')).toBe('"-1.234,56"');
    expect(csvField('-cmd')).toBe("'-cmd");
  });
});
