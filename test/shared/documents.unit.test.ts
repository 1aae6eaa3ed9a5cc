import fc from 'fast-check';
import { documentKind, isValidCnpj, isValidCpf, normalizeDocument, withCheckDigits } from '../../src/shared/documents';

describe('normalizeDocument', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    [' 529 982 247 25 ', '52998224725'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    ['11.222.333/0001-81', '11222333000181'],
    ['', ''],
  ])('%p → %p', (input, expected) => {
    expect(normalizeDocument(input)).toBe(expected);
  });
});

describe('isValidCpf', () => {
  it.each(['52998224725', '529.982.247-25', ' 529.982.247-25 ', '12345678909'])('accepts %p', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['52998224724', 'wrong DV2'],
    ['52998224715', 'wrong DV1'],
    ['5299822472', 'too short'],
    ['529982247250', 'too long'],
    ['5299822472A', 'letter'],
    ['', 'empty'],
    ['52998224725X', 'trailing junk'],
  ])('rejects %p (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it.each(Array.from({ length: 10 }, (_, d) => String(d).repeat(11)))('rejects all-equal %p', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('accepts every base completed with its check digits (except all-equal)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (base) => {
        const cpf = withCheckDigits(base);
        expect(cpf).toHaveLength(11);
        expect(isValidCpf(cpf)).toBe(!/^(\d)\1{10}$/.test(cpf));
      }),
    );
  });

  it('rejects any other pair of check digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 99 }), (base, dv) => {
        const cpf = withCheckDigits(base);
        const other = base + String(dv).padStart(2, '0');
        if (other !== cpf) expect(isValidCpf(other)).toBe(false);
      }),
    );
  });
});

describe('isValidCnpj', () => {
  it.each([
    '11222333000181',
    '11.222.333/0001-81',
    '12ABC34501DE35', // reference alphanumeric example
    '12.ABC.345/01DE-35',
    '12.abc.345/01de-35', // lower case is normalized
  ])('accepts %p', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ['11222333000182', 'wrong DV2'],
    ['11222333000171', 'wrong DV1'],
    ['12ABC34501DE36', 'alphanumeric, wrong DV2'],
    ['12ABC34501DF35', 'alphanumeric, changed character'],
    ['12ABC34501DE3A', 'letter in a check digit'],
    ['1122233300018', 'too short'],
    ['112223330001810', 'too long'],
    ['12ABC34501DÉ35', 'non-ASCII letter'],
    ['12ABC345*1DE35', 'symbol'],
    ['', 'empty'],
  ])('rejects %p (%s)', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it.each(Array.from({ length: 10 }, (_, d) => String(d).repeat(14)))('rejects all-equal %p', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it('uses ASCII − 48 for letters: the reference example gets DVs 3 and 5', () => {
    expect(withCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(withCheckDigits('112223330001')).toBe('11222333000181');
  });

  it('accepts every alphanumeric base completed with its check digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), (base) => {
        const cnpj = withCheckDigits(base);
        expect(cnpj).toMatch(/^[0-9A-Z]{12}\d{2}$/);
        expect(isValidCnpj(cnpj)).toBe(!/^(.)\1{13}$/.test(cnpj));
        expect(isValidCnpj(cnpj.toLowerCase())).toBe(isValidCnpj(cnpj));
      }),
    );
  });
});

describe('documentKind', () => {
  it.each([
    ['529.982.247-25', 'cpf'],
    ['11.222.333/0001-81', 'cnpj'],
    ['12.ABC.345/01DE-35', 'cnpj'],
    ['52998224724', null],
    ['11222333000182', null],
    ['11111111111', null],
    ['123', null],
    ['', null],
    ['529982247250000', null],
  ])('%p → %p', (doc, kind) => {
    expect(documentKind(doc)).toBe(kind);
  });
});

describe('withCheckDigits', () => {
  it('rejects bases of the wrong length', () => {
    expect(() => withCheckDigits('12345678')).toThrow(RangeError);
    expect(() => withCheckDigits('1234567890')).toThrow(RangeError);
  });
});
