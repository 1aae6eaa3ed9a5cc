import fc from 'fast-check';
import {
  barcodeToLinhaDigitavel,
  boletoMod10,
  boletoMod11,
  buildBarcode,
  dateFromFactor,
  dueDateFactor,
  formatLinhaDigitavel,
  linhaDigitavelToBarcode,
  parseBarcode,
  validateBarcode,
  validateLinhaDigitavel,
} from '../../src/payments/boleto.rules';

/** Reference vector: a real sandbox line, factor 1198 = 2025-09-08, R$ 814.88. */
const LINE = '34191090570404959480975279260006611980000081488';
const BARCODE = '34196119800000814881090504049594807527926000';

describe('reference vector', () => {
  it('is a valid linha digitável', () => {
    expect(validateLinhaDigitavel(LINE)).toBe(true);
    expect(validateLinhaDigitavel(formatLinhaDigitavel(LINE))).toBe(true);
  });

  it('converts line → barcode → line', () => {
    expect(linhaDigitavelToBarcode(LINE)).toBe(BARCODE);
    expect(linhaDigitavelToBarcode('34191.09057 04049.594809 75279.260006 6 11980000081488')).toBe(BARCODE);
    expect(barcodeToLinhaDigitavel(BARCODE)).toBe(LINE);
  });

  it('formats as AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV', () => {
    expect(formatLinhaDigitavel(LINE)).toBe('34191.09057 04049.594809 75279.260006 6 11980000081488');
    expect(formatLinhaDigitavel(formatLinhaDigitavel(LINE))).toBe(formatLinhaDigitavel(LINE));
  });

  it('parses to bank 341, BRL, factor 1198 (2025-09-08), R$ 814.88', () => {
    expect(parseBarcode(BARCODE)).toEqual({
      bankCode: '341',
      currencyCode: '9',
      checkDigit: 6,
      factor: 1198,
      amount: 81488,
      freeField: '1090504049594807527926000',
    });
    expect(dueDateFactor('2025-09-08')).toBe(1198);
    expect(dateFromFactor(1198, '2025-09-01')).toBe('2025-09-08');
  });

  it('is rebuilt exactly from its parts', () => {
    expect(
      buildBarcode({ bankCode: '341', amount: 81488, dueDate: '2025-09-08', freeField: '1090504049594807527926000' }),
    ).toBe(BARCODE);
  });

  it('has its field DVs and general DV where expected', () => {
    expect(boletoMod10('341910905')).toBe(7);
    expect(boletoMod10('0404959480')).toBe(9);
    expect(boletoMod10('7527926000')).toBe(6);
    expect(boletoMod11(BARCODE.slice(0, 4) + BARCODE.slice(5))).toBe(6);
  });

  it('detects every single-digit change', () => {
    for (let i = 0; i < LINE.length; i++) {
      for (let delta = 1; delta <= 9; delta++) {
        const changed = LINE.slice(0, i) + ((Number(LINE[i]) + delta) % 10) + LINE.slice(i + 1);
        expect(validateLinhaDigitavel(changed)).toBe(false);
      }
    }
  });
});

describe('dueDateFactor', () => {
  it.each([
    ['2000-07-03', 1000],
    ['2000-07-04', 1001],
    ['2025-02-21', 9999], // last factor of the first cycle
    ['2025-02-22', 1000], // restart
    ['2025-02-23', 1001],
    ['2025-09-08', 1198],
    ['2028-02-29', 2102], // leap day
    ['2049-10-13', 9999], // end of the second cycle
    ['2049-10-14', 1000], // second restart (2025-02-22 + 9000 days)
    ['2049-12-31', 1078],
  ])('%p → %p', (date, factor) => {
    expect(dueDateFactor(date)).toBe(factor);
  });

  it.each(['2000-07-02', '1997-10-07', '2025-02-29', '2025-13-01', '2025-9-8', '08/09/2025', '2025-09-08T00:00:00Z', ''])(
    'rejects %p',
    (date) => {
      expect(() => dueDateFactor(date)).toThrow(RangeError);
    },
  );
});

describe('dateFromFactor (window: 3000 days back, 5500 ahead)', () => {
  it.each([
    [1000, '2025-09-01', '2025-02-22'], // new cycle, not 2000-07-03
    [9999, '2025-09-01', '2025-02-21'], // old cycle, inside the back window
    [1000, '2025-02-21', '2025-02-22'], // the day before the restart already reads ahead
    [9999, '2025-02-21', '2025-02-21'],
    [1198, '2020-01-01', '2025-09-08'], // old-base libraries would say 2000-10-17
    [1198, '2030-01-01', '2025-09-08'],
    [3000, '2001-01-01', '2005-12-24'], // first cycle, ahead
    [1000, '2000-07-03', '2000-07-03'],
    [6691, '2025-09-01', '2040-09-22'], // exactly 5500 ahead
    [7191, '2025-09-01', '2017-06-15'], // exactly 3000 back
    [1000, '2049-10-13', '2049-10-14'],
  ])('factor %p seen on %p → %p', (factor, today, date) => {
    expect(dateFromFactor(factor, today)).toBe(date);
  });

  it('returns null in the gap between the windows and for factors outside 1000..9999', () => {
    expect(dateFromFactor(6692, '2025-09-01')).toBeNull();
    expect(dateFromFactor(7190, '2025-09-01')).toBeNull();
    expect(dateFromFactor(0, '2025-09-01')).toBeNull();
    expect(dateFromFactor(999, '2025-09-01')).toBeNull();
    expect(dateFromFactor(10000, '2025-09-01')).toBeNull();
    expect(dateFromFactor(1198.5, '2025-09-01')).toBeNull();
  });

  it('rejects a malformed today', () => {
    expect(() => dateFromFactor(1198, '2025-02-30')).toThrow(RangeError);
  });

  it('inverts dueDateFactor for any date inside the window', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 6, 3) / day + 3000, max: Date.UTC(2090, 0, 1) / day }),
        fc.integer({ min: -3000, max: 5500 }),
        (todayDay, offset) => {
          const today = new Date(todayDay * day).toISOString().slice(0, 10);
          const date = new Date((todayDay + offset) * day).toISOString().slice(0, 10);
          expect(dateFromFactor(dueDateFactor(date), today)).toBe(date);
        },
      ),
    );
  });
});

describe('check digits', () => {
  it.each([
    ['0', 0],
    ['9', 1], // 9×2 = 18 → 1+8 = 9 → DV 1
    ['5', 9], // 5×2 = 10 → 1+0 = 1 → DV 9
    ['18', 2], // 8×2 = 16 → 7, 1×1 = 1 → 8 → DV 2
    ['0000000000', 0],
  ])('mod 10 of %p is %p', (digits, dv) => {
    expect(boletoMod10(digits)).toBe(dv);
  });

  it('mod 11 maps results 0, 10 and 11 to 1', () => {
    expect(boletoMod11('0'.repeat(43))).toBe(1); // sum 0 → 11
    expect(boletoMod11('6')).toBe(1); // 12 mod 11 = 1 → 10
    expect(boletoMod11('1')).toBe(9); // 2 → 9
    expect(boletoMod11('100000000')).toBe(9); // weights wrap 2..9 then 2 again: 1×2
    expect(boletoMod11('10000000')).toBe(2); // 1×9 → 11 − 9
  });

  it('reject non-digits', () => {
    expect(() => boletoMod10('12a')).toThrow(RangeError);
    expect(() => boletoMod11('')).toThrow(RangeError);
  });
});

describe('buildBarcode', () => {
  const base = { bankCode: '001', amount: 10000, dueDate: '2026-01-15', freeField: '0000001234567890000000017' };

  it('lays out bank, currency, DV, factor, amount and free field', () => {
    const barcode = buildBarcode(base);
    expect(barcode).toHaveLength(44);
    expect(barcode.slice(0, 4)).toBe('0019');
    expect(barcode.slice(5, 9)).toBe(String(dueDateFactor('2026-01-15')));
    expect(barcode.slice(9, 19)).toBe('0000010000');
    expect(barcode.slice(19)).toBe(base.freeField);
    expect(validateBarcode(barcode)).toBe(true);
  });

  it('accepts amount 0 (payer fills it in) and the maximum amount', () => {
    expect(parseBarcode(buildBarcode({ ...base, amount: 0 })).amount).toBe(0);
    expect(parseBarcode(buildBarcode({ ...base, amount: 9_999_999_999 })).amount).toBe(9_999_999_999);
  });

  it.each([
    [{ bankCode: '34' }],
    [{ bankCode: 'ABC' }],
    [{ currencyCode: '10' }],
    [{ freeField: '1'.repeat(24) }],
    [{ freeField: '1'.repeat(24) + 'x' }],
    [{ amount: -1 }],
    [{ amount: 1.5 }],
    [{ amount: 10_000_000_000 }],
    [{ dueDate: '2000-01-01' }],
    [{ dueDate: '2026-02-30' }],
  ])('rejects %j', (patch) => {
    expect(() => buildBarcode({ ...base, ...patch })).toThrow(RangeError);
  });

  it('round-trips through the linha digitável for any input', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{3}$/),
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: Date.UTC(2000, 6, 3) / day, max: Date.UTC(2080, 0, 1) / day }),
        fc.stringMatching(/^\d{25}$/),
        (bankCode, amount, dueDay, freeField) => {
          const dueDate = new Date(dueDay * day).toISOString().slice(0, 10);
          const barcode = buildBarcode({ bankCode, amount, dueDate, freeField });
          const line = barcodeToLinhaDigitavel(barcode);
          expect(line).toMatch(/^\d{47}$/);
          expect(validateLinhaDigitavel(line)).toBe(true);
          expect(linhaDigitavelToBarcode(formatLinhaDigitavel(line))).toBe(barcode);
          expect(parseBarcode(barcode)).toMatchObject({ bankCode, amount, freeField, factor: dueDateFactor(dueDate) });
          expect(dateFromFactor(parseBarcode(barcode).factor, dueDate)).toBe(dueDate);
        },
      ),
    );
  });
});

describe('validation and errors', () => {
  it('validateBarcode rejects wrong length, non-digits and a wrong DV', () => {
    expect(validateBarcode(BARCODE.slice(1))).toBe(false);
    expect(validateBarcode(BARCODE.replace('3419', '341X'))).toBe(false);
    expect(validateBarcode(BARCODE.slice(0, 4) + '7' + BARCODE.slice(5))).toBe(false);
  });

  it('validateLinhaDigitavel rejects wrong lengths and junk', () => {
    expect(validateLinhaDigitavel(LINE.slice(1))).toBe(false);
    expect(validateLinhaDigitavel(LINE + '0')).toBe(false);
    expect(validateLinhaDigitavel(LINE.replace('3419', '341-'))).toBe(false);
    expect(validateLinhaDigitavel('')).toBe(false);
  });

  it('detects a wrong general DV even when the field DVs are right', () => {
    const wrong = LINE.slice(0, 32) + '5' + LINE.slice(33);
    expect(validateLinhaDigitavel(wrong)).toBe(false);
  });

  it('conversions throw on invalid input', () => {
    expect(() => linhaDigitavelToBarcode(LINE.slice(0, -1) + '9')).toThrow(RangeError);
    expect(() => barcodeToLinhaDigitavel(BARCODE.slice(0, -1) + '1')).toThrow(RangeError);
    expect(() => parseBarcode('123')).toThrow(RangeError);
    expect(() => formatLinhaDigitavel('123')).toThrow(RangeError);
  });
});
